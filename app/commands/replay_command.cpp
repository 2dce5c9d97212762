// Running `xqarb replay`: each game's moves, end, board and cycles, as text or JSON lines.
#include "commands/replay_command.hpp"

#include <iostream>

#include "commands/exit_codes.hpp"
#include "commands/notation_option.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/base/utf8.hpp"
#include "xq/report/replay_report.hpp"

namespace xq::app {

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& options)
{
    CLI::App* replay
        = app.add_subcommand("replay", "Replay games: plies, end on the board, repetition cycles, move facts");
    replay->fallthrough();
    add_game_source_options(*replay, options.input);
    replay->add_option("--ply", options.board_at_ply, "Show the board after this many plies")
        ->check(CLI::NonNegativeNumber);
    replay->add_flag("--cycles", options.cycles, "List the repetition cycles");
    replay->add_flag("--classify", options.classify, "Classify every move of each cycle (implies --cycles)");
    replay->add_option("--ruleset", options.ruleset,
        "Ruleset whose classification parameters --classify uses (name in the rulesets folder, or a JSON file)");
    replay
        ->add_option("--kill-depth", options.kill_depth,
            "Moves of a mating line looked for as a mate threat (default: the ruleset's)")
        ->check(CLI::Range(0, 7));
    replay
        ->add_option("--check-capture-depth", options.check_capture_depth,
            "Moves of a check-then-capture line (checks, then the capture) looked for as a threat (default: the "
            "ruleset's)")
        ->check(CLI::Range(0, 5));
    replay
        ->add_option("--format", options.format,
            "Output format: text, or jsonl (one JSON object per game; json is read as jsonl)")
        ->check(CLI::IsMember({ "text", "jsonl", "json" }));
    add_notation_option(*replay, options.notation, "iccs");
    replay->add_option("--letters", options.letters, "Piece letters on the board")
        ->check(CLI::IsMember({ "latin", "chinese" }));
    replay->add_option("--lang", options.language, "Language of the reasons given for move facts")
        ->check(CLI::IsMember(document_languages()));
    return replay;
}

int run_replay(const ReplayOptions& options, bool verbose)
{
    Diagnostics setup;
    const auto messages = find_message_catalogue(options.language, setup);
    const auto rules
        = options.classify ? find_one_ruleset(options.ruleset, "replay", setup) : std::optional<RuleSet> {};
    print_diagnostics(setup);
    if (!messages || (options.classify && !rules))
        return exit_usage;
    set_diagnostic_language(&*messages);

    const std::optional<InputFiles> input = list_input_files(options.input);
    if (!input)
        return exit_usage;
    int games = 0;
    bool ply_out_of_range = false;
    const bool clean = for_each_game(
        options.input, *input, verbose, [&](const GameRecord& record, const RecordReplay& replay) {
            if (!replay.game)
                return;
            const ReplayedGame& game = *replay.game;
            ReplayReport report;
            report.game = &game;
            report.recorded_result = replay.recorded_result;
            report.show_cycles = options.cycles || options.classify;
            report.letters = options.letters == "chinese" ? PieceLetters::Chinese : PieceLetters::Latin;
            report.notation = document_notation(options.notation, options.language);
            if (options.board_at_ply) {
                if (*options.board_at_ply <= game.ply_count())
                    report.board_at_ply = options.board_at_ply;
                else
                    ply_out_of_range = true;
            }
            report.episodes = find_repetition_episodes(game);
            if (options.classify) {
                ClassifierOptions classifier = rules->classification;
                classifier.kill.depth = options.kill_depth.value_or(classifier.kill.depth);
                classifier.check_capture.depth = options.check_capture_depth.value_or(classifier.check_capture.depth);
                for (const RepetitionEpisode& e : report.episodes)
                    report.cycle_facts.push_back(classify_cycle(game, e.cycle, classifier));
            }
            if (options.format == "json" || options.format == "jsonl") {
                write_replay_json(std::cout, report, *messages);
            } else {
                if (games++ > 0 || !options.input.files.empty())
                    std::cout << (games > 1 ? "\n" : "") << utf8::escape_bidi_controls(describe_game(record)) << " ("
                              << record.location.source
                              << (record.location.line > 0 ? ":" + std::to_string(record.location.line) : std::string())
                              << ")\n";
                write_replay_text(std::cout, report, *messages);
            }
        });
    if (ply_out_of_range) {
        const std::string ply = std::to_string(*options.board_at_ply);
        print_error(command_line_problem(
            "replay.ply-past-end", "--ply " + ply + " is past the last ply of a game", { { "ply", ply } }));
        return exit_findings;
    }
    return clean ? exit_ok : exit_findings;
}

} // namespace xq::app
