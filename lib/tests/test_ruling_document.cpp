// Tests of the written ruling: header, moves, rules, verdicts, boards, books compared, zh-Hant.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "record_test_helpers.hpp"
#include "report_test_support.hpp"
#include "rule_book_test_support.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/arbiter/rule_book_comparison.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/base/chinese_script.hpp"
#include "xq/report/board_diagram.hpp"
#include "xq/report/board_svg.hpp"
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
            if (t.row && mentioned) {
                const std::string& rule = rules.chase_rules.at(*t.row).rule;
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
        if (judged.conduct_row)
            CHECK(side.sentences.at(0).find(rules.conducts.at(*judged.conduct_row).description) != std::string::npos);
    }

    const std::string outcome = m.format("outcome." + std::string(to_string(ruling.outcome)));
    CHECK(shown.verdict.at(0) == m.format("verdict.outcome", { { "outcome", outcome } }));
    std::string verdict;
    for (const std::string& sentence : shown.verdict)
        verdict += sentence + "\n";
    for (const std::string& rule : ruling.rules)
        CHECK_MESSAGE(verdict.find(rule) != std::string::npos, rule << " is not in the verdict: " << verdict);
    if (ruling.precedence()) {
        const VerdictRow& row = rules.verdicts.at(*ruling.verdict_row);
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

// Every game of testdata/rulings/rule_groups.pgn (37 games, some with several repetitions),
// replayed and judged once per run.
struct RuledFile {
    std::vector<GameRecord> records;
    std::vector<std::unique_ptr<RecordReplay>> replays;
    std::vector<GameRuling> games;
};

const RuledFile& rule_groups()
{
    static const RuledFile file = [] {
        std::ifstream in(XQ_TESTDATA "/rulings/rule_groups.pgn");
        REQUIRE(in);
        std::stringstream text;
        text << in.rdbuf();
        RuledFile f;
        f.records = test::read_text(RecordFormat::Pgn, text.str()).games;
        for (const GameRecord& record : f.records) {
            f.replays.push_back(std::make_unique<RecordReplay>(replay_record(record)));
            f.games.push_back(judge_game(static_cast<int>(record.index), record.location, *f.replays.back(), axf()));
        }
        return f;
    }();
    return file;
}

// `text` without white space or Markdown's escapes: a sentence wrapped over lines, or escaped,
// is still found in it.
std::string squeezed(std::string_view text)
{
    std::string out;
    for (const char c : text)
        if (c != ' ' && c != '\n' && c != '\\')
            out += c;
    return out;
}

// Every sentence a document holds that its text and Markdown forms must show.
std::vector<std::string> sentences_of(const RulingDocument& d)
{
    std::vector<std::string> all = d.summary;
    all.insert(all.end(), d.notes.begin(), d.notes.end());
    for (const DocumentRepetition& r : d.repetitions) {
        all.push_back(r.heading);
        all.push_back(r.start_sentence);
        all.insert(all.end(), r.verdict.begin(), r.verdict.end());
        for (const DocumentSide& side : r.sides)
            all.insert(all.end(), side.sentences.begin(), side.sentences.end());
        if (!r.in_full)
            continue;
        for (const DocumentMove& move : r.moves)
            all.insert(all.end(), move.reasons.begin(), move.reasons.end());
        for (const QuotedRule& rule : r.rules)
            all.push_back(rule.text);
    }
    return all;
}

// The centres of the SVG circles drawn with `attributes` (" r=\"9.0\" fill=\"#ffffff\"").
std::vector<std::pair<double, double>> circles(const std::string& svg, const std::string& attributes)
{
    std::vector<std::pair<double, double>> centres;
    for (std::size_t at = svg.find("<circle cx=\""); at != std::string::npos; at = svg.find("<circle cx=\"", at + 1)) {
        const std::size_t end = svg.find("/>", at);
        const std::string element = svg.substr(at, end - at);
        if (element.find(attributes) == std::string::npos)
            continue;
        const double x = std::stod(element.substr(element.find("cx=\"") + 4));
        const double y = std::stod(element.substr(element.find("cy=\"") + 4));
        centres.emplace_back(x, y);
    }
    return centres;
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
        CHECK(red.sentences.at(0) == "Red checks on every move (perpetual check): forbidden (AXF-6).");
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
        CHECK(rules[0].diagrams_line == "Illustrated by diagrams 1-3 of the rule book.");
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
        const VerdictRow& row = axf().verdicts.at(*ruling.verdict_row);
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

    TEST_CASE("a ruling on a span the violator left before a ruling was due says so, in words and in JSON")
    {
        // Under CXA, which rules at the third stand: Red checks twice round, then the horse and
        // cannon moves bring the position back a third time.
        const RuleSet cxa = test::load_bundled_ruleset("cxa");
        const RuledGame r(position_game("5kb2/2P3NC1/3aba3/1P7/4c4/9/3p2n2/9/4A4/2BA1K3 w - - 0 1",
                              "g8h6 e5h5 h6g8 h5e5 h8h9 f9f8 h9h8 f8f9 g8h6 e5h5 h6g8 h5e5 h8h9 f9f8"),
            cxa);
        REQUIRE(r.game.rulings.size() == 1);
        REQUIRE(r.game.rulings[0].changed_before_due);
        const MessageCatalogue en = catalogue("en");
        const RulingDocument d = build_ruling_document(r.game, r.record, cxa, en);
        const std::string said = en.format("repetition.changed_before_due",
            { { "side", "Red" }, { "ply", "9" }, { "first", "5" }, { "last", "8" }, { "count", "3" } });
        CHECK(d.repetitions.at(0).start_sentence.find(said) != std::string::npos);
        std::ostringstream json;
        write_document_json(json, r.game, cxa, d, en);
        const nlohmann::json change = nlohmann::json::parse(json.str())["ruling"]["occurrences"]["changed_before_due"];
        CHECK(change["side"] == "red");
        CHECK(change["first_ply"] == 5);
        CHECK(change["last_ply"] == 8);
        CHECK(change["changed_at_ply"] == 9);
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
        CHECK(rep.sides.at(0).sentences.at(0) == "红方每着都将军，属长将，违例（AXF-6）。");
        CHECK(rep.moves.at(0).class_names == std::vector<std::string> { "将" });
        CHECK(rep.moves.at(0).reasons.at(0) == "二路红车将军");
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
            DocumentOptions every;
            every.every_repetition_in_full = true;
            const RulingDocument d = build_ruling_document(r.game, r.record, rules, en, every);
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

    TEST_CASE("every sentence of the document appears in its text and Markdown forms")
    {
        const RuledFile& file = rule_groups();
        for (const char* language : { "en", "zh" }) {
            const MessageCatalogue& m = catalogue(language);
            for (std::size_t i = 0; i < file.games.size(); ++i) {
                const RulingDocument d = build_ruling_document(file.games[i], file.records[i], axf(), m);
                std::ostringstream text, markdown;
                write_document_text(text, d, m);
                write_document_markdown(markdown, d, m);
                const std::string squeezed_text = squeezed(text.str()), squeezed_markdown = squeezed(markdown.str());
                for (const std::string& sentence : sentences_of(d)) {
                    INFO(language << " game " << i + 1 << ": " << sentence);
                    CHECK(squeezed_text.find(squeezed(sentence)) != std::string::npos);
                    CHECK(squeezed_markdown.find(squeezed(sentence)) != std::string::npos);
                }
            }
        }
    }

    TEST_CASE("a game with several repetitions sets out the deciding one in full, first, and the others in brief")
    {
        const RuledFile& file = rule_groups();
        const MessageCatalogue& en = catalogue("en");
        std::size_t several = 0;
        for (std::size_t i = 0; i < file.games.size(); ++i) {
            const GameRuling& game = file.games[i];
            if (game.rulings.size() < 2)
                continue;
            ++several;
            const RulingDocument brief = build_ruling_document(game, file.records[i], axf(), en);
            REQUIRE(brief.repetitions.size() == game.rulings.size());
            for (std::size_t r = 0; r < brief.repetitions.size(); ++r) {
                const DocumentRepetition& shown = brief.repetitions[r];
                CHECK(shown.decides == (r == *game.deciding));
                CHECK(shown.in_full == shown.decides);
                // In brief: the conducts and the verdict, without the moves and the rules' text.
                CHECK(shown.sides.size() == 2);
                CHECK_FALSE(shown.verdict.empty());
                CHECK(shown.moves.empty() == !shown.in_full);
                if (!shown.in_full)
                    CHECK(shown.rules.empty());
            }
            CHECK(in_reading_order(brief).front() == &brief.repetitions[*game.deciding]);
            CHECK(brief.summary.front()
                == en.format("summary.verdict_of_several",
                    { { "outcome", en.format("outcome." + std::string(to_string(game.deciding_ruling()->outcome))) },
                        { "number", std::to_string(*game.deciding + 1) },
                        { "count", std::to_string(game.rulings.size()) },
                        { "first", std::to_string(game.deciding_ruling()->episode.cycle.first_ply) },
                        { "last", std::to_string(game.deciding_ruling()->episode.cycle.last_ply) } }));

            DocumentOptions every;
            every.every_repetition_in_full = true;
            const RulingDocument all = build_ruling_document(game, file.records[i], axf(), en, every);
            for (std::size_t r = 0; r < all.repetitions.size(); ++r) {
                CHECK(all.repetitions[r].in_full);
                CHECK(all.repetitions[r].moves.size() == game.rulings[r].moves.size());
            }

            // One board per repetition set out in full.
            for (const RulingDocument* d : { &brief, &all }) {
                std::ostringstream html;
                write_document_html(html, *d, en);
                const auto full = static_cast<std::size_t>(std::count_if(d->repetitions.begin(), d->repetitions.end(),
                    [](const DocumentRepetition& r) { return r.in_full; }));
                std::size_t boards = 0;
                for (std::size_t at = html.str().find("<svg"); at != std::string::npos;
                     at = html.str().find("<svg", at + 1))
                    ++boards;
                CHECK(boards == full);
            }
        }
        CHECK(several >= 3);
    }

    TEST_CASE("the repetitions not ruled on are named by their plies and numbered among the others")
    {
        const RuledFile& file = rule_groups();
        std::size_t with_not_ruled = 0;
        for (std::size_t i = 0; i < file.records.size(); ++i) {
            const RecordReplay& replay = *file.replays[i];
            const GameRuling game = judge_game(1, {}, replay, axf(),
                repetitions_ruled(RepetitionsRuled::BearingOnResult, replay.game->ply_count(), axf()));
            REQUIRE(game.rulings.size() + game.not_ruled.size() == file.games[i].rulings.size());
            if (game.not_ruled.empty())
                continue;
            ++with_not_ruled;
            const RulingDocument document = build_ruling_document(game, file.records[i], axf(), catalogue("en"));
            // Every repetition is a line of the table, in record order; only those ruled on are
            // set out.
            REQUIRE(document.repetitions.size() == file.games[i].rulings.size());
            for (std::size_t r = 0; r < document.repetitions.size(); ++r)
                CHECK(document.repetitions[r].plies
                    == std::to_string(file.games[i].rulings[r].episode.cycle.first_ply) + "–"
                        + std::to_string(file.games[i].rulings[r].episode.cycle.last_ply));
            CHECK(in_reading_order(document).size() == game.rulings.size());
        }
        CHECK(with_not_ruled >= 1);

        // Game 19: three repetitions, of which the first two bear on nothing.
        const RecordReplay& replay = *file.replays[18];
        const GameRuling game = judge_game(19, {}, replay, axf(),
            repetitions_ruled(RepetitionsRuled::BearingOnResult, replay.game->ply_count(), axf()));
        const RulingDocument en = build_ruling_document(game, file.records[18], axf(), catalogue("en"));
        CHECK(en.summary.front()
            == "Ruling: a draw if neither side changes its moves (repetition 3 of 3, plies 6 to 11, decides the "
               "game).");
        CHECK(std::count(en.notes.begin(), en.notes.end(),
                  "The repetitions of plies 4 to 7 and 2 to 9 are not ruled on: the game moved on from each before a "
                  "side could lose by it, so the result does not depend on them (xqarb adjudicate --detail all rules "
                  "on every repetition).")
            == 1);
        REQUIRE(en.repetitions.size() == 3);
        CHECK_FALSE(en.repetitions[0].ruled);
        CHECK(en.repetitions[0].outcome == "not ruled on (the game moved on from it)");
        CHECK(en.repetitions[0].in_short(Color::Red).empty());
        CHECK(en.repetitions[2].heading == "Repetition 3 of 3: plies 6 to 11");
        const RulingDocument zh = build_ruling_document(game, file.records[18], axf(), catalogue("zh"));
        CHECK(std::count(zh.notes.begin(), zh.notes.end(),
                  "第4至第7着、第2至第9着的重复，均在任何一方因此判负之前已经变着，与对局结果无关，不予裁决"
                  "（xqarb adjudicate --detail all 对每一处重复都作裁决）。")
            == 1);
    }

    TEST_CASE("the summary says when the recorded result goes against the ruling, and only then")
    {
        // Red checks perpetually, so Red must change: the game goes to Black unless Red changes.
        const std::string moves = " h8h9 f9f8 h9h8 f8f9 h8h9 ";
        const std::string fen = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1";
        const MessageCatalogue& en = catalogue("en");
        const auto summary_for = [&](const std::string& result) {
            const RuledGame r(
                "[Event \"test\"]\n[Result \"" + result + "\"]\n[FEN \"" + fen + "\"]\n\n" + moves + result + "\n");
            return build_ruling_document(r.game, r.record, axf(), en).summary;
        };
        const std::vector<std::string> against = summary_for("1-0");
        REQUIRE(against.size() == 2);
        CHECK(against[0] == en.format("summary.verdict", { { "outcome", en.format("outcome.red_must_change") } }));
        CHECK(against[1]
            == en.format("summary.record_ends_otherwise",
                { { "first", "1" }, { "last", "4" }, { "outcome", en.format("outcome.red_must_change") },
                    { "result", en.format("result.red_wins") } }));
        CHECK(summary_for("0-1").size() == 1);
        CHECK(summary_for("*").size() == 1);
    }

    TEST_CASE("the board's files are numbered the Chinese way in Chinese, a-i and 0-9 otherwise")
    {
        const std::string chinese = board_svg(Position::start(), {}, BoardStyle::Chinese);
        const std::string international = board_svg(Position::start());
        for (const char* number : { ">一<", ">九<", ">1<", ">9<" })
            CHECK(chinese.find(number) != std::string::npos);
        CHECK(chinese.find(">a<") == std::string::npos);
        CHECK(international.find(">a<") != std::string::npos);
        CHECK(international.find(">一<") == std::string::npos);
        // Red's 一 is at Red's right (file i), Black's 1 at Black's right (file a).
        CHECK(chinese.find(">九<") < chinese.find(">一<"));

        const std::string drawn = board_drawing(Position::start(), BoardStyle::Chinese);
        CHECK(drawn.starts_with("   １　２"));
        CHECK(drawn.ends_with("九　八　七　六　五　四　三　二　一\n"));
    }

    TEST_CASE("on every board the arrows start outside the pieces' discs and no two ply labels overlap")
    {
        const RuledFile& file = rule_groups();
        for (std::size_t i = 0; i < file.games.size(); ++i)
            for (const Ruling& ruling : file.games[i].rulings) {
                std::vector<BoardArrow> arrows;
                for (const MoveFacts& f : ruling.facts.moves)
                    arrows.push_back({ f.move, f.mover, std::to_string(f.ply) });
                const std::string svg = board_svg(ruling.facts.start, arrows);
                const auto labels = circles(svg, "r=\"9.0\" fill=\"#ffffff\"");
                const auto discs = circles(svg, "r=\"17.0\"");
                INFO("game " << i + 1);
                REQUIRE(labels.size() == arrows.size());
                for (std::size_t a = 0; a < labels.size(); ++a)
                    for (std::size_t b = a + 1; b < labels.size(); ++b)
                        CHECK(std::hypot(labels[a].first - labels[b].first, labels[a].second - labels[b].second) >= 18);
                for (std::size_t at = svg.find("<path d=\"M"); at != std::string::npos;
                     at = svg.find("<path d=\"M", at + 1)) {
                    const double x = std::stod(svg.substr(at + 10));
                    const double y = std::stod(svg.substr(svg.find(',', at) + 1));
                    for (const auto& [cx, cy] : discs)
                        CHECK(std::hypot(x - cx, y - cy) > 17);
                }
            }
    }

    TEST_CASE("rulings under two rule books: each book's line quotes its own numbering, then where they differ")
    {
        // CXA 2020 figure 8: one check and one chase, allowed by AXF rule 12, forbidden by CXA.
        Diagnostics diagnostics;
        const auto cxa = load_ruleset_file(XQ_RULESETS "/cxa.json", diagnostics);
        REQUIRE(cxa);
        const std::vector<RuleSet> books { axf(), *cxa };
        const std::string pgn = position_game(
            "3a3R1/3Nck3/3ab4/P4r3/9/8p/2p5n/C3BA2B/4A4/4K4 w - - 0 1", "h9h3 f8f9 h3h9 f9f8 h9h3 f8f9 h3h9 f9f8");
        test::ReadResult read = test::read_text(RecordFormat::Pgn, pgn);
        REQUIRE(read.games.size() == 1);
        const GameRecord& record = read.games.front();
        const RecordReplay replay = replay_record(record);
        const RuleBookComparison comparison = compare_rule_books(1, record.location, replay, books);

        const ComparisonDocument en = build_comparison_document(comparison, record, catalogue("en"));
        REQUIRE(en.books.size() == 2);
        CHECK(en.books[0].starts_with("Under the AXF rules: a draw if neither side changes its moves, by rule 12 "
                                      "(Checks mixed with a chase, AXF-12). Red checks and chases"));
        CHECK(en.books[1].starts_with("Under the CXA rules: Red must change its moves, by Article 24."));
        // The AXF draw rests on both sides' conduct; the CXA ruling on Red's alone.
        CHECK(en.books[0].find("Black ") != std::string::npos);
        CHECK(en.books[1].find("Black ") == std::string::npos);
        CHECK(en.differences
            == std::vector<std::string> { "The rule books differ.",
                "Red's moves are forbidden under the CXA rules (CXA-24.13) and allowed under the AXF rules "
                "(AXF-12)." });
        REQUIRE(en.rulings.size() == 2);
        CHECK(en.rulings[0].book_heading
            == "Under Asian Xiangqi Federation rules on repetition: perpetual check and chase (axf)");
        const auto ruleset = std::find_if(en.rulings[1].header.begin(), en.rulings[1].header.end(),
            [](const HeaderField& f) { return f.key == "ruleset"; });
        REQUIRE(ruleset != en.rulings[1].header.end());
        CHECK(ruleset->value.ends_with("(cxa)"));
        // The header names both books instead of one ruleset and its edition.
        CHECK(std::none_of(en.header.begin(), en.header.end(),
            [](const HeaderField& f) { return f.key == "ruleset" || f.key == "edition"; }));
        CHECK(en.header.back().key == "rulesets");

        const ComparisonDocument zh = build_comparison_document(comparison, record, catalogue("zh"));
        CHECK(zh.books[0].starts_with("按亚洲象联规则：双方不变作和，依据第12条（将军夹捉，AXF-12）。"));
        CHECK(zh.books[1].starts_with("按中国象协规则：判红方变着，依据第24."));
        CHECK(zh.differences.front() == "各规则裁决不同。");

        // The text and Markdown forms show the comparison, then each book's ruling in full.
        for (const ComparisonDocument* d : { &en, &zh }) {
            const MessageCatalogue& m = catalogue(d->language);
            std::ostringstream text, markdown;
            write_comparison_text(text, *d, m);
            write_comparison_markdown(markdown, *d, m);
            std::vector<std::string> sentences = d->books;
            sentences.insert(sentences.end(), d->differences.begin(), d->differences.end());
            for (const RulingDocument& ruling : d->rulings) {
                sentences.push_back(ruling.book_heading);
                const std::vector<std::string> of_ruling = sentences_of(ruling);
                sentences.insert(sentences.end(), of_ruling.begin(), of_ruling.end());
            }
            const std::string squeezed_text = squeezed(text.str()), squeezed_markdown = squeezed(markdown.str());
            for (const std::string& sentence : sentences) {
                INFO(d->language << ": " << sentence);
                CHECK(squeezed_text.find(squeezed(sentence)) != std::string::npos);
                CHECK(squeezed_markdown.find(squeezed(sentence)) != std::string::npos);
            }
            CHECK(squeezed_text.find(squeezed(d->rulings[0].book_heading))
                < squeezed_text.find(squeezed(d->rulings[1].book_heading)));
        }
    }

    TEST_CASE("with three books, one judging other plies, the two that judge the same plies are still compared")
    {
        Diagnostics diagnostics;
        const auto cxa = load_ruleset_file(XQ_RULESETS "/cxa.json", diagnostics);
        const auto computer = load_ruleset_file(XQ_RULESETS "/computer.json", diagnostics);
        REQUIRE(cxa);
        REQUIRE(computer);
        const std::vector<RuleSet> books { axf(), *cxa, *computer };
        std::ifstream in(XQ_TESTDATA "/samples/world_championship_2001_perpetual_chase.pgn");
        std::stringstream pgn;
        pgn << in.rdbuf();
        test::ReadResult read = test::read_text(RecordFormat::Pgn, pgn.str());
        REQUIRE(read.games.size() == 1);
        const RecordReplay replay = replay_record(read.games.front());
        const RuleBookComparison comparison = compare_rule_books(1, read.games.front().location, replay, books);
        CHECK(comparison.spans_differ);
        const ComparisonDocument en = build_comparison_document(comparison, read.games.front(), catalogue("en"));
        REQUIRE(en.differences.size() == 3);
        CHECK(en.differences[1]
            == "Black's moves are forbidden under the CXA rules (CXA-24.13) and allowed under the AXF rules (AXF-12).");
        CHECK(en.differences[2].starts_with("The rulings that decide the game judge different plies"));
        const ComparisonDocument zh = build_comparison_document(comparison, read.games.front(), catalogue("zh"));
        CHECK(zh.differences[1] == "黑方的着法按中国象协规则（CXA-24.13）违例，按亚洲象联规则（AXF-12）属允许着法。");

        // One signature block, after the last book's ruling.
        std::ostringstream text;
        write_comparison_text(text, en, catalogue("en"));
        const std::string written = text.str();
        const std::string arbiter = catalogue("en").format("signature.arbiter");
        CHECK(written.find(arbiter) == written.rfind(arbiter));
        CHECK(written.find(arbiter) > written.rfind("COMP-"));
    }

    TEST_CASE("rule books that agree say so, and a book with no ruling yet says when it would rule")
    {
        RuleSet later = axf();
        later.id = "later";
        later.short_title = "later";
        later.repetition.ruling_at_occurrence = 3;
        const std::vector<RuleSet> same { axf(), later };
        const std::string pgn = position_game("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", "i0i9 d9d8 i9i8 d8d9 i8i9 d9d8");
        test::ReadResult read = test::read_text(RecordFormat::Pgn, pgn);
        const RecordReplay replay = replay_record(read.games.front());
        const MessageCatalogue& en = catalogue("en");
        const ComparisonDocument differ
            = build_comparison_document(compare_rule_books(1, {}, replay, same), read.games.front(), en);
        CHECK(differ.books[1] == "Under later: no ruling to make.");
        CHECK(differ.differences
            == std::vector<std::string> { "The rule books differ.",
                "Under later a ruling is due only once a position has stood 3 times, and none has." });

        const std::vector<RuleSet> twice { axf(), [] {
                                              RuleSet copy = axf();
                                              copy.id = "axf_again";
                                              return copy;
                                          }() };
        const ComparisonDocument agree
            = build_comparison_document(compare_rule_books(1, {}, replay, twice), read.games.front(), en);
        CHECK(agree.differences == std::vector<std::string> { "The rule books agree: Red must change its moves." });
    }
}

namespace {

// The characters of `text` that OpenCC writes otherwise in traditional characters.
std::string simplified_only_characters(std::string_view text)
{
    std::string found;
    for (std::size_t at = 0; at < text.size();) {
        const auto lead = static_cast<unsigned char>(text[at]);
        const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        const std::string_view character = text.substr(at, length);
        if (length >= 3 && in_traditional_characters(character) != character
            && found.find(character) == std::string::npos)
            found += character;
        at += length;
    }
    return found;
}

} // namespace

TEST_SUITE("ruling document in traditional characters")
{
    TEST_CASE("under zh-Hant the whole document is in traditional characters: phrases, rule texts, moves, board")
    {
        REQUIRE(traditional_characters_available());
        std::ifstream in(XQ_TESTDATA "/samples/world_championship_2001_perpetual_chase.pgn");
        std::stringstream pgn;
        pgn << in.rdbuf();
        const RuledGame r(pgn.str());
        const MessageCatalogue traditional = catalogue("zh").in_traditional_characters();
        CHECK(traditional.language() == "zh-Hant");
        const RulingDocument d
            = build_ruling_document(r.game, r.record, axf(), traditional, { DocumentNotation::Chinese, true });
        std::ostringstream text, html;
        write_document_text(text, d, traditional);
        write_html_head(html, traditional);
        write_document_html(html, d, traditional);
        write_html_tail(html);
        CHECK(simplified_only_characters(text.str()) == "");
        CHECK(simplified_only_characters(html.str()) == "");
        CHECK(text.str().find("車七進二") != std::string::npos);
        CHECK(text.str().find("重複局面裁決書") != std::string::npos);
        CHECK(html.str().find("<html lang=\"zh-Hant\"") != std::string::npos);

        // The same document in simplified characters is what the check would catch.
        const RulingDocument simplified
            = build_ruling_document(r.game, r.record, axf(), catalogue("zh"), { DocumentNotation::Chinese, true });
        std::ostringstream simplified_text;
        write_document_text(simplified_text, simplified, catalogue("zh"));
        CHECK(simplified_only_characters(simplified_text.str()).find("车") != std::string::npos);
    }
}
