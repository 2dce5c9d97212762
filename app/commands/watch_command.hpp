// The `xqarb watch` command: a game followed as it is played, the arbiter told when to act.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "commands/game_source.hpp"

namespace xq::app {

struct WatchOptions {
    std::string input = "-"; // a record file to follow, or "-": moves typed on standard input
    std::string fen; // start position for standard input; empty: the opening position
    std::string ruleset = "axf";
    std::string language = "en";
    std::string notation; // empty: Chinese for Chinese output, else WXF
    std::string format = "text"; // of the lines after each move: text or jsonl
    std::string output; // the written ruling: empty or "-": standard output
    std::string log; // every input line appended here as it arrives
    double poll_seconds = 0.2; // how often a followed file is looked at without inotify
    bool no_inotify = false;
    InputOptions selection; // --game and --where: which game of a followed file (the first selected)
};

// `xqarb watch`: follows a game as it is played, a line after each move and a marked line
// when the arbiter must act; the written ruling when the game ends.
CLI::App* add_watch_command(CLI::App& app, WatchOptions& options);
int run_watch(const WatchOptions& options, bool verbose);

} // namespace xq::app
