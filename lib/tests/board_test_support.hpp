// Small helpers the board and arbiter tests share.
#pragma once

#include <doctest/doctest.h>

#include <string_view>

#include "xq/board/fen.hpp"
#include "xq/board/movegen.hpp"

namespace xq::test {

// A position from a FEN the test knows to be valid; the test fails if it is not.
inline Position from_fen(std::string_view fen)
{
    Diagnostics diagnostics;
    auto pos = parse_fen(fen, diagnostics);
    for (const Diagnostic& d : diagnostics)
        INFO(format_diagnostic(d));
    REQUIRE(pos);
    return *pos;
}

// "e0" -> the square.
inline Square sq(std::string_view name) { return Square(name[0] - 'a', name[1] - '0'); }

// Calls visit(position) for `start` and every position its legal moves reach within `plies`.
template <typename Visit> void for_each_position(Position start, int plies, const Visit& visit)
{
    visit(static_cast<const Position&>(start));
    if (plies == 0)
        return;
    for (const Move m : legal_moves(start)) {
        UndoInfo undo;
        start.do_move(m, undo);
        for_each_position(start, plies - 1, visit);
        start.undo_move(m, undo);
    }
}

// Positions for the tests that compare a shortcut with the full rules: the perft positions,
// and pins, screens, facing kings and checks of every kind, each answerable in several ways.
inline constexpr std::string_view shortcut_test_fens[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    "3k5/4r4/9/9/9/9/9/9/4N4/4K4 w", // a horse pinned by a rook
    "3k5/4c4/9/9/9/9/9/9/3N5/4K4 w", // a horse that would become a cannon's screen
    "4k4/9/9/9/9/9/4N4/9/9/4K4 w", // a horse between facing kings
    "3akab2/9/4b4/9/4c4/9/4R4/9/9/3AK4 w", // a cannon checks through a rook screen
    "3k5/9/9/9/9/9/9/5n3/4A4/4K4 w", // a horse checks, its leg free
    "4k4/4a4/3P5/9/9/9/9/9/9/3K5 b", // a pawn checks
    "2bak4/4a4/4b4/4C4/9/4R4/9/9/9/3K5 b", // a cannon and a rook on one file: a double threat
    "3k5/9/9/9/9/2n6/4r4/9/2c1A4/4K4 w", // checks by horse and rook at once, a cannon behind
};

} // namespace xq::test
