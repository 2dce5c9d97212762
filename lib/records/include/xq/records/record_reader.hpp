// The interface of every record reader: one game per next(), within limits that bound memory.
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "xq/base/diagnostic.hpp"
#include "xq/base/text_decoding.hpp"
#include "xq/records/game_record.hpp"

namespace xq {

// Hard limits that keep one game's memory bounded whatever the input holds. Hitting one is
// reported in the game's diagnostics (the code says which: pgn.token-too-long,
// pgn.too-many-plies, ...) and the excess is dropped; reading goes on.
struct RecordLimits {
    std::size_t max_token_bytes = 255; // a move, move number, NAG or result token
    std::size_t max_tag_name_bytes = 64;
    std::size_t max_tag_value_bytes = 4096;
    std::size_t max_tags = 256;
    std::size_t max_plies = 10000; // main line and variations together
    std::size_t max_variations = 1000;
    std::size_t max_variation_depth = 64;
    std::size_t max_nags_per_move = 8;
    std::size_t max_comments = 10000;
    std::size_t max_comment_bytes = 1024 * 1024; // all of a game's comments together
    std::size_t max_diagnostics = 100; // per game, and for the file itself
};

struct RecordReaderOptions {
    // Decode as this encoding instead of choosing one (the CLI's --encoding).
    std::optional<TextEncoding> encoding;
    // Bytes read from the stream at a time; the default suits files, tests use 1..5.
    std::size_t read_chunk_size = 64 * 1024;
    RecordLimits limits;
    // Off for a caller that replays only the main line (validate): a reader still reads and
    // checks every move of a variation and reports what it finds there, but may leave the
    // moves out of the record, and the comments on them; a study's side lines can hold fifty
    // times the moves of its main line. The DhtmlXQ reader leaves them out; the others keep
    // them.
    bool keep_variation_moves = true;
};

// Reads the games of one record file, one at a time, so memory holds one game however large
// the file. Bad input never throws: problems of a game are in its diagnostics, and a broken
// game never stops the file (the reader carries on at the next game).
//
// A pull interface (`next()`) rather than a visitor: a caller replays and rules on each game as
// a whole, so handing it a complete record is simplest, and the caller keeps control of the
// loop (it can stop, or keep a game, without inversion of control). Records are small, so
// building them costs little even when a caller only wants the tags.
class RecordReader {
public:
    virtual ~RecordReader() = default;

    // The next game, or nothing once the input is exhausted.
    [[nodiscard]] virtual std::optional<GameRecord> next() = 0;

    // Problems that belong to the file rather than to a game: the `encoding.chosen` note,
    // read errors, an input that holds no game.
    virtual const Diagnostics& diagnostics() const = 0;

    virtual TextEncoding encoding() const = 0;
};

} // namespace xq
