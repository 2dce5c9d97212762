// Running `xqarb convert`: each game replayed and written as PGN in the notation asked for.
#include "commands/convert_command.hpp"

#include <iostream>
#include <string>
#include <vector>

#include "commands/exit_codes.hpp"
#include "commands/output_file.hpp"
#include "commands/terminal.hpp"
#include "xq/records/pgn_writer.hpp"

namespace xq::app {

namespace {

    PgnNotation notation_of(const std::string& to)
    {
        if (to == "pgn-iccs")
            return PgnNotation::Iccs;
        if (to == "pgn-chinese")
            return PgnNotation::Chinese;
        return PgnNotation::Wxf;
    }

} // namespace

CLI::App* add_convert_command(CLI::App& app, ConvertOptions& options)
{
    CLI::App* cmd = app.add_subcommand("convert", "Write games as PGN in ICCS, WXF or Chinese notation");
    cmd->fallthrough();
    add_game_source_options(*cmd, options.input);
    auto* to = cmd->add_option("--to", options.to, "Output format: pgn-iccs, pgn-wxf or pgn-chinese")
                   ->check(CLI::IsMember({ "pgn-iccs", "pgn-wxf", "pgn-chinese" }));
    auto* notation = cmd->add_option("--notation", options.notation,
                            "Notation of the moves: iccs, wxf or chinese (the same as --to pgn-NOTATION)")
                         ->check(CLI::IsMember({ "iccs", "wxf", "chinese" }));
    to->excludes(notation);
    cmd->add_flag("--traditional", options.traditional, "Traditional characters (with --to pgn-chinese)");
    add_output_option(*cmd, options.output);
    cmd->callback([&options] {
        if (options.to.empty() && options.notation.empty())
            throw CLI::RequiredError("--to or --notation");
        if (options.to.empty())
            options.to = "pgn-" + options.notation;
        if (options.traditional && options.to != "pgn-chinese")
            throw CLI::ValidationError("--traditional", "only goes with --to pgn-chinese");
    });
    return cmd;
}

int run_convert(const ConvertOptions& options, bool verbose)
{
    const std::optional<InputFiles> input = list_input_files(options.input);
    if (!input)
        return exit_usage;
    CommandOutput output;
    if (!output.open(options.output, input->paths()))
        return exit_usage;
    std::ostream& out = output.stream();

    PgnWriterOptions writer;
    writer.notation = notation_of(options.to);
    writer.chinese_script = options.traditional ? ChineseScript::Traditional : ChineseScript::Simplified;

    bool first_game = true;
    const bool clean
        = for_each_game(options.input, *input, verbose, [&](const GameRecord& record, const RecordReplay& replay) {
              std::vector<Move> moves;
              const PlayedMainLine main_line = played_main_line(replay, moves);
              if (!first_game)
                  out << '\n';
              first_game = false;
              Diagnostics problems;
              write_pgn(out, record, main_line, writer, problems);
              problems.name_source(record.location.source);
              print_diagnostics(problems);
          });

    if (!output.finish())
        return exit_write;
    return clean ? exit_ok : exit_findings;
}

} // namespace xq::app
