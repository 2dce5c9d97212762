// Kills: the mate a move threatens, and the kills a rule book does not count.
// Private to the move classifier.
#pragma once

#include "move_at_hand.hpp"

namespace xq::detail {

// Kill: only a move that does not check can threaten mate "next".
void kill_facts(MoveAtHand& m);

} // namespace xq::detail
