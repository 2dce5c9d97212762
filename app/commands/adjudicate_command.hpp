#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "commands/game_source.hpp"

namespace xq::app {

struct AdjudicateOptions {
    GameSourceOptions input;
    std::string ruleset = "axf";
    std::string format = "text";
};

// `xqarb adjudicate`: replays games, finds their repetitions and rules on each.
CLI::App* add_adjudicate_command(CLI::App& app, AdjudicateOptions& options);
int run_adjudicate(const AdjudicateOptions& options, bool verbose);

} // namespace xq::app
