// Which moves the side to move may not play at the end of a game, and why, under a ruleset.
#pragma once

#include <optional>
#include <vector>

#include "xq/arbiter/replay.hpp"
#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/arbiter/ruleset.hpp"

namespace xq {

// A legal move that the ruleset forbids the side to move: played, it makes or continues a
// repetition that is ruled against that side (it must change, or it loses).
struct ForbiddenMove {
    Move move;
    Ruling ruling; // the ruling it would draw: ruling.violator is the side to move
};

// What the side to move may not play after a game's moves, as the arbiter answers "if Red
// plays this again, is it a violation?".
struct ForbiddenMoves {
    Color side = Color::Red;
    int legal_moves = 0;
    std::vector<ForbiddenMove> moves; // in the order legal_moves() gives them
};

// Tries every legal move of the side to move at the end of `game`: a move that brings back a
// position that stood before is ruled on (the repetition episode it ends, as a game ending
// there would be ruled on), and it is forbidden when the ruling names the mover as the
// violator. A move to a new position is never forbidden.
ForbiddenMoves forbidden_moves(const ReplayedGame& game, const RuleSet& rules);

// One legal move of the side to move at the end of `game`, judged as forbidden_moves judges
// each: the arbiter's "may Red play R2+1 here?".
struct TriedMove {
    Move move;
    // After which ply the position it brings back last stood; -1 when it makes a new position.
    int repeats_ply = -1;
    // The ruling on the repetition the move ends, when the position has stood often enough for
    // one; the move is forbidden when it names the mover as the violator.
    std::optional<Ruling> ruling;
    bool forbidden = false;
    // For an allowed move: what the other side may then not play.
    std::optional<ForbiddenMoves> replies;
};
TriedMove try_move(const ReplayedGame& game, Move move, const RuleSet& rules);

} // namespace xq
