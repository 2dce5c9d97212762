// Running `xqarb forbidden`: the moves forbidden at a game's end, or one move tried.
#include "commands/forbidden_command.hpp"

#include <iostream>
#include <variant>

#include "commands/exit_codes.hpp"
#include "commands/notation_option.hpp"
#include "commands/output_file.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/arbiter/forbidden_moves.hpp"
#include "xq/report/forbidden_report.hpp"

namespace xq::app {

CLI::App* add_forbidden_command(CLI::App& app, ForbiddenOptions& options)
{
    CLI::App* cmd = app.add_subcommand("forbidden",
        "List the moves the side to move may not play after the given moves: those that would make or continue a "
        "repetition ruled against it, with the ruling and the rule");
    cmd->fallthrough();
    add_game_source_options(*cmd, options.input);
    cmd->add_option("--ruleset", options.ruleset,
        "Ruleset name (in the rulesets folder) or path to a JSON file: one (only adjudicate takes a list)");
    cmd->add_option("--format", options.format,
           "Output format: text, or jsonl (one JSON object per position; json is read as jsonl); default: from -o's "
           "extension, else text")
        ->check(CLI::IsMember({ "text", "jsonl", "json" }));
    cmd->add_option("--lang", options.language, "Language of the answer")->check(CLI::IsMember(document_languages()));
    add_notation_option(*cmd, options.notation);
    add_output_option(*cmd, options.output);
    cmd->add_option("--try", options.tried_move,
        "One move, in any notation: whether the side to move may play it (allowed, or forbidden with the ruling and "
        "the rule) and, if allowed, what the other side may then not play");
    return cmd;
}

int run_forbidden(const ForbiddenOptions& options, bool verbose)
{
    Diagnostics setup;
    const auto rules = find_one_ruleset(options.ruleset, "forbidden", setup);
    const auto messages = find_message_catalogue(options.language, setup);
    print_diagnostics(setup);
    if (!rules || !messages)
        return exit_usage;
    set_diagnostic_language(&*messages);
    const auto format = choose_format(options.format, options.output, { "text", "jsonl" }, "text");
    if (!format)
        return exit_usage;
    const std::optional<InputFiles> input = list_input_files(options.input);
    if (!input)
        return exit_usage;
    CommandOutput output;
    if (!output.open(options.output, input->paths()))
        return exit_usage;
    std::ostream& out = output.stream();

    const DocumentNotation notation = document_notation(options.notation, options.language);
    bool first = true;
    bool tried_move_failed = false;
    const bool clean
        = for_each_game(options.input, *input, verbose, [&](const GameRecord& record, const RecordReplay& replay) {
              // A game that could not be replayed to its end has no position to ask about; its
              // diagnostic is already on stderr.
              if (replay.status != GameStatus::Ok)
                  return;
              if (!options.tried_move.empty()) {
                  const auto parsed = parse_move(replay.game->current(), options.tried_move,
                      MoveTextOptions { replay.notation, replay.iccs_ranks });
                  if (const MoveError* error = std::get_if<MoveError>(&parsed)) {
                      Diagnostics problem;
                      problem.error(std::string(diagnostic_code(error->kind)),
                          describe_game(record) + ", --try: " + error->message, record.location);
                      print_diagnostics(problem);
                      tried_move_failed = true;
                      return;
                  }
                  const TriedMove tried = try_move(*replay.game, std::get<Move>(parsed), *rules);
                  if (*format == "jsonl")
                      write_tried_move_json(out, *replay.game, tried, *rules, *messages, notation);
                  else
                      write_tried_move_text(out, *replay.game, tried, *rules, *messages, notation);
                  return;
              }
              const ForbiddenMoves forbidden = forbidden_moves(*replay.game, *rules);
              if (*format == "jsonl") {
                  write_forbidden_json(out, *replay.game, forbidden, *rules, *messages, notation);
                  return;
              }
              if (!first)
                  out << '\n';
              first = false;
              if (!options.input.files.empty())
                  out << describe_game(record) << " (" << record.location.source << ")\n";
              write_forbidden_text(out, *replay.game, forbidden, *rules, *messages, notation);
          });
    if (!output.finish())
        return exit_write;
    return clean && !tried_move_failed ? exit_ok : exit_findings;
}

} // namespace xq::app
