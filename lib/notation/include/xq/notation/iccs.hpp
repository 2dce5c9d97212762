#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "xq/board/position.hpp"
#include "xq/notation/move_error.hpp"

namespace xq {

// How a coordinate text numbers the ranks. ICCS, UCCI, Pikafish and most data sets count
// 0-9 from Red's back rank (h2e2); Fairy-Stockfish's UCI, cutechess and the SAN of some sites
// count 1-10 (h3e3, h3h10). Nothing in a single move tells them apart reliably, so the caller
// decides per game (a record that never uses rank 0 but uses 10 counts 1-10).
enum class IccsRanks { ZeroToNine, OneToTen };

// Coordinates in the position: "h2e2", "H2-E2", "h2-e2", with `ranks` deciding what the
// digits mean. A trailing check mark is ignored. Matched against the legal moves, so that a
// well-formed but impossible move is Illegal, with the reason.
[[nodiscard]] std::variant<Move, MoveError> parse_iccs_move(
    const Position& pos, std::string_view text, IccsRanks ranks = IccsRanks::ZeroToNine);

// Lower case, no dash: "h2e2", or "h3e3" with 1-10 ranks. (xq::to_iccs(Move) writes 0-9.)
std::string to_iccs(Move m, IccsRanks ranks);

} // namespace xq
