#include "commands/adjudicate_command.hpp"

#include <iostream>

#include "commands/exit_codes.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/report/ruling_report.hpp"

namespace xq::app {

CLI::App* add_adjudicate_command(CLI::App& app, AdjudicateOptions& options)
{
    CLI::App* cmd = app.add_subcommand("adjudicate", "Rule on the repetitions of games");
    cmd->fallthrough();
    add_game_source_options(*cmd, options.input);
    cmd->add_option("--ruleset", options.ruleset, "Ruleset name (in the rulesets folder) or path to a JSON file");
    cmd->add_option("--format", options.format, "Output format")->check(CLI::IsMember({ "text", "json" }));
    return cmd;
}

int run_adjudicate(const AdjudicateOptions& options, bool verbose)
{
    Diagnostics setup;
    const auto rules = find_ruleset(options.ruleset, setup);
    print_diagnostics(setup);
    if (!rules)
        return exit_usage;

    const bool clean = for_each_game(options.input, verbose, [&](const GameRecord& record, const RecordReplay& replay) {
        GameRuling game;
        game.game = static_cast<int>(record.index);
        game.source = record.location;
        game.status = replay.status;
        game.diagnostics = replay.diagnostics.items();
        game.replay = replay.game ? &*replay.game : nullptr;
        game.recorded_result = replay.recorded_result;
        if (replay.status == GameStatus::Ok)
            game.rulings = rule_on_game(*replay.game, *rules);
        if (options.format == "json")
            write_ruling_json(std::cout, game, *rules);
        else
            write_ruling_text(std::cout, game, *rules);
    });
    return clean ? exit_ok : exit_findings;
}

} // namespace xq::app
