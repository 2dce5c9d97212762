// The table of notation characters, and the plausibility score it gives encoding detection.
#include "xq/notation/notation_alphabet.hpp"

#include <array>
#include <cstdint>

#include "xq/base/utf8.hpp"

namespace xq {

namespace {

    constexpr std::array notation_characters = {
        // pieces: king, advisor, elephant, horse, chariot, cannon, soldier
        U'帅',
        U'帥',
        U'将',
        U'將',
        U'仕',
        U'士',
        U'相',
        U'象',
        U'马',
        U'馬',
        U'傌',
        U'车',
        U'車',
        U'俥',
        U'炮',
        U'砲',
        U'包',
        U'兵',
        U'卒',
        // directions and tandem markers
        U'进',
        U'進',
        U'退',
        U'平',
        U'上',
        U'下',
        U'前',
        U'后',
        U'後',
        U'中',
        // Chinese numerals
        U'一',
        U'二',
        U'三',
        U'四',
        U'五',
        U'六',
        U'七',
        U'八',
        U'九',
        // full-width digits
        U'１',
        U'２',
        U'３',
        U'４',
        U'５',
        U'６',
        U'７',
        U'８',
        U'９',
        // full-width WXF signs and piece letters
        U'＋',
        U'－',
        U'＝',
        U'．',
        U'Ｒ',
        U'Ｈ',
        U'Ｅ',
        U'Ａ',
        U'Ｋ',
        U'Ｃ',
        U'Ｐ',
        U'Ｂ',
        U'Ｎ',
    };

    // A bit for each code point of the Basic Multilingual Plane, where all of them lie: the
    // encoding choice looks up every character of a sample, which a search took long over.
    constexpr auto notation_bits = [] {
        std::array<std::uint64_t, 0x10000 / 64> bits {};
        for (const char32_t c : notation_characters) {
            if (c >= 0x10000)
                throw "a notation character beyond the Basic Multilingual Plane"; // fails the build
            bits[c / 64] |= std::uint64_t { 1 } << (c % 64);
        }
        return bits;
    }();

    // Decodes the UTF-8 sequence starting at text[pos] and advances pos past it; a byte that
    // does not start a well-formed sequence gives U+FFFD and advances by one.
    char32_t next_code_point(std::string_view text, std::size_t& pos)
    {
        const auto lead = static_cast<unsigned char>(text[pos]);
        const std::size_t length = lead < 0x80 ? 1
            : (lead >> 5) == 0x6               ? 2
            : (lead >> 4) == 0xe               ? 3
            : (lead >> 3) == 0x1e              ? 4
                                               : 0;
        if (length == 0 || pos + length > text.size()) {
            ++pos;
            return U'\uFFFD';
        }
        char32_t c = length == 1 ? lead : lead & (0x7f >> length);
        for (std::size_t i = 1; i < length; ++i) {
            const auto continuation = static_cast<unsigned char>(text[pos + i]);
            if ((continuation & 0xc0) != 0x80) {
                ++pos;
                return U'\uFFFD';
            }
            c = (c << 6) | (continuation & 0x3f);
        }
        pos += length;
        return c;
    }

} // namespace

bool is_notation_character(char32_t c) { return c < 0x10000 && ((notation_bits[c / 64] >> (c % 64)) & 1) != 0; }

std::size_t count_notation_characters(std::string_view text)
{
    // Every notation character is beyond ASCII: ASCII bytes, most of a text, are skipped.
    std::size_t count = 0;
    for (std::size_t pos = utf8::next_non_ascii(text); pos < text.size(); pos = utf8::next_non_ascii(text, pos))
        if (is_notation_character(next_code_point(text, pos)))
            ++count;
    return count;
}

const PlausibilityScorer& notation_plausibility()
{
    static const PlausibilityScorer scorer { count_notation_characters, "notation characters" };
    return scorer;
}

} // namespace xq
