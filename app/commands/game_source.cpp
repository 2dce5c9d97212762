#include "commands/game_source.hpp"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <iterator>
#include <sstream>

#include "commands/terminal.hpp"
#include "xq/base/search_folding.hpp"
#include "xq/arbiter/move_list.hpp"
#include "xq/notation/record_reader.hpp"

namespace xq::app {

namespace {

    // Prints the problems (and with `verbose` the notes); whether there was no error.
    bool print(const Diagnostics& diagnostics, bool verbose) { return !print_diagnostics(diagnostics, verbose); }

    constexpr std::string_view game_selection_help = "expected game numbers from 1, such as 3, 3-7 or 3-7,12";

    std::optional<std::size_t> parse_game_number(std::string_view text)
    {
        std::size_t number = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (error != std::errc() || end != text.data() + text.size() || number == 0)
            return std::nullopt;
        return number;
    }

    bool selected(const GameSelection& selection, std::size_t index)
    {
        return std::any_of(selection.begin(), selection.end(),
            [index](const GameRange& range) { return range.first <= index && index <= range.last; });
    }

    // The first game number asked for past the `games` a file has, if any.
    std::optional<std::size_t> first_missing(const GameSelection& selection, std::size_t games)
    {
        for (const GameRange& range : selection)
            if (range.last > games)
                return std::max(range.first, games + 1);
        return std::nullopt;
    }

    std::string ascii_lower(std::string_view text)
    {
        std::string lower(text);
        for (char& c : lower)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        return lower;
    }

    // A reader over standard input: its text, kept in memory, so that the format can be told
    // from its first bytes and the reader still start from the beginning.
    class StandardInputReader {
    public:
        explicit StandardInputReader(const RecordReaderOptions& options)
            : stream_(standard_input_text())
        {
            const std::optional<RecordFormat> format = sniff_record_format(stream_, options.encoding);
            reader_ = make_record_reader(format.value_or(RecordFormat::Pgn), stream_, "<stdin>", options);
        }
        RecordReader& reader() { return *reader_; }

    private:
        std::istringstream stream_;
        std::unique_ptr<RecordReader> reader_;
    };

} // namespace

std::optional<GameSelection> parse_game_selection(const std::string& text, std::string& problem)
{
    GameSelection selection;
    std::string_view rest = text;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view part = rest.substr(0, comma);
        const std::size_t dash = part.find('-');
        const auto first = parse_game_number(part.substr(0, dash));
        const auto last = dash == std::string_view::npos ? first : parse_game_number(part.substr(dash + 1));
        if (!first || !last || *last < *first) {
            problem = "'" + text + "': " + std::string(game_selection_help);
            return std::nullopt;
        }
        selection.push_back({ *first, *last });
        if (comma == std::string_view::npos)
            break;
        rest.remove_prefix(comma + 1);
    }
    std::sort(selection.begin(), selection.end(),
        [](const GameRange& a, const GameRange& b) { return a.first < b.first; });
    GameSelection merged;
    for (const GameRange& range : selection) {
        if (!merged.empty() && range.first <= merged.back().last + 1)
            merged.back().last = std::max(merged.back().last, range.last);
        else
            merged.push_back(range);
    }
    return merged;
}

std::optional<TagCondition> parse_tag_condition(const std::string& text)
{
    const std::size_t at = text.find_first_of("=~");
    if (at == std::string::npos || at == 0)
        return std::nullopt;
    const std::string value = text.substr(at + 1);
    return TagCondition { text.substr(0, at), value, folded_for_search(value), text[at] == '~' };
}

namespace {

    // The conditions as they were given: "Red~许银川 and Round=5".
    std::string described(const std::vector<TagCondition>& conditions)
    {
        std::string text;
        for (const TagCondition& c : conditions)
            text += (text.empty() ? "" : " and ") + c.tag + (c.substring ? "~" : "=") + c.value;
        return text;
    }

} // namespace

Diagnostics where_selected_none(const std::vector<TagCondition>& conditions, std::size_t games_looked_at)
{
    Diagnostics problem;
    std::string given; // one condition a line, a list field
    for (const TagCondition& c : conditions)
        given += (given.empty() ? "" : "\n") + c.tag + (c.substring ? "~" : "=") + c.value;
    DiagnosticFields fields { { "conditions", given }, { "count", std::to_string(games_looked_at) } };
    if (!search_folds_traditional())
        fields.push_back({ "form", "not_folded" });
    problem.error("where.none",
        "no game matches " + described(conditions) + ": none of the " + std::to_string(games_looked_at)
            + (games_looked_at == 1 ? " game" : " games") + " looked at"
            + (search_folds_traditional() ? "" : " (traditional and simplified Chinese are compared as written: OpenCC's data is missing)"),
        { "--where" }, std::move(fields));
    return problem;
}

bool matches(const GameRecord& record, const std::vector<TagCondition>& conditions)
{
    for (const TagCondition& condition : conditions) {
        const RecordedTag* tag = record.find_tag(condition.tag);
        if (!tag)
            return false;
        std::string value = folded_for_search(tag->value);
        std::string wanted = condition.folded;
        if (ascii_lower(condition.tag) == "result") {
            if (const auto standard = normalize_result(value))
                value = *standard;
            if (const auto standard = normalize_result(wanted))
                wanted = *standard;
        }
        const bool match = condition.substring ? value.find(wanted) != std::string::npos : value == wanted;
        if (!match)
            return false;
    }
    return true;
}

void add_where_option(CLI::App& command, std::vector<std::string>& where)
{
    command
        .add_option("--where", where,
            "Only games whose tag matches: Tag=value (the whole value) or Tag~text (part of it); repeat to require all")
        ->check([](const std::string& text) {
            return parse_tag_condition(text) ? std::string() : "'" + text + "': expected Tag=value or Tag~text";
        })
        // One condition per --where, so that a file named after it is not taken for another.
        ->allow_extra_args(false);
}

std::vector<TagCondition> tag_conditions(const std::vector<std::string>& where)
{
    std::vector<TagCondition> conditions;
    for (const std::string& text : where)
        conditions.push_back(*parse_tag_condition(text));
    return conditions;
}

void add_game_source_options(CLI::App& command, GameSourceOptions& options)
{
    command.add_option("files", options.files,
        "Game record files (PGN, DhtmlXQ, a FEN line and moves, XQF, CBR, CBL, CBF); - reads standard input");
    command.add_option("--game", options.games, "Only these games of each file: 3, 3-7 or 3-7,12")
        ->check([](const std::string& text) {
            std::string problem;
            return parse_game_selection(text, problem) ? std::string() : problem;
        });
    add_where_option(command, options.where);
    auto* fen = command.add_option("--fen", options.fen, "Start position for --moves (default: the opening position)")
                    // An empty --fen is a script's missing variable, not the opening position.
                    ->check([](const std::string& text) { return text.empty() ? "the FEN is empty" : ""; });
    auto* moves = command.add_option("--moves", options.moves,
        "Moves in ICCS, WXF or Chinese notation, separated by spaces, commas or semicolons (also ，、； and full-width spaces)");
    fen->needs(moves);
    moves->excludes("files");
    command.add_option("--tag", options.tags, "A tag of the game given by --moves, such as Red=许银川 or Round=5 (repeatable)")
        ->check([](const std::string& text) {
            const std::size_t equals = text.find('=');
            return equals != std::string::npos && equals > 0 ? std::string() : "'" + text + "': expected Key=Value";
        })
        ->allow_extra_args(false)
        ->needs(moves);
    add_encoding_option(command, options.encoding);
}

void add_encoding_option(CLI::App& command, std::string& encoding)
{
    command.add_option("--encoding", encoding, "Decode text files as utf-8, gbk, big5, utf-16le or utf-16be instead of detecting (a byte-order mark wins)")
        ->check([](const std::string& name) {
            return parse_text_encoding(name) ? std::string() : "unknown encoding '" + name + "' (utf-8, gbk, big5, utf-16le, utf-16be)";
        });
}

const std::string& standard_input_text()
{
    static const std::string text { std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>() };
    return text;
}

bool for_each_game(const GameSourceOptions& options, bool verbose,
    const std::function<void(const GameRecord& record, const RecordReplay& replay)>& visit)
{
    bool clean = true;
    const std::vector<TagCondition> conditions = tag_conditions(options.where);
    if (options.files.empty()) {
        GameRecord record = record_from_move_list(options.fen, options.moves);
        for (const std::string& tag : options.tags) {
            const std::size_t equals = tag.find('=');
            record.tags.push_back({ tag.substr(0, equals), tag.substr(equals + 1), { "--tag" }, { "--tag" } });
        }
        if (!matches(record, conditions))
            return print(where_selected_none(conditions, 1), verbose) && clean;
        const RecordReplay replay = replay_record(record);
        clean = print(replay.diagnostics, verbose) && clean;
        visit(record, replay);
        return clean;
    }
    std::string ignored;
    const GameSelection selection
        = options.games.empty() ? GameSelection {} : *parse_game_selection(options.games, ignored);
    RecordReaderOptions reader_options;
    if (!options.encoding.empty())
        reader_options.encoding = parse_text_encoding(options.encoding);
    std::size_t looked_at = 0, selected_by_where = 0;
    for (const std::string& file : options.files) {
        std::unique_ptr<RecordReader> file_reader;
        std::optional<StandardInputReader> stdin_reader;
        RecordReader* reader = nullptr;
        // The name a file's reader leaves out of its locations: a copy of the path per move
        // cost adjudicate 4% of its time. It is put back in the record's location and in the
        // diagnostics shown here; a visitor that reports on a move names the record's source.
        std::string left_out_name;
        if (file == "-") {
            reader = &stdin_reader.emplace(reader_options).reader();
        } else {
            Diagnostics open_problems;
            file_reader = open_record_file(file, reader_options, open_problems, SourceNames::LeftOut);
            left_out_name = display_name(file);
            clean = print(open_problems, verbose) && clean;
            reader = file_reader.get();
        }
        if (!reader)
            continue;
        std::size_t games = 0;
        while (auto record = reader->next()) {
            games = record->index;
            if (!selection.empty() && !selected(selection, record->index)) {
                if (record->index > selection.back().last)
                    break;
                continue;
            }
            ++looked_at;
            if (!matches(*record, conditions))
                continue;
            ++selected_by_where;
            if (!left_out_name.empty())
                record->location.source = left_out_name;
            RecordReplay replay = replay_record(*record);
            replay.diagnostics.name_source(left_out_name);
            clean = print(replay.diagnostics, verbose) && clean;
            visit(*record, replay);
        }
        Diagnostics file_problems = reader->diagnostics();
        file_problems.name_source(left_out_name);
        clean = print(file_problems, verbose) && clean;
        if (const auto missing = first_missing(selection, games)) {
            // A mistyped game number must not leave an empty ruling and a success code.
            Diagnostics problem;
            problem.error("game.not-found",
                "there is no game " + std::to_string(*missing) + ": the file has " + std::to_string(games)
                    + (games == 1 ? " game" : " games"),
                { file == "-" ? std::string("<stdin>") : display_name(file) },
                { { "number", std::to_string(*missing) }, { "games", std::to_string(games) } });
            clean = print(problem, verbose) && clean;
        }
    }
    // A name mistyped, or written in another script than the archive's, must not pass for an
    // archive without the game.
    if (!conditions.empty() && selected_by_where == 0)
        clean = print(where_selected_none(conditions, looked_at), verbose) && clean;
    return clean;
}

} // namespace xq::app
