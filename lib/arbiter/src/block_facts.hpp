// Blocks: a move that stands in an enemy line.
// Private to the move classifier.
#pragma once

#include "move_at_hand.hpp"

namespace xq::detail {

// Blocks: an enemy rook or cannon that could travel past `to` before and cannot now; under
// blocks.shield, only where the block shields a piece or the king (BlockFacts::shielded).
void block_facts(MoveAtHand& m);

} // namespace xq::detail
