#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "xq/arbiter/record_replay.hpp"

namespace xq::app {

// Game numbers of a file, from --game: "3", "3-7", "3-7,12". Sorted, merged, all from 1.
struct GameRange {
    std::size_t first = 1;
    std::size_t last = 1;
};
using GameSelection = std::vector<GameRange>;
// The selection, or the problem in one short line.
std::optional<GameSelection> parse_game_selection(const std::string& text, std::string& problem);

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

// Where the games of a command come from: record files ("-" for standard input), or
// --fen/--moves, and which of their games.
struct GameSourceOptions {
    std::vector<std::string> files;
    std::string games; // --game: empty for every game
    std::vector<std::string> where; // --where
    std::string fen;
    std::string moves;
    std::vector<std::string> tags; // --tag Key=Value, for --moves
    std::string encoding; // empty: detect
};

void add_game_source_options(CLI::App& command, GameSourceOptions& options);

// Adds `--encoding`, for commands that take it without the rest of the game source (validate).
void add_encoding_option(CLI::App& command, std::string& encoding);

// Adds `--where`, for commands that take it without the rest of the game source (validate).
void add_where_option(CLI::App& command, std::vector<std::string>& where);
std::vector<TagCondition> tag_conditions(const std::vector<std::string>& where);

// Reads, replays and hands over every selected game in input order. Diagnostics of files and
// games are printed on stderr as they come (notes only when `verbose`). Returns whether
// every input was read without an error. The record's location names its file, but the
// locations of its moves leave the file out, as validate's reader does: a visitor that
// reports on a move puts record.location.source in (Diagnostics::name_source).
bool for_each_game(const GameSourceOptions& options, bool verbose,
    const std::function<void(const GameRecord& record, const RecordReplay& replay)>& visit);

// The text of standard input, read whole once and kept: the readers look at the start of a file
// before reading it, which a pipe does not allow.
const std::string& standard_input_text();

} // namespace xq::app
