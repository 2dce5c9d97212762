// Fuzzing the decoding of bytes to UTF-8, detected or forced, through chunks of any size.
// Never a crash, and the text that comes out (an undecodable run counted as U+FFFD) is valid
// UTF-8, with lines and columns that only go forward.

#include <array>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"
#include "xq/base/text_decoding.hpp"
#include "xq/notation/notation_alphabet.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace xq;
    fuzz::Input input(data, size);
    const std::uint8_t choice = input.take_byte();
    TextSourceOptions options;
    constexpr std::array<std::size_t, 4> chunk_sizes { 1, 2, 5, 64 * 1024 };
    options.read_chunk_size = chunk_sizes[choice % 4];
    constexpr std::array<TextEncoding, 3> encodings { TextEncoding::Utf8, TextEncoding::Gb18030, TextEncoding::Big5 };
    if ((choice >> 2) % 4 < 3)
        options.encoding = encodings[(choice >> 2) % 4];
    std::istringstream stream { std::string(input.rest()) };
    Diagnostics diagnostics;
    TextSource source(stream, "fuzz", options, notation_plausibility(), diagnostics);
    std::string text;
    SourceLocation before = source.location();
    for (int c = source.get(); c != TextSource::end_of_text; c = source.get()) {
        if (c == TextSource::undecodable) {
            text += "\xEF\xBF\xBD";
            fuzz::require_clean_text(source.last_undecodable().message, false);
        } else {
            text += static_cast<char>(c);
        }
        const SourceLocation after = source.location();
        fuzz::require(after.line > before.line || (after.line == before.line && after.column >= before.column),
            "locations only go forward", text);
        before = after;
    }
    fuzz::require(utf8::is_valid(text), "decoded text is valid UTF-8", text);
    return 0;
}
