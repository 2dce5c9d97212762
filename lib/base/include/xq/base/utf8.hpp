#pragma once

#include <cstddef>
#include <cstdint>
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

} // namespace xq::utf8
