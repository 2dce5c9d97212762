#include "xq/arbiter/repetition.hpp"

#include <algorithm>
#include <unordered_map>

namespace xq {

std::vector<RecurringPosition> recurring_positions(const ReplayedGame& game)
{
    std::unordered_map<Key, std::vector<int>> seen;
    std::vector<Key> order; // keys in the order of their first recurrence
    for (int p = 0; p <= game.ply_count(); ++p) {
        auto& at = seen[game.key_at(p)];
        at.push_back(p);
        if (at.size() == 2)
            order.push_back(game.key_at(p));
    }
    std::vector<RecurringPosition> out;
    out.reserve(order.size());
    for (const Key k : order)
        out.push_back({ k, seen[k] });
    return out;
}

std::vector<RepetitionEpisode> find_repetition_episodes(const ReplayedGame& game)
{
    std::vector<RepetitionEpisode> episodes;
    std::unordered_map<Key, int> last_seen;
    const int n = game.ply_count();
    for (int p = 0; p <= n; ++p) {
        const Key key = game.key_at(p);
        const auto earlier = last_seen.find(key);
        const int start = earlier == last_seen.end() ? -1 : earlier->second;
        last_seen[key] = p;
        if (start < 0)
            continue;
        // The first recurrence: the cycle from the latest earlier occurrence to here. The
        // episode lasts while every following position has stood before (the sides may vary
        // the cycle, as long as they bring back known positions); a new position ends it.
        RepetitionEpisode episode;
        episode.cycle = { start + 1, p };
        int end = p;
        while (end + 1 <= n && last_seen.count(game.key_at(end + 1))) {
            ++end;
            last_seen[game.key_at(end)] = end;
        }
        episode.last_repeating_ply = end;
        for (int q = start; q <= end; ++q)
            if (game.key_at(q) == key)
                episode.stands.push_back(q);
        episode.occurrences = static_cast<int>(episode.stands.size());
        episodes.push_back(episode);
        p = end;
    }
    return episodes;
}

} // namespace xq
