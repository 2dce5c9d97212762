// Tests of the natural move limit: the count, captures restarting it, checks beyond allowance.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "xq/arbiter/natural_limit.hpp"
#include "xq/board/fen.hpp"

using namespace xq;

namespace {

ReplayedGame play(std::string_view fen, const std::string& moves)
{
    Diagnostics diagnostics;
    auto pos = parse_fen(fen, diagnostics);
    REQUIRE(pos);
    ReplayedGame game(*pos);
    std::istringstream in { moves };
    for (std::string m; in >> m;) {
        const auto move = parse_iccs(m);
        REQUIRE(move);
        REQUIRE_MESSAGE(game.play(*move), m);
    }
    return game;
}

// The same moves `times` times over.
std::string repeated(const std::string& moves, int times)
{
    std::string out;
    for (int i = 0; i < times; ++i)
        out += moves + " ";
    return out;
}

NaturalLimit limit_of(int plies, std::optional<int> checks = std::nullopt)
{
    return NaturalLimit { plies, checks, "L1" };
}

} // namespace

TEST_SUITE("natural limit")
{
    TEST_CASE("the limit is reached by the ply that completes the count without a capture")
    {
        // Rooks shuffle: 120 plies, no capture, no check.
        const ReplayedGame game = play("3k5/9/r8/9/9/9/9/9/9/R3K4 w", repeated("a0b0 a7b7 b0a0 b7a7", 31));
        REQUIRE(game.ply_count() == 124);
        const auto reached = natural_limit_reached(game, limit_of(120));
        REQUIRE(reached);
        CHECK(reached->ply == 120);
        CHECK(reached->first_ply == 1);
        CHECK(reached->limit_plies == 120);
        CHECK(reached->plies_not_counted == 0);
        CHECK(reached->rule == "L1");
        CHECK_FALSE(natural_limit_reached(game, limit_of(126)));
    }

    TEST_CASE("a capture starts the count afresh")
    {
        // Ply 3 takes the black pawn; the count starts again at ply 4.
        const ReplayedGame game
            = play("4k4/9/r8/9/9/9/9/9/p8/R2K5 w", "d0d1 a7b7 a0a1 b7a7 a1b1 a7b7 b1a1 b7a7 a1b1 a7b7 b1a1 b7a7");
        const auto before_capture = natural_limit_reached(game, limit_of(2));
        REQUIRE(before_capture);
        CHECK(before_capture->ply == 2);
        const auto reached = natural_limit_reached(game, limit_of(6));
        REQUIRE(reached);
        CHECK(reached->first_ply == 4);
        CHECK(reached->ply == 9);
    }

    TEST_CASE("checks beyond a side's allowance, and the replies to them, are not counted")
    {
        // Red's rook checks on every move; Black's king steps up and back.
        const ReplayedGame game = play("4k4/R8/9/9/9/9/9/9/9/3K5 w", repeated("a8a9 e9e8 a9a8 e8e9", 15));
        REQUIRE(game.ply_count() == 60);
        CHECK(natural_limit_reached(game, limit_of(30))->ply == 30);
        // Ten checks and ten replies count; after them nothing does.
        const auto capped = natural_limit_reached(game, limit_of(20, 10));
        REQUIRE(capped);
        CHECK(capped->ply == 20);
        CHECK(capped->plies_not_counted == 0);
        CHECK_FALSE(natural_limit_reached(game, limit_of(22, 10)));
        // With two checks allowed: plies 1-4 count, 5-60 do not.
        CHECK(natural_limit_reached(game, limit_of(4, 2))->ply == 4);
        CHECK_FALSE(natural_limit_reached(game, limit_of(5, 2)));
    }

    TEST_CASE("a ply that leaves the side to move without a legal move is the board's to decide")
    {
        // Ply 3 mates: the limit it would complete does not draw the game.
        const ReplayedGame game = play("4k4/R8/9/9/9/9/9/9/9/1R1K5 w", "d0d1 e9f9 b0b9");
        REQUIRE(game.loser_on_board() == Color::Black);
        CHECK_FALSE(natural_limit_reached(game, limit_of(3)));
        CHECK(natural_limit_reached(game, limit_of(2))->ply == 2);
    }
}
