// Counting plies without a capture, with each side's allowance of checks, to the natural limit.
#include "xq/arbiter/natural_limit.hpp"

#include <array>

namespace xq {

std::optional<NaturalLimitReached> natural_limit_reached(const ReplayedGame& game, const NaturalLimit& limit)
{
    NaturalLimitReached reached;
    reached.limit_plies = limit.plies;
    reached.rule = limit.rule;
    int counted = 0;
    std::array<int, 2> checks {};
    bool replying_to_uncounted_check = false;
    for (int p = 1; p <= game.ply_count(); ++p) {
        const PlyRecord& ply = game.ply(p);
        if (ply.captured) {
            counted = 0;
            checks = {};
            reached.first_ply = p + 1;
            reached.plies_not_counted = 0;
            replying_to_uncounted_check = false;
            continue;
        }
        bool counts = !replying_to_uncounted_check;
        replying_to_uncounted_check = false;
        if (ply.gives_check && limit.checks_counted_per_side
            && ++checks[index(ply.mover)] > *limit.checks_counted_per_side) {
            counts = false;
            replying_to_uncounted_check = true;
        }
        if (!counts) {
            ++reached.plies_not_counted;
            continue;
        }
        if (++counted < limit.plies)
            continue;
        if (p == game.ply_count() && game.loser_on_board())
            return std::nullopt;
        reached.ply = p;
        return reached;
    }
    return std::nullopt;
}

} // namespace xq
