#include "xq/base/utf8.hpp"

#include <algorithm>

namespace xq::utf8 {

std::size_t count_code_points(std::string_view text)
{
    std::size_t n = 0;
    for (const char c : text)
        if ((static_cast<unsigned char>(c) & 0xc0) != 0x80)
            ++n;
    return n;
}

std::size_t column_of(std::string_view line, std::size_t byte_offset)
{
    if (byte_offset > line.size())
        byte_offset = line.size();
    return count_code_points(line.substr(0, byte_offset)) + 1;
}

LineColumn line_column_of(std::string_view text, std::size_t byte_offset)
{
    const std::string_view before = text.substr(0, std::min(byte_offset, text.size()));
    const std::size_t newline = before.rfind('\n');
    const std::size_t line_start = newline == std::string_view::npos ? 0 : newline + 1;
    return { static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n') + 1),
        static_cast<std::uint32_t>(column_of(text.substr(line_start), byte_offset - line_start)) };
}

} // namespace xq::utf8
