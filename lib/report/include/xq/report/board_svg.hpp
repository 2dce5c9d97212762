// The board as an SVG element for written rulings: pieces as discs, moves as labelled arrows.
#pragma once

#include <string>
#include <vector>

#include "xq/board/position.hpp"
#include "xq/report/board_diagram.hpp"

namespace xq {

// A move drawn on the board as an arrow, in its side's colour, with a label near its start.
struct BoardArrow {
    Move move;
    Color side = Color::Red;
    std::string label; // e.g. the ply number
};

// The board as an SVG element (no XML declaration, so that it can stand inside HTML): lines,
// river, palaces and coordinates, the pieces as discs bearing their characters (piece_glyph),
// and the arrows, curved to the right of their direction so that a move and the move back, and
// a one-point move and the piece it leaves, stay apart. Each arrow's label sits on its curve
// where it overlaps no other label. The result is well-formed XML and loads nothing from
// elsewhere.
std::string board_svg(const Position& pos, const std::vector<BoardArrow>& arrows = {},
    BoardStyle style = BoardStyle::International, ChineseScript script = ChineseScript::Simplified);

} // namespace xq
