// Tests of the board's symmetries: the mirror image and colour swap of squares, moves, positions.
#include <doctest/doctest.h>

#include "board_test_support.hpp"

#include <algorithm>

#include "xq/board/fen.hpp"
#include "xq/board/movegen.hpp"
#include "xq/board/symmetry.hpp"

using namespace xq;
using test::from_fen;
using test::sq;

namespace {

// The legal moves of a position in ICCS, sorted.
std::vector<std::string> legal_iccs(const Position& pos)
{
    std::vector<std::string> moves;
    for (const Move m : legal_moves(pos))
        moves.push_back(to_iccs(m));
    std::sort(moves.begin(), moves.end());
    return moves;
}

// The legal moves of `pos`, each transformed, in ICCS, sorted.
std::vector<std::string> transformed_legal_iccs(const Position& pos, Symmetry symmetry)
{
    std::vector<std::string> moves;
    for (const Move m : legal_moves(pos))
        moves.push_back(to_iccs(transformed(m, symmetry)));
    std::sort(moves.begin(), moves.end());
    return moves;
}

} // namespace

TEST_SUITE("board symmetry")
{
    TEST_CASE("the mirror image turns file x into file 8 - x and keeps ranks")
    {
        CHECK(mirrored(sq("a0")) == sq("i0"));
        CHECK(mirrored(sq("e5")) == sq("e5"));
        CHECK(mirrored(sq("b7")) == sq("h7"));
        CHECK(to_iccs(mirrored(Move(sq("h2"), sq("e2")))) == "b2e2");
    }

    TEST_CASE("the colour swap turns rank r into rank 9 - r, keeps files and gives pieces to the other side")
    {
        CHECK(colour_swapped(sq("a0")) == sq("a9"));
        CHECK(colour_swapped(sq("e4")) == sq("e5"));
        CHECK(to_iccs(colour_swapped(Move(sq("h2"), sq("e2")))) == "h7e7");
        CHECK(colour_swapped(Piece(Color::Red, PieceType::Cannon)) == Piece(Color::Black, PieceType::Cannon));
        CHECK(colour_swapped(Piece::none()).is_none());
    }

    TEST_CASE("a known position's FEN mirrored and with the colours swapped")
    {
        // The opening after the central cannon, h2e2.
        const Position pos = from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
        CHECK(to_fen(mirrored(pos)) == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1");
        CHECK(to_fen(colour_swapped(pos)) == "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 1 1");
        // An endgame with Red to move, counters well into the game.
        const Position endgame = from_fen("3k5/4a4/3P5/9/2n6/9/9/1R7/9/4K4 w - - 7 40");
        CHECK(to_fen(mirrored(endgame)) == "5k3/4a4/5P3/9/6n2/9/9/7R1/9/4K4 w - - 7 40");
        CHECK(to_fen(colour_swapped(endgame)) == "4k4/9/1r7/9/9/2N6/9/3p5/4A4/3K5 b - - 7 40");
        CHECK(transformed(endgame, Symmetry::Mirror) == mirrored(endgame));
        CHECK(transformed(endgame, Symmetry::ColourSwap) == colour_swapped(endgame));
    }

    TEST_CASE("each transform twice gives the position back, and the twin's key is its placement's")
    {
        int positions = 0;
        for (const std::string_view fen : test::shortcut_test_fens)
            test::for_each_position(from_fen(fen), 1, [&](const Position& pos) {
                for (const Symmetry symmetry : { Symmetry::Mirror, Symmetry::ColourSwap }) {
                    const Position twin = transformed(pos, symmetry);
                    CHECK(twin.key() == twin.compute_key());
                    CHECK(transformed(twin, symmetry) == pos);
                    for (int index = 0; index < square_count; ++index) {
                        const Square s(index);
                        CHECK(transformed(transformed(s, symmetry), symmetry) == s);
                    }
                }
                ++positions;
            });
        CHECK(positions > 100);
    }

    TEST_CASE("the legal moves of a position's twin are its legal moves transformed")
    {
        for (const std::string_view fen : test::shortcut_test_fens)
            test::for_each_position(from_fen(fen), 1, [&](const Position& pos) {
                for (const Symmetry symmetry : { Symmetry::Mirror, Symmetry::ColourSwap }) {
                    const Position twin = transformed(pos, symmetry);
                    CHECK_MESSAGE(legal_iccs(twin) == transformed_legal_iccs(pos, symmetry), to_fen(pos));
                    CHECK(twin.in_check() == pos.in_check());
                }
            });
    }
}
