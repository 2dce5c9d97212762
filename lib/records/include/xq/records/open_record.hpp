// Opening a record file: which reader it needs, from its first bytes, and that reader.
#pragma once

#include <filesystem>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "xq/base/diagnostic.hpp"
#include "xq/base/text_decoding.hpp"
#include "xq/records/game_record.hpp"
#include "xq/records/record_reader.hpp"

namespace xq {

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
[[nodiscard]] RecordFormat detect_record_format(
    std::string_view first_bytes, std::optional<TextEncoding> encoding = {});

// detect_record_format on the first bytes of `input`, which is then put back where it was.
// Nothing when it cannot be put back.
[[nodiscard]] std::optional<RecordFormat> sniff_record_format(
    std::istream& input, std::optional<TextEncoding> encoding = {});

// A reader of `format` over `input`, which must outlive it. `source_name` goes into every
// location (normally the file's path). The binary formats are read whole (at most
// max_binary_record_bytes); BinaryData gives no game and one `record.binary-data` error.
std::unique_ptr<RecordReader> make_record_reader(
    RecordFormat format, std::istream& input, std::string source_name, const RecordReaderOptions& options = {});

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
std::unique_ptr<RecordReader> open_record_file(const std::filesystem::path& path, const RecordReaderOptions& options,
    Diagnostics& diagnostics, SourceNames names = SourceNames::InEveryLocation);

} // namespace xq
