// Taking back, and mates after a capture: what the topics of the move classifier share about a
// capture answered. Private to the classifier.
#pragma once

#include "xq/arbiter/classifier_options.hpp"
#include "xq/board/position.hpp"

namespace xq::detail {

// Whether the side to move in `pos` forces mate after a capture: within
// mate_after_capture_depth, or, `by_kills`, by a kill (a check or a series of checks within
// kill.depth).
bool forces_mate_after_capture(Position& pos, const ClassifierOptions& options, bool by_kills);

// Whether the side to move in `taken`, whose piece on `point` the other side has just taken,
// retakes there with a check after which every answer loses material.
bool retakes_with_winning_check(const Position& taken, Square point, const ClassifierOptions& options);

// Whether the other side, to move in `after`, can make `take_back` (its piece taking one of
// the mover's of its kind) and lose nothing by it: the mover then forces no mate (within
// mate_after_capture_depth, nor by checks within kill.depth), nor retakes on the point with
// a check after which every answer loses material. The trade is even otherwise.
bool takes_back_safely(const Position& after, Move take_back, const ClassifierOptions& options);

// How far protection_of looks for a mate after a recapture: a protector whose recapture is
// mated is no real one under protection.unless_mated.
int protection_mated_within(const ClassifierOptions& options);

// Whether the target of `capture` could take the attacker back at once, the other side to
// move in `pos`, and not be mated for it (within mate_after_capture_depth).
bool target_takes_back(const Position& pos, Move capture, const ClassifierOptions& options);

} // namespace xq::detail
