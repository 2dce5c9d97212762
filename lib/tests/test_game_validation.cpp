// Tests of one game's validation: each finding, its status, and the gravest one winning.
#include <doctest/doctest.h>

#include <string>

#include "validation_test_helpers.hpp"
#include "xq/arbiter/game_validation.hpp"

namespace {

using namespace xq;
using namespace xq::test;

constexpr std::string_view mate_in_one = "[FEN \"3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 0 1\"]\n";
// AXF rule book, detail rule 6, diagram 1: Red checks perpetually and must change.
constexpr std::string_view perpetual_check
    = "[FEN \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"]\n[Format \"WXF\"]\n\n"
      "1. R2+1 k6+1 2. R2-1 k6-1 3. R2+1 k6+1 4. R2-1 ";

CheckedGame check(const std::string& pgn) { return check_game(read_pgn_game(pgn), axf_rules()); }

std::string kinds(const GameValidation& row)
{
    std::string out;
    for (const Finding& f : row.findings)
        out += (out.empty() ? "" : " ") + std::string(to_string(f.kind));
    return out;
}

TEST_SUITE("game_validation")
{
    TEST_CASE("a clean game is ok, with its tags, plies and recorded result")
    {
        const CheckedGame checked
            = check("[Event \"League\"]\n[Red \"Wang\"]\n[Black \"Li\"]\n[Date \"2024.03.02\"]\n\n"
                    "1. h2e2 h9g7 2. h0g2 i9h9 1/2-1/2\n");
        const GameValidation& row = checked.row;
        CHECK(row.status == ValidationStatus::Ok);
        CHECK(row.findings.empty());
        CHECK(row.file == "test.pgn");
        CHECK(row.game == 1);
        CHECK(row.line == 1);
        CHECK(row.description == "game 1 (Wang vs Li)");
        CHECK(row.event == "League");
        CHECK(row.date == "2024.03.02");
        CHECK(row.plies == 4);
        CHECK(row.recorded_result == RecordedResult::Draw);
        CHECK_FALSE(row.loser_on_board);
        CHECK(row.repetitions == 0);
        CHECK_FALSE(row.ruling_agrees);
    }

    TEST_CASE("a mate on the board decides the result: recorded as won it agrees, as drawn it is a finding")
    {
        const CheckedGame won = check(std::string(mate_in_one) + "\n1. b1b9 1-0\n");
        CHECK(won.row.status == ValidationStatus::Ok);
        CHECK(won.row.loser_on_board == Color::Black);

        const CheckedGame drawn = check(std::string(mate_in_one) + "\n1. b1b9 1/2-1/2\n");
        CHECK(drawn.row.status == ValidationStatus::ResultContradictsBoard);
        REQUIRE(drawn.row.findings.size() == 1);
        CHECK(drawn.row.findings[0].ply == 1);
        CHECK(drawn.row.findings[0].message.find("checkmated") != std::string::npos);
    }

    TEST_CASE("a record that ends in a repetition must give the ruling's result")
    {
        SUBCASE("the violator losing agrees")
        {
            const CheckedGame checked = check(std::string(perpetual_check) + "0-1\n");
            CHECK(checked.row.status == ValidationStatus::Ok);
            CHECK(checked.row.ruling_agrees == true);
            REQUIRE(checked.row.ruling);
            CHECK(checked.row.ruling->outcome == Outcome::RedMustChange);
            CHECK(checked.row.ruling->violator == Color::Red);
            CHECK(checked.row.ruling->rules.front() == "AXF-6");
            CHECK(checked.judged.rulings.size() == 1);
        }
        SUBCASE("a draw goes against the ruling")
        {
            const CheckedGame checked = check(std::string(perpetual_check) + "1/2-1/2\n");
            CHECK(checked.row.status == ValidationStatus::RepetitionRuling);
            CHECK(checked.row.ruling_agrees == false);
            REQUIRE(checked.row.findings.size() == 1);
            CHECK(checked.row.findings[0].ply == 1);
            CHECK(checked.row.findings[0].message.find("red_must_change (AXF-6, AXF-3), but gives 1/2-1/2")
                != std::string::npos);
        }
        SUBCASE("no result leaves the repetition unresolved")
        {
            const CheckedGame checked = check(std::string(perpetual_check) + "*\n");
            CHECK(checked.row.status == ValidationStatus::RepetitionRuling);
            CHECK(checked.row.ruling_agrees == false);
            CHECK(checked.row.findings[0].message.find("gives no result") != std::string::npos);
        }
    }

    TEST_CASE("a repetition the game leaves, too short for a loss, is counted but not ruled on")
    {
        // The opening position stands again after ply 4; ply 7 leaves the repetition.
        const CheckedGame checked = check("1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. b0c2 1-0\n");
        CHECK(checked.row.status == ValidationStatus::Ok);
        CHECK(checked.row.repetitions == 1);
        CHECK(checked.judged.rulings.empty());
        REQUIRE(checked.judged.not_ruled.size() == 1);
        CHECK(checked.judged.not_ruled[0].episode.cycle.first_ply == 1);
        CHECK_FALSE(checked.row.ruling);
        CHECK_FALSE(checked.row.ruling_agrees);
    }

    TEST_CASE("a record with an error is not judged: its repetitions are neither ruled on nor passed over")
    {
        // The record ends in the repetition, but an unclosed comment makes it unreadable.
        const CheckedGame checked = check("1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 {unclosed\n");
        CHECK(checked.row.status == ValidationStatus::Unreadable);
        CHECK(checked.judged.rulings.empty());
        CHECK(checked.judged.not_ruled.empty());
    }

    TEST_CASE("a side that lost by repeating has lost: the row's ruling is that loss, not a later draw")
    {
        // Issue 11, R6: Red checks perpetually to the fourth stand (a loss), then both sides
        // repeat idle moves until the record stops.
        const CheckedGame checked = check("[FEN \"4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n"
                                          "1. a8a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9 e9e8 "
                                          "6. a9a8 e8e9 7. a8a6 e9e8 8. a6a7 e8e9 9. a7a6 e9e8 10. a6a7 e8e9 "
                                          "11. a7a6 e9e8 0-1\n");
        CHECK(checked.row.repetitions == 2);
        REQUIRE(checked.judged.rulings.size() == 2);
        CHECK(checked.judged.rulings[1].outcome == Outcome::Draw);
        REQUIRE(checked.row.ruling);
        CHECK(checked.row.ruling->outcome == Outcome::RedLoses);
        CHECK(checked.row.ruling->cycle.first_ply == 1);
        // The draw the record ends in comes after the game was lost: it is no finding.
        CHECK(checked.row.status == ValidationStatus::Ok);
        CHECK(checked.row.ruling_agrees == true);
    }

    TEST_CASE("an illegal move is a finding with its ply, and the game is not judged further")
    {
        const CheckedGame checked = check(std::string(mate_in_one) + "\n1. b1b9 d9d8 1/2-1/2\n");
        CHECK(checked.row.status == ValidationStatus::IllegalMove);
        CHECK(checked.row.failed_ply == 2);
        CHECK(kinds(checked.row) == "illegal_move");
        CHECK(checked.row.findings[0].ply == 2);
        CHECK(checked.row.findings[0].message.find("error[notation.illegal]") != std::string::npos);
        CHECK_FALSE(checked.row.loser_on_board);
    }

    TEST_CASE("a game with several findings takes the gravest as its status and lists them all")
    {
        const CheckedGame checked = check("[Event \"x\"]\n\n1. h2e2 {bad \xFF byte} h9g7 2. e2e9 *\n");
        CHECK(checked.row.status == ValidationStatus::IllegalMove);
        CHECK(kinds(checked.row) == "damaged_text illegal_move");
        CHECK(checked.row.findings[0].message.find("warning[encoding.invalid-sequence]") != std::string::npos);
        CHECK(checked.row.findings[1].ply == 3);
    }

    TEST_CASE("bytes that are not UTF-8 in a tag are damaged text: the game is still judged")
    {
        // A "code point" above U+10FFFF, which the C library's UTF-8 decoder lets through.
        const CheckedGame checked = check("[Event \"Open \xF4\x90\x80\x80\"]\n\n1. h2e2 h9g7 *\n");
        CHECK(checked.row.status == ValidationStatus::DamagedText);
        CHECK(checked.row.event == "Open \xEF\xBF\xBD");
        CHECK(checked.row.plies == 2);
        REQUIRE(checked.row.findings.size() == 1);
        CHECK(checked.row.findings[0].message.find("0xF4 0x90 0x80 0x80") != std::string::npos);
    }

    TEST_CASE("a start position that cannot be set up makes the game unreadable")
    {
        const CheckedGame checked = check("[FEN \"4k4/9/9/9/9/9/9/9/9/4KK3 w - - 0 1\"]\n\n1. e0e1 *\n");
        CHECK(checked.row.status == ValidationStatus::Unreadable);
        CHECK(checked.row.findings.at(0).message.find("error[fen.king-count]") != std::string::npos);
        CHECK_FALSE(checked.replay->game);
    }

    TEST_CASE("the statuses in order of gravity")
    {
        CHECK(graver(ValidationStatus::Ok, ValidationStatus::RepetitionRuling) == ValidationStatus::RepetitionRuling);
        CHECK(graver(ValidationStatus::RepetitionRuling, ValidationStatus::ResultContradictsBoard)
            == ValidationStatus::ResultContradictsBoard);
        CHECK(graver(ValidationStatus::IllegalMove, ValidationStatus::ResultContradictsBoard)
            == ValidationStatus::IllegalMove);
        CHECK(graver(ValidationStatus::IllegalMove, ValidationStatus::Unreadable) == ValidationStatus::Unreadable);
        CHECK(graver(ValidationStatus::Ok, ValidationStatus::Ok) == ValidationStatus::Ok);
        CHECK(to_string(ValidationStatus::ResultContradictsBoard) == "result_contradicts_board");
    }

    TEST_CASE("a file that cannot be read gets a row of its own")
    {
        Diagnostics diagnostics;
        diagnostics.note("encoding.chosen", "UTF-8", { "lost.pgn" });
        diagnostics.error("io.open", "cannot open the file", { "lost.pgn" });
        const CheckedGame checked = check_file_problems("lost.pgn", diagnostics);
        CHECK(checked.row.game == 0);
        CHECK(checked.row.status == ValidationStatus::Unreadable);
        REQUIRE(checked.row.findings.size() == 1);
        CHECK(checked.row.findings[0].message == "lost.pgn: error[io.open]: cannot open the file");
        CHECK(checked.judged.diagnostics.size() == 2);
    }
}

} // namespace

TEST_SUITE("game_validation")
{
    TEST_CASE("a record that passes the natural limit has a finding; one that stops there drawn does not")
    {
        RuleSet rules = axf_rules();
        CHECK_FALSE(rules.natural_limit); // the AXF book sets none: no finding however long
        const std::string moves = "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 ";
        CHECK(check_game(read_pgn_game(moves + "1-0\n"), rules).row.status == ValidationStatus::Ok);
        rules.natural_limit = NaturalLimit { 4, std::nullopt, "AXF-5" };

        const CheckedGame goes_on = check_game(read_pgn_game(moves + "1-0\n"), rules);
        CHECK(goes_on.row.status == ValidationStatus::NaturalLimit);
        REQUIRE(goes_on.row.findings.size() == 1);
        CHECK(goes_on.row.findings[0].ply == 4);
        CHECK(goes_on.row.findings[0].message
            == "the natural limit (4 plies without a capture, AXF-5) draws the game after ply 4, counted from ply 1, "
               "but the record goes on to ply 6");
        REQUIRE(goes_on.judged.natural_limit);
        CHECK(goes_on.judged.natural_limit->ply == 4);

        const std::string four = "1. h2e2 h9g7 2. h0g2 i9h9 ";
        CHECK(check_game(read_pgn_game(four + "1/2-1/2\n"), rules).row.status == ValidationStatus::Ok);
        const CheckedGame won = check_game(read_pgn_game(four + "0-1\n"), rules);
        REQUIRE(won.row.findings.size() == 1);
        CHECK(won.row.findings[0].message.find("but the record gives 0-1") != std::string::npos);
        // A repetition finding is graver.
        CHECK(graver(ValidationStatus::RepetitionRuling, ValidationStatus::NaturalLimit)
            == ValidationStatus::RepetitionRuling);
        CHECK(graver(ValidationStatus::NaturalLimit, ValidationStatus::DamagedText) == ValidationStatus::NaturalLimit);
        CHECK(to_string(ValidationStatus::NaturalLimit) == "natural_limit");
    }
}
