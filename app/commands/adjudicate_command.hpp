// The `xqarb adjudicate` command: its options, and the ruling it writes on each game.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands/game_source.hpp"

namespace xq::app {

struct AdjudicateOptions {
    InputOptions input;
    std::string ruleset = "axf";
    std::string format; // empty: from -o's extension, else text
    std::string language = "en";
    std::string notation; // empty: Chinese for Chinese output, else WXF
    std::string detail = "deciding"; // "all": every repetition in full
    std::string output; // empty or "-": standard output
    bool all = false; // a document for every game, not only those with something to rule on
    int natural_limit = 0; // an event's natural limit in moves of each side; 0: the ruleset's
    std::vector<std::string> instructed; // "red@96": the arbiter told a side to change after a ply
};

// `xqarb adjudicate`: replays games, finds their repetitions and writes a ruling on each game.
CLI::App* add_adjudicate_command(CLI::App& app, AdjudicateOptions& options);
int run_adjudicate(const AdjudicateOptions& options, bool verbose);

} // namespace xq::app
