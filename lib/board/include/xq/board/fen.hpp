// Xiangqi FEN read strictly or leniently, with every problem reported, and written canonically.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "xq/base/diagnostic.hpp"
#include "xq/board/position.hpp"

namespace xq {

constexpr std::string_view start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

// Reads a Xiangqi FEN: ten ranks from Black's side (ICCS rank 9) down to Red's, side to
// move (`w` or `r` for Red, `b` for Black), then optional `- -` and move counters.
// Letters K A B/E N/H R C P, uppercase Red. Every problem found is reported, each with the
// column (in characters) of the FEN text, offset by `where.column` when that is set, and
// nothing is returned. Positions that cannot arise are rejected: wrong piece counts, pieces
// on points they can never reach, and a side to move that could capture the enemy king.
struct FenOptions {
    // Accept pieces other than kings on points they can never reach in a game (a pawn behind
    // its starting rank, an elephant off its points), reporting each as a warning: composed
    // positions, rule-book diagrams and hand-typed archive FENs have them. Kings must still
    // stand in their palace.
    bool allow_unreachable_points = false;
};

[[nodiscard]] std::optional<Position> parse_fen(
    std::string_view fen, Diagnostics& diagnostics, const SourceLocation& where = {}, const FenOptions& options = {});

// Canonical FEN: standard letters, `w`/`b`, and both counters.
std::string to_fen(const Position& pos);

} // namespace xq
