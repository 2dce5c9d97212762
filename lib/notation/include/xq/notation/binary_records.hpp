#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/base/diagnostic.hpp"
#include "xq/notation/game_record.hpp"
#include "xq/notation/record_reader.hpp"

namespace xq {

// The game files of Chinese Xiangqi programs that are not plain text (binary-formats.md):
//  - Xqf: XQStudio's one-game file, plain in version 1.0, scrambled from 1.1 on; text in GBK;
//  - Cbr: one CCBridge (象棋桥) game; text in UTF-16LE;
//  - Cbl: a CCBridge library, a directory and one CBR record per entry;
//  - Cbf: an XML game record (<ChineseChessRecord>), UTF-8.
// Each is read whole from memory: even a library of a thousand games is a few megabytes.
enum class BinaryFormat { Xqf, Cbr, Cbl, Cbf };

std::string_view to_string(BinaryFormat format); // "XQF", "CBR", "CBL", "CBF"

// Files larger than this are refused (`<format>.too-large`): no real record comes near it, and
// the whole file is held in memory.
inline constexpr std::size_t max_binary_record_bytes = 16 * 1024 * 1024;

// The format of a file from its first bytes (the content, not the name), or nothing when it is
// none of them (a text record, say). Magic bytes: "XQ" followed by a version byte below 0x20
// (XQF), "CCBridge Record\0" (CBR), "CCBridgeLibrary\0" (CBL); a CBF is XML whose root element
// is <ChineseChessRecord>, perhaps after a byte-order mark, the XML declaration and comments.
// 512 bytes are enough to decide.
[[nodiscard]] std::optional<BinaryFormat> detect_binary_format(std::string_view first_bytes);

// A CBL entry with no board and no moves: CCBridge's way to put a heading ("men's section, 20
// games") and perhaps a paragraph of text between the games of a library. Not a game.
struct LibraryHeading {
    std::size_t index = 0; // 1-based entry number, as for games
    std::string title;
    std::vector<std::string> comments; // the entry's text, if any
    SourceLocation location;
};

struct BinaryRecords {
    // The games, in file order. `index` is the 1-based entry number: in a CBL library the
    // headings take their numbers too, so a game keeps the number CCBridge shows for it.
    // Moves are ICCS ("h2e2"), with notation_hint "ICCS", as stored and not checked against
    // the rules (the replay does that). Tags: Title, Event, Date, Site, Red, Black, Result
    // (always: "1-0", "0-1", "1/2-1/2" or "*"), and where the format has them RedTeam,
    // BlackTeam, Round, TimeRule, RedTime, BlackTime, Annotator, Author, GameType (XQF: "full
    // game", "opening", "middlegame", "endgame"), ECCO and CBF's other head fields under their
    // own names; empty fields are left out. Every variation of the stored tree is a
    // RecordedVariation, numbered in file order; comments have their line breaks as "\n".
    std::vector<GameRecord> games;
    std::vector<LibraryHeading> headings; // CBL only
    // A CBL library's own fields: LibraryName, LibrarySource, LibraryAuthor, LibraryCreated,
    // LibraryModified, LibraryDescription (those not empty).
    std::vector<RecordedTag> library_tags;
    // Problems of the file rather than of one game: not this format, too large, a damaged
    // library header or directory entry (`cbl.bad-entry`; the other entries are still read).
    Diagnostics diagnostics;
};

// Reads all games of a file held in `bytes`. Never throws on bad input and never reads outside
// `bytes`: every length and offset from the file is checked first. Problems are diagnostics
// with codes `xqf.*`, `cbr.*`, `cbl.*` or `cbf.*` (`xqf.truncated`, `xqf.bad-move`, ...).
// Source locations cannot hold a byte offset, so for the binary formats they name only the
// source and the message says "at byte 0x41c"; CBF, being text, gets lines and columns.
// `limits` bounds what one game may hold (plies, variations, comments, diagnostics); what
// exceeds them is dropped and reported, and the rest of the tree is still checked.
[[nodiscard]] BinaryRecords read_binary_records(BinaryFormat format, std::string_view bytes,
    const std::string& source_name, const RecordLimits& limits = {});

} // namespace xq
