// UTF-8 at the byte level: validation, counting columns in characters, repair and safe display.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace xq::utf8 {

// Number of code points in `text`, counting each byte that starts a UTF-8 sequence
// (and each stray continuation byte's lead, so malformed text never counts as zero width).
std::size_t count_code_points(std::string_view text);

// The 1-based column, in characters, of the byte at `byte_offset` within `line`.
std::size_t column_of(std::string_view line, std::size_t byte_offset);

// The 1-based line and column (in characters) of the byte at `byte_offset` within `text`,
// as diagnostics give them.
struct LineColumn {
    std::uint32_t line = 1;
    std::uint32_t column = 1;
};
LineColumn line_column_of(std::string_view text, std::size_t byte_offset);

// How the bytes at the start of `bytes` read as UTF-8, by Unicode's table of well-formed
// sequences (3-7): no overlong forms, no surrogates, nothing above U+10FFFF and no 5- or
// 6-byte forms. The C library's decoder lets the last three through, so nothing that must be
// valid UTF-8 is left to it.
struct Sequence {
    enum Kind {
        valid, // `length` bytes make one character
        invalid, // the first `length` bytes (at least one) start no character: one U+FFFD
        incomplete, // all of `bytes` is the start of a character that the text cuts off
    };
    Kind kind = valid;
    std::size_t length = 0;
};
[[nodiscard]] Sequence read_sequence(std::string_view bytes); // `bytes` must not be empty

// The offset of the first byte of `text` that starts no well-formed character, if any.
[[nodiscard]] std::optional<std::size_t> first_invalid(std::string_view text);

// Where the first byte at or after `from` that is not ASCII stands (text.size() when there is
// none). Most text is ASCII: it is looked at eight bytes at a time.
std::size_t next_non_ascii(std::string_view text, std::size_t from = 0);

[[nodiscard]] bool is_valid(std::string_view text);

// The longest start of `text` of at most `max_bytes` that does not cut a character in two.
std::string_view prefix_of_whole_characters(std::string_view text, std::size_t max_bytes);

// Appends the UTF-8 of `code_point`, or U+FFFD when it is a surrogate or above U+10FFFF.
void append(std::string& out, char32_t code_point);

// `text` with each ill-formed sequence (a cut-off one at its end too) replaced by U+FFFD.
std::string replace_invalid(std::string_view text);

// `text` for a place that shows it as it is, such as a file name on a terminal: bytes that are
// not UTF-8, control characters (C0, DEL and C1) and the bidirectional embeddings, overrides
// and isolates (U+202A-U+202E, U+2066-U+2069), each byte as `\xHH`.
std::string escape_for_display(std::string_view text);

// The length of the bidirectional control (U+202A-U+202E, U+2066-U+2069) that starts `text`, 0
// when none does. A terminal shows the text after one reordered, so that what a line says is
// not what it seems to say (an override can make `exe.txt` look like `txt.exe`).
std::size_t bidi_control_length(std::string_view text);

// `text` for a terminal: each bidirectional control as its bytes in `\xHH` (the rest as it is).
std::string escape_bidi_controls(std::string_view text);

} // namespace xq::utf8
