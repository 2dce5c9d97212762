// The notation readers' error messages, and what blocks a move of the right shape.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/board/position.hpp"
#include "xq/notation/move_error.hpp"

// How the readers word their errors, in one place so that all notations read alike.
// Private to the notation library.

namespace xq::detail {

// "'C2x5' is not a WXF move: <reason>"; `notation` is the phrase after "is not".
MoveError syntax_error(std::string_view text, std::string_view notation, std::string_view reason);

// "'C2=5' is not legal here: <reason> (position: <fen>)"; `fields` say the reason for a
// catalogue (MoveError::reason).
MoveError illegal_move(std::string_view text, const Position& pos, std::string_view reason, DiagnosticFields fields);

// "'H7+5' is ambiguous: <reason> (h4g6 or h2g4) (position: <fen>)"
MoveError ambiguous_move(
    std::string_view text, const Position& pos, std::string_view reason, std::vector<Move> candidates);

// Whether `from` to `to` has the shape of a move of the piece on `from` on an empty board (a
// horse's L, an elephant's two diagonal points, a straight line of a chariot or cannon, one
// step of the others), leaving out what other pieces decide.
bool has_move_shape(const Position& pos, Square from, Square to);

// Why a move is illegal, in the English the messages have always given and as fields for a
// catalogue (MoveError::reason).
struct Explanation {
    std::string english;
    DiagnosticFields fields;
};

// What stops a move of that shape: ": its leg at g3 is blocked by the red soldier",
// ": the black horse on h7 stands in its way", ": its own horse stands on h0", with the
// squares written by `square_name`; empty when no piece does. The fields name the `reason`
// (leg_blocked, eye_blocked, path_blocked, no_screen, many_screens, own_piece_on_target) and
// the blocker's `blocker`, `blocker_side`, `blocker_square`, or the `screens` counted.
Explanation blocking_reason(const Position& pos, Move m, const std::function<std::string(Square)>& square_name);

// The fields that name the piece on `square` for a catalogue, prefixed with `role`
// ("blocker": `blocker` the kind, `blocker_side` its side, `blocker_square` its ICCS square).
void add_piece_fields(DiagnosticFields& fields, const std::string& role, const Position& pos, Square square);

} // namespace xq::detail
