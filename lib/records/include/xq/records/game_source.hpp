// The games a command is given, in input order: its record files, and the games selected.
// The files are read one after the other, the games selected by --game, --where and --shard.
// Every command that reads records (adjudicate, convert, forbidden, replay, validate) reads
// them through this.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "xq/base/diagnostic.hpp"
#include "xq/records/game_record.hpp"
#include "xq/records/game_selection.hpp"
#include "xq/records/record_files.hpp"
#include "xq/records/record_reader.hpp"

namespace xq {

// The file name that stands for standard input.
inline constexpr std::string_view standard_input_name = "-";

struct GameSourceOptions {
    RecordReaderOptions reader;
    GameSelection selection;
    // The text of standard input, which the caller has read whole (a pipe cannot be looked at
    // twice), for a file named "-" (shown as <stdin>); null: "-" is a file of that name.
    const std::string* standard_input = nullptr;
};

// A file, once all its selected games have been read.
struct FinishedFile {
    std::string path; // as shown
    std::uint64_t bytes = 0;
    std::size_t games = 0; // its games that were selected (before the shard)
    // The file's own: the encoding chosen, read errors, no games, a --game number beyond its
    // games. Named after the file.
    Diagnostics diagnostics;
};

// What the source hands out next, and how far the input has been read (all the files before
// this one, and this one up to here: for a progress bar, asked of the stream every few games).
struct SourceItem {
    std::uint64_t bytes_read = 0;
    std::variant<GameRecord, FinishedFile> item;
};

class GameSource {
public:
    GameSource(std::vector<RecordFile> files, GameSourceOptions options);
    // Games given whole (the game typed on a command line), selected alike.
    GameSource(std::vector<GameRecord> games, GameSelection selection);

    // The next selected game of the shard, or the end of a file whose games have all been read
    // (only the shard's own files' ends, see Shard); nothing once every file has been read.
    // A game's location names its file, but the locations of its moves leave it out (a copy
    // of the path per move would cost 4% of a ruling's time): Diagnostics::name_source puts
    // it back in where they are shown. A failure to read (out of memory) throws, with the
    // file's name in its message.
    std::optional<SourceItem> next();

    // After the last item: the problem of a --where that selected no game, if it did.
    Diagnostics selection_problems() const;

private:
    std::optional<SourceItem> read_next();
    std::optional<GameRecord> next_selected_record();
    void open(const RecordFile& file);
    void finish_file_reading();
    std::uint64_t position_in(const RecordFile& file);

    std::vector<GameRecord> given_;
    std::size_t next_given_ = 0;
    std::vector<RecordFile> files_;
    GameSourceOptions options_;
    std::size_t file_index_ = 0;
    bool file_open_ = false;
    std::unique_ptr<std::istream> stream_; // the file being read, when it is not standard input
    std::istringstream standard_input_stream_;
    std::istream* input_ = nullptr; // the one of the two being read
    std::unique_ptr<RecordReader> reader_; // reads input_; null when the file cannot be read
    FinishedFile current_;
    std::size_t games_in_file_ = 0; // read so far, selected or not
    std::uint64_t bytes_before_ = 0; // the sizes of the files before the current one
    std::uint64_t position_ = 0; // in the current file, as last asked
    std::uint64_t games_selected_ = 0; // in the whole input, the shard's or not
    std::size_t looked_at_ = 0; // games with a selected number, before --where
};

} // namespace xq
