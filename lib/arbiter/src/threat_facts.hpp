// Threats: every attack of the mover's after the move, with its protection and gains.
// Private to the move classifier.
#pragma once

#include "move_at_hand.hpp"

namespace xq::detail {

// Threats: attacks by the mover on enemy pieces after the move, compared with before,
// following the moved piece from `from` to `to`.
void threat_facts(MoveAtHand& m);

} // namespace xq::detail
