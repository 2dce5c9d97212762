// Running `xqarb validate`: rows written as they come, the tally, the progress bar.
#include "commands/validate_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>
#include <unistd.h>

#include "commands/exit_codes.hpp"
#include "commands/game_source.hpp"
#include "commands/natural_limit_option.hpp"
#include "commands/output_file.hpp"
#include "commands/progress_bar.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/batch/archive_validation.hpp"
#include "xq/report/validation_report.hpp"

namespace xq::app {

namespace {

    // Writes each row as it comes, keeps the tally, and moves the progress bar.
    class OutputSink final : public ValidationSink {
    public:
        OutputSink(std::ostream& out, ValidationTally& tally, ProgressBar* progress)
            : out_(out)
            , tally_(tally)
            , progress_(progress)
        {
        }

        void row(const ValidatedRow& row) override
        {
            out_.write(row.text.data(), static_cast<std::streamsize>(row.text.size()));
            tally_.add(row.row);
            if (progress_)
                progress_->update(tally_.rows(), row.bytes_read);
        }

        void file_done(const FinishedFile& file) override { tally_.add(file); }

    private:
        std::ostream& out_;
        ValidationTally& tally_;
        ProgressBar* progress_;
    };

} // namespace

CLI::App* add_validate_command(CLI::App& app, ValidateOptions& options)
{
    CLI::App* cmd = app.add_subcommand("validate", "Check every game of record archives and list what is wrong");
    cmd->fallthrough();
    add_game_source_options(*cmd, options.input, MovesOption::NotOffered);
    cmd->add_option("-j,--jobs", options.jobs, "Threads that check games (default: one per processor)")
        ->check(CLI::Range(1u, 256u));
    cmd->add_option("--format", options.format,
           "Output: summary, jsonl (one JSON object per game; json is read as jsonl) or csv; default: from -o's "
           "extension (.txt is the summary), else summary")
        ->check(CLI::IsMember({ "summary", "jsonl", "json", "csv" }));
    add_output_option(*cmd, options.output);
    cmd->add_flag("--csv-bom", options.csv_bom,
        "Start the CSV with a UTF-8 byte-order mark, by which Excel (on Chinese Windows too) knows it is UTF-8");
    cmd->add_option("--lang", options.language, "Language of the summary's totals and of the rulings' explanations")
        ->check(CLI::IsMember(document_languages()));
    cmd->add_option("--ruleset", options.ruleset,
        "Ruleset name (in the rulesets folder) or path to a JSON file: one (only adjudicate takes a list)");
    add_natural_limit_option(*cmd, options.natural_limit);
    cmd->add_option("--progress", options.progress, "Progress on stderr: auto (when it is a terminal), always, never")
        ->check(CLI::IsMember({ "auto", "always", "never" }));
    return cmd;
}

int run_validate(const ValidateOptions& options)
{
    if (options.input.files.empty() && options.input.files_from.empty() && options.input.files_from0.empty()) {
        print_error(command_line_problem(
            "usage.no-inputs", "validate needs record files or folders, as arguments or with --files-from"));
        return exit_usage;
    }
    Diagnostics setup;
    auto rules = find_one_ruleset(options.ruleset, "validate", setup);
    const auto messages = find_message_catalogue(options.language, setup);
    if (messages)
        set_diagnostic_language(&*messages);
    print_diagnostics(setup);
    if (!rules || !messages || !lower_natural_limit(*rules, options.natural_limit, *messages))
        return exit_usage;
    auto format_name = choose_format(options.format, options.output, { "text", "jsonl", "csv" }, "summary");
    if (!format_name)
        return exit_usage;
    const ValidationFormat format = *parse_validation_format(*format_name == "text" ? "summary" : *format_name);
    if (options.csv_bom && format != ValidationFormat::Csv) {
        print_error(command_line_problem(
            "usage.csv-bom", "--csv-bom goes with the csv format only (--format csv, or -o FILE.csv)"));
        return exit_usage;
    }
    const std::optional<InputFiles> input = list_input_files(options.input);
    if (!input)
        return exit_usage;

    CommandOutput output;
    if (!output.open(options.output, input->paths()))
        return exit_usage;
    std::ostream& out = output.stream();

    std::uint64_t total_bytes = 0;
    for (const RecordFile& f : input->files)
        total_bytes += f.bytes;
    const bool stderr_is_terminal = isatty(fileno(stderr)) != 0;
    std::unique_ptr<ProgressBar> progress;
    if (options.progress == "always" || (options.progress == "auto" && stderr_is_terminal && !diagnostic_style().quiet))
        progress = std::make_unique<ProgressBar>(stderr, stderr_is_terminal, total_bytes);

    ArchiveValidationOptions validation;
    validation.jobs = options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    // A row is checked on the main line: the variations' moves are checked as they are read,
    // not kept.
    RecordReaderOptions reading;
    reading.keep_variation_moves = false;
    GameSource source = make_game_source(options.input, *input, reading);
    if (options.csv_bom)
        out << "\xEF\xBB\xBF";
    if (format == ValidationFormat::Csv)
        out << validation_csv_header();
    ValidationTally tally;
    OutputSink sink(out, tally, progress.get());
    const auto started = std::chrono::steady_clock::now();
    validate_archive(
        source, *rules, validation,
        [&](const CheckedGame& game) { return render_validation_row(game, format, *rules, *messages); }, sink);
    const auto elapsed = std::chrono::steady_clock::now() - started;
    if (progress)
        progress->finish(tally.rows(), total_bytes);
    if (format == ValidationFormat::Summary)
        write_validation_summary_end(out, tally, elapsed, validation.jobs, *messages);
    // A shard's JSON Lines end with how many rows it wrote: a merge can tell a shard's output
    // cut short, even when the shard itself exited as if all was well.
    if (const std::optional<Shard> shard = parse_shard(options.input.shard); shard && format == ValidationFormat::Jsonl)
        out << "{\"shard\":\"" << shard->index + 1 << '/' << shard->count << "\",\"rows\":" << tally.rows() << "}\n";

    if (!output.finish())
        return exit_write;
    const Diagnostics selection_problems = source.selection_problems();
    print_diagnostics(selection_problems);
    return tally.clean() && input->listed_cleanly && selection_problems.empty() ? exit_ok : exit_findings;
}

} // namespace xq::app
