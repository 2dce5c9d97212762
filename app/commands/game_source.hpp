// The game-source options every reading command shares, and the loop that hands over its games.
// The options: files, folders, --files-from, --game, --where, --shard, --moves; the loop reads
// and replays each game.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "xq/arbiter/record_replay.hpp"
#include "xq/records/game_source.hpp"

namespace xq::app {

// Where the games of a command come from: record files and folders ("-" for standard input),
// or --fen/--moves, and which of their games.
struct InputOptions {
    std::vector<std::string> files; // files or folders
    std::string files_from; // a file listing more paths, one per line; "-" for standard input
    std::string files_from0; // the same, each path ended by a NUL (find -print0)
    bool recursive = false;
    std::string games; // --game: empty for every game
    std::vector<std::string> where; // --where
    std::string shard; // --shard K/N: empty for every game
    std::string fen;
    std::string moves;
    std::vector<std::string> tags; // --tag Key=Value, for --moves
    std::string encoding; // empty: detect
};

// Whether a command also takes a game typed on the command line (--fen, --moves, --tag).
enum class MovesOption { Offered, NotOffered };

void add_game_source_options(CLI::App& command, InputOptions& options, MovesOption moves = MovesOption::Offered);
// Only --game and --where, for a command that follows one file (watch).
void add_game_selection_options(CLI::App& command, InputOptions& options);
// The selection of --game, --where and --shard, which the options' checks have parsed.
GameSelection game_selection(const InputOptions& options);

// The record files the options name: each path in order, a folder for the record files in it
// (list_record_files), then the paths of --files-from. Problems of listing are printed;
// nothing on a usage error (printed too). Empty for a game of --moves.
struct InputFiles {
    std::vector<RecordFile> files;
    bool listed_cleanly = true;
    // The files' paths as given, standard input left out: what -o must not overwrite.
    std::vector<std::string> paths() const;
};
std::optional<InputFiles> list_input_files(const InputOptions& options);

// The source of the games: the input files, or the game of --moves, with the selection of the
// options (which add_game_source_options has checked). `reader` is how files are read.
GameSource make_game_source(const InputOptions& options, const InputFiles& input, RecordReaderOptions reader);

// Reads, replays and hands over every selected game in input order. Diagnostics of files and
// games are printed on stderr as they come (notes only when `verbose`). Returns whether
// every input was read without an error. The record's location names its file, but the
// locations of its moves leave the file out (see GameSource::next): a visitor that reports on
// a move puts record.location.source in (Diagnostics::name_source).
bool for_each_game(const InputOptions& options, const InputFiles& input, bool verbose,
    const std::function<void(const GameRecord& record, const RecordReplay& replay)>& visit);

// The text of standard input, read whole once and kept: the readers look at the start of a file
// before reading it, which a pipe does not allow.
const std::string& standard_input_text();

} // namespace xq::app
