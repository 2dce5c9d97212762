// Which threats are the move's: how an attack came about.
// Private to the move classifier.
#pragma once

#include <optional>
#include <vector>

#include "move_at_hand.hpp"
#include "protection.hpp"

namespace xq::detail {

// How the attack of `a` on `t` came about, or nothing when it is not the move's: an attack
// that stood before is the move's again only when the move stripped the target's real
// protection or made the capture legal or safe, or when the moved piece makes it (listed
// for the rules to judge).
std::optional<ThreatOrigin> origin_of(const MoveAtHand& m, const Position& mover_again, Square a, Square t,
    const std::vector<Square>& attackers_before, const detail::Cover& now);

} // namespace xq::detail
