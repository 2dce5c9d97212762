#pragma once

#include <string_view>
#include <vector>

#include "xq/board/position.hpp"
#include "xq/notation/move_error.hpp"

// How the readers word their errors, in one place so that all notations read alike.
// Private to the notation library.

namespace xq::detail {

// "'C2x5' is not a WXF move: <reason>"; `notation` is the phrase after "is not".
MoveError syntax_error(std::string_view text, std::string_view notation, std::string_view reason);

// "'C2=5' is not legal here: <reason> (position: <fen>)"
MoveError illegal_move(std::string_view text, const Position& pos, std::string_view reason);

// "'H7+5' is ambiguous: <reason> (h4g6 or h2g4) (position: <fen>)"
MoveError ambiguous_move(std::string_view text, const Position& pos, std::string_view reason,
    std::vector<Move> candidates);

} // namespace xq::detail
