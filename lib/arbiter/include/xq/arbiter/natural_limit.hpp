// Where a game reaches the natural move limit: so many counted plies without a capture.
#pragma once

#include <optional>
#include <string>

#include "xq/arbiter/replay.hpp"
#include "xq/arbiter/ruleset.hpp"

namespace xq {

// Where a record reaches the natural move limit: so many counted plies without a capture.
struct NaturalLimitReached {
    int ply = 0; // the ply after which the count reaches the limit
    int first_ply = 1; // the first ply of the stretch without a capture
    int limit_plies = 0; // the limit in force
    // Plies the count passed over: checks beyond a side's allowance, and the replies to them.
    int plies_not_counted = 0;
    std::string rule; // the rule that sets the limit
};

// The first ply after which `game` has gone `limit.plies` counted plies without a capture,
// or nothing. A capture starts the count, and each side's allowance of checks, afresh. The
// limit is not reached by a ply that leaves the side to move without a legal move: the board
// decides that game.
[[nodiscard]] std::optional<NaturalLimitReached> natural_limit_reached(
    const ReplayedGame& game, const NaturalLimit& limit);

} // namespace xq
