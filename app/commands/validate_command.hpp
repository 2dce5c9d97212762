// The `xqarb validate` command: every game of whole archives checked, a row each and a summary.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands/game_source.hpp"

namespace xq::app {

struct ValidateOptions {
    InputOptions input; // without --moves
    unsigned jobs = 0; // 0: one per processor
    std::string format; // summary, jsonl or csv; empty: from -o's extension, else summary
    std::string language = "en"; // of the summary's end and the rulings' explanations
    std::string output;
    bool csv_bom = false; // a UTF-8 byte-order mark before the CSV, for Excel
    std::string ruleset = "axf";
    int natural_limit = 0; // an event's natural limit in moves of each side; 0: the ruleset's
    std::string progress = "auto";
};

// `xqarb validate`: checks every game of whole archives (reading, legality, the result against
// the board and against the repetition rulings) and writes a row per game and a summary.
CLI::App* add_validate_command(CLI::App& app, ValidateOptions& options);
int run_validate(const ValidateOptions& options);

} // namespace xq::app
