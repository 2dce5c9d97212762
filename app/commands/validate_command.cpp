#include "commands/validate_command.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>
#include <unistd.h>

#include "commands/exit_codes.hpp"
#include "commands/game_source.hpp"
#include "commands/output_file.hpp"
#include "commands/progress_bar.hpp"
#include "commands/natural_limit_option.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/batch/record_files.hpp"
#include "xq/notation/record_reader.hpp"
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

        void file_done(const ValidatedFile& file) override { tally_.add(file); }

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
    cmd->add_option("paths", options.paths, "Record files, or folders of them; - reads standard input");
    CLI::Option* files_from = cmd->add_option("--files-from", options.files_from,
        "Also check the paths listed in this file, one per line (- reads them from standard input)");
    cmd->add_option("--files-from0", options.files_from0,
           "As --files-from, each path ended by a NUL character, as find -print0 writes them")
        ->excludes(files_from);
    cmd->add_option("--shard", options.shard,
        "K/N: check only the K-th of N disjoint slices of the games (the i-th game goes to slice i mod N + 1), "
        "for scripts/validate-cluster.sh");
    cmd->add_flag("-r,--recursive", options.recursive, "Also read the folders inside the folders given");
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
    add_encoding_option(*cmd, options.encoding);
    add_where_option(*cmd, options.where);
    cmd->add_option("--ruleset", options.ruleset,
        "Ruleset name (in the rulesets folder) or path to a JSON file: one (only adjudicate takes a list)");
    add_natural_limit_option(*cmd, options.natural_limit);
    cmd->add_option("--progress", options.progress, "Progress on stderr: auto (when it is a terminal), always, never")
        ->check(CLI::IsMember({ "auto", "always", "never" }));
    return cmd;
}

namespace {

    // "K/N" with 1 <= K <= N.
    std::optional<Shard> parse_shard(const std::string& text)
    {
        unsigned k = 0;
        unsigned n = 0;
        const char* const end = text.data() + text.size();
        const auto [slash, k_error] = std::from_chars(text.data(), end, k);
        if (k_error != std::errc() || slash == end || *slash != '/')
            return std::nullopt;
        const auto [rest, n_error] = std::from_chars(slash + 1, end, n);
        if (n_error != std::errc() || rest != end || k < 1 || k > n)
            return std::nullopt;
        return Shard { k - 1, n };
    }

    // The paths of a --files-from list: one per line, as written (a path may hold spaces);
    // empty lines are skipped, and a line's carriage return too, for lists written on Windows.
    // With `nul_separated` (--files-from0), each path ends with a NUL instead, and is taken
    // whole. A NUL in a list of lines is refused: it is a find -print0 list, of which only the
    // first path would be opened (a path ends at its NUL), the others never read.
    bool read_path_list(const std::string& list, bool nul_separated, std::vector<std::string>& paths)
    {
        std::ifstream file;
        if (list != "-") {
            file.open(list, std::ios::binary);
            if (!file) {
                const int error = errno;
                print_error(command_line_problem("usage.files-from.unreadable",
                    "cannot read the list of paths " + display_name(list) + ": " + std::strerror(error),
                    { { "list", display_name(list) }, errno_field(error) }));
                return false;
            }
        }
        std::istream& in = list == "-" ? std::cin : file;
        for (std::string line; std::getline(in, line, nul_separated ? '\0' : '\n');) {
            if (!nul_separated && line.find('\0') != std::string::npos) {
                print_error(command_line_problem("usage.files-from.nul",
                    "the list of paths " + display_name(list)
                        + " holds NUL characters: for a list of paths each ended by a NUL (find -print0), use --files-from0",
                    { { "list", display_name(list) } }));
                return false;
            }
            if (!nul_separated && !line.empty() && line.back() == '\r')
                line.pop_back();
            if (!line.empty())
                paths.push_back(std::move(line));
        }
        return true;
    }

    // A folder that holds folders but no record files of its own gives no games unless read
    // recursively: a run that checked nothing must not pass in silence. `paths` are those of
    // the command line that gave no record file.
    void warn_of_folders_not_read(const std::vector<std::string>& paths, Diagnostics& diagnostics)
    {
        namespace fs = std::filesystem;
        for (const std::string& path : paths) {
            std::error_code error;
            if (!fs::is_directory(path, error))
                continue;
            int folders = 0;
            for (fs::directory_iterator it(path, error), end; !error && it != end; it.increment(error)) {
                std::error_code entry_error;
                folders += it->is_directory(entry_error) && !it->is_symlink(entry_error) ? 1 : 0;
            }
            if (folders > 0)
                diagnostics.warning("validate.folders-not-read",
                    "no record files in this folder, and its " + std::to_string(folders)
                        + (folders == 1 ? " folder is" : " folders are") + " read only with --recursive",
                    { display_name(path) }, { { "folders", std::to_string(folders) } });
        }
    }

} // namespace

int run_validate(const ValidateOptions& options)
{
    std::optional<Shard> shard = Shard {};
    if (!options.shard.empty() && !(shard = parse_shard(options.shard))) {
        print_error(command_line_problem("usage.shard",
            "--shard takes K/N with 1 <= K <= N, such as 2/8, not \"" + options.shard + "\"", { { "shard", options.shard } }));
        return exit_usage;
    }
    std::vector<std::string> paths = options.paths;
    const bool nul_separated = !options.files_from0.empty();
    const std::string& list = nul_separated ? options.files_from0 : options.files_from;
    if (!list.empty() && !read_path_list(list, nul_separated, paths))
        return exit_usage;
    // Given as an argument or listed: either way it would be read after the list.
    if (list == "-" && std::find(paths.begin(), paths.end(), std::string(standard_input_name)) != paths.end()) {
        print_error(command_line_problem("usage.standard-input-twice",
            "standard input can hold the records (-) or the list of paths (--files-from -), not both"));
        return exit_usage;
    }
    if (paths.empty()) {
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
        print_error(
            command_line_problem("usage.csv-bom", "--csv-bom goes with the csv format only (--format csv, or -o FILE.csv)"));
        return exit_usage;
    }

    // Each path listed by itself, to know which gave no record file without listing it again.
    Diagnostics listing;
    std::vector<RecordFile> files;
    std::vector<std::string> paths_without_files;
    for (const std::string& path : paths) {
        std::vector<RecordFile> listed = list_record_files({ std::filesystem::path(path) }, options.recursive, listing);
        if (listed.empty())
            paths_without_files.push_back(path);
        files.insert(files.end(), std::make_move_iterator(listed.begin()), std::make_move_iterator(listed.end()));
    }
    if (!options.recursive)
        warn_of_folders_not_read(paths_without_files, listing);
    print_diagnostics(listing);
    const bool reads_standard_input = std::any_of(
        files.begin(), files.end(), [](const RecordFile& f) { return f.path.native() == standard_input_name; });
    for (RecordFile& f : files)
        if (f.path.native() == standard_input_name)
            f.bytes = standard_input_text().size();

    std::vector<std::string> inputs;
    for (const RecordFile& f : files)
        if (f.path.native() != standard_input_name)
            inputs.push_back(f.path.string());
    CommandOutput output;
    if (!output.open(options.output, inputs))
        return exit_usage;
    std::ostream& out = output.stream();

    std::uint64_t total_bytes = 0;
    for (const RecordFile& f : files)
        total_bytes += f.bytes;
    const bool stderr_is_terminal = isatty(fileno(stderr)) != 0;
    std::unique_ptr<ProgressBar> progress;
    if (options.progress == "always" || (options.progress == "auto" && stderr_is_terminal && !diagnostic_style().quiet))
        progress = std::make_unique<ProgressBar>(stderr, stderr_is_terminal, total_bytes);

    ArchiveValidationOptions validation;
    validation.jobs = options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    validation.shard = *shard;
    if (reads_standard_input)
        validation.standard_input = &standard_input_text();
    if (!options.encoding.empty())
        validation.reader.encoding = parse_text_encoding(options.encoding);
    const std::vector<TagCondition> conditions = tag_conditions(options.where);
    // Counted under the reader's lock, where games are selected.
    std::size_t looked_at = 0, selected = 0;
    if (!conditions.empty())
        validation.select = [&](const GameRecord& record) {
            ++looked_at;
            const bool match = matches(record, conditions);
            selected += match ? 1 : 0;
            return match;
        };
    if (options.csv_bom)
        out << "\xEF\xBB\xBF";
    if (format == ValidationFormat::Csv)
        out << validation_csv_header();
    ValidationTally tally;
    OutputSink sink(out, tally, progress.get());
    const auto started = std::chrono::steady_clock::now();
    validate_archive(
        files, *rules, validation,
        [&](const CheckedGame& game) { return render_validation_row(game, format, *rules, *messages); },
        sink);
    const auto elapsed = std::chrono::steady_clock::now() - started;
    if (progress)
        progress->finish(tally.rows(), total_bytes);
    if (format == ValidationFormat::Summary)
        write_validation_summary_end(out, tally, elapsed, validation.jobs, *messages);
    // A shard's JSON Lines end with how many rows it wrote: a merge can tell a shard's output
    // cut short, even when the shard itself exited as if all was well.
    if (!options.shard.empty() && format == ValidationFormat::Jsonl)
        out << "{\"shard\":\"" << shard->index + 1 << '/' << shard->count << "\",\"rows\":" << tally.rows() << "}\n";

    if (!output.finish())
        return exit_write;
    const bool where_selected_some = conditions.empty() || selected > 0;
    if (!where_selected_some)
        print_diagnostics(where_selected_none(conditions, looked_at));
    return tally.clean() && !listing.has_errors() && where_selected_some ? exit_ok : exit_findings;
}

} // namespace xq::app
