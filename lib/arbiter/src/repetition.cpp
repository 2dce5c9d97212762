// Finding recurring positions, repetition episodes and occurrence windows in a replayed game.
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

namespace {

    // The latest ply at which each position stood: one open-addressing table per game, as
    // every game is searched, and a table of nodes cost an allocation per position.
    class LatestPly {
    public:
        explicit LatestPly(int positions)
        {
            std::size_t capacity = 16;
            while (capacity < 2 * static_cast<std::size_t>(positions))
                capacity *= 2;
            slots_.assign(capacity, Slot {});
        }

        // -1 when the position has not stood before.
        int find(Key key) const { return slots_[slot_of(key)].ply; }
        bool contains(Key key) const { return find(key) >= 0; }
        void set(Key key, int ply)
        {
            Slot& slot = slots_[slot_of(key)];
            slot.key = key;
            slot.ply = ply;
        }

    private:
        struct Slot {
            Key key = 0;
            int ply = -1;
        };

        // The key's slot, or the empty slot where it would go (linear probing; the table is
        // at most half full).
        std::size_t slot_of(Key key) const
        {
            const std::size_t mask = slots_.size() - 1;
            std::size_t i = static_cast<std::size_t>(key ^ (key >> 32)) & mask;
            while (slots_[i].ply >= 0 && slots_[i].key != key)
                i = (i + 1) & mask;
            return i;
        }

        std::vector<Slot> slots_;
    };

} // namespace

std::vector<RepetitionEpisode> find_repetition_episodes(const ReplayedGame& game)
{
    std::vector<RepetitionEpisode> episodes;
    const int n = game.ply_count();
    LatestPly last_seen(n + 1);
    for (int p = 0; p <= n; ++p) {
        const Key key = game.key_at(p);
        const int start = last_seen.find(key);
        last_seen.set(key, p);
        if (start < 0)
            continue;
        // The first recurrence: the cycle from the latest earlier occurrence to here. The
        // episode lasts while every following position has stood before (the sides may vary
        // the cycle, as long as they bring back known positions); a new position ends it.
        RepetitionEpisode episode;
        episode.cycle = { start + 1, p };
        int end = p;
        while (end + 1 <= n && last_seen.contains(game.key_at(end + 1))) {
            ++end;
            last_seen.set(game.key_at(end), end);
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

std::vector<RepetitionEpisode> find_occurrence_windows(const ReplayedGame& game, int occurrences)
{
    std::vector<RepetitionEpisode> episodes;
    const int n = game.ply_count();
    std::unordered_map<Key, std::vector<int>> stood;
    for (int p = 0; p <= n; ++p) {
        std::vector<int>& stands = stood[game.key_at(p)];
        stands.push_back(p);
        if (static_cast<int>(stands.size()) < occurrences)
            continue;
        RepetitionEpisode episode;
        episode.stands.assign(stands.end() - occurrences, stands.end());
        episode.cycle = { episode.stands.front() + 1, p };
        episode.occurrences = occurrences;
        int end = p;
        while (end + 1 <= n && stood.contains(game.key_at(end + 1))) {
            ++end;
            stood[game.key_at(end)].push_back(end);
        }
        episode.last_repeating_ply = end;
        episodes.push_back(std::move(episode));
        p = end;
    }
    return episodes;
}

} // namespace xq
