#include "xq/base/utf8.hpp"

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

} // namespace xq::utf8
