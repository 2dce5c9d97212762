// xqarb: the command line. Parses arguments, sets up logging on stderr and maps results to
// exit codes; all the work is done in lib/.

#include <cstdio>
#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "commands/adjudicate_command.hpp"
#include "commands/convert_command.hpp"
#include "commands/exit_codes.hpp"
#include "commands/output_file.hpp"
#include "commands/perft_command.hpp"
#include "commands/replay_command.hpp"
#include "commands/rules_command.hpp"
#include "commands/validate_command.hpp"

int main(int argc, char** argv)
{
    using namespace xq::app;

    CLI::App app { "xqarb: a Xiangqi arbiter. Replays game records, finds repetitions and rules on them." };
    app.set_version_flag("--version", std::string("xqarb ") + XQ_VERSION);
    app.require_subcommand(1);
    int verbosity = 0;
    app.add_flag("-v,--verbose", verbosity, "More messages on stderr (-v info, -vv debug)");

    PerftOptions perft_options;
    CLI::App* perft = add_perft_command(app, perft_options);
    ReplayOptions replay_options;
    CLI::App* replay = add_replay_command(app, replay_options);
    AdjudicateOptions adjudicate_options;
    CLI::App* adjudicate = add_adjudicate_command(app, adjudicate_options);
    RulesOptions rules_options;
    const RulesCommand rules = add_rules_command(app, rules_options);
    ConvertOptions convert_options;
    CLI::App* convert = add_convert_command(app, convert_options);
    ValidateOptions validate_options;
    CLI::App* validate = add_validate_command(app, validate_options);

    auto logger = spdlog::stderr_color_mt("xqarb");
    spdlog::set_default_logger(logger);
    spdlog::set_pattern("%^%l%$: %v");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "xqarb: error: %s (see xqarb --help)\n", e.what());
        return exit_usage;
    }
    spdlog::set_level(verbosity >= 2 ? spdlog::level::debug
            : verbosity == 1         ? spdlog::level::info
                                     : spdlog::level::warn);

    int code = exit_ok;
    try {
        if (perft->parsed())
            code = run_perft(perft_options);
        else if (replay->parsed())
            code = run_replay(replay_options, verbosity > 0);
        else if (adjudicate->parsed())
            code = run_adjudicate(adjudicate_options, verbosity > 0);
        else if (rules.list->parsed() || rules.show->parsed() || rules.check->parsed())
            code = run_rules(rules, rules_options);
        else if (convert->parsed())
            code = run_convert(convert_options, verbosity > 0);
        else if (validate->parsed())
            code = run_validate(validate_options);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "xqarb: internal error: %s\n", e.what());
        return exit_internal;
    }
    // Whatever the command wrote to standard output is only known to be written once flushed.
    if (code != exit_write && !finish_output(std::cout, ""))
        return exit_write;
    return code;
}
