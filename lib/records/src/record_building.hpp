// The text readers' shared parts: taking characters within limits, control characters, tags.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xq/base/diagnostic.hpp"
#include "xq/base/text_decoding.hpp"
#include "xq/records/game_record.hpp"

// What the record readers (PGN, DhtmlXQ, move lists) share while building records. Private to the records library.

namespace xq::detail {

struct TakenCharacter {
    bool stored = false; // appended to the text (false: it would not fit)
    bool undecodable = false; // the caller reports source.last_undecodable()
};

// Consumes one character (a whole UTF-8 sequence) from `source` and appends it to `out`
// unless `out` would then exceed `max_bytes`. Undecodable input is appended as U+FFFD.
TakenCharacter take_character(TextSource& source, std::string& out, std::size_t max_bytes);

// Consumes the longest run of ready bytes that need no closer look: ASCII bytes marked in
// `plain_ascii`, and whole multi-byte characters (but not the blank ones U+00A0, U+3000 and
// U+FEFF when `stop_at_blanks`). Appends what fits in `out` within `max_bytes` and returns
// false if any of the run did not fit. The byte-by-byte paths handle everything else; this
// only makes the common case cheap.
bool take_plain_run(
    TextSource& source, std::string& out, std::size_t max_bytes, const bool* plain_ascii, bool stop_at_blanks);

// A control character no record text should hold (C0 but for tab and LF, and DEL): it could
// retitle or clear a terminal, and XML cannot carry it. The readers drop it with a warning;
// where blanks separate tokens, VT and FF are blanks first.
constexpr bool is_control_character(int c) { return c >= 0 && ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f); }

// A C1 control character (U+0080 to U+009F): no record text means one, and U+009B is CSI to
// some terminals. The text readers get them from TextSource as undecodable input; the readers
// of stored text drop them as they drop C0.
constexpr bool is_c1_control(char32_t c) { return c >= 0x80 && c <= 0x9F; }

// Whether a C1 control character's UTF-8 (0xC2 then 0x80-0x9F) starts at `text[i]`.
constexpr bool c1_control_at(std::string_view text, std::size_t i)
{
    return i + 1 < text.size() && static_cast<unsigned char>(text[i]) == 0xC2
        && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
}

// A byte that may start one of the non-ASCII blanks the readers separate tokens by: U+00A0,
// U+3000 and U+FEFF, whose UTF-8 starts with 0xC2, 0xE3 and 0xEF.
constexpr bool may_start_multi_byte_blank(int c) { return c == 0xC2 || c == 0xE3 || c == 0xEF; }

// A character of a tag's name, as PGN tags and DhtmlXQ fields spell them: an ASCII letter, a
// digit or '_'.
constexpr bool is_tag_name_character(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// `text` on one line, each line break (LF, or CR where a format keeps it) a space: for a tag or a FEN, which every
// output shows on one line, and which a reader of a format with free text (DhtmlXQ, CBF) may
// find spread over several.
std::string single_line(std::string text);

// The warning for control character `c` at `location`: "<code>: control character (0x1B) <what>"
// (U+009B for a C1 one).
Diagnostic control_character_warning(std::string code, int c, std::string_view what, SourceLocation location);

// A board as FEN letters ('\0' for an empty square), row 0 being Black's back rank.
using BoardLetters = std::array<char, 90>;
std::size_t board_index(int file, int rank); // file 0..8 (a..i), rank 0..9 from Red's side

// The FEN of `board` with the side to move; the counters are those of a fresh game.
std::string fen_of(const BoardLetters& board, bool red_to_move);

// The dots after a move number at the start of `text` ("." and the full-width and ideographic
// full stops count one each, the ellipsis U+2026 three), and their length in bytes.
std::pair<int, std::size_t> leading_dots(std::string_view text);

// Adds `diagnostic` to `to` whatever its severity.
void add_diagnostic(Diagnostics& to, Diagnostic diagnostic);

// Adds `diagnostic` unless `to` already holds `limit` items; the first one dropped is replaced by
// a single `record.too-many-diagnostics` note, so a flood of bad bytes cannot grow memory.
void add_bounded(Diagnostics& to, Diagnostic diagnostic, std::size_t limit);

// One game's diagnostics while it is read. Its name (players, event) is only known once its tags
// are read, so messages get it appended when the game is finished.
class GameDiagnostics {
public:
    explicit GameDiagnostics(std::size_t limit)
        : limit_(limit)
    {
    }

    void add(Diagnostic diagnostic) { add_bounded(items_, std::move(diagnostic), limit_); }
    void add(Severity severity, std::string code, std::string message, SourceLocation location)
    {
        add({ severity, std::move(code), std::move(message), std::move(location) });
    }

    // Moves everything into game.diagnostics, each message ending with "; in <describe_game>".
    void finish_into(GameRecord& game);

    // Moves everything into `to` (at most `limit` items there), for text that made no game.
    void hand_over(Diagnostics& to, std::size_t limit);

private:
    Diagnostics items_;
    std::size_t limit_;
};

} // namespace xq::detail
