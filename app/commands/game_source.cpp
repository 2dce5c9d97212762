// The game-source options every reading command shares, and the loop over their games.
#include "commands/game_source.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include "commands/terminal.hpp"
#include "xq/records/move_list.hpp"
#include "xq/records/open_record.hpp"

namespace xq::app {

namespace {

    // Prints the problems (and with `verbose` the notes); whether there was no error.
    bool print(const Diagnostics& diagnostics, bool verbose) { return !print_diagnostics(diagnostics, verbose); }

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
                        + " holds NUL characters: for a list of paths each ended by a NUL (find -print0), use "
                          "--files-from0",
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

void add_game_source_options(CLI::App& command, InputOptions& options, MovesOption moves_option)
{
    command.add_option("files", options.files,
        "Game record files (PGN, DhtmlXQ, a FEN line and moves, XQF, CBR, CBL, CBF), or folders of them; - reads "
        "standard input");
    CLI::Option* files_from = command.add_option("--files-from", options.files_from,
        "Also read the paths listed in this file, one per line (- reads them from standard input)");
    command
        .add_option("--files-from0", options.files_from0,
            "As --files-from, each path ended by a NUL character, as find -print0 writes them")
        ->excludes(files_from);
    command.add_flag("-r,--recursive", options.recursive, "Also read the folders inside the folders given");
    add_game_selection_options(command, options);
    command
        .add_option("--shard", options.shard,
            "K/N: only the K-th of N disjoint slices of the selected games (the i-th game goes to slice i mod N + 1), "
            "for scripts/validate-cluster.sh")
        ->check([](const std::string& text) {
            return parse_shard(text) ? std::string() : "takes K/N with 1 <= K <= N, such as 2/8, not \"" + text + "\"";
        });
    if (moves_option == MovesOption::Offered) {
        auto* fen = command
                        .add_option("--fen", options.fen, "Start position for --moves (default: the opening position)")
                        // An empty --fen is a script's missing variable, not the opening position.
                        ->check([](const std::string& text) { return text.empty() ? "the FEN is empty" : ""; });
        auto* moves = command.add_option("--moves", options.moves,
            "Moves in ICCS, WXF or Chinese notation, separated by spaces, commas or semicolons (also ，、； and "
            "full-width spaces)");
        fen->needs(moves);
        moves->excludes("files");
        moves->excludes(files_from);
        command
            .add_option(
                "--tag", options.tags, "A tag of the game given by --moves, such as Red=许银川 or Round=5 (repeatable)")
            ->check([](const std::string& text) {
                const std::size_t equals = text.find('=');
                return equals != std::string::npos && equals > 0 ? std::string() : "'" + text + "': expected Key=Value";
            })
            ->allow_extra_args(false)
            ->needs(moves);
    }
    command
        .add_option("--encoding", options.encoding,
            "Decode text files as utf-8, gbk, big5, utf-16le or utf-16be instead of detecting (a byte-order mark wins)")
        ->check([](const std::string& name) {
            return parse_text_encoding(name) ? std::string()
                                             : "unknown encoding '" + name + "' (utf-8, gbk, big5, utf-16le, utf-16be)";
        });
}

void add_game_selection_options(CLI::App& command, InputOptions& options)
{
    command.add_option("--game", options.games, "Only these games of each file: 3, 3-7 or 3-7,12")
        ->check([](const std::string& text) {
            std::string problem;
            return parse_game_numbers(text, problem) ? std::string() : problem;
        });
    command
        .add_option("--where", options.where,
            "Only games whose tag matches: Tag=value (the whole value) or Tag~text (part of it); repeat to require all")
        ->check([](const std::string& text) {
            return parse_tag_condition(text) ? std::string() : "'" + text + "': expected Tag=value or Tag~text";
        })
        // One condition per --where, so that a file named after it is not taken for another.
        ->allow_extra_args(false);
}

GameSelection game_selection(const InputOptions& options)
{
    GameSelection selection;
    std::string ignored;
    if (!options.games.empty())
        selection.numbers = *parse_game_numbers(options.games, ignored);
    for (const std::string& text : options.where)
        selection.where.push_back(*parse_tag_condition(text));
    if (!options.shard.empty())
        selection.shard = *parse_shard(options.shard);
    return selection;
}

std::vector<std::string> InputFiles::paths() const
{
    std::vector<std::string> paths;
    for (const RecordFile& f : files)
        if (f.path.native() != standard_input_name)
            paths.push_back(f.path.string());
    return paths;
}

std::optional<InputFiles> list_input_files(const InputOptions& options)
{
    std::vector<std::string> paths = options.files;
    const bool nul_separated = !options.files_from0.empty();
    const std::string& list = nul_separated ? options.files_from0 : options.files_from;
    if (!list.empty() && !read_path_list(list, nul_separated, paths))
        return std::nullopt;
    // Given as an argument or listed: either way it would be read after the list.
    if (list == "-" && std::find(paths.begin(), paths.end(), std::string(standard_input_name)) != paths.end()) {
        print_error(command_line_problem("usage.standard-input-twice",
            "standard input can hold the records (-) or the list of paths (--files-from -), not both"));
        return std::nullopt;
    }
    // Each path listed by itself, to know which gave no record file without listing it again.
    Diagnostics listing;
    InputFiles input;
    std::vector<std::string> paths_without_files;
    for (const std::string& path : paths) {
        std::vector<RecordFile> listed = list_record_files({ std::filesystem::path(path) }, options.recursive, listing);
        if (listed.empty())
            paths_without_files.push_back(path);
        input.files.insert(
            input.files.end(), std::make_move_iterator(listed.begin()), std::make_move_iterator(listed.end()));
    }
    if (!options.recursive)
        warn_of_folders_not_read(paths_without_files, listing);
    input.listed_cleanly = print(listing, false);
    for (RecordFile& f : input.files)
        if (f.path.native() == standard_input_name)
            f.bytes = standard_input_text().size();
    return input;
}

GameSource make_game_source(const InputOptions& options, const InputFiles& input, RecordReaderOptions reader)
{
    GameSelection selection = game_selection(options);
    if (!options.encoding.empty())
        reader.encoding = parse_text_encoding(options.encoding);
    if (options.files.empty() && options.files_from.empty() && options.files_from0.empty()) {
        GameRecord record = record_from_move_list(options.fen, options.moves);
        for (const std::string& tag : options.tags) {
            const std::size_t equals = tag.find('=');
            record.tags.push_back({ tag.substr(0, equals), tag.substr(equals + 1), { "--tag" }, { "--tag" } });
        }
        std::vector<GameRecord> given;
        given.push_back(std::move(record));
        return GameSource(std::move(given), std::move(selection));
    }
    const bool reads_standard_input = std::any_of(input.files.begin(), input.files.end(),
        [](const RecordFile& f) { return f.path.native() == standard_input_name; });
    return GameSource(input.files,
        xq::GameSourceOptions {
            reader, std::move(selection), reads_standard_input ? &standard_input_text() : nullptr });
}

bool for_each_game(const InputOptions& options, const InputFiles& input, bool verbose,
    const std::function<void(const GameRecord& record, const RecordReplay& replay)>& visit)
{
    bool clean = input.listed_cleanly;
    GameSource source = make_game_source(options, input, RecordReaderOptions {});
    while (std::optional<SourceItem> item = source.next()) {
        if (const auto* record = std::get_if<GameRecord>(&item->item)) {
            RecordReplay replay = replay_record(*record);
            replay.diagnostics.name_source(record->location.source);
            clean = print(replay.diagnostics, verbose) && clean;
            visit(*record, replay);
        } else {
            clean = print(std::get<FinishedFile>(item->item).diagnostics, verbose) && clean;
        }
    }
    return print(source.selection_problems(), verbose) && clean;
}

const std::string& standard_input_text()
{
    static const std::string text { std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>() };
    return text;
}

} // namespace xq::app
