// How the enemy cuts a piece's moves down: a pin against its own king, or kings that would face.
// protection.cpp works it out with the protection of pieces.
#pragma once

#include "xq/arbiter/facts.hpp"
#include "xq/board/position.hpp"

namespace xq {

// Working out which pieces stop a piece from moving where it could; none for a king, which
// only check keeps off points.
RestrictionFacts restriction_of(const Position& pos, Square s);

} // namespace xq
