// Cleaning a move token: UTF-8 decoded, spaces trimmed, full-width folded, marks dropped.
#include "move_token.hpp"

namespace xq::detail {

namespace {

    constexpr char32_t replacement_character = 0xfffd;

    // Decodes one UTF-8 sequence at text[i], advancing i past it; a malformed sequence
    // yields U+FFFD and consumes one byte.
    char32_t decode_one(std::string_view text, std::size_t& i)
    {
        const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
        const unsigned char lead = byte(i);
        int length = 0;
        char32_t code_point = 0;
        if (lead < 0x80) {
            ++i;
            return lead;
        }
        // Chinese notation is three-byte sequences, read here at once rather than by the
        // general loop below (every move's characters are decoded through this).
        const auto continues = [&](std::size_t k) { return k < text.size() && (byte(k) & 0xc0) == 0x80; };
        if ((lead & 0xf0) == 0xe0 && continues(i + 1) && continues(i + 2)) {
            const char32_t three_byte = static_cast<char32_t>(lead & 0x0f) << 12
                | static_cast<char32_t>(byte(i + 1) & 0x3f) << 6 | static_cast<char32_t>(byte(i + 2) & 0x3f);
            i += 3;
            return three_byte;
        }
        if ((lead & 0xe0) == 0xc0) {
            length = 2;
            code_point = lead & 0x1f;
        } else if ((lead & 0xf0) == 0xe0) {
            length = 3;
            code_point = lead & 0x0f;
        } else if ((lead & 0xf8) == 0xf0) {
            length = 4;
            code_point = lead & 0x07;
        } else {
            ++i;
            return replacement_character;
        }
        if (i + static_cast<std::size_t>(length) > text.size()) {
            ++i;
            return replacement_character;
        }
        for (int k = 1; k < length; ++k) {
            const unsigned char next = byte(i + static_cast<std::size_t>(k));
            if ((next & 0xc0) != 0x80) {
                ++i;
                return replacement_character;
            }
            code_point = (code_point << 6) | (next & 0x3f);
        }
        i += static_cast<std::size_t>(length);
        return code_point;
    }

    bool is_space(char32_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0x3000; }

    bool is_annotation_mark(char32_t c) { return c == '!' || c == '?' || c == '#'; }

} // namespace

CleanMoveToken::CleanMoveToken(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        char32_t c = decode_one(text, i);
        // U+FF01..U+FF5E are the full-width forms of ASCII '!'..'~', in the same order.
        if (c >= 0xff01 && c <= 0xff5e)
            c = c - 0xff01 + '!';
        push_back(c);
    }
    std::u32string_view all
        = spilled_.empty() ? std::u32string_view(inline_.data(), inline_size_) : std::u32string_view(spilled_);
    while (!all.empty() && (is_space(all.back()) || is_annotation_mark(all.back())))
        all.remove_suffix(1);
    while (!all.empty() && is_space(all.front()))
        all.remove_prefix(1);
    view_ = all;
}

void CleanMoveToken::spill(char32_t c)
{
    if (spilled_.empty())
        spilled_.assign(inline_.data(), inline_size_);
    spilled_.push_back(c);
}

std::string_view trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

} // namespace xq::detail
