// Tests of a live game (watch): rulings and losses as they fall due, recurrences told, undo.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "rule_book_test_support.hpp"
#include "xq/arbiter/live_game.hpp"
#include "xq/board/fen.hpp"
#include "xq/board/move.hpp"

using namespace xq;

namespace {

// Red's rook chases Black's unprotected cannon: the cycle's start position stands after plies
// 1, 5, 9, 13, 17 and 21.
const char* const chase_fen = "5k3/9/9/9/c8/9/7R1/9/9/4K4 w - - 0 1";

std::vector<Move> chase_moves()
{
    std::vector<Move> moves;
    std::istringstream in("h3h5 a5a6 h5h6 a6a5 h6h5 a5a6 h5h6 a6a5 h6h5 a5a6 h5h6 a6a5 h6h5 a5a6 h5h6 a6a5 h6h5");
    for (std::string m; in >> m;)
        moves.push_back(*parse_iccs(m));
    return moves;
}

Position chase_start()
{
    Diagnostics diagnostics;
    return *parse_fen(chase_fen, diagnostics);
}

} // namespace

TEST_SUITE("live game")
{
    TEST_CASE("a ruling falls due and a loss comes where the ruleset says, counted from the instruction")
    {
        const RuleSet axf = test::load_bundled_ruleset("axf");
        const auto events = [&](int instruct_after) {
            LiveGame game(chase_start(), axf);
            std::vector<std::pair<int, LiveEvent>> seen;
            for (const Move m : chase_moves()) {
                const MoveUpdate update = game.play(m);
                if (update.event != LiveEvent::None)
                    seen.emplace_back(update.ply, update.event);
                if (update.ply == instruct_after)
                    game.instruct(*game.last_violator());
            }
            return seen;
        };
        using Seen = std::vector<std::pair<int, LiveEvent>>;
        CHECK(events(-1) == Seen { { 5, LiveEvent::RulingDue }, { 13, LiveEvent::Loss } });
        CHECK(events(10) == Seen { { 5, LiveEvent::RulingDue }, { 17, LiveEvent::Loss } });
    }

    TEST_CASE("only a position that stood before is judged, and the repetition is told")
    {
        const RuleSet axf = test::load_bundled_ruleset("axf");
        LiveGame game(chase_start(), axf);
        const std::vector<Move> moves = chase_moves();
        for (int i = 0; i < 4; ++i) {
            const MoveUpdate update = game.play(moves[static_cast<std::size_t>(i)]);
            CHECK(!update.recurrence);
            CHECK(!update.ruling);
        }
        const MoveUpdate fifth = game.play(moves[4]);
        REQUIRE(fifth.recurrence);
        CHECK(fifth.recurrence->count == 2);
        CHECK(fifth.recurrence->previous_ply == 1);
        REQUIRE(fifth.ruling);
        CHECK(fifth.ruling->outcome == Outcome::RedMustChange);
        CHECK(game.last_violator() == Color::Red);
    }

    TEST_CASE("undo takes the move back with the instructions after it")
    {
        const RuleSet axf = test::load_bundled_ruleset("axf");
        LiveGame game(chase_start(), axf);
        const std::vector<Move> moves = chase_moves();
        for (int i = 0; i < 5; ++i)
            game.play(moves[static_cast<std::size_t>(i)]);
        game.instruct(Color::Red);
        CHECK(game.instructions() == Instructions { { Color::Red, 5 } });
        CHECK(game.undo());
        CHECK(game.ply_count() == 4);
        CHECK(game.instructions().empty());
        // Played again, ply 5 brings the position back as before: the stand taken back is gone.
        const MoveUpdate again = game.play(moves[4]);
        REQUIRE(again.recurrence);
        CHECK(again.recurrence->count == 2);
        CHECK(again.event == LiveEvent::RulingDue);
        LiveGame fresh(chase_start(), axf);
        CHECK(!fresh.undo());
    }
}
