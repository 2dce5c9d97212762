#include "commands/game_source.hpp"

#include <limits>

#include "commands/terminal.hpp"
#include "xq/arbiter/move_list.hpp"
#include "xq/notation/record_reader.hpp"

namespace xq::app {

namespace {

    // Prints the problems (and with `verbose` the notes); whether there was no error.
    bool print(const Diagnostics& diagnostics, bool verbose) { return !print_diagnostics(diagnostics, verbose); }

} // namespace

void add_game_source_options(CLI::App& command, GameSourceOptions& options)
{
    command.add_option("files", options.files, "Game record files (PGN, DhtmlXQ, a FEN line and moves, XQF, CBR, CBL, CBF)");
    command.add_option("--game", options.game, "Only the N-th game of each file")
        ->check(CLI::Range(1, std::numeric_limits<int>::max()));
    auto* fen = command.add_option("--fen", options.fen, "Start position for --moves (default: the opening position)")
                    // An empty --fen is a script's missing variable, not the opening position.
                    ->check([](const std::string& text) { return text.empty() ? "the FEN is empty" : ""; });
    auto* moves = command.add_option("--moves", options.moves, "Moves in ICCS, WXF or Chinese notation, separated by spaces");
    fen->needs(moves);
    moves->excludes("files");
    command.add_option("--encoding", options.encoding, "Decode text files as utf-8, gbk, big5, utf-16le or utf-16be instead of detecting (a byte-order mark wins)")
        ->check([](const std::string& name) {
            return parse_text_encoding(name) ? std::string() : "unknown encoding '" + name + "' (utf-8, gbk, big5, utf-16le, utf-16be)";
        });
}

bool for_each_game(const GameSourceOptions& options, bool verbose,
    const std::function<void(const GameRecord& record, const RecordReplay& replay)>& visit)
{
    bool clean = true;
    if (options.files.empty()) {
        const GameRecord record = record_from_move_list(options.fen, options.moves);
        const RecordReplay replay = replay_record(record);
        clean = print(replay.diagnostics, verbose) && clean;
        visit(record, replay);
        return clean;
    }
    RecordReaderOptions reader_options;
    if (!options.encoding.empty())
        reader_options.encoding = parse_text_encoding(options.encoding);
    for (const std::string& file : options.files) {
        Diagnostics open_problems;
        auto reader = open_record_file(file, reader_options, open_problems);
        clean = print(open_problems, verbose) && clean;
        if (!reader)
            continue;
        std::size_t games = 0;
        bool game_found = false;
        while (auto record = reader->next()) {
            games = record->index;
            if (options.game && static_cast<int>(record->index) != *options.game)
                continue;
            game_found = true;
            const RecordReplay replay = replay_record(*record);
            clean = print(replay.diagnostics, verbose) && clean;
            visit(*record, replay);
            if (options.game)
                break;
        }
        clean = print(reader->diagnostics(), verbose) && clean;
        if (options.game && !game_found) {
            // A mistyped game number must not leave an empty ruling and a success code.
            Diagnostics missing;
            missing.error("game.not-found",
                "there is no game " + std::to_string(*options.game) + ": the file has " + std::to_string(games)
                    + (games == 1 ? " game" : " games"),
                { display_name(file) });
            clean = print(missing, verbose) && clean;
        }
    }
    return clean;
}

} // namespace xq::app
