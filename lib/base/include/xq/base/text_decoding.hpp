// Bytes of any archive encoding (UTF-8, GB18030, Big5, UTF-16) detected and decoded to UTF-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "xq/base/diagnostic.hpp"

namespace xq {

// The encodings real Xiangqi archives use. GBK and GB2312 text is read as GB18030, which
// contains both. Big5 is read as CP950 (Microsoft's Big5), the variant the CCPD archive uses.
// GB18030 and Big5 go through the C library's iconv; UTF-8 is checked here (utf8.hpp).
// UTF-16 (Windows Notepad's "Unicode") is read when a byte-order mark announces it.
enum class TextEncoding { Utf8, Gb18030, Big5, Utf16Le, Utf16Be };

std::string_view to_string(TextEncoding encoding); // "UTF-8", "GB18030", "Big5", "UTF-16LE", "UTF-16BE"

// Reads an encoding name as people type it: utf-8/utf8, gbk/gb2312/gb18030/cp936,
// big5/cp950, utf-16le, utf-16be, in any case. Returns nothing for anything else.
[[nodiscard]] std::optional<TextEncoding> parse_text_encoding(std::string_view name);

// Says how plausible a decoded text is, so that a decoding which produces nonsense can be
// told apart from the right one. The caller supplies it (the notation layer counts the
// characters of Xiangqi move notation); this layer knows nothing about what the text means.
struct PlausibilityScorer {
    std::function<std::size_t(std::string_view utf8)> score;
    std::string what_is_counted; // plural noun phrase for messages, e.g. "notation characters"
};

// The outcome of choose_encoding, with one sentence saying why, for a note to the user.
struct EncodingChoice {
    TextEncoding encoding = TextEncoding::Utf8;
    std::string reason;
};

// The encoding a byte-order mark at the start of `bytes` announces (UTF-8, UTF-16LE or
// UTF-16BE), if there is one.
[[nodiscard]] std::optional<TextEncoding> byte_order_mark_encoding(std::string_view bytes);

// Picks the encoding of a text from `sample`, its first bytes (all of it when
// `sample_is_whole_text`):
//  0. a UTF-16 byte-order mark means UTF-16 of that byte order;
//  1. a UTF-8 byte-order mark, plain ASCII, or valid UTF-8 with other characters means UTF-8
//     (legacy Chinese text is practically never valid UTF-8 by accident), and so does text
//     whose non-ASCII characters outnumber its undecodable sequences ten to one (UTF-8 with a
//     few damaged bytes: GBK or Big5 read as UTF-8 fails about as often as it succeeds);
//  2. otherwise every candidate decodes the sample, and the one whose decoding scores
//     highest, less one per undecodable byte sequence, wins. A clean decoding proves little:
//     Big5 text usually decodes without error as GB18030, into nonsense, so the score decides.
//     Ties go to fewer undecodable sequences, then to GB18030, Big5, UTF-8 in that order.
EncodingChoice choose_encoding(std::string_view sample, bool sample_is_whole_text, const PlausibilityScorer& scorer);

// Decodes a whole text held in memory, such as a field of a binary record file, to UTF-8:
// each byte sequence `encoding` cannot explain becomes U+FFFD and is counted in `undecodable`.
// Unlike TextSource, line ends and a byte-order mark are left as they are.
[[nodiscard]] std::string decode_text(std::string_view bytes, TextEncoding encoding, std::size_t& undecodable);

struct TextSourceOptions {
    // Decode as this encoding instead of choosing one from a sample. A byte-order mark still
    // wins, with an `encoding.byte-order-mark` warning when it says otherwise: it cannot be
    // there by accident.
    std::optional<TextEncoding> encoding;
    // Bytes read from the stream at a time. Tests use 1..5 to exercise the chunk seams.
    std::size_t read_chunk_size = 64 * 1024;
};

// A byte stream decoded to UTF-8 on the fly, a chunk at a time, handed out byte by byte with
// the line and column (in characters) of each byte. Memory stays bounded by the chunk size
// plus a 1 MiB detection sample, however long the file or its lines are.
//  - A byte-order mark at the start is dropped; CR LF and lone CR become LF.
//  - Input bytes the encoding cannot explain come out as one `undecodable` value per bad
//    sequence (one character wide, read as U+FFFD), and last_undecodable() describes them as
//    an `encoding.invalid-sequence` warning with their line, column and byte offset. A
//    warning, not an error: the text around them reads as it should, so a game that holds
//    them is still checked (a move they fall in fails as a move).
//  - UTF-16 found one byte off (a byte lost or added: its ASCII then reads as a run of
//    U+0900-U+7E00 with a zero low byte) is read again one byte further on, where the run
//    starts; an `undecodable` value there says so, as an `encoding.invalid-sequence` warning
//    that gives the byte offset.
//  - A C1 control character (U+0080 to U+009F) comes out as `undecodable` too, described as
//    an `encoding.control-character` warning: no record text means one, and U+009B is CSI to
//    some terminals, so none may reach an output. The text is not damaged by it.
//  - The encoding choice is reported as an `encoding.chosen` note, and read errors as
//    `io.read`, into the Diagnostics given to the constructor.
class TextSource {
public:
    static constexpr int end_of_text = -1;
    static constexpr int undecodable = -2;
    // How far peek() can look beyond the next byte.
    static constexpr std::size_t max_lookahead = 64;

    TextSource(std::istream& input, std::string source_name, const TextSourceOptions& options,
        const PlausibilityScorer& scorer, Diagnostics& file_diagnostics);
    ~TextSource();
    TextSource(const TextSource&) = delete;
    TextSource& operator=(const TextSource&) = delete;

    // The byte `ahead` positions after the next one (0 = the next one) as 0..255, or
    // end_of_text / undecodable. `ahead` must not exceed max_lookahead.
    int peek(std::size_t ahead = 0)
    {
        if (static_cast<std::size_t>(end_ - next_) <= ahead && !fill(ahead + 1))
            return end_of_text;
        const auto c = static_cast<unsigned char>(next_[ahead]);
        return c == undecodable_mark ? undecodable : c;
    }

    // Consumes the next byte and returns it like peek().
    int get();

    // For scanning loops that would otherwise call get() byte by byte: the decoded bytes
    // ready now, starting with the next one (empty only at the end of the text). An
    // undecodable mark among them is the byte 0xFF, which consume() must not pass.
    std::string_view ready()
    {
        if (next_ == end_)
            fill(1);
        return { next_, static_cast<std::size_t>(end_ - next_) };
    }

    // Consumes the first `count` bytes of ready(), keeping the line and column right.
    void consume(std::size_t count);
    // consume() for bytes the caller has seen to be ASCII and no line end (a marker, a tag's
    // name): the column moves on by `count` without looking at them again.
    void consume_ascii_in_line(std::size_t count)
    {
        next_ += count;
        column_ += static_cast<std::uint32_t>(count);
    }

    // The location of the next byte.
    SourceLocation location() const { return { source_name_, line_, column_ }; }
    const std::string& source_name() const { return source_name_; }

    // After get() returned `undecodable`: the `encoding.invalid-sequence` warning for those bytes.
    const Diagnostic& last_undecodable() const { return last_undecodable_; }

    TextEncoding encoding() const { return encoding_; }

private:
    // 0xFF never occurs in UTF-8, so it marks undecodable input inside the decoded text.
    static constexpr unsigned char undecodable_mark = 0xff;

    // Decodes more input until `wanted` bytes are ready; false if the input runs out first.
    bool fill(std::size_t wanted);

    // Raw bytes behind one undecodable_mark, described when the mark is consumed; or the C1
    // control character the mark stands for (then `bytes` is empty); or, `misaligned`, the
    // byte skipped where UTF-16 text was found one byte off.
    struct UndecodableInput {
        std::string bytes;
        std::uint64_t byte_offset = 0;
        char32_t c1_control = 0;
        bool misaligned = false;
    };

    class Decoder;
    std::string source_name_;
    TextEncoding encoding_ = TextEncoding::Utf8;
    std::unique_ptr<Decoder> decoder_;
    std::string text_; // decoded UTF-8; the bytes not yet consumed are [next_, end_)
    const char* next_ = nullptr;
    const char* end_ = nullptr;
    std::deque<UndecodableInput> pending_undecodable_; // one per undecodable_mark, in order
    Diagnostic last_undecodable_;
    std::uint32_t line_ = 1;
    std::uint32_t column_ = 1;
};

} // namespace xq
