#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "record_test_helpers.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/report/board_diagram.hpp"
#include "xq/report/ruling_document.hpp"

using namespace xq;

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

MessageCatalogue catalogue(const std::string& language)
{
    Diagnostics diagnostics;
    auto loaded = load_message_catalogue(XQ_RULESETS "/messages/" + language + ".json", diagnostics);
    REQUIRE(loaded);
    return *loaded;
}

// A game read from PGN text, replayed and ruled on, as adjudicate does it.
struct RuledGame {
    GameRecord record;
    RecordReplay replay;
    GameRuling game;
};

RuledGame rule(const std::string& pgn)
{
    test::ReadResult read = test::read_text(RecordFormat::Pgn, pgn);
    REQUIRE(read.games.size() == 1);
    RuledGame r { std::move(read.games.front()), {}, {} };
    r.replay = replay_record(r.record);
    REQUIRE(r.replay.status == GameStatus::Ok);
    r.game.source = r.record.location;
    r.game.status = r.replay.status;
    r.game.replay = &*r.replay.game;
    r.game.recorded_result = r.replay.recorded_result;
    r.game.rulings = rule_on_game(*r.replay.game, axf());
    return r;
}

std::string position_game(const std::string& fen, const std::string& moves)
{
    return "[Event \"test\"]\n[FEN \"" + fen + "\"]\n\n" + moves + " *\n";
}

// AXF rule book diagram 1: Red checks on every move.
const std::string perpetual_check
    = position_game("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1", "h8h9 f9f8 h9h8 f8f9 h8h9");

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
        const RuledGame r = rule("[Event \"7th World Xiangqi Championship\"]\n[Red \"Xu Songhao\"]\n[Round \"\"]\n"
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
        const RuledGame r = rule(perpetual_check);
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
        const RuledGame r = rule(perpetual_check);
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), catalogue("en"));
        const std::vector<QuotedRule>& rules = d.repetitions.at(0).rules;
        REQUIRE_FALSE(rules.empty());
        CHECK(rules[0].id == "AXF-6");
        CHECK(rules[0].heading == "Rule 6: Perpetual check (AXF-6)");
        CHECK(rules[0].diagrams == std::vector<int> { 1, 2, 3 });
        CHECK(rules[0].diagrams_line == "Illustrated by diagrams 1, 2 and 3 of the rule book.");
        // The loss rule follows from the verdict, so it is quoted too.
        CHECK(std::any_of(rules.begin(), rules.end(), [](const QuotedRule& q) { return q.id == "AXF-3"; }));
    }

    TEST_CASE("a ruling that rests on a contested reading says what the other reading would give")
    {
        // AXF rule book diagram 83: the rook chases a cannon whose only protector is fake.
        const RuledGame r = rule(
            position_game("2baka3/9/4b4/9/6c2/3R5/4c4/4C4/4N4/3AKA3 w - - 0 1", "d4g4 g5d5 g4d4 d5g5 d4g4 g5d5 g4d4"));
        const MessageCatalogue en = catalogue("en");
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), en);
        const DocumentRepetition& rep = d.repetitions.at(0);
        REQUIRE(rep.readings.size() == 2);
        for (const ReadingCheck& c : rep.readings) {
            CHECK_FALSE(c.applied);
            CHECK(c.changes_ruling);
            CHECK(c.other_outcome == Outcome::Draw);
        }
        REQUIRE(rep.verdict.size() == 4);
        CHECK(rep.verdict[0] == "Ruling: Red must change its moves.");
        const std::string rests
            = "This ruling rests on a contested reading of the rules, which this ruleset does not apply: ";
        CHECK(rep.verdict[2].starts_with(rests + "Treat a fake protection as protection"));
        CHECK(rep.verdict[3].starts_with(rests + "Judge protection in the position before the capture"));
        CHECK(rep.verdict[3].ends_with("Read that way, the ruling would be: " + en.format("outcome.draw") + "."));
    }

    TEST_CASE("a ruling no contested reading changes says so")
    {
        const RuledGame r = rule(perpetual_check);
        const MessageCatalogue en = catalogue("en");
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), en);
        const DocumentRepetition& rep = d.repetitions.at(0);
        CHECK(std::none_of(
            rep.readings.begin(), rep.readings.end(), [](const ReadingCheck& c) { return c.changes_ruling; }));
        CHECK(rep.verdict.back() == en.format("reading.none_matters"));
    }

    TEST_CASE("when both sides violate equally, the draw says that both violate")
    {
        // The WXF manual's mutual chase (D107): both rooks' sides chase perpetually.
        const RuledGame r = rule(position_game(
            "3akab2/c2R1R2c/4b4/9/9/9/9/4B4/4K4/2B6 w - - 0 1", "d8d6 d9e8 d6d8 e8d9 f8f6 f9e8 f6f8 e8f9 d8d6 d9e8"));
        const RulingDocument d = build_ruling_document(r.game, r.record, axf(), catalogue("en"));
        const auto both = std::find_if(d.repetitions.begin(), d.repetitions.end(),
            [](const DocumentRepetition& rep) { return rep.sides[0].forbidden && rep.sides[1].forbidden; });
        REQUIRE(both != d.repetitions.end());
        CHECK(both->verdict.at(1).starts_with("Both sides violate the rules, neither more gravely"));
    }

    TEST_CASE("a Chinese ruling quotes the ruleset's Chinese texts and uses Chinese notation")
    {
        const RuledGame r = rule(perpetual_check);
        const RulingDocument d
            = build_ruling_document(r.game, r.record, axf(), catalogue("zh"), { DocumentNotation::Chinese });
        const DocumentRepetition& rep = d.repetitions.at(0);
        CHECK(d.title == "重复局面裁决书");
        CHECK(rep.rules.at(0).heading == "第6条　长将（AXF-6）");
        CHECK(rep.sides.at(0).sentences.at(0) == "红方每步都将军（长将）。");
        CHECK(rep.moves.at(0).class_names == std::vector<std::string> { "将" });
        CHECK(rep.moves.at(0).reasons.at(0) == "用h9红车将f9黑将");
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
