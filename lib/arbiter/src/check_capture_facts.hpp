// Check then capture: material a move threatens to win through checks.
// Private to the move classifier.
#pragma once

#include "move_at_hand.hpp"

namespace xq::detail {

// Check-then-capture: a threat to win material by checking first, which a move that
// neither checks nor threatens mate makes "next", and only if the mover did not have such
// a threat before the move (a threat that is not new is no threat, as for captures); under
// check_capture.new_by_target, a threat is new when it wins a piece that no such line won
// before (where the line takes it), under one of the ways of counting what lines won before
// (detail::ways_won_through_checks: a fork of checks won one piece or the other). Under
// check_capture.not_won_anyway, not by winning material it could win at once before. A
// check is the first move of such a line itself when every answer to it leaves the mover a
// capture that wins material it could not win before.
void check_then_capture_facts(MoveAtHand& m);

// Under check_capture.is_chase, a move that neither checks nor threatens mate, and makes a
// new threat to check and then capture, threatens the piece its line takes (origin
// ThroughChecks): the attacker and target where they stand after the move, followed along
// the line, what the line takes less what the replies take its gain, joint when no line
// needs one piece only. A checking move that is itself the first check of such a line is a
// check first.
void through_checks_threat(MoveAtHand& m);

} // namespace xq::detail
