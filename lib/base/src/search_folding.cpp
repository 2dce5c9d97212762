#include "xq/base/search_folding.hpp"

#include <algorithm>
#include <cstdint>
#include <mutex>

#include <opencc/opencc.h>

#include "xq/base/utf8.hpp"

namespace xq {

namespace {

    // OpenCC's converter from traditional to simplified Chinese, loaded once, when a search first
    // needs it; a null handle when its data cannot be found.
    class TraditionalToSimplified {
    public:
        TraditionalToSimplified()
            : handle_(opencc_open(OPENCC_DEFAULT_CONFIG_TRAD_TO_SIMP))
        {
        }
        ~TraditionalToSimplified()
        {
            if (loaded())
                opencc_close(handle_);
        }
        TraditionalToSimplified(const TraditionalToSimplified&) = delete;
        TraditionalToSimplified& operator=(const TraditionalToSimplified&) = delete;

        // opencc_open's handle when it fails: (opencc_t)-1.
        bool loaded() const { return handle_ != reinterpret_cast<opencc_t>(static_cast<std::intptr_t>(-1)); }

        std::string convert(const std::string& text) const
        {
            // OpenCC does not promise that one handle may convert on two threads at once, and
            // validate selects games on several.
            const std::lock_guard lock(mutex_);
            char* converted = opencc_convert_utf8(handle_, text.data(), text.size());
            if (!converted)
                return text;
            std::string out(converted);
            opencc_convert_utf8_free(converted);
            return out;
        }

    private:
        opencc_t handle_;
        mutable std::mutex mutex_;
    };

    const TraditionalToSimplified& converter()
    {
        static const TraditionalToSimplified instance;
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
