// Tests of forbidden moves: the move that would repeat a forbidden conduct, and only it.
#include <doctest/doctest.h>

#include "validation_test_helpers.hpp"
#include "xq/arbiter/forbidden_moves.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/records/move_list.hpp"

using namespace xq;
using test::axf_rules;

namespace {

ForbiddenMoves forbidden_after(const char* fen, const char* moves)
{
    const RecordReplay replay = replay_record(record_from_move_list(fen, moves));
    REQUIRE(replay.status == GameStatus::Ok);
    return forbidden_moves(*replay.game, axf_rules());
}

// Red's rook checks the black king up and down the side of the board.
constexpr const char* checking_rook = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
// Red's rook chases an unprotected black cannon up and down the a-file.
constexpr const char* chasing_rook = "4k4/9/9/8R/c8/9/9/9/9/3K5 w - - 0 1";

} // namespace

TEST_SUITE("forbidden moves")
{
    TEST_CASE("the check that would repeat a perpetual check is forbidden, and only it")
    {
        const ForbiddenMoves f = forbidden_after(checking_rook, "i0i9 d9d8 i9i8 d8d9");
        CHECK(f.side == Color::Red);
        CHECK(f.legal_moves > 10);
        REQUIRE(f.moves.size() == 1);
        CHECK(to_iccs(f.moves[0].move) == "i8i9");
        CHECK(f.moves[0].ruling.outcome == Outcome::RedMustChange);
        CHECK(f.moves[0].ruling.side(Color::Red).conduct == "perpetual_check");
        CHECK(f.moves[0].ruling.rules.front() == "AXF-6");
    }

    TEST_CASE("the chase that would repeat a perpetual chase is forbidden")
    {
        const ForbiddenMoves f = forbidden_after(chasing_rook, "i6i5 a5a6 i5i6 a6a5");
        REQUIRE(f.moves.size() == 1);
        CHECK(to_iccs(f.moves[0].move) == "i6i5");
        CHECK(f.moves[0].ruling.outcome == Outcome::RedMustChange);
        CHECK(f.moves[0].ruling.side(Color::Red).conduct == "perpetual_chase");
    }

    TEST_CASE("the chased side's repeating escape is not forbidden, nor is any move at the start")
    {
        // Black's a5a6 brings back a position that stood before, but Black only evades.
        const ForbiddenMoves escape = forbidden_after(chasing_rook, "i6i5 a5a6 i5i6 a6a5 i6i5");
        CHECK(escape.side == Color::Black);
        CHECK(escape.moves.empty());
        const ForbiddenMoves opening = forbidden_after("", "");
        CHECK(opening.legal_moves == 44);
        CHECK(opening.moves.empty());
    }
}
