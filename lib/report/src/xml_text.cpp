// Escaping text for XML and HTML, what XML cannot carry made U+FFFD.
#include "xml_text.hpp"

#include "xq/base/utf8.hpp"

namespace xq {

std::string xml_escaped(std::string_view text)
{
    // XML 1.0 cannot carry C0 control characters other than tab, LF and CR, nor bytes that are
    // not UTF-8: they become U+FFFD, so the document stays well-formed whatever reaches it.
    static constexpr std::string_view replacement_character = "\xEF\xBF\xBD";
    std::string repaired;
    if (!utf8::is_valid(text)) {
        repaired = utf8::replace_invalid(text);
        text = repaired;
    }
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            out += replacement_character;
            continue;
        }
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

} // namespace xq
