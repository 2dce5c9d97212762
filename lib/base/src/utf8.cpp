// UTF-8 by Unicode's table of well-formed sequences: counting, checking, repairing, escaping.
#include "xq/base/utf8.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

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

namespace {

    bool is_continuation(unsigned char b) { return (b & 0xc0) == 0x80; }

    std::uint64_t eight_bytes_at(const char* bytes)
    {
        std::uint64_t eight = 0;
        std::memcpy(&eight, bytes, 8);
        return eight;
    }

    void append_hex_escape(std::string& out, unsigned char b)
    {
        static constexpr char hex[] = "0123456789ABCDEF";
        out += "\\x";
        out += hex[b >> 4];
        out += hex[b & 0xf];
    }

} // namespace

Sequence read_sequence(std::string_view bytes)
{
    const auto lead = static_cast<unsigned char>(bytes[0]);
    if (lead < 0x80)
        return { Sequence::valid, 1 };
    std::size_t length = 0;
    // The range the second byte must fall in; later bytes are any continuation byte.
    unsigned char second_low = 0x80;
    unsigned char second_high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        if (lead == 0xe0)
            second_low = 0xa0; // overlong below
        else if (lead == 0xed)
            second_high = 0x9f; // surrogates above
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        if (lead == 0xf0)
            second_low = 0x90; // overlong below
        else if (lead == 0xf4)
            second_high = 0x8f; // beyond U+10FFFF above
    } else {
        return { Sequence::invalid, 1 }; // a continuation byte, C0, C1, or F5..FF
    }
    for (std::size_t i = 1; i < length; ++i) {
        if (i == bytes.size())
            return { Sequence::incomplete, i };
        const auto b = static_cast<unsigned char>(bytes[i]);
        const bool fits = i == 1 ? b >= second_low && b <= second_high : is_continuation(b);
        if (!fits)
            return { Sequence::invalid, i };
    }
    return { Sequence::valid, length };
}

std::size_t next_non_ascii(std::string_view text, std::size_t from)
{
    std::size_t i = from;
    while (i + 8 <= text.size() && (eight_bytes_at(text.data() + i) & 0x8080808080808080) == 0)
        i += 8;
    while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80)
        ++i;
    return i;
}

std::optional<std::size_t> first_invalid(std::string_view text)
{
    const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(text[at]); };
    for (std::size_t i = next_non_ascii(text); i < text.size(); i = next_non_ascii(text, i)) {
        // Chinese text is mostly three-byte sequences whose lead byte allows any continuation
        // bytes (U+1000..U+CFFF, U+E000..U+FFFF), often one after the other: those need no
        // closer look.
        while (i + 2 < text.size() && byte(i) >= 0xe1 && byte(i) <= 0xef && byte(i) != 0xed
            && is_continuation(byte(i + 1)) && is_continuation(byte(i + 2)))
            i += 3;
        if (i == text.size() || byte(i) < 0x80)
            continue;
        const Sequence s = read_sequence(text.substr(i));
        if (s.kind != Sequence::valid)
            return i;
        i += s.length;
    }
    return std::nullopt;
}

bool is_valid(std::string_view text) { return !first_invalid(text); }

std::string_view prefix_of_whole_characters(std::string_view text, std::size_t max_bytes)
{
    if (text.size() <= max_bytes)
        return text;
    std::size_t end = max_bytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80)
        --end;
    return text.substr(0, end);
}

void append(std::string& out, char32_t code_point)
{
    const auto put = [&](char32_t value) { out.push_back(static_cast<char>(value)); };
    if (code_point > 0x10ffff || (code_point >= 0xd800 && code_point <= 0xdfff))
        code_point = 0xfffd;
    if (code_point < 0x80) {
        put(code_point);
    } else if (code_point < 0x800) {
        put(0xc0 | (code_point >> 6));
        put(0x80 | (code_point & 0x3f));
    } else if (code_point < 0x10000) {
        put(0xe0 | (code_point >> 12));
        put(0x80 | ((code_point >> 6) & 0x3f));
        put(0x80 | (code_point & 0x3f));
    } else {
        put(0xf0 | (code_point >> 18));
        put(0x80 | ((code_point >> 12) & 0x3f));
        put(0x80 | ((code_point >> 6) & 0x3f));
        put(0x80 | (code_point & 0x3f));
    }
}

std::string replace_invalid(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const Sequence s = read_sequence(text.substr(i));
        if (s.kind == Sequence::valid)
            out.append(text.substr(i, s.length));
        else
            out += "\xEF\xBF\xBD"; // U+FFFD
        i += s.length;
    }
    return out;
}

std::string escape_for_display(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const Sequence s = read_sequence(text.substr(i));
        const auto lead = static_cast<unsigned char>(text[i]);
        const bool c1_control
            = lead == 0xc2 && s.kind == Sequence::valid && static_cast<unsigned char>(text[i + 1]) < 0xa0;
        const bool bidi_control = bidi_control_length(text.substr(i)) > 0;
        if (s.kind != Sequence::valid || lead < 0x20 || lead == 0x7f || c1_control || bidi_control) {
            for (std::size_t k = 0; k < s.length; ++k)
                append_hex_escape(out, static_cast<unsigned char>(text[i + k]));
        } else {
            out.append(text.substr(i, s.length));
        }
        i += s.length;
    }
    return out;
}

std::size_t bidi_control_length(std::string_view text)
{
    // U+202A-U+202E are E2 80 AA-AE; U+2066-U+2069 are E2 81 A6-A9.
    if (text.size() < 3 || text[0] != '\xE2')
        return 0;
    const auto second = static_cast<unsigned char>(text[1]);
    const auto third = static_cast<unsigned char>(text[2]);
    const bool embedding_or_override = second == 0x80 && third >= 0xAA && third <= 0xAE;
    const bool isolate = second == 0x81 && third >= 0xA6 && third <= 0xA9;
    return embedding_or_override || isolate ? 3 : 0;
}

std::string escape_bidi_controls(std::string_view text)
{
    std::size_t at = text.find('\xE2');
    if (at == std::string_view::npos)
        return std::string(text);
    std::string out(text.substr(0, at));
    out.reserve(text.size());
    while (at < text.size()) {
        const std::size_t length = bidi_control_length(text.substr(at));
        if (length > 0) {
            for (std::size_t k = 0; k < length; ++k)
                append_hex_escape(out, static_cast<unsigned char>(text[at + k]));
            at += length;
        } else {
            out += text[at++];
        }
    }
    return out;
}

} // namespace xq::utf8
