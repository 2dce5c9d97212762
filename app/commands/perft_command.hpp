// The `xqarb perft` command: leaf counts of the move tree, to check the move generator.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace xq::app {

struct PerftOptions {
    std::string fen;
    int depth = 3;
    bool divide = false;
    std::string notation = "iccs"; // of the moves --divide prints
};

// `xqarb perft`: counts the leaf positions of the legal-move tree, to check the move
// generator against published figures.
CLI::App* add_perft_command(CLI::App& app, PerftOptions& options);
int run_perft(const PerftOptions& options);

} // namespace xq::app
