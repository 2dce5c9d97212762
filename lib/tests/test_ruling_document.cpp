#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "report_test_support.hpp"
#include "record_test_helpers.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/report/board_diagram.hpp"
#include "xq/report/ruling_document.hpp"

using namespace xq;
using xq::test::catalogue;

namespace {

const RuleSet& axf()
{
    static const RuleSet rules = [] {
        Diagnostics diagnostics;
        auto loaded = load_ruleset_file(XQ_RULESETS "/axf.json", diagnostics);
        REQUIRE(loaded);
        return *loaded;
    }();
    return rules;
}

// A game read from PGN text, replayed and judged as adjudicate does it. It stays where it is
// made: the judgement points into the replay.
struct RuledGame {
    GameRecord record;
    RecordReplay replay;
    GameRuling game;

    explicit RuledGame(const std::string& pgn, const RuleSet& rules = axf())
    {
        test::ReadResult read = test::read_text(RecordFormat::Pgn, pgn);
        REQUIRE(read.games.size() == 1);
        record = std::move(read.games.front());
        replay = replay_record(record);
        REQUIRE(replay.status == GameStatus::Ok);
        game = judge_game(1, record.location, replay, rules);
    }
    RuledGame(const RuledGame&) = delete;
    RuledGame& operator=(const RuledGame&) = delete;
};

std::string position_game(const std::string& fen, const std::string& moves)
{
    return "[Event \"test\"]\n[FEN \"" + fen + "\"]\n\n" + moves + " *\n";
}

// AXF rule book diagram 1: Red checks on every move.
const std::string perpetual_check
    = position_game("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1", "h8h9 f9f8 h9h8 f8f9 h8h9");

// A line of testdata/axf/diagrams.jsonl: a diagram's main line or its alternative.
struct DiagramLine {
    std::string name; // "AXF-D1 main"
    std::string fen;
    std::string moves;
    bool whole_record = false; // the book judges the listed line as a whole
};

std::vector<DiagramLine> diagram_lines()
{
    std::ifstream in(XQ_TESTDATA "/axf/diagrams.jsonl");
    REQUIRE(in);
    std::vector<DiagramLine> lines;
    for (std::string text; std::getline(in, text);) {
        if (text.empty() || text[0] == '#')
            continue;
        const nlohmann::json c = nlohmann::json::parse(text);
        const std::string id = c["id"];
        lines.push_back({ id + " main", c["fen"], c["moves_iccs"], c.value("judged_span", "") == "whole_record" });
        if (c.contains("alt"))
            lines.push_back({ id + " alt", c["alt"]["fen"], c["alt"]["moves_iccs"], false });
    }
    return lines;
}

// The document of a repetition shows its ruling as the interpreter made it: each move's
// classes and the chase rows its threats were judged by, each side's conduct, and the verdict
// with the rules the ruling cites, the one that decides first.
void check_shows_ruling(
    const DocumentRepetition& shown, const Ruling& ruling, const RuleSet& rules, const MessageCatalogue& m)
{
    REQUIRE(shown.moves.size() == ruling.moves.size());
    for (std::size_t i = 0; i < ruling.moves.size(); ++i) {
        const MoveRuling& judged = ruling.moves[i];
        const MoveFacts& facts = ruling.facts.moves[i];
        const DocumentMove& move = shown.moves[i];
        CAPTURE(move.ply);
        std::vector<std::string> classes;
        for (const MoveClass c : judged.classes)
            classes.emplace_back(to_string(c));
        CHECK(move.classes == classes);
        std::vector<std::string> cited;
        std::size_t chases = 0;
        REQUIRE(judged.threats.size() == facts.threats.size());
        for (std::size_t k = 0; k < judged.threats.size(); ++k) {
            const ThreatRuling& t = judged.threats[k];
            const bool mentioned = facts.threats[k].is_new() || t.worth_mentioning;
            if (t.row >= 0 && mentioned) {
                const std::string& rule = rules.chase_rules.at(static_cast<std::size_t>(t.row)).rule;
                if (std::find(cited.begin(), cited.end(), rule) == cited.end())
                    cited.push_back(rule);
            }
            chases += t.counts ? 1 : 0;
        }
        CHECK(move.rules == cited);
        // Each counted chase is said to be one, and nothing else is.
        CHECK(static_cast<std::size_t>(std::count_if(move.reasons.begin(), move.reasons.end(),
                  [](const std::string& reason) { return reason.starts_with("chases the "); }))
            == chases);
    }

    for (const Color c : { Color::Red, Color::Black }) {
        const SideRuling& judged = ruling.side(c);
        const DocumentSide& side = shown.sides.at(c == Color::Red ? 0 : 1);
        CHECK(side.conduct == judged.conduct);
        CHECK(side.forbidden == judged.forbidden);
        if (judged.conduct_row >= 0)
            CHECK(side.sentences.at(0).find(rules.conducts.at(static_cast<std::size_t>(judged.conduct_row)).description)
                != std::string::npos);
    }

    const std::string outcome = m.format("outcome." + std::string(to_string(ruling.outcome)));
    CHECK(shown.verdict.at(0) == m.format("verdict.outcome", { { "outcome", outcome } }));
    std::string verdict;
    for (const std::string& sentence : shown.verdict)
        verdict += sentence + "\n";
    for (const std::string& rule : ruling.rules)
        CHECK_MESSAGE(verdict.find(rule) != std::string::npos, rule << " is not in the verdict: " << verdict);
    if (ruling.precedence()) {
        const VerdictRow& row = rules.verdicts.at(static_cast<std::size_t>(ruling.verdict_row));
        CHECK(verdict.find(row.description) != std::string::npos);
    }
    // The rules quoted hold those the ruling cites, in its order; the deciding one comes first
    // unless it is procedure (change or lose, draw), which the detail rules the moves cite precede.
    std::vector<std::string> quoted;
    for (const QuotedRule& q : shown.rules)
        if (std::find(ruling.rules.begin(), ruling.rules.end(), q.id) != ruling.rules.end())
            quoted.push_back(q.id);
    std::vector<std::string> defined;
    for (const std::string& rule : ruling.rules)
        if (rules.find_rule(rule))
            defined.push_back(rule);
    CHECK(quoted == defined);
    if (!defined.empty() && rules.kind_of(defined.front()) == RuleKind::Rule)
        CHECK(shown.rules.at(0).id == defined.front());
}

const std::string& value_of(const RulingDocument& d, const std::string& key)
{
    const auto it = std::find_if(d.header.begin(), d.header.end(), [&](const HeaderField& f) { return f.key == key; });
    REQUIRE(it != d.header.end());
    return it->value;
}

} // namespace

TEST_SUITE("ruling document")
{
    TEST_CASE("the header comes from the record's tags and the ruleset; a tag the record lacks is not recorded")
    {
        const RuledGame r("[Event \"7th World Xiangqi Championship\"]\n[Red \"Xu Songhao\"]\n[Round \"\"]\n"
                                 "[Result \"0-1\"]\n\n1. h2e2 h9g7 0-1\n");
        const MessageCatalogue en = catalogue("en");
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), en);
        CHECK(value_of(d, "event") == "7th World Xiangqi Championship");
        CHECK(value_of(d, "red") == "Xu Songhao");
        CHECK(value_of(d, "round") == en.format("header.not_recorded"));
        CHECK(value_of(d, "site") == en.format("header.not_recorded"));
        CHECK(value_of(d, "result") == en.format("result.black_wins"));
        CHECK(value_of(d, "ruleset").ends_with("(axf)"));
        CHECK(d.repetitions.empty());
        CHECK(d.notes == std::vector<std::string> { en.format("no_ruling.no_repetition") });
    }

    TEST_CASE("each move of the cycle is written in the notation asked for, with its classes and reasons")
    {
        const RuledGame r(perpetual_check);
        REQUIRE(r.game.rulings.size() == 1);
        const MessageCatalogue en = catalogue("en");
        for (const auto& [notation, first_move] : { std::pair { DocumentNotation::Wxf, "R2+1" },
                 { DocumentNotation::Chinese, "车二进一" }, { DocumentNotation::Iccs, "h8h9" } }) {
            const RulingDocument d = build_ruling_document(r.game, r.record, axf(), en, { notation });
            REQUIRE(d.repetitions.size() == 1);
            CHECK(d.repetitions[0].moves.at(0).text == first_move);
        }
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), en);
        const std::vector<DocumentMove>& moves = d.repetitions[0].moves;
        REQUIRE(moves.size() == 4);
        CHECK(moves[0].classes == std::vector<std::string> { "check" });
        CHECK(moves[0].reasons.at(0) == "checks the black king on f9 with the red rook on h9");
        // The king's step unmasks a cannon on the rook: a chase under rule 26, said with its facts.
        CHECK(moves[1].classes == std::vector<std::string> { "chase" });
        CHECK(moves[1].reasons.at(0)
            == "chases the red rook on h9 with the black cannon on a9 (a discovered threat; no protector): a cannon "
               "attacking a rook through a screen that moves chases, protected or not (AXF-26)");
        const DocumentSide& red = d.repetitions[0].sides.at(0);
        CHECK(red.conduct == "perpetual_check");
        CHECK(red.forbidden);
        CHECK(red.sentences.at(0) == "Red checks on every move (perpetual check).");
    }

    TEST_CASE("the rules the ruling rests on are quoted first, with the diagrams that illustrate them")
    {
        const RuledGame r(perpetual_check);
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), catalogue("en"));
        const std::vector<QuotedRule>& rules = d.repetitions.at(0).rules;
        REQUIRE_FALSE(rules.empty());
        CHECK(rules[0].id == "AXF-6");
        CHECK(rules[0].heading == "Rule 6: Perpetual check (AXF-6)");
        CHECK(rules[0].diagrams == std::vector<int> { 1, 2, 3 });
        CHECK(rules[0].diagrams_line == "Illustrated by diagrams 1, 2 and 3 of the rule book.");
        // The loss rule follows from the verdict, so it is quoted too, last: it is procedure.
        CHECK(rules.back().id == "AXF-3");
    }

    TEST_CASE("a ruling that rests on a contested reading says what the other reading would give")
    {
        // AXF rule book diagram 83: the rook chases a cannon whose only protector is fake.
        const RuledGame r(
            position_game("2baka3/9/4b4/9/6c2/3R5/4c4/4C4/4N4/3AKA3 w - - 0 1", "d4g4 g5d5 g4d4 d5g5 d4g4 g5d5 g4d4"));
        const MessageCatalogue en = catalogue("en");
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), en);
        const DocumentRepetition& rep = d.repetitions.at(0);
        // The readings are the interpreter's, as it checked them.
        const std::vector<ReadingRuling>& checked = r.game.rulings.at(0).readings;
        REQUIRE(rep.readings.size() == checked.size());
        for (std::size_t i = 0; i < checked.size(); ++i) {
            CHECK(rep.readings[i].name == checked[i].name);
            CHECK(rep.readings[i].other_outcome == checked[i].other_outcome);
        }
        std::vector<std::string> changing;
        for (const ReadingRuling& c : rep.readings)
            if (c.changes_ruling) {
                CHECK_FALSE(c.enabled);
                CHECK(c.other_outcome == Outcome::Draw);
                changing.push_back(c.name);
            }
        std::sort(changing.begin(), changing.end());
        CHECK(changing == std::vector<std::string> { "fake_protection_protects", "protection_judged_before_capture" });
        CHECK(rep.verdict.at(0) == "Ruling: Red must change its moves.");
        const std::string rests
            = "This ruling rests on a contested reading of the rules, which this ruleset does not apply: ";
        const auto said = [&](const std::string& start) {
            return std::any_of(rep.verdict.begin(), rep.verdict.end(), [&](const std::string& sentence) {
                return sentence.starts_with(start)
                    && sentence.ends_with("Read that way, the ruling would be: " + en.format("outcome.draw") + ".");
            });
        };
        CHECK(said(rests + "Treat a fake protection as protection"));
        CHECK(said(rests + "Judge protection in the position before the capture"));
    }

    TEST_CASE("a ruling no contested reading changes says so")
    {
        const RuledGame r(perpetual_check);
        const MessageCatalogue en = catalogue("en");
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), en);
        const DocumentRepetition& rep = d.repetitions.at(0);
        CHECK(std::none_of(
            rep.readings.begin(), rep.readings.end(), [](const ReadingRuling& c) { return c.changes_ruling; }));
        CHECK(rep.verdict.back() == en.format("reading.none_matters"));
    }

    TEST_CASE("when both sides violate equally, the draw says that both violate")
    {
        // The WXF manual's mutual chase (D107): both rooks' sides chase perpetually.
        const RuledGame r(position_game(
            "3akab2/c2R1R2c/4b4/9/9/9/9/4B4/4K4/2B6 w - - 0 1", "d8d6 d9e8 d6d8 e8d9 f8f6 f9e8 f6f8 e8f9 d8d6 d9e8"));
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), catalogue("en"));
        const auto both = std::find_if(d.repetitions.begin(), d.repetitions.end(),
            [](const DocumentRepetition& rep) { return rep.sides[0].forbidden && rep.sides[1].forbidden; });
        REQUIRE(both != d.repetitions.end());
        CHECK(std::any_of(both->verdict.begin(), both->verdict.end(), [](const std::string& sentence) {
            return sentence.starts_with("Both sides violate the rules, neither more gravely");
        }));
    }

    TEST_CASE("when both sides violate and one must change, the verdict says which outranks and by which row")
    {
        // Diagram 1: Red checks perpetually, Black's cannons chase the rook on every move.
        const RuledGame r(perpetual_check);
        const Ruling& ruling = r.game.rulings.at(0);
        REQUIRE(ruling.precedence());
        REQUIRE(ruling.red.forbidden);
        REQUIRE(ruling.black.forbidden);
        const VerdictRow& row = axf().verdicts.at(static_cast<std::size_t>(ruling.verdict_row));
        for (const std::string language : { "en", "zh" }) {
            CAPTURE(language);
            const MessageCatalogue m = catalogue(language);
            const RulingDocument d = build_ruling_document(r.game, r.record, axf(), m);
            const std::string red = m.format("side.red"), black = m.format("side.black");
            const std::string stated = m.format("verdict.precedence",
                { { "side", red }, { "other", black },
                    { "description", translated(row.translations, language, "description", row.description) },
                    { "rule", row.rule } });
            const std::vector<std::string>& verdict = d.repetitions.at(0).verdict;
            CHECK(std::find(verdict.begin(), verdict.end(), stated) != verdict.end());
        }
    }

    TEST_CASE("the verdict says which occurrence called for the ruling and which one lost, and that a loss assumes "
              "the arbiter's instruction")
    {
        // Issue 11, R6: Red checks perpetually to the fourth stand, then both sides repeat idle moves.
        const RuledGame r(position_game("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
            "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a6 e9e8 a6a7 e8e9 a7a6 e9e8 a6a7 e8e9 a7a6 "
            "e9e8"));
        REQUIRE(r.game.rulings.size() == 2);
        const MessageCatalogue en = catalogue("en");
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), en);
        const std::vector<std::string>& verdict = d.repetitions.at(0).verdict;
        const auto says = [&](const std::string& sentence) {
            return std::find(verdict.begin(), verdict.end(), sentence) != verdict.end();
        };
        CHECK(says(en.format("verdict.ruling_due", { { "count", "2" }, { "ply", "4" } })));
        CHECK(says(en.format("verdict.loses",
            { { "side", "Red" }, { "rules", "AXF-6" }, { "count", "4" }, { "ply", "12" }, { "loss_rule", "AXF-3" } })));
        CHECK(says(en.format("verdict.loss_assumes_instruction", { { "side", "Red" } })));

        // The game's ruling is that loss, not the draw after it.
        std::ostringstream json;
        write_document_json(json, r.game, axf(), d, en);
        const nlohmann::json game = nlohmann::json::parse(json.str());
        CHECK(game["ruling"]["outcome"] == "red_loses");
        CHECK(game["rulings"][1]["outcome"] == "draw");
        const nlohmann::json& occurrences = game["ruling"]["occurrences"];
        CHECK(occurrences["counted"] == 4);
        CHECK(occurrences["ruling_ply"] == 4);
        CHECK(occurrences["loss_ply"] == 12);
        CHECK(occurrences["changed_at_ply"].is_null());
        CHECK(game["ruling"]["verdict_row"] == "check_outranks");
    }

    TEST_CASE("a violator that changes to other moves through the same position is said to have changed")
    {
        // Issue 11, R1: the checking cycle stands three times, then Red plays idle moves that
        // bring the same position back.
        const RuledGame r(position_game("4k2n1/R8/9/9/9/9/9/9/9/1C1K5 w - - 0 1",
            "b0b2 h9i7 a8a9 e9e8 a9a8 e8e9 b2b1 i7h9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 b1b2 h9i7 b2b1 i7h9"));
        const Ruling& ruling = r.game.rulings.back();
        REQUIRE(ruling.occurrences.changed_at_ply >= 0);
        const MessageCatalogue en = catalogue("en");
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), en);
        const std::vector<std::string>& verdict = d.repetitions.back().verdict;
        CHECK(std::find(verdict.begin(), verdict.end(),
                  en.format("verdict.changed",
                      { { "side", "Red" }, { "ply", std::to_string(ruling.occurrences.changed_at_ply) },
                          { "count", std::to_string(ruling.occurrences.count()) } }))
            != verdict.end());
        CHECK(std::none_of(verdict.begin(), verdict.end(), [&](const std::string& sentence) {
            return sentence == en.format("verdict.loss_assumes_instruction", { { "side", "Red" } });
        }));
        // A check that wins material whatever the answer: its line starts with the answer, not
        // with the checking side moving again.
        const std::string by_check = en.format("reason.check_then_capture_by_check", { { "line", "" } });
        int checks_that_win = 0;
        for (const DocumentRepetition& repetition : d.repetitions)
            for (const DocumentMove& m : repetition.moves)
                if (std::count(m.classes.begin(), m.classes.end(), "check_then_capture") > 0
                    && std::count(m.classes.begin(), m.classes.end(), "check") > 0) {
                    ++checks_that_win;
                    CAPTURE(m.ply);
                    CHECK(std::any_of(m.reasons.begin(), m.reasons.end(),
                        [&](const std::string& reason) { return reason.starts_with(by_check); }));
                }
        CHECK(checks_that_win > 0);
    }

    TEST_CASE("the JSON explanation is the document's sentences, in the document's language")
    {
        const RuledGame r(perpetual_check);
        for (const std::string language : { "en", "zh" }) {
            CAPTURE(language);
            const MessageCatalogue m = catalogue(language);
            const RulingDocument d = build_ruling_document(r.game, r.record, axf(), m);
            std::ostringstream json;
            write_document_json(json, r.game, axf(), d, m);
            const DocumentRepetition& rep = d.repetitions.at(0);
            std::vector<std::string> sentences { rep.start_sentence };
            for (const DocumentSide& side : rep.sides)
                sentences.push_back(m.paragraph(side.sentences));
            sentences.insert(sentences.end(), rep.verdict.begin(), rep.verdict.end());
            CHECK(nlohmann::json::parse(json.str())["ruling"]["explanation"] == sentences);
        }
    }

    TEST_CASE("the board's notes are written from their codes")
    {
        // Black moves first from the opening position.
        const RuledGame r(
            position_game("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "h7e7"));
        REQUIRE(r.game.board);
        REQUIRE(r.game.board->notes.size() == 1);
        for (const std::string language : { "en", "zh" }) {
            const MessageCatalogue m = catalogue(language);
            const RulingDocument d = build_ruling_document(r.game, r.record, axf(), m);
            CHECK(std::find(d.notes.begin(), d.notes.end(),
                      m.format("board.black_moved_first", { { "rule", axf().board.first_mover_rule } }))
                != d.notes.end());
        }
    }

    TEST_CASE("a Chinese ruling quotes the ruleset's Chinese texts and uses Chinese notation")
    {
        const RuledGame r(perpetual_check);
        const RulingDocument d
            = build_ruling_document(r.game, r.record, axf(), catalogue("zh"), { DocumentNotation::Chinese });
        const DocumentRepetition& rep = d.repetitions.at(0);
        CHECK(d.title == "重复局面裁决书");
        CHECK(rep.rules.at(0).heading == "第6条　长将（AXF-6）");
        CHECK(rep.sides.at(0).sentences.at(0) == "红方每步都将军（长将）。");
        CHECK(rep.moves.at(0).class_names == std::vector<std::string> { "将" });
        CHECK(rep.moves.at(0).reasons.at(0) == "用h9红车将f9黑将");
    }

    TEST_CASE("the written ruling shows the interpreter's judgement on every diagram line")
    {
        const MessageCatalogue en = catalogue("en");
        int lines = 0;
        for (const DiagramLine& line : diagram_lines()) {
            CAPTURE(line.name);
            RuleSet rules = axf();
            if (line.whole_record)
                rules.repetition.judged_span = JudgedSpan::WholeRecord;
            const RuledGame r(position_game(line.fen, line.moves), rules);
            const RulingDocument d = build_ruling_document(r.game, r.record, rules, en);
            REQUIRE(d.repetitions.size() == r.game.rulings.size());
            for (std::size_t i = 0; i < r.game.rulings.size(); ++i)
                check_shows_ruling(d.repetitions[i], r.game.rulings[i], rules, en);
            ++lines;
        }
        CHECK(lines == 146);
    }

    TEST_CASE("the drawn board's rows line up: nine points and eight links, each two columns wide")
    {
        std::istringstream drawing(board_drawing(Position::start()));
        int rows = 0;
        for (std::string row; std::getline(drawing, row);) {
            // Full-width characters are three bytes in UTF-8; the margins are ASCII.
            const std::size_t ascii = static_cast<std::size_t>(
                std::count_if(row.begin(), row.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
            const std::size_t wide = (row.size() - ascii) / 3;
            CHECK_MESSAGE(wide == 17, row);
            ++rows;
        }
        CHECK(rows == 21); // files twice, ten ranks, nine rows of lines between them
    }
}
