// The `xqarb replay` command: a game's moves, board, repetition cycles and move facts.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "commands/game_source.hpp"

namespace xq::app {

struct ReplayOptions {
    InputOptions input;
    std::optional<int> board_at_ply;
    bool cycles = false;
    bool classify = false;
    // The ruleset whose classification parameters --classify uses; the depths, when given,
    // override its own.
    std::string ruleset = "axf";
    std::optional<int> kill_depth;
    std::optional<int> check_capture_depth;
    std::string format = "text";
    std::string letters = "latin";
    std::string notation = "iccs";
    std::string language = "en"; // of the reasons given for move facts
};

// `xqarb replay`: the moves of a game, the end on the board, the board at a ply, the
// repetition cycles and, with --classify, the facts of every cycle move.
CLI::App* add_replay_command(CLI::App& app, ReplayOptions& options);
int run_replay(const ReplayOptions& options, bool verbose);

} // namespace xq::app
