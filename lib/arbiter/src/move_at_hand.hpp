// The move at hand, whose facts each topic of the move classifier finds in a file of its own.
// Types only; private to the classifier (move_facts.cpp).
#pragma once

#include <optional>
#include <vector>

#include "xq/arbiter/classifier_options.hpp"
#include "xq/arbiter/facts.hpp"
#include "xq/board/position.hpp"

namespace xq::detail {

// One move, the positions around it, and the facts found so far.
struct MoveAtHand {
    const Position& before;
    Position after;
    const ClassifierOptions& options;
    MoveFacts& facts;
    const Position* before_last = nullptr; // before the other side's last move, when known
    // Under check_capture.is_chase, for a move that threatens to check and then capture:
    // whether some such line, under some count of what the checks won before, needs one
    // piece only (Threat::by_one_piece).
    bool check_capture_by_one_piece = false;
    Color mover() const { return facts.mover; }
    Color enemy() const { return ~facts.mover; }
    Square from() const { return facts.move.from(); }
    Square to() const { return facts.move.to(); }
};

} // namespace xq::detail
