#pragma once

#include <string>

#include "xq/board/position.hpp"

namespace xq {

enum class PieceLetters { Latin, Chinese };

// The board as text, Black's side at the top, files a-i and ranks 9-0 on the margins:
// Latin FEN letters (uppercase Red) or Chinese characters (帅仕相马车炮兵 / 将士象马车炮卒).
std::string board_diagram(const Position& pos, PieceLetters letters = PieceLetters::Latin);

} // namespace xq
