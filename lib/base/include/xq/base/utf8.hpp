#pragma once

#include <cstddef>
#include <string_view>

namespace xq::utf8 {

// Number of code points in `text`, counting each byte that starts a UTF-8 sequence
// (and each stray continuation byte's lead, so malformed text never counts as zero width).
std::size_t count_code_points(std::string_view text);

// The 1-based column, in characters, of the byte at `byte_offset` within `line`.
std::size_t column_of(std::string_view line, std::size_t byte_offset);

} // namespace xq::utf8
