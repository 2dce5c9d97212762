// The board as text for terminals: FEN letters, Chinese characters, or drawn with its lines.
#pragma once

#include <string>
#include <string_view>

#include "xq/board/position.hpp"
#include "xq/notation/chinese.hpp"

namespace xq {

enum class PieceLetters { Latin, Chinese };

// The board as text, Black's side at the top, files a-i and ranks 9-0 on the margins:
// Latin FEN letters (uppercase Red) or Chinese characters (帅仕相马车炮兵 / 将士象马车炮卒).
std::string board_diagram(const Position& pos, PieceLetters letters = PieceLetters::Latin);

// The character on a piece as written rulings draw it, telling the sides apart even where
// the sets share a character: Red 帅仕相傌俥炮兵, Black 将士象马车砲卒; in traditional
// characters Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒.
std::string_view piece_glyph(Piece p, ChineseScript script = ChineseScript::Simplified);

// How the margins of a drawn board are numbered: International names the files a-i and the
// ranks 0-9 (ICCS); Chinese numbers the files as Chinese diagrams do, 一 to 九 along Red's
// side, right to left from Red's seat, and 1 to 9 along Black's side, right to left from
// Black's seat.
enum class BoardStyle { International, Chinese };

// The board drawn with its lines (palaces, river) in full-width characters, which take two
// columns in every terminal, Black's side at the top, the margins numbered in `style`, the
// pieces' characters in `script`.
std::string board_drawing(const Position& pos, BoardStyle style = BoardStyle::International,
    ChineseScript script = ChineseScript::Simplified);

} // namespace xq
