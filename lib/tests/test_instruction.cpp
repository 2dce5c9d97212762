// Tests of instructions to change: side@ply, which one counts, and the loss counted from it.
#include <doctest/doctest.h>

#include <string>

#include "rule_book_test_support.hpp"
#include "xq/arbiter/instruction.hpp"
#include "xq/arbiter/rule_interpreter.hpp"

using namespace xq;

TEST_SUITE("instructions to change")
{
    TEST_CASE("an instruction reads and writes as side@ply")
    {
        CHECK(parse_instruction("red@96") == Instruction { Color::Red, 96 });
        CHECK(parse_instruction("Black@0") == Instruction { Color::Black, 0 });
        for (const char* bad : { "red", "red@", "red@-1", "red@9x", "blue@3", "@3", "red@99999999999" })
            CHECK_MESSAGE(!parse_instruction(bad), bad);
        CHECK(to_string(Instruction { Color::Black, 12 }) == "black@12");

        Diagnostics diagnostics;
        const Instructions read = parse_instructions("black@30, red@12 red@x", "game 1", {}, diagnostics);
        CHECK(read == Instructions { { Color::Black, 30 }, { Color::Red, 12 } });
        REQUIRE(diagnostics.items().size() == 1);
        CHECK(diagnostics.items()[0].code == "record.bad-instruction");
        CHECK(instructed_tag_value(read) == "red@12 black@30");
        Diagnostics none;
        CHECK(parse_instructions(instructed_tag_value(read), "game 1", {}, none).size() == 2);
        CHECK(none.items().empty());
    }

    TEST_CASE("the first instruction to the side within the repetition counts")
    {
        const Instructions given { { Color::Red, 30 }, { Color::Black, 8 }, { Color::Red, 12 }, { Color::Red, 2 } };
        CHECK(instruction_within(given, Color::Red, 5, 40)->ply == 12);
        CHECK(instruction_within(given, Color::Black, 5, 40)->ply == 8);
        CHECK(!instruction_within(given, Color::Black, 9, 40));
        CHECK(!instruction_within(given, Color::Red, 31, 40));
    }

    TEST_CASE("the violator's loss counts from the instruction")
    {
        const RuleSet axf = test::load_bundled_ruleset("axf");
        // Red's rook checks on every move; the start position stands after plies 1, 5, 9, 13, 17
        // and 21. The ruling is due at the second stand, the fourth loses without an instruction.
        std::string moves = "i0i9 d9d8";
        for (int i = 0; i < 5; ++i)
            moves += " i9i8 d8d9 i8i9 d9d8";
        const ReplayedGame game = test::play_line("3k5/9/9/9/9/9/9/9/9/4K3R w", moves);
        const auto ruled = [&](const Instructions& instructions) {
            const std::vector<Ruling> rulings = rule_on_game(game, axf, {}, instructions);
            REQUIRE(rulings.size() == 1);
            return rulings[0];
        };
        const Ruling assumed = ruled({});
        CHECK(assumed.outcome == Outcome::RedLoses);
        CHECK(assumed.occurrences.ruling_ply == 5);
        CHECK(assumed.occurrences.instructed_ply == -1);
        CHECK(assumed.occurrences.counted_from_ply == 5);
        CHECK(assumed.occurrences.loss_ply == 13);

        const Ruling late = ruled({ { Color::Red, 14 } });
        CHECK(late.outcome == Outcome::RedLoses);
        CHECK(late.occurrences.instructed_ply == 14);
        CHECK(late.occurrences.loss_ply == 21);
        CHECK(late.occurrences.repeats_after_instruction == 2);

        const Ruling too_late = ruled({ { Color::Red, 18 } });
        CHECK(too_late.outcome == Outcome::RedMustChange);
        CHECK(too_late.occurrences.loss_ply == -1);
        CHECK(too_late.occurrences.repeats_after_instruction == 1);

        const Ruling early = ruled({ { Color::Red, 2 } });
        CHECK(early.occurrences.instructed_ply == 2);
        CHECK(early.occurrences.counted_from_ply == 5);
        CHECK(early.occurrences.loss_ply == 13);

        // An instruction to the side that does not violate changes nothing.
        CHECK(ruled({ { Color::Black, 14 } }).occurrences.loss_ply == 13);
    }
}
