// Forced mates: the searches behind kills and the mates that make a capture cost the game.
// Private to the arbiter's move facts.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "xq/board/position.hpp"

namespace xq::detail {

// A mate the side to move can force within `depth` of its own moves, every move before
// the last a check. Leaving the opponent no legal move is a win whether or not it is check,
// unless `by_check`: then the last move must check too. The enemy piece on `spared`, if any, is
// never taken along the line (it is followed as it moves).
bool forces_mate(Position& pos, int depth, std::vector<Move>& line, bool by_check = false,
    std::optional<Square> spared = std::nullopt);

// While one lives, forces_mate remembers across its calls on this thread the positions it found
// no mate from: the searches for one cycle's moves (kills, what captures cost) meet the same
// positions again and again. A search only skips what would fail, so the answers and lines are
// the same without it. Memories nest; the innermost serves.
class MateSearchMemory {
public:
    MateSearchMemory();
    ~MateSearchMemory();
    MateSearchMemory(const MateSearchMemory&) = delete;
    MateSearchMemory& operator=(const MateSearchMemory&) = delete;

    struct Positions;

private:
    std::unique_ptr<Positions> positions_;
    Positions* outer_;
};

// Whether `capture`, legal for the side to move in `pos`, lets the other side force mate
// within `depth` of its moves.
bool mated_after(Position pos, Move capture, int depth);

} // namespace xq::detail
