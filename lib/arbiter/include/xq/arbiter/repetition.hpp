// Finding repetitions in a replayed game: recurring positions, cycles and episodes.
#pragma once

#include <vector>

#include "xq/arbiter/replay.hpp"

namespace xq {

// A position (placement and side to move) that stands more than once in a game, with the
// position numbers where it stands (see ReplayedGame), in order.
struct RecurringPosition {
    Key key = 0;
    std::vector<int> occurrences;
};

// Every recurring position, ordered by its first recurrence.
std::vector<RecurringPosition> recurring_positions(const ReplayedGame& game);

// The plies between two occurrences of one position: plies first_ply..last_ply lead from
// position first_ply - 1 back to the same position at last_ply.
struct RepetitionCycle {
    int first_ply = 0;
    int last_ply = 0;
    int length() const { return last_ply - first_ply + 1; }
};

// One stretch of repetition: it opens at the first recurrence of a position (the cycle a
// ruling is made on) and lasts while every following position is one that stood before;
// the first new position ends it. `occurrences` counts how often the cycle's start position
// stands within the stretch (2 when the record stops at the first recurrence), and `stands`
// says after which plies (0: the record's starting position).
struct RepetitionEpisode {
    RepetitionCycle cycle;
    int last_repeating_ply = 0;
    int occurrences = 0;
    std::vector<int> stands;
};

// Episodes in the order of the record. After an episode ends (a side deviates), the next
// recurrence of any position opens the next one.
std::vector<RepetitionEpisode> find_repetition_episodes(const ReplayedGame& game);

// The episodes of rule books that judge a position when it stands for the `occurrences`-th
// time: each opens there, and its cycle is every ply since the first of those stands (the
// cycles between them may differ). As above, it lasts while every following position is one
// that stood before; after a new position, the next position standing that often again (it
// may have stood before) opens the next one.
std::vector<RepetitionEpisode> find_occurrence_windows(const ReplayedGame& game, int occurrences);

} // namespace xq
