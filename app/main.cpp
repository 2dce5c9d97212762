// xqarb's command line: parses arguments, sets up logging and maps results to exit codes.
// The logging goes to stderr; all the work is done in lib/.

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <string_view>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "build_info.hpp"
#include "commands/adjudicate_command.hpp"
#include "commands/command_line_problems.hpp"
#include "commands/convert_command.hpp"
#include "commands/exit_codes.hpp"
#include "commands/forbidden_command.hpp"
#include "commands/output_file.hpp"
#include "commands/perft_command.hpp"
#include "commands/replay_command.hpp"
#include "commands/rules_command.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "commands/validate_command.hpp"
#include "commands/watch_command.hpp"

namespace {

using namespace xq::app;

// What --version prints: the version, the commit, and the edition of each ruleset shipped.
std::string version_text()
{
    std::string text = std::string("xqarb ") + build_version + "\ncommit " + build_commit + "\n";
    const std::vector<xq::RuleSet> rulesets = shipped_rulesets();
    if (rulesets.empty())
        text += "rulesets: none found (see $XQARB_RULESETS)";
    for (const xq::RuleSet& rules : rulesets)
        text += "ruleset " + rules.id + ": " + rules.edition + "\n";
    if (text.ends_with('\n'))
        text.pop_back();
    return text;
}

// Each record file takes a few hundred kilobytes of buffers and gives them back when it is
// read. The C library returned that memory to the system each time and the next file faulted
// it in afresh, which cost a tenth of the CPU time of checking many small files: memory freed
// is kept for the next file instead (the peak stays what one file needs). Setting a trim
// threshold also fixes the size from which memory is mapped apart, which is set to the most
// the library would have raised it to by itself.
void keep_freed_memory()
{
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
#endif
}

// Levenshtein distance, to suggest a command for a mistyped one.
std::size_t edit_distance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({ row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1) });
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The first word of the command line that is not a global option: where the command goes.
// Empty when there is none.
std::string command_word(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view word = argv[i];
        if (word == "--color") {
            ++i; // its value
            continue;
        }
        if (!word.starts_with('-'))
            return std::string(word);
    }
    return {};
}

// "unknown command 'adjudicat'; did you mean 'adjudicate'?", or without the suggestion when
// no command is close.
xq::Diagnostic unknown_command(const std::string& word, const CLI::App& app)
{
    std::string nearest;
    std::size_t best = std::max<std::size_t>(2, word.size() / 3) + 1; // this far or farther is no typo
    for (const CLI::App* command : app.get_subcommands({})) {
        const std::size_t distance = edit_distance(word, command->get_name());
        if (distance < best) {
            best = distance;
            nearest = command->get_name();
        }
    }
    std::string message = "unknown command '" + word + "'";
    if (nearest.empty())
        return command_line_problem("usage.unknown-command", message + " (see xqarb --help)", { { "command", word } });
    return command_line_problem("usage.unknown-command",
        message + "; did you mean '" + nearest + "'? (see xqarb --help)",
        { { "form", "suggest" }, { "command", word }, { "suggestion", nearest } });
}

// The catalogue of the language the arguments ask for, to word a problem of the command line
// found before the command has loaded it; nothing for English, whose words each problem has.
std::optional<xq::MessageCatalogue> asked_language(int argc, char** argv)
{
    const std::string language = language_in_arguments(argc, argv);
    if (language.empty() || language == "en")
        return std::nullopt;
    xq::Diagnostics ignored; // the command reports a catalogue that cannot be loaded
    return find_message_catalogue(language, ignored);
}

// The exit code of --help or --version, which CLI11 has printed on standard output: a full
// disk or a closed pipe's error makes it 4, as for every other output.
int help_printed(int code) { return finish_output(std::cout, "") ? code : exit_write; }

} // namespace

int main(int argc, char** argv)
{
    keep_freed_memory();
    CLI::App app { "xqarb: a Xiangqi arbiter. Replays game records, finds repetitions and rules on them.", "xqarb" };
    app.set_version_flag("--version", version_text, "Print the version, the commit and the rulesets, and exit");
    app.require_subcommand(1);
    int verbosity = 0;
    app.add_flag("-v,--verbose", verbosity, "More messages on stderr (-v info, -vv debug)");
    bool quiet = false;
    app.add_flag("-q,--quiet", quiet, "Only errors on stderr: no warnings, notes or progress")->excludes("--verbose");
    std::string color = "auto";
    app.add_option("--color", color,
           "Colour the diagnostics on stderr: auto (on a terminal, unless NO_COLOR is set), always, never")
        ->check(CLI::IsMember({ "auto", "always", "never" }));

    PerftOptions perft_options;
    CLI::App* perft = add_perft_command(app, perft_options);
    ReplayOptions replay_options;
    CLI::App* replay = add_replay_command(app, replay_options);
    AdjudicateOptions adjudicate_options;
    CLI::App* adjudicate = add_adjudicate_command(app, adjudicate_options);
    ForbiddenOptions forbidden_options;
    CLI::App* forbidden = add_forbidden_command(app, forbidden_options);
    WatchOptions watch_options;
    CLI::App* watch = add_watch_command(app, watch_options);
    RulesOptions rules_options;
    const RulesCommand rules = add_rules_command(app, rules_options);
    ConvertOptions convert_options;
    CLI::App* convert = add_convert_command(app, convert_options);
    ValidateOptions validate_options;
    CLI::App* validate = add_validate_command(app, validate_options);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return help_printed(app.exit(e));
    } catch (const CLI::CallForAllHelp& e) {
        return help_printed(app.exit(e));
    } catch (const CLI::CallForVersion& e) {
        return help_printed(app.exit(e));
    } catch (const CLI::ParseError& e) {
        const auto messages = asked_language(argc, argv);
        if (messages)
            set_diagnostic_language(&*messages);
        const std::string word = command_word(argc, argv);
        const auto commands = app.get_subcommands({});
        const bool is_command = std::any_of(
            commands.begin(), commands.end(), [&](const CLI::App* command) { return command->get_name() == word; });
        if (!word.empty() && !is_command)
            print_error(unknown_command(word, app));
        else
            print_error(parse_problem(e, app));
        return exit_usage;
    }
    // The command loads the catalogue of its --lang in its turn; until then, problems of its
    // options are worded in that language too.
    const auto messages = asked_language(argc, argv);
    if (messages)
        set_diagnostic_language(&*messages);
    set_diagnostic_style({ wants_color(color), quiet });
    auto logger = spdlog::stderr_color_mt(
        "xqarb", diagnostic_style().color ? spdlog::color_mode::always : spdlog::color_mode::never);
    spdlog::set_default_logger(logger);
    spdlog::set_pattern("%^%l%$: %v");
    spdlog::set_level(verbosity >= 2 ? spdlog::level::debug
            : verbosity == 1         ? spdlog::level::info
            : quiet                  ? spdlog::level::err
                                     : spdlog::level::warn);

    int code = exit_ok;
    try {
        if (perft->parsed())
            code = run_perft(perft_options);
        else if (replay->parsed())
            code = run_replay(replay_options, verbosity > 0);
        else if (adjudicate->parsed())
            code = run_adjudicate(adjudicate_options, verbosity > 0);
        else if (forbidden->parsed())
            code = run_forbidden(forbidden_options, verbosity > 0);
        else if (watch->parsed())
            code = run_watch(watch_options, verbosity > 0);
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
