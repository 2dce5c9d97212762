// The `xqarb convert` command: the games of record files as PGN in one notation.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "commands/game_source.hpp"

namespace xq::app {

struct ConvertOptions {
    InputOptions input;
    std::string to; // pgn-iccs, pgn-wxf or pgn-chinese
    std::string notation; // iccs, wxf or chinese: the same as --to pgn-<notation>
    bool traditional = false; // traditional characters, with pgn-chinese
    std::string output; // empty or "-": standard output
};

// `xqarb convert`: the games of record files as PGN in one notation.
CLI::App* add_convert_command(CLI::App& app, ConvertOptions& options);
int run_convert(const ConvertOptions& options, bool verbose);

} // namespace xq::app
