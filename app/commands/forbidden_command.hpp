// The `xqarb forbidden` command: the moves the side to move may not play after a game's moves.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "commands/game_source.hpp"

namespace xq::app {

struct ForbiddenOptions {
    InputOptions input;
    std::string ruleset = "axf";
    std::string format; // text or jsonl; empty: from -o's extension, else text
    std::string language = "en";
    std::string notation;
    std::string output;
    std::string tried_move; // --try: one move to answer for; empty: every forbidden move
};

// `xqarb forbidden`: the moves the side to move may not play after a game's moves, because
// they would make or continue a repetition ruled against it.
CLI::App* add_forbidden_command(CLI::App& app, ForbiddenOptions& options);
int run_forbidden(const ForbiddenOptions& options, bool verbose);

} // namespace xq::app
