// Tests of move generation: each piece's moves, blocks, the river, the palace, facing kings.
#include <doctest/doctest.h>

#include "board_test_support.hpp"

#include <algorithm>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "xq/board/fen.hpp"
#include "xq/board/movegen.hpp"

using namespace xq;
using test::from_fen;
using test::sq;

namespace {

// The legal destinations of the piece on `from`, as ICCS square names.
std::set<std::string> destinations(const Position& pos, std::string_view from)
{
    std::set<std::string> out;
    for (const Move m : legal_moves(pos))
        if (to_iccs(m.from()) == from)
            out.insert(to_iccs(m.to()));
    return out;
}

using Names = std::set<std::string>;

} // namespace

TEST_SUITE("movegen")
{
    TEST_CASE("the king steps one point orthogonally inside the palace")
    {
        // d0 would face the black king on d9 along an open file.
        const Position pos = from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w");
        CHECK(destinations(pos, "e0") == Names { "f0", "e1" });
        const Position corner = from_fen("5k3/9/9/9/9/9/9/3K5/9/9 w");
        CHECK(destinations(corner, "d2") == Names { "e2", "d1" }); // d3 is outside the palace
    }

    TEST_CASE("advisors step diagonally and never leave the palace")
    {
        const Position pos = from_fen("3k5/9/9/9/9/9/9/9/4A4/5K3 w");
        CHECK(destinations(pos, "e1") == Names { "d0", "d2", "f2" }); // f0 holds the king
        const Position corner = from_fen("3k5/9/9/9/9/9/9/3A5/9/5K3 w");
        CHECK(destinations(corner, "d2") == Names { "e1" });
    }

    TEST_CASE("elephants move two points diagonally, blocked at the eye, never across the river")
    {
        const Position pos = from_fen("3k5/9/9/9/9/9/9/4B4/9/5K3 w");
        CHECK(destinations(pos, "e2") == Names { "c0", "g0", "c4", "g4" });
        const Position eye_blocked = from_fen("3k5/9/9/9/9/9/5p3/4B4/9/5K3 w");
        CHECK(destinations(eye_blocked, "e2") == Names { "c0", "g0", "c4" }); // f3 blocks g4
        const Position at_river = from_fen("3k5/9/9/9/9/2B6/9/9/9/5K3 w");
        CHECK(destinations(at_river, "c4") == Names { "a2", "e2" });
    }

    TEST_CASE("horses jump one orthogonal and one diagonal point, blocked at the leg")
    {
        const Position pos = from_fen("3k5/9/9/9/9/4N4/9/9/9/5K3 w");
        CHECK(destinations(pos, "e4") == Names { "c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5" });
        const Position legged = from_fen("3k5/9/9/9/4p4/4N4/9/9/9/5K3 w"); // e5 blocks d6, f6
        CHECK(destinations(legged, "e4") == Names { "c3", "c5", "d2", "f2", "g3", "g5" });
        const Position blocked_down = from_fen("3k5/9/9/9/9/4N4/4P4/9/9/5K3 w");
        CHECK(destinations(blocked_down, "e4") == Names { "c3", "c5", "d6", "f6", "g3", "g5" });
    }

    TEST_CASE("rooks slide until blocked and capture the first enemy piece")
    {
        const Position pos = from_fen("3k5/9/9/9/9/9/9/p3R3N/9/5K3 w");
        CHECK(destinations(pos, "e2")
            == Names {
                "a2", "b2", "c2", "d2", "f2", "g2", "h2", "e0", "e1", "e3", "e4", "e5", "e6", "e7", "e8", "e9" });
    }

    TEST_CASE("cannons slide without capturing and capture over exactly one screen")
    {
        const Position pos = from_fen("3k5/9/4r4/9/4p4/9/9/2N1C1p1r/9/5K3 w");
        // Up: e3, e4, then the e5 screen; capture e7 over it. Left: d2, then the own horse on c2
        // screens nothing. Right: f2, then the g2 pawn screens the rook on i2.
        CHECK(destinations(pos, "e2") == Names { "e0", "e1", "e3", "e4", "e7", "d2", "f2", "i2" });
    }

    TEST_CASE("soldiers go forward, and sideways only once across the river")
    {
        const Position pos = from_fen("3k5/9/9/9/2P6/4P4/9/9/9/5K3 w");
        CHECK(destinations(pos, "e4") == Names { "e5" });
        CHECK(destinations(pos, "c5") == Names { "c6", "b5", "d5" });
        const Position last_rank = from_fen("3k4P/9/9/9/9/9/9/9/9/5K3 w");
        CHECK(destinations(last_rank, "i9") == Names { "h9" });
        const Position black = from_fen("3k5/9/9/9/2p6/4p4/9/9/9/5K3 b");
        CHECK(destinations(black, "c5") == Names { "c4" });
        CHECK(destinations(black, "e4") == Names { "e3", "d4", "f4" });
    }

    TEST_CASE("a move that leaves the kings facing on an open file is illegal")
    {
        // The red horse on e3 is the only piece between the kings: every jump leaves the file.
        const Position pos = from_fen("4k4/9/9/9/9/9/4N4/9/9/4K4 w");
        CHECK(destinations(pos, "e3").empty());
        CHECK(pseudo_legal_moves_from(pos, Square(4, 3)).size() == 8);
        // And a king may not step onto the open file of the other king.
        const Position kings = from_fen("5k3/9/9/9/9/9/9/9/9/4K4 w");
        CHECK(destinations(kings, "e0") == Names { "d0", "e1" });
    }

    TEST_CASE("a move that leaves the own king attacked is illegal")
    {
        // The red horse on e1 stands between its king and the black rook on e8.
        const Position pinned = from_fen("3k5/4r4/9/9/9/9/9/9/4N4/4K4 w");
        CHECK(destinations(pinned, "e1").empty());
        // A piece stepping between a cannon and the king becomes the screen of a cannon check.
        const Position cannon = from_fen("3k5/4c4/9/9/9/9/9/9/3N5/4K4 w");
        CHECK_FALSE(destinations(cannon, "d1").count("e3"));
        CHECK(legal_moves(cannon).size() == legal_move_count(cannon));
    }

    TEST_CASE("checkmate: in check with no legal move")
    {
        // One rook checks along the back rank, the other covers e8 and f9.
        const Position pos = from_fen("R3k4/5R3/9/9/9/9/9/9/9/3K5 b");
        CHECK(pos.in_check());
        CHECK(legal_move_count(pos) == 0);
        CHECK(is_checkmate(pos));
        CHECK_FALSE(is_stalemate(pos));
    }

    TEST_CASE("stalemate: not in check and no legal move, which loses in Xiangqi")
    {
        // Black's king on e9 is not attacked, but the rooks cover d9 and f9 and the pawn e8.
        const Position pos = from_fen("4k4/9/3RPR3/9/9/9/9/9/9/3K5 b");
        CHECK_FALSE(pos.in_check());
        CHECK(legal_move_count(pos) == 0);
        CHECK(is_stalemate(pos));
        CHECK_FALSE(is_checkmate(pos));
        CHECK_FALSE(has_legal_move(pos));
    }

    TEST_CASE("LegalityTest's shortcuts agree with the full test on every move of thousands of positions")
    {
        // Out of check it passes most moves without a scan, in check it rejects most: each
        // answer is compared with is_legal_pseudo, two plies deep from positions full of pins,
        // screens and checks.
        std::size_t moves = 0, disagreements = 0, in_check = 0;
        for (const std::string_view fen : test::shortcut_test_fens)
            test::for_each_position(from_fen(fen), 2, [&](const Position& pos) {
                const LegalityTest legal(pos);
                in_check += legal.in_check() ? 1 : 0;
                for (const Move m : pseudo_legal_moves(pos)) {
                    ++moves;
                    const bool agrees = legal.is_legal(m) == pos.is_legal_pseudo(m)
                        && (!legal.legal_without_scan(m) || pos.is_legal_pseudo(m));
                    if (!agrees && disagreements++ == 0)
                        MESSAGE("first disagreement: " << to_fen(pos) << " " << to_iccs(m));
                }
                if (has_legal_move(pos, legal) != has_legal_move(pos))
                    ++disagreements;
            });
        CHECK(disagreements == 0);
        CHECK(moves > 100000);
        CHECK(in_check > 100);
    }

    TEST_CASE("the capture generators give the captures among all moves, in the same order")
    {
        // Two plies deep from positions full of pins, screens and checks: what the searches for
        // material take from pseudo_legal_captures and legal_captures is what they took from
        // the whole lists.
        std::size_t positions = 0, captures = 0, mismatches = 0;
        const auto captures_among = [](const Position& pos, const MoveList& moves) {
            std::vector<Move> out;
            std::copy_if(moves.begin(), moves.end(), std::back_inserter(out),
                [&](Move m) { return static_cast<bool>(pos.piece_on(m.to())); });
            return out;
        };
        const auto listed = [](const MoveList& moves) { return std::vector<Move>(moves.begin(), moves.end()); };
        for (const std::string_view fen : test::shortcut_test_fens)
            test::for_each_position(from_fen(fen), 2, [&](const Position& pos) {
                ++positions;
                const std::vector<Move> pseudo = captures_among(pos, pseudo_legal_moves(pos));
                captures += pseudo.size();
                if (listed(pseudo_legal_captures(pos)) != pseudo
                    || listed(legal_captures(pos)) != captures_among(pos, legal_moves(pos))) {
                    if (mismatches++ == 0)
                        MESSAGE("first mismatch: " << to_fen(pos));
                }
            });
        CHECK(mismatches == 0);
        CHECK(positions > 1000);
        CHECK(captures > 1000);
    }

    TEST_CASE("is_legal rejects moves of the wrong side, from empty points and off-pattern")
    {
        const Position pos = Position::start();
        CHECK(is_legal(pos, *parse_iccs("h2e2")));
        CHECK_FALSE(is_legal(pos, *parse_iccs("h7e7"))); // Black's cannon, Red to move
        CHECK_FALSE(is_legal(pos, *parse_iccs("e4e5"))); // empty point
        CHECK_FALSE(is_legal(pos, *parse_iccs("h2h7"))); // cannon capture with no screen
        CHECK_FALSE(is_legal(pos, *parse_iccs("b0b2"))); // horse along a file
        CHECK(legal_move_count(pos) == 44);
    }
}
