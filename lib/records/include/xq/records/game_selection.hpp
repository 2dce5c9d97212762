// Which games of the inputs a command takes: --game, --where and --shard, as values.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "xq/base/diagnostic.hpp"
#include "xq/records/game_record.hpp"

namespace xq {

// Game numbers of a file, from --game: "3", "3-7", "3-7,12". Sorted, merged, all from 1.
struct GameRange {
    std::size_t first = 1;
    std::size_t last = 1;
};
using GameNumbers = std::vector<GameRange>; // empty: every game

// The numbers, or the problem in one short line.
std::optional<GameNumbers> parse_game_numbers(const std::string& text, std::string& problem);
bool selected(const GameNumbers& numbers, std::size_t index);

// A --where condition on a tag: `Tag=value` (the whole value) or `Tag~text` (a part of it).
// Tag names are compared without regard to ASCII case, values folded (folded_for_search:
// traditional Chinese as simplified, full-width forms as half-width), so that Red~许银川 finds
// 許銀川; a Result is compared in its standard spelling, so Result=1-0 also finds 红胜.
struct TagCondition {
    std::string tag;
    std::string value; // as given
    std::string folded; // as compared
    bool substring = false;
};
std::optional<TagCondition> parse_tag_condition(const std::string& text);
bool matches(const GameRecord& record, const std::vector<TagCondition>& conditions);
// The error of conditions that selected none of the games they were asked of.
Diagnostics where_selected_none(const std::vector<TagCondition>& conditions, std::size_t games_looked_at);

// One of `count` disjoint slices of the selected games, for running a large archive as several
// processes (on one machine or several) whose outputs are merged back. Games are dealt out in
// turn: the i-th selected game of the whole input (counting from 0, file after file) belongs
// to slice i mod count. A file's end (with the file's own diagnostics) belongs to the slice of
// the game read just before it, or to slice 0 when no game came before, so that each slice's
// rows merge back in input order.
struct Shard {
    unsigned index = 0; // 0-based
    unsigned count = 1;
};
// "K/N" with 1 <= K <= N.
std::optional<Shard> parse_shard(const std::string& text);

// All three, applied in this order: a file's game numbers, then the tags, then the slice.
struct GameSelection {
    GameNumbers numbers;
    std::vector<TagCondition> where;
    Shard shard;
};

} // namespace xq
