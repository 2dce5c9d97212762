#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "xq/arbiter/record_replay.hpp"

namespace xq::app {

// Where the games of a command come from: record files, or --fen/--moves.
struct GameSourceOptions {
    std::vector<std::string> files;
    std::optional<int> game; // only this game of each file (1-based)
    std::string fen;
    std::string moves;
    std::string encoding; // empty: detect
};

void add_game_source_options(CLI::App& command, GameSourceOptions& options);

// Reads, replays and hands over every selected game in input order. Diagnostics of files and
// games are printed on stderr as they come (notes only when `verbose`). Returns whether
// every input was read without an error.
bool for_each_game(const GameSourceOptions& options, bool verbose,
    const std::function<void(const GameRecord& record, const RecordReplay& replay)>& visit);

} // namespace xq::app
