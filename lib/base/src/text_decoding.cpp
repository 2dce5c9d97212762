// Encoding detection by sample and score, iconv decoding, and TextSource's chunked UTF-8 stream.
#include "xq/base/text_decoding.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <istream>
#include <vector>

#include <iconv.h>

#include "xq/base/utf8.hpp"

namespace xq {

namespace {

    constexpr std::array candidate_order = { TextEncoding::Gb18030, TextEncoding::Big5, TextEncoding::Utf8 };

    // The detection sample: this much, or up to max_sample_bytes while it is all ASCII, so that
    // a long ASCII prologue (ICCS games, English tags) does not hide the Chinese text behind it.
    constexpr std::size_t sample_step_bytes = 64 * 1024;
    constexpr std::size_t max_sample_bytes = 1024 * 1024;

    // A sample is damaged UTF-8 rather than another encoding when it has at least this many
    // well-formed non-ASCII UTF-8 characters per undecodable sequence.
    constexpr std::size_t utf8_damage_ratio = 10;

    constexpr std::string_view replacement_character = "\xEF\xBF\xBD"; // U+FFFD

    // Undecodable bytes next to each other are reported together, up to this many.
    constexpr std::size_t max_bytes_per_undecodable_report = 8;

    const char* iconv_name(TextEncoding encoding)
    {
        switch (encoding) {
        case TextEncoding::Utf8:
            return "UTF-8";
        case TextEncoding::Gb18030:
            return "GB18030";
        case TextEncoding::Big5:
            return "CP950";
        case TextEncoding::Utf16Le:
            return "UTF-16LE";
        case TextEncoding::Utf16Be:
            return "UTF-16BE";
        }
        return "UTF-8";
    }

    bool is_utf16(TextEncoding encoding)
    {
        return encoding == TextEncoding::Utf16Le || encoding == TextEncoding::Utf16Be;
    }

    bool is_ascii(std::string_view bytes) { return utf8::next_non_ascii(bytes) == bytes.size(); }

    // Reads up to `count` bytes of `input` onto the end of `to`, returning how many came. Read
    // into memory not filled first: a file is mostly much shorter than what is asked for, and
    // zero-filling what was asked for cost more than decoding a short file.
    std::size_t read_appending(std::istream& input, std::string& to, std::size_t count)
    {
        const auto buffer = std::make_unique_for_overwrite<char[]>(count);
        input.read(buffer.get(), static_cast<std::streamsize>(count));
        const auto got = static_cast<std::size_t>(input.gcount());
        to.append(buffer.get(), got);
        return got;
    }

    bool starts_with_utf8_bom(std::string_view bytes) { return bytes.starts_with("\xef\xbb\xbf"); }

    std::string describe_bytes(std::string_view bytes)
    {
        static constexpr char hex[] = "0123456789ABCDEF";
        std::string out;
        for (const char c : bytes) {
            const auto b = static_cast<unsigned char>(c);
            if (!out.empty())
                out += ' ';
            out += "0x";
            out += hex[b >> 4];
            out += hex[b & 0xf];
        }
        return out;
    }

    bool is_double_byte(TextEncoding encoding)
    {
        return encoding == TextEncoding::Gb18030 || encoding == TextEncoding::Big5;
    }

    // The two-byte characters of GB18030 or Big5, each as iconv decodes it: most characters
    // of a Chinese archive are looked up here, where a call into iconv for each chunk cost a
    // tenth of reading it. A pair that is not one character on its own (a lead byte that
    // stands alone, a four-byte GB18030 sequence begun, bytes iconv refuses) is absent, and
    // left to iconv, so that the text read is iconv's in every case.
    class DoubleByteTable {
    public:
        explicit DoubleByteTable(const char* encoding)
        {
            const iconv_t handle = iconv_open("UTF-8", encoding);
            if (handle == reinterpret_cast<iconv_t>(static_cast<std::intptr_t>(-1)))
                return;
            // Every pair, each followed by a line feed (which is no trail byte), in one text:
            // one call of iconv for them all, and one more after each pair it refuses.
            std::string pairs;
            for (int lead = first_lead; lead <= last_lead; ++lead)
                for (int trail = first_trail; trail <= last_trail; ++trail)
                    pairs += { static_cast<char>(lead), static_cast<char>(trail), '\n' };
            std::string decoded;
            std::array<char, 4096> buffer;
            std::size_t pair = 0; // the pair at the input position, counted from the first
            std::size_t done = 0;
            while (done < pairs.size()) {
                char* in = pairs.data() + done;
                std::size_t in_left = pairs.size() - done;
                char* out = buffer.data();
                std::size_t out_left = buffer.size();
                const bool stopped = iconv(handle, &in, &in_left, &out, &out_left) == static_cast<std::size_t>(-1);
                const int error = errno;
                record(std::string_view(buffer.data(), buffer.size() - out_left), decoded, pair);
                done = pairs.size() - in_left;
                if (stopped && error != E2BIG) {
                    // The pair at `done` is refused: it stays out of the table.
                    decoded.clear();
                    done = (done / 3 + 1) * 3;
                    pair = done / 3;
                    iconv(handle, nullptr, nullptr, nullptr, nullptr);
                }
            }
            iconv_close(handle);
        }

        // Takes the pairs' decoded text up to each line feed into the table; `decoded` carries
        // a pair's text over from one piece of output to the next.
        void record(std::string_view output, std::string& decoded, std::size_t& pair)
        {
            for (const char c : output) {
                if (c != '\n') {
                    decoded += c;
                    continue;
                }
                // One character: its UTF-8 has one lead byte.
                const bool one_character = !decoded.empty() && decoded.size() <= 4
                    && std::count_if(decoded.begin(), decoded.end(),
                           [](char b) { return (static_cast<unsigned char>(b) & 0xc0) != 0x80; })
                        == 1;
                if (one_character && pair < entries_.size()) {
                    Character& entry = entries_[pair];
                    std::copy(decoded.begin(), decoded.end(), entry.bytes.begin());
                    entry.size = static_cast<std::uint8_t>(decoded.size());
                }
                decoded.clear();
                ++pair;
            }
        }

        // A pair's UTF-8: the first `size` of four bytes, which are all there to be copied at
        // once (a copy of one to four bytes cost a call of memcpy per character).
        struct Character {
            std::array<char, 4> bytes {};
            std::uint8_t size = 0;
        };

        // The character the pair decodes to; size 0 when iconv must decide.
        const Character& character_of(unsigned char lead, unsigned char trail) const
        {
            static constexpr Character left_to_iconv;
            if (lead < first_lead || lead > last_lead || trail < first_trail || trail > last_trail)
                return left_to_iconv;
            return entries_[index(lead, trail)];
        }

    private:
        // Both encodings' two-byte characters lie in this range.
        static constexpr int first_lead = 0x81, last_lead = 0xfe, first_trail = 0x40, last_trail = 0xfe;
        static constexpr std::size_t index(int lead, int trail)
        {
            return static_cast<std::size_t>((lead - first_lead) * (last_trail - first_trail + 1) + trail - first_trail);
        }

        std::vector<Character> entries_ = std::vector<Character>(index(last_lead, last_trail) + 1);
    };

    const DoubleByteTable& double_byte_table(TextEncoding encoding)
    {
        static const DoubleByteTable gb18030(iconv_name(TextEncoding::Gb18030));
        static const DoubleByteTable big5(iconv_name(TextEncoding::Big5));
        return encoding == TextEncoding::Big5 ? big5 : gb18030;
    }

    // One conversion from `from` to UTF-8: through iconv, but for UTF-8 itself, which is
    // checked here because glibc's iconv passes ill-formed UTF-8 through (code points above
    // U+10FFFF, 5- and 6-byte forms).
    class Converter {
    public:
        explicit Converter(TextEncoding from)
            : handle_(from == TextEncoding::Utf8 ? invalid_handle() : iconv_open("UTF-8", iconv_name(from)))
            , checks_utf8_(from == TextEncoding::Utf8)
            , unit_bytes_(is_utf16(from) ? 2 : 1)
            , pairs_(is_double_byte(from) ? &double_byte_table(from) : nullptr)
        {
        }
        ~Converter()
        {
            if (handle_ != invalid_handle())
                iconv_close(handle_);
        }
        Converter(const Converter&) = delete;
        Converter& operator=(const Converter&) = delete;

        bool valid() const { return checks_utf8_ || handle_ != invalid_handle(); }

        // Appends the UTF-8 for `input` to `out`. Each undecodable byte sequence is skipped
        // after calling on_undecodable(offset_in_input, length). A sequence cut off by the end
        // of `input` is left alone and its length returned, so the caller can complete it
        // with the next chunk; when `input_ends` it is undecodable instead.
        template <class OnUndecodable>
        std::size_t convert(std::string_view input, bool input_ends, std::string& out, OnUndecodable&& on_undecodable)
        {
            if (checks_utf8_)
                return check_utf8(input, input_ends, out, on_undecodable);
            if (pairs_)
                return convert_double_byte(input, input_ends, out, on_undecodable);
            return convert_with_iconv(input, input_ends, out, on_undecodable);
        }

    private:
        template <class OnUndecodable>
        static std::size_t check_utf8(
            std::string_view input, bool input_ends, std::string& out, OnUndecodable& on_undecodable)
        {
            std::size_t done = 0;
            std::size_t valid_from = 0; // start of the run of valid bytes not yet appended
            const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(input[i]); };
            const auto continues = [&](std::size_t i) { return (byte(i) & 0xc0) == 0x80; };
            while (done < input.size()) {
                if (byte(done) < 0x80) {
                    done = utf8::next_non_ascii(input, done);
                    continue;
                }
                // Chinese text is mostly three-byte sequences whose lead byte allows any
                // continuation bytes (U+1000..U+CFFF, U+E000..U+FFFF): those need no closer look.
                const unsigned char lead = byte(done);
                if (lead >= 0xe1 && lead <= 0xef && lead != 0xed && done + 2 < input.size() && continues(done + 1)
                    && continues(done + 2)) {
                    done += 3;
                    continue;
                }
                const utf8::Sequence sequence = utf8::read_sequence(input.substr(done));
                if (sequence.kind == utf8::Sequence::valid) {
                    done += sequence.length;
                    continue;
                }
                out.append(input.substr(valid_from, done - valid_from));
                if (sequence.kind == utf8::Sequence::incomplete && !input_ends)
                    return input.size() - done;
                on_undecodable(done, sequence.length);
                done += sequence.length;
                valid_from = done;
            }
            out.append(input.substr(valid_from));
            return 0;
        }

        template <class OnUndecodable>
        std::size_t convert_with_iconv(
            std::string_view input, bool input_ends, std::string& out, OnUndecodable& on_undecodable)
        {
            std::array<char, 16 * 1024> buffer;
            std::size_t done = 0;
            while (done < input.size()) {
                // iconv's interface takes non-const input pointers but does not write through them.
                char* in = const_cast<char*>(input.data() + done);
                std::size_t in_left = input.size() - done;
                char* out_ptr = buffer.data();
                std::size_t out_left = buffer.size();
                const std::size_t result = iconv(handle_, &in, &in_left, &out_ptr, &out_left);
                const int error = errno;
                out.append(buffer.data(), buffer.size() - out_left);
                done = input.size() - in_left;
                if (result != static_cast<std::size_t>(-1))
                    break;
                if (error == E2BIG)
                    continue;
                if (error == EINVAL && !input_ends)
                    return input.size() - done;
                // Skipping a whole code unit keeps UTF-16 in step after a lone surrogate.
                const std::size_t bad_length
                    = error == EINVAL ? input.size() - done : std::min(unit_bytes_, input.size() - done);
                on_undecodable(done, bad_length);
                done += bad_length;
                iconv(handle_, nullptr, nullptr, nullptr, nullptr); // back to the initial state
            }
            return 0;
        }

        // ASCII and the two-byte characters from the table; whatever else, a few bytes at a time
        // through iconv (the encodings are stateless, so a piece converts as it would in place).
        template <class OnUndecodable>
        std::size_t convert_double_byte(
            std::string_view input, bool input_ends, std::string& out, OnUndecodable& on_undecodable)
        {
            // Longer than any sequence (GB18030's four bytes), so that a piece always converts
            // at least its first character unless the input ends inside it.
            constexpr std::size_t piece_bytes = 8;
            const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(input[i]); };
            // Written in place: a byte gives at most two (a pair at most four).
            std::size_t written = out.size();
            out.resize(written + 2 * input.size());
            std::size_t done = 0;
            while (done < input.size()) {
                if (byte(done) < 0x80) {
                    out[written++] = input[done++];
                    continue;
                }
                if (done + 1 < input.size())
                    if (const auto& character = pairs_->character_of(byte(done), byte(done + 1)); character.size != 0) {
                        // The pair's two bytes have room for four.
                        std::memcpy(out.data() + written, character.bytes.data(), character.bytes.size());
                        written += character.size;
                        done += 2;
                        continue;
                    }
                const std::string_view piece = input.substr(done, piece_bytes);
                const bool piece_ends_input = done + piece.size() == input.size();
                const std::size_t piece_start = done;
                auto in_place
                    = [&](std::size_t offset, std::size_t length) { on_undecodable(piece_start + offset, length); };
                out.resize(written);
                const std::size_t cut = convert_with_iconv(piece, piece_ends_input && input_ends, out, in_place);
                if (cut == piece.size()) // an incomplete sequence at the end of the input so far
                    return input.size() - done;
                done += piece.size() - cut;
                written = out.size();
                out.resize(written + 2 * (input.size() - done));
            }
            out.resize(written);
            return 0;
        }

        static iconv_t invalid_handle() { return reinterpret_cast<iconv_t>(static_cast<std::intptr_t>(-1)); }
        iconv_t handle_;
        bool checks_utf8_;
        std::size_t unit_bytes_;
        const DoubleByteTable* pairs_; // for GB18030 and Big5
    };

    // The bytes that begin a multi-byte UTF-8 sequence (top two bits set), eight at a time: a
    // byte's bit 6 shifted onto its bit 7 stays within the byte, and the multiplication sums
    // the bytes' flags in the top byte.
    std::size_t count_lead_bytes(std::string_view text)
    {
        constexpr std::uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
        std::size_t count = 0;
        std::size_t i = 0;
        for (; i + 8 <= text.size(); i += 8) {
            std::uint64_t eight = 0;
            std::memcpy(&eight, text.data() + i, 8);
            count += static_cast<std::size_t>((((eight & (eight << 1) & highs) >> 7) * ones) >> 56);
        }
        for (; i < text.size(); ++i)
            count += (static_cast<unsigned char>(text[i]) & 0xc0) == 0xc0 ? 1 : 0;
        return count;
    }

    struct TrialDecoding {
        TextEncoding encoding;
        std::size_t score = 0;
        std::size_t undecodable = 0;
        std::size_t non_ascii = 0; // characters decoded that are not ASCII
        bool available = true;
    };

    TrialDecoding try_decoding(
        TextEncoding encoding, std::string_view sample, bool whole_text, const PlausibilityScorer& scorer)
    {
        TrialDecoding trial { encoding };
        Converter converter(encoding);
        if (!converter.valid()) {
            trial.available = false;
            return trial;
        }
        // Valid UTF-8, most samples, decodes to itself: it is looked at where it is.
        std::string decoded;
        const bool as_it_is = encoding == TextEncoding::Utf8 && utf8::is_valid(sample);
        if (!as_it_is)
            converter.convert(sample, whole_text, decoded, [&](std::size_t, std::size_t) { ++trial.undecodable; });
        const std::string_view text = as_it_is ? sample : std::string_view(decoded);
        trial.score = scorer.score ? scorer.score(text) : 0;
        trial.non_ascii = count_lead_bytes(text);
        return trial;
    }

    std::string describe_trial(const TrialDecoding& trial, const PlausibilityScorer& scorer)
    {
        return std::to_string(trial.score) + " " + scorer.what_is_counted + " and " + std::to_string(trial.undecodable)
            + " undecodable byte sequences";
    }

} // namespace

std::string_view to_string(TextEncoding encoding)
{
    switch (encoding) {
    case TextEncoding::Utf8:
        return "UTF-8";
    case TextEncoding::Gb18030:
        return "GB18030";
    case TextEncoding::Big5:
        return "Big5";
    case TextEncoding::Utf16Le:
        return "UTF-16LE";
    case TextEncoding::Utf16Be:
        return "UTF-16BE";
    }
    return "UTF-8";
}

std::optional<TextEncoding> byte_order_mark_encoding(std::string_view bytes)
{
    if (bytes.starts_with("\xEF\xBB\xBF"))
        return TextEncoding::Utf8;
    if (bytes.starts_with("\xFF\xFE"))
        return TextEncoding::Utf16Le;
    if (bytes.starts_with("\xFE\xFF"))
        return TextEncoding::Utf16Be;
    return std::nullopt;
}

std::optional<TextEncoding> parse_text_encoding(std::string_view name)
{
    std::string lower;
    for (const char c : name)
        lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    if (lower == "utf-8" || lower == "utf8")
        return TextEncoding::Utf8;
    if (lower == "gb18030" || lower == "gbk" || lower == "gb2312" || lower == "cp936")
        return TextEncoding::Gb18030;
    if (lower == "big5" || lower == "cp950")
        return TextEncoding::Big5;
    if (lower == "utf-16le" || lower == "utf16le")
        return TextEncoding::Utf16Le;
    if (lower == "utf-16be" || lower == "utf16be")
        return TextEncoding::Utf16Be;
    return std::nullopt;
}

EncodingChoice choose_encoding(std::string_view sample, bool sample_is_whole_text, const PlausibilityScorer& scorer)
{
    const std::string sample_size = std::to_string(sample.size()) + " bytes";
    if (sample.empty())
        return { TextEncoding::Utf8, "read as UTF-8: the text is empty" };
    if (const auto marked = byte_order_mark_encoding(sample))
        return { *marked, "read as " + std::string(to_string(*marked)) + ": the text starts with its byte-order mark" };
    if (is_ascii(sample))
        return { TextEncoding::Utf8, "read as UTF-8: the first " + sample_size + " are plain ASCII" };

    const TrialDecoding utf8 = try_decoding(TextEncoding::Utf8, sample, sample_is_whole_text, scorer);
    if (utf8.available && utf8.undecodable == 0)
        return { TextEncoding::Utf8,
            "read as UTF-8: the first " + sample_size + " are valid UTF-8 (" + describe_trial(utf8, scorer) + ")" };
    // GBK and Big5 text decoded as UTF-8 fails about as often as it succeeds, so many good
    // multi-byte sequences with a few bad ones mean UTF-8 with some damage.
    if (utf8.available && utf8.non_ascii >= utf8_damage_ratio * utf8.undecodable)
        return { TextEncoding::Utf8,
            "read as UTF-8: the first " + sample_size + " are UTF-8 but for a few bytes ("
                + std::to_string(utf8.non_ascii) + " non-ASCII characters decode; " + describe_trial(utf8, scorer)
                + ")" };

    std::vector<TrialDecoding> trials;
    for (const TextEncoding encoding : candidate_order)
        trials.push_back(
            encoding == TextEncoding::Utf8 ? utf8 : try_decoding(encoding, sample, sample_is_whole_text, scorer));

    // Each undecodable sequence cancels one scored character; ties keep candidate_order.
    auto merit = [](const TrialDecoding& t) {
        return static_cast<std::int64_t>(t.score) - static_cast<std::int64_t>(t.undecodable);
    };
    const TrialDecoding* best = nullptr;
    for (const TrialDecoding& trial : trials) {
        if (!trial.available)
            continue;
        if (!best || merit(trial) > merit(*best)
            || (merit(trial) == merit(*best) && trial.undecodable < best->undecodable))
            best = &trial;
    }
    if (!best)
        return { TextEncoding::Utf8, "read as UTF-8: no other decoder is available" };

    std::string reason = "read as " + std::string(to_string(best->encoding)) + ": in the first " + sample_size
        + " it gives " + describe_trial(*best, scorer) + " (";
    bool first = true;
    for (const TrialDecoding& trial : trials) {
        if (&trial == best || !trial.available)
            continue;
        reason += first ? "" : "; ";
        reason += "as " + std::string(to_string(trial.encoding)) + ": " + describe_trial(trial, scorer);
        first = false;
    }
    reason += ")";
    return { best->encoding, reason };
}

std::string decode_text(std::string_view bytes, TextEncoding encoding, std::size_t& undecodable)
{
    std::string out;
    Converter converter(encoding);
    if (!converter.valid()) {
        // Without a converter only ASCII can be read safely.
        for (const char c : bytes) {
            const bool ascii = static_cast<unsigned char>(c) < 0x80;
            out += ascii ? std::string(1, c) : std::string(replacement_character);
            undecodable += ascii ? 0 : 1;
        }
        return out;
    }
    converter.convert(bytes, true, out, [&](std::size_t, std::size_t) {
        out += replacement_character;
        ++undecodable;
    });
    return out;
}

// Reads raw chunks (the detection sample first, then the stream) and appends their UTF-8
// decoding, with line ends folded to LF and the byte-order mark dropped, to the caller's text.
class TextSource::Decoder {
public:
    // `sample_ends_input` when the sample reached the end of the input: nothing more is read.
    Decoder(std::istream& input, std::string sample, bool sample_ends_input, TextEncoding encoding,
        std::size_t chunk_size, const std::string& source_name, Diagnostics& diagnostics)
        : encoding_(encoding)
        , converter_(encoding)
        , input_(input)
        , sample_(std::move(sample))
        , chunk_size_(chunk_size == 0 ? 1 : chunk_size)
        , source_name_(source_name)
        , diagnostics_(diagnostics)
        , input_ended_(sample_ends_input)
    {
        if (!converter_.valid()) {
            diagnostics_.error("encoding.unavailable",
                "the C library cannot decode " + std::string(to_string(encoding)), { source_name_ });
            finished_ = true;
        }
    }

    bool finished() const { return finished_; }

    // Decodes one more chunk into `text`, recording the bytes behind each undecodable mark.
    void decode_more(std::string& text, std::deque<UndecodableInput>& undecodable_runs)
    {
        const bool input_ends = !read_chunk();
        const std::size_t runs_before = undecodable_runs.size();
        scratch_.clear();
        realign_utf16(undecodable_runs);
        const std::size_t carried
            = converter_.convert(raw_, input_ends, scratch_, [&](std::size_t offset, std::size_t length) {
                  scratch_ += static_cast<char>(undecodable_mark);
                  undecodable_runs.push_back({ raw_.substr(offset, length), raw_offset_ + offset });
              });
        raw_offset_ += raw_.size() - carried;
        raw_.erase(0, raw_.size() - carried);
        mark_c1_controls(undecodable_runs, runs_before);
        append_folded(text);
        if (input_ends)
            finished_ = true;
    }

private:
    // Appends the next raw chunk to raw_; false when the input has no more bytes.
    bool read_chunk()
    {
        if (sample_pos_ == 0 && sample_.size() <= chunk_size_ && raw_.empty() && !sample_.empty()) {
            raw_.swap(sample_); // the whole sample is the first chunk: taken as it is, not copied
            return true;
        }
        if (sample_pos_ < sample_.size()) {
            const std::size_t n = std::min(chunk_size_, sample_.size() - sample_pos_);
            raw_.append(sample_, sample_pos_, n);
            sample_pos_ += n;
            if (sample_pos_ == sample_.size()) {
                std::string().swap(sample_); // give the detection sample's memory back
                sample_pos_ = 0;
            }
            return true;
        }
        if (input_ended_)
            return false;
        const std::size_t got = read_appending(input_, raw_, chunk_size_);
        if (input_.bad()) {
            diagnostics_.error("io.read",
                "reading failed after " + std::to_string(raw_offset_ + raw_.size()) + " bytes", { source_name_ });
            input_ended_ = true;
        } else if (got < chunk_size_) {
            input_ended_ = true;
        }
        return got > 0;
    }

    // UTF-16 that lost (or gained) a byte reads from there on as other characters: ASCII text,
    // one byte off, becomes U+0900-U+7E00 with a zero low byte, which decode without error into
    // CJK-looking nonsense. A run of such units that long never occurs in text: where one
    // starts, the byte there is skipped, so that the rest reads as written, and an undecodable
    // mark tells the reader where the text was misaligned. Decodes raw_ up to there into
    // scratch_; raw_ keeps what follows.
    void realign_utf16(std::deque<UndecodableInput>& undecodable_runs)
    {
        if (!is_utf16(encoding_))
            return;
        const bool little_endian = encoding_ == TextEncoding::Utf16Le;
        const auto shifted_unit = [&](std::size_t at) {
            const auto first = static_cast<unsigned char>(raw_[at]);
            const auto second = static_cast<unsigned char>(raw_[at + 1]);
            const unsigned low = little_endian ? first : second;
            const unsigned high = little_endian ? second : first;
            return low == 0 && ((high >= 0x20 && high < 0x7f) || high == '\n' || high == '\r');
        };
        constexpr std::size_t run_units = 16;
        std::size_t run = 0;
        std::size_t at = 0; // the unit after the run
        while (at + 1 < raw_.size()) {
            run = shifted_unit(at) ? run + 1 : 0;
            at += 2;
            if (run < run_units)
                continue;
            const std::size_t start = at - 2 * run_units;
            std::string head;
            std::vector<UndecodableInput> head_runs;
            if (converter_.convert(std::string_view(raw_).substr(0, start), false, head,
                    [&](std::size_t offset, std::size_t length) {
                        head += static_cast<char>(undecodable_mark);
                        head_runs.push_back({ raw_.substr(offset, length), raw_offset_ + offset });
                    })
                != 0)
                return; // a character cut in two there: no place to say
            // The undecodable units before the run, then the run's own mark.
            for (UndecodableInput& bad : head_runs)
                undecodable_runs.push_back(std::move(bad));
            scratch_ += head;
            scratch_ += static_cast<char>(undecodable_mark);
            undecodable_runs.push_back({ raw_.substr(start, 1), raw_offset_ + start, 0, true });
            raw_offset_ += start + 1;
            raw_.erase(0, start + 1);
            run = 0;
            at = 0;
        }
    }

    // Puts an undecodable mark in scratch_ for each C1 control character (0xC2 0x80-0x9F in
    // UTF-8), with its entry among the runs this chunk added after `runs_before`, in text order.
    void mark_c1_controls(std::deque<UndecodableInput>& undecodable_runs, std::size_t runs_before)
    {
        const auto is_c1_at = [&](std::size_t i) {
            return scratch_[i] == '\xC2' && i + 1 < scratch_.size()
                && static_cast<unsigned char>(scratch_[i + 1]) <= 0x9F;
        };
        std::size_t i = scratch_.find('\xC2');
        while (i != std::string::npos && !is_c1_at(i))
            i = scratch_.find('\xC2', i + 1);
        if (i == std::string::npos)
            return;
        std::deque<UndecodableInput> chunk_runs(
            std::make_move_iterator(undecodable_runs.begin() + static_cast<std::ptrdiff_t>(runs_before)),
            std::make_move_iterator(undecodable_runs.end()));
        undecodable_runs.resize(runs_before);
        std::string marked;
        marked.reserve(scratch_.size());
        for (std::size_t k = 0; k < scratch_.size(); ++k) {
            if (static_cast<unsigned char>(scratch_[k]) == undecodable_mark) {
                undecodable_runs.push_back(std::move(chunk_runs.front()));
                chunk_runs.pop_front();
                marked += scratch_[k];
            } else if (is_c1_at(k)) {
                undecodable_runs.push_back(
                    { {}, 0, static_cast<char32_t>(static_cast<unsigned char>(scratch_[k + 1])) });
                marked += static_cast<char>(undecodable_mark);
                ++k;
            } else {
                marked += scratch_[k];
            }
        }
        scratch_.swap(marked);
    }

    void append_folded(std::string& text)
    {
        std::string_view out = scratch_;
        if (at_start_ && !out.empty()) {
            if (starts_with_utf8_bom(out))
                out.remove_prefix(3);
            at_start_ = false;
        }
        while (!out.empty()) {
            if (after_cr_ && out.front() == '\n')
                out.remove_prefix(1);
            after_cr_ = false;
            const std::size_t cr = out.find('\r');
            text.append(out.substr(0, cr));
            if (cr == std::string_view::npos)
                break;
            text += '\n';
            after_cr_ = true;
            out.remove_prefix(cr + 1);
        }
    }

    TextEncoding encoding_;
    Converter converter_;
    std::istream& input_;
    std::string sample_;
    std::size_t sample_pos_ = 0;
    std::size_t chunk_size_;
    const std::string& source_name_;
    Diagnostics& diagnostics_;
    std::string raw_; // undecoded bytes: a sequence carried over from the last chunk, then the new chunk
    std::uint64_t raw_offset_ = 0; // input offset of raw_[0]
    std::string scratch_;
    bool input_ended_;
    bool finished_ = false;
    bool at_start_ = true;
    bool after_cr_ = false;
};

TextSource::TextSource(std::istream& input, std::string source_name, const TextSourceOptions& options,
    const PlausibilityScorer& scorer, Diagnostics& file_diagnostics)
    : source_name_(std::move(source_name))
{
    std::string sample;
    bool sample_ends_input = false;
    if (options.encoding) {
        // Only the byte-order mark is looked at: what was asked for is otherwise taken.
        sample.resize(3);
        input.read(sample.data(), static_cast<std::streamsize>(sample.size()));
        sample.resize(static_cast<std::size_t>(input.gcount()));
        const std::optional<TextEncoding> marked = byte_order_mark_encoding(sample);
        encoding_ = marked.value_or(*options.encoding);
        if (marked && *marked != *options.encoding)
            file_diagnostics.warning("encoding.byte-order-mark",
                "read as " + std::string(to_string(encoding_)) + ", as the byte-order mark says, not as the "
                    + std::string(to_string(*options.encoding)) + " asked for",
                { source_name_ });
        else
            file_diagnostics.note(
                "encoding.chosen", "read as " + std::string(to_string(encoding_)) + ", as requested", { source_name_ });
    } else {
        bool whole_text = false;
        while (!whole_text
            && (sample.size() < sample_step_bytes || (sample.size() < max_sample_bytes && is_ascii(sample)))) {
            read_appending(input, sample, sample_step_bytes);
            whole_text = !input.good();
        }
        const EncodingChoice choice = choose_encoding(sample, whole_text, scorer);
        encoding_ = choice.encoding;
        file_diagnostics.note("encoding.chosen", choice.reason, { source_name_ });
        if (input.bad())
            file_diagnostics.error(
                "io.read", "reading failed after " + std::to_string(sample.size()) + " bytes", { source_name_ });
        // A failed read is tried again, as it would be after any chunk, and reported there too.
        sample_ends_input = input.eof() && !input.bad();
    }
    decoder_ = std::make_unique<Decoder>(input, std::move(sample), sample_ends_input, encoding_,
        options.read_chunk_size, source_name_, file_diagnostics);
    next_ = end_ = text_.data();
}

TextSource::~TextSource() = default;

int TextSource::get()
{
    if (next_ == end_ && !fill(1))
        return end_of_text;
    const auto c = static_cast<unsigned char>(*next_++);
    if (c == '\n') {
        ++line_;
        column_ = 1;
        return c;
    }
    if (c == undecodable_mark) {
        UndecodableInput bad = std::move(pending_undecodable_.front());
        pending_undecodable_.pop_front();
        if (bad.misaligned) {
            last_undecodable_ = { Severity::Warning, "encoding.invalid-sequence",
                "the " + std::string(to_string(encoding_)) + " text is one byte off from byte offset "
                    + std::to_string(bad.byte_offset)
                    + " (a byte lost or added before it): what was read since the last good character is not "
                      "the text; byte "
                    + describe_bytes(bad.bytes) + " is skipped, and the rest is read as written",
                location() };
            ++column_;
            return undecodable;
        }
        if (bad.c1_control != 0) {
            static constexpr char hex[] = "0123456789ABCDEF";
            last_undecodable_ = { Severity::Warning, "encoding.control-character",
                std::string("control character U+00") + hex[bad.c1_control >> 4] + hex[bad.c1_control & 0xf]
                    + " read as U+FFFD",
                location() };
            ++column_;
            return undecodable;
        }
        // Undecodable bytes next to each other in the input make one report, whatever chunks
        // they were decoded in.
        while (peek() == undecodable && bad.bytes.size() < max_bytes_per_undecodable_report
            && pending_undecodable_.front().c1_control == 0 && !pending_undecodable_.front().misaligned
            && pending_undecodable_.front().byte_offset == bad.byte_offset + bad.bytes.size()) {
            bad.bytes += pending_undecodable_.front().bytes;
            pending_undecodable_.pop_front();
            ++next_;
        }
        const bool several = bad.bytes.size() > 1;
        last_undecodable_ = { Severity::Warning, "encoding.invalid-sequence",
            std::string(several ? "bytes " : "byte ") + describe_bytes(bad.bytes) + " at byte offset "
                + std::to_string(bad.byte_offset) + (several ? " are" : " is") + " not valid "
                + std::string(to_string(encoding_)) + ", read as U+FFFD",
            location() };
        ++column_;
        return undecodable;
    }
    if ((c & 0xc0) != 0x80)
        ++column_;
    return c;
}

void TextSource::consume(std::size_t count)
{
    const char* const stop = next_ + count;
    // Eight bytes at a time while they hold no line end: the column moves on by the
    // characters that start in them (all but UTF-8 continuation bytes).
    constexpr std::uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
    for (std::uint64_t eight = 0; stop - next_ >= 8; next_ += 8) {
        std::memcpy(&eight, next_, 8);
        const std::uint64_t line_ends = eight ^ ('\n' * ones);
        if (((line_ends - ones) & ~line_ends & highs) != 0)
            break;
        // A byte's top bit, moved to its bottom and summed over the eight by the multiplication.
        const std::uint64_t continuations = (eight & ~(eight << 1) & highs) >> 7;
        column_ += static_cast<std::uint32_t>(8 - ((continuations * ones) >> 56));
    }
    for (; next_ != stop; ++next_) {
        const auto c = static_cast<unsigned char>(*next_);
        if (c == '\n') {
            ++line_;
            column_ = 1;
        } else if ((c & 0xc0) != 0x80) {
            ++column_;
        }
    }
}

bool TextSource::fill(std::size_t wanted)
{
    text_.erase(0, static_cast<std::size_t>(next_ - text_.data()));
    while (text_.size() < wanted && !decoder_->finished())
        decoder_->decode_more(text_, pending_undecodable_);
    next_ = text_.data();
    end_ = next_ + text_.size();
    return text_.size() >= wanted;
}

} // namespace xq
