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
#include "xq/notation/game_record.hpp"

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

// Which reader a file needs, from its first bytes (as stored, before decoding), whatever its
// name says:
//  - the magic bytes of XQF, CBR or CBL, or XML whose root is <ChineseChessRecord> (CBF),
//    mean that format (detect_binary_format);
//  - the magic bytes of a PDF, an Office or OpenDocument file, or an image (PNG, JPEG, GIF,
//    TIFF, WebP) mean BinaryData: a PDF is mostly text, but no record;
//  - text (in UTF-16 when a byte-order mark says so, or `encoding` when it is UTF-16 and no
//    byte-order mark says otherwise, as far as the checks below go):
//    - a `[DhtmlXQ` marker anywhere, in any case, means DhtmlXQ;
//    - a first non-blank line that starts with a FEN placement (is_fen_placement: 10 ranks
//      of FEN letters and digits separated by '/') means a move list. A PGN file starts with
//      a tag line or movetext, never with a FEN, so no PGN file reads as one;
//  - bytes of which more than one in ten is a control character (NUL included) that text
//    never holds, without a UTF-16 byte-order mark, are BinaryData: no text record looks so;
//  - anything else is read as PGN.
[[nodiscard]] RecordFormat detect_record_format(std::string_view first_bytes,
    std::optional<TextEncoding> encoding = {});

// detect_record_format on the first bytes of `input`, which is then put back where it was.
// Nothing when it cannot be put back.
[[nodiscard]] std::optional<RecordFormat> sniff_record_format(std::istream& input,
    std::optional<TextEncoding> encoding = {});

// A reader of `format` over `input`, which must outlive it. `source_name` goes into every
// location (normally the file's path). The binary formats are read whole (at most
// max_binary_record_bytes); BinaryData gives no game and one `record.binary-data` error.
std::unique_ptr<RecordReader> make_record_reader(RecordFormat format, std::istream& input,
    std::string source_name, const RecordReaderOptions& options = {});

// How a path is named in diagnostics and rows: its bytes as they are, but for those that are
// not UTF-8 and control characters, written `\xHH` (a file name is not decoded text, and may
// hold anything).
std::string display_name(const std::filesystem::path& path);

// Opens `path` into `stream` and tells its format from its first bytes (`encoding`: the one
// asked for, see detect_record_format). A file that cannot go
// back to its start after they are looked at (a pipe: /dev/stdin from one, `<(...)`) is read
// whole first, as standard input is. If it cannot be opened or read, reports `io.open` or
// `io.read`, with the system's reason, under `shown_name` and returns nothing.
[[nodiscard]] std::optional<RecordFormat> open_record_stream(const std::filesystem::path& path,
    std::unique_ptr<std::istream>& stream, const std::string& shown_name, Diagnostics& diagnostics,
    std::optional<TextEncoding> encoding = {});

// Where a reader's records name their file: in every location (one per move), or nowhere,
// for a caller that puts the name back where it shows a location and spares a copy of the
// path per move.
enum class SourceNames { InEveryLocation, LeftOut };

// Opens a file, picks its reader with detect_record_format, and returns a reader that owns
// the file. If the file cannot be opened, reports `io.open` (naming the file) and returns
// nothing.
std::unique_ptr<RecordReader> open_record_file(const std::filesystem::path& path,
    const RecordReaderOptions& options, Diagnostics& diagnostics, SourceNames names = SourceNames::InEveryLocation);

} // namespace xq
