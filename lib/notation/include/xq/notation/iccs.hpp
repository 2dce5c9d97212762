// ICCS coordinate moves (h2e2) read against a position's legal moves, with 0-9 or 1-10 ranks.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "xq/board/position.hpp"
#include "xq/notation/move_error.hpp"
#include "xq/notation/notation.hpp"

namespace xq {

// Coordinates in the position: "h2e2", "H2-E2", "h2-e2", with `ranks` deciding what the
// digits mean. A trailing check mark is ignored. Matched against the legal moves, so that a
// well-formed but impossible move is Illegal, with the reason.
[[nodiscard]] std::variant<Move, MoveError> parse_iccs_move(
    const Position& pos, std::string_view text, IccsRanks ranks = IccsRanks::ZeroToNine);

// Lower case, no dash: "h2e2", or "h3e3" with 1-10 ranks. (xq::to_iccs(Move) writes 0-9.)
std::string to_iccs(Move m, IccsRanks ranks);

} // namespace xq
