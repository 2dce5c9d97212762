// What the fuzz harnesses share: options read from the input's first bytes, and clean text.
// Every harness checks beyond "no crash" that text that leaves the library is valid UTF-8
// without control characters, whatever came in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "xq/base/diagnostic.hpp"
#include "xq/base/utf8.hpp"

namespace xq::fuzz {

// The input as bytes, with a few taken off the front to choose options, so that the fuzzer
// explores the options along with the data.
class Input {
public:
    Input(const std::uint8_t* data, std::size_t size)
        : bytes_(reinterpret_cast<const char*>(data), size)
    {
    }

    // A byte from the front (0 once the input is used up).
    std::uint8_t take_byte()
    {
        if (bytes_.empty())
            return 0;
        const auto b = static_cast<std::uint8_t>(bytes_.front());
        bytes_.remove_prefix(1);
        return b;
    }

    std::string_view rest() const { return bytes_; }

private:
    std::string_view bytes_;
};

// Stops the run, which libFuzzer records as a crash with the input that caused it.
[[noreturn]] inline void fail(std::string_view property, std::string_view text)
{
    std::fprintf(stderr, "property broken: %.*s\nin: %.*s\n", static_cast<int>(property.size()), property.data(),
        static_cast<int>(text.size() > 300 ? 300 : text.size()), text.data());
    std::abort();
}

inline void require(bool holds, std::string_view property, std::string_view text = {})
{
    if (!holds)
        fail(property, text);
}

// Text a reader hands on (a tag, a move, a comment, a message): what an output may carry. No
// control character: C0 (but for tab, and line breaks where allowed), DEL, nor C1 (U+0080 to
// U+009F, whose UTF-8 is 0xC2 then 0x80-0x9F): U+009B is CSI to some terminals.
inline void require_clean_text(std::string_view text, bool line_breaks_allowed = true)
{
    require(utf8::is_valid(text), "text is valid UTF-8", text);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto b = static_cast<unsigned char>(text[i]);
        const bool blank = b == '\t' || (line_breaks_allowed && b == '\n');
        require(b >= 0x20 ? b != 0x7f : blank, "text holds no control character", text);
        const bool c1 = b == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
        require(!c1, "text holds no C1 control character", text);
    }
}

inline void require_clean_diagnostics(const Diagnostics& diagnostics)
{
    for (const Diagnostic& d : diagnostics) {
        require_clean_text(d.message, false);
        require_clean_text(d.location.source, false);
    }
}

} // namespace xq::fuzz
