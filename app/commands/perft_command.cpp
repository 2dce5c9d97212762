// Running `xqarb perft`: leaf counts from a FEN, divided by first move when asked.
#include "commands/perft_command.hpp"

#include <chrono>
#include <cstdio>

#include <spdlog/spdlog.h>

#include "commands/exit_codes.hpp"
#include "commands/notation_option.hpp"
#include "commands/terminal.hpp"
#include "xq/board/fen.hpp"
#include "xq/board/movegen.hpp"
#include "xq/notation/chinese.hpp"
#include "xq/notation/wxf.hpp"

namespace xq::app {

int run_perft(const PerftOptions& options)
{
    Diagnostics diagnostics;
    const std::string fen = options.fen.empty() ? std::string(start_fen) : options.fen;
    auto pos = parse_fen(fen, diagnostics, SourceLocation { "--fen", 1, 0 });
    print_diagnostics(diagnostics);
    if (!pos)
        return exit_findings;

    const auto started = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    if (options.divide && options.depth > 0) {
        UndoInfo undo;
        for (const Move m : legal_moves(*pos)) {
            const std::string move = options.notation == "wxf" ? to_wxf(*pos, m)
                : options.notation == "chinese"                ? to_chinese(*pos, m)
                                                               : to_iccs(m);
            pos->do_move(m, undo);
            const std::uint64_t n = perft(*pos, options.depth - 1);
            pos->undo_move(m, undo);
            std::printf("%s %llu\n", move.c_str(), static_cast<unsigned long long>(n));
            total += n;
        }
    } else {
        total = perft(*pos, options.depth);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    spdlog::info("perft {} of {}: {} nodes in {:.3f} s ({:.0f} nodes/s)", options.depth, fen, total, seconds,
        seconds > 0 ? static_cast<double>(total) / seconds : 0.0);
    std::printf("%llu\n", static_cast<unsigned long long>(total));
    return exit_ok;
}

CLI::App* add_perft_command(CLI::App& app, PerftOptions& options)
{
    CLI::App* perft = app.add_subcommand("perft", "Count leaf positions of the legal-move tree");
    perft->fallthrough();
    perft->add_option("--fen", options.fen, "Start from this position (default: the opening position)");
    perft->add_option("--depth", options.depth, "Plies to search")->check(CLI::Range(0, 12));
    perft->add_flag("--divide", options.divide, "Also print the count under each legal first move");
    add_notation_option(*perft, options.notation, "iccs");
    return perft;
}

} // namespace xq::app
