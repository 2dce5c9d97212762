// WXF (AXF) notation (C2=5): a reader of every published dialect, and the rule book's writer.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "xq/board/position.hpp"
#include "xq/notation/move_error.hpp"

namespace xq {

// WXF (AXF) notation: piece, file, direction, number, as in C2=5, H8+7, R1-2.
//
// Reading is forgiving, as real files are: the piece letters of every published set (K A E H
// R C P; B and M for elephant, N for horse, G for advisor or king, S for soldier; xqbase's
// keypad digits 1-7), either case (PlayOK writes Black in lower case), full-width forms
// ("Ｃ２＝５"), '.' or '=' for sideways (or nothing: "C25"), a trailing check mark, the
// position marker after the letter (R+=3) or before it (+R=3), and every published convention
// for tandem soldiers: WXF's (P+ P3 P- and ++ --, the file digit in place of the letter when two
// files hold tandem soldiers: 3+=4, 33=4), xqbase's (P.=4 for the middle one, Pa..Pe) and
// Fairy-Stockfish's ordinals (23=4). A plain file given for one of two pieces on it (H7+5) is
// accepted when only one of them can make the move. Where two conventions read the same text
// differently, WXF's reading wins.
[[nodiscard]] std::variant<Move, MoveError> parse_wxf(const Position& pos, std::string_view text);

// Canonical WXF, as the WXF/AXF rule book prints it: upper case for both sides, '=' for
// sideways, tandem pieces R+ / R- (the foremost and rearmost of two on a file); soldiers as WXF
// numbers them: P+ P3 P- for three on a file, ++ P+ P- -- (and P3 in the middle of five) for
// four or five, and the file digit in place of P when two files hold tandem soldiers (3+ 33
// 3- and 7+ 7-). Advisors and elephants always give their file (A6+5): the move tells two on
// one file apart. `m` must be a legal move of `pos`.
std::string to_wxf(const Position& pos, Move m);

} // namespace xq
