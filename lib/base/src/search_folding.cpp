// Folding tag text for --where: traditional to simplified by OpenCC, full-width to half-width.
#include "xq/base/search_folding.hpp"

#include <algorithm>

#include "opencc_converter.hpp"
#include "xq/base/utf8.hpp"

namespace xq {

namespace {

    // OpenCC's converter from traditional to simplified Chinese, loaded when a search first
    // needs it.
    const detail::OpenccConverter& converter()
    {
        static const detail::OpenccConverter instance(OPENCC_DEFAULT_CONFIG_TRAD_TO_SIMP);
        return instance;
    }

    // Full-width ASCII (U+FF01-U+FF5E) as ASCII, the ideographic space (U+3000) as a space;
    // ill-formed bytes as U+FFFD.
    std::string half_width(std::string_view text)
    {
        std::string out;
        out.reserve(text.size());
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t next = utf8::next_non_ascii(text, at);
            out.append(text.substr(at, next - at));
            if (next == text.size())
                break;
            const utf8::Sequence s = utf8::read_sequence(text.substr(next));
            const std::string_view bytes = text.substr(next, std::max<std::size_t>(s.length, 1));
            if (s.kind != utf8::Sequence::valid) {
                utf8::append(out, U'\uFFFD');
            } else if (bytes == "\u3000") {
                out += ' ';
            } else if (bytes.size() == 3 && bytes >= "\uFF01" && bytes <= "\uFF5E") {
                // U+FF01-U+FF5E are EF BC 81-EF BD 9E: the code point less 0xFEE0.
                const char32_t code_point = ((static_cast<unsigned char>(bytes[1]) & 0x3Fu) << 6)
                    | (static_cast<unsigned char>(bytes[2]) & 0x3Fu) | 0xF000u;
                out += static_cast<char>(code_point - 0xFEE0u);
            } else {
                out.append(bytes);
            }
            at = next + bytes.size();
        }
        return out;
    }

} // namespace

bool search_folds_traditional() { return converter().loaded(); }

std::string folded_for_search(std::string_view text)
{
    std::string folded = half_width(text);
    if (utf8::next_non_ascii(folded) == folded.size() || !converter().loaded())
        return folded;
    return converter().convert(folded);
}

} // namespace xq
