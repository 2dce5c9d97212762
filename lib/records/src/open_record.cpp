// Sniffing a record file's format from its first bytes, and opening the reader it needs.
#include "xq/records/open_record.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>

#include "binary_building.hpp"
#include "record_building.hpp"
#include "xq/base/utf8.hpp"
#include "xq/records/binary_records.hpp"
#include "xq/records/dhtmlxq_reader.hpp"
#include "xq/records/move_list_reader.hpp"
#include "xq/records/pgn_reader.hpp"

namespace xq {

namespace {

    // How much of a file's start detect_record_format looks at.
    constexpr std::size_t format_sniff_bytes = 64 * 1024;

    // Whether the first non-blank line starts with a FEN placement, ended by a blank, a comma
    // or the line's end. Blank means ASCII white space here: the bytes are not decoded yet, and
    // the FEN itself is ASCII in every encoding the readers know.
    bool starts_with_fen_placement(std::string_view bytes)
    {
        static constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";
        static constexpr std::string_view blanks = " \t\r\n\v\f";
        if (bytes.starts_with(byte_order_mark))
            bytes.remove_prefix(byte_order_mark.size());
        const std::size_t start = bytes.find_first_not_of(blanks);
        if (start == std::string_view::npos)
            return false;
        bytes.remove_prefix(start);
        return is_fen_placement(bytes.substr(0, bytes.find_first_of(", \t\r\n\v\f")));
    }

    // The text formats, told apart by what their first bytes say (see detect_record_format).
    RecordFormat detect_text_format(std::string_view first_bytes)
    {
        static constexpr std::string_view marker = "[dhtmlxq";
        for (std::size_t at = first_bytes.find('['); at != std::string_view::npos; at = first_bytes.find('[', at + 1)) {
            const std::string_view candidate = first_bytes.substr(at, marker.size());
            bool same = candidate.size() == marker.size();
            for (std::size_t i = 0; same && i < marker.size(); ++i) {
                const char c = candidate[i];
                same = ((c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c) == marker[i];
            }
            // A DhtmlXQ field closes its bracket right after the name ([DhtmlXQ], [DhtmlXQ_ver]); a
            // PGN tag of that name ([DhtmlXQ_ver "..."], as convert writes) has a value first.
            std::size_t end = at + marker.size();
            if (same && end < first_bytes.size() && first_bytes[end] == '_')
                while (end < first_bytes.size()
                    && (first_bytes[end] == '_' || std::isalnum(static_cast<unsigned char>(first_bytes[end]))))
                    ++end;
            if (same && end < first_bytes.size() && first_bytes[end] == ']')
                return RecordFormat::DhtmlXq;
        }
        return starts_with_fen_placement(first_bytes) ? RecordFormat::MoveList : RecordFormat::Pgn;
    }

    // The ASCII that UTF-16 text (after its byte-order mark) spells, other characters as '?':
    // enough to look for the DhtmlXQ marker and a FEN, which are ASCII.
    std::string ascii_of_utf16(std::string_view bytes, bool little_endian)
    {
        std::string out;
        for (std::size_t i = 0; i + 1 < bytes.size(); i += 2) {
            const char low = bytes[little_endian ? i : i + 1];
            const char high = bytes[little_endian ? i + 1 : i];
            out += high == 0 && static_cast<unsigned char>(low) < 0x80 ? low : '?';
        }
        return out;
    }

    // Whether the bytes start as a document, an archive or an image does: a PDF, an Office or
    // OpenDocument file (a ZIP, or Office 97's compound file), PNG, JPEG, GIF, TIFF, WebP. A PDF
    // is mostly text, so the count of control characters below does not catch it; each is
    // told by its magic bytes, which no record starts with.
    bool starts_as_other_file(std::string_view bytes)
    {
        static constexpr std::array<std::string_view, 10> magic { "%PDF-", std::string_view("PK\x03\x04", 4),
            "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", "\x89PNG\r\n\x1A\n", "\xFF\xD8\xFF", "GIF87a", "GIF89a",
            std::string_view("II*\x00", 4), std::string_view("MM\x00*", 4), std::string_view("PK\x05\x06", 4) };
        for (const std::string_view m : magic)
            if (bytes.starts_with(m))
                return true;
        return bytes.size() >= 12 && bytes.starts_with("RIFF") && bytes.substr(8, 4) == "WEBP";
    }

    // No text record holds control characters other than blanks (and DOS's end-of-file mark)
    // in any number; binary data is full of them.
    bool looks_like_binary_data(std::string_view bytes)
    {
        constexpr std::uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
        std::size_t controls = 0;
        const auto none_below_space = [&](std::size_t at) {
            std::uint64_t eight = 0;
            std::memcpy(&eight, bytes.data() + at, 8);
            return ((eight - 0x20 * ones) & ~eight & highs) == 0;
        };
        const auto count_byte = [&](std::size_t at) {
            const auto b = static_cast<unsigned char>(bytes[at]);
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\v' && b != '\f' && b != 0x1a)
                ++controls;
        };
        // Thirty-two bytes at a time while none is below 0x20, as in most text; a word of eight
        // that holds one (mostly a line end) byte by byte.
        std::size_t i = 0;
        while (i + 8 <= bytes.size()) {
            if (i + 32 <= bytes.size() && none_below_space(i) && none_below_space(i + 8) && none_below_space(i + 16)
                && none_below_space(i + 24)) {
                i += 32;
                continue;
            }
            if (!none_below_space(i))
                for (std::size_t end = i + 8; i < end; ++i)
                    count_byte(i);
            else
                i += 8;
        }
        for (; i < bytes.size(); ++i)
            count_byte(i);
        return controls * 10 > bytes.size();
    }

    // A binary file may hold a study's whole tree of analysis (FiveGoatsTest.xqf has 32,124
    // moves), which is not cut at a game record's limit; this bounds its memory all the same.
    constexpr std::size_t max_binary_record_plies = 100000;

    // Reads a whole binary record file, then hands its games out one by one. A library's
    // headings are handed out as games without moves, each where its entry stands, so that
    // every entry gets its row and the numbers stay CCBridge's. A CBL library's entries are
    // decoded one at a time, as they are asked for: its bytes are at most 16 MiB, but its
    // games decoded all at once took 245 MB for a library of 3,500 games of 400 plies.
    class BinaryRecordReader final : public RecordReader {
    public:
        BinaryRecordReader(
            RecordFormat format, std::istream& input, std::string source_name, const RecordReaderOptions& options)
            : format_(format)
            , encoding_(format == RecordFormat::Xqf ? TextEncoding::Gb18030
                      : format == RecordFormat::Cbf ? TextEncoding::Utf8
                                                    : TextEncoding::Utf16Le)
            , source_name_(std::move(source_name))
        {
            // Up to one byte past the limit, so that the reader can tell a file too large.
            while (input && bytes_.size() <= max_binary_record_bytes) {
                const std::size_t old_size = bytes_.size();
                const std::size_t chunk = std::max<std::size_t>(options.read_chunk_size, 1);
                bytes_.resize(old_size + std::min(chunk, max_binary_record_bytes + 1 - old_size));
                input.read(bytes_.data() + old_size, static_cast<std::streamsize>(bytes_.size() - old_size));
                bytes_.resize(old_size + static_cast<std::size_t>(input.gcount()));
            }
            if (input.bad())
                diagnostics_.error(
                    "io.read", "reading failed after " + std::to_string(bytes_.size()) + " bytes", { source_name_ });
            limits_ = options.limits;
            limits_.max_plies = std::max(limits_.max_plies, max_binary_record_plies);
            if (format == RecordFormat::Cbl && bytes_.size() <= max_binary_record_bytes) {
                entries_ = std::make_unique<detail::CblEntryReader>(bytes_, source_name_, limits_);
                return;
            }
            take(read_binary_records(binary_format_of(format), bytes_, source_name_, limits_));
            std::sort(games_.begin(), games_.end(),
                [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
            finish();
        }

        std::optional<GameRecord> next() override
        {
            while (next_ == games_.size() && entries_) {
                games_.clear();
                next_ = 0;
                BinaryRecords entry;
                bool more = false;
                try {
                    more = entries_->next(entry);
                } catch (const std::bad_alloc&) {
                    diagnostics_.error("cbl.out-of-memory",
                        "memory ran out while reading the file; the games read so far are kept", { source_name_ });
                }
                take(std::move(entry));
                if (!more)
                    finish();
            }
            if (next_ == games_.size())
                return std::nullopt;
            return std::move(games_[next_++]);
        }
        const Diagnostics& diagnostics() const override { return diagnostics_; }
        TextEncoding encoding() const override { return encoding_; }

    private:
        static BinaryFormat binary_format_of(RecordFormat format)
        {
            switch (format) {
            case RecordFormat::Cbr:
                return BinaryFormat::Cbr;
            case RecordFormat::Cbl:
                return BinaryFormat::Cbl;
            case RecordFormat::Cbf:
                return BinaryFormat::Cbf;
            default:
                return BinaryFormat::Xqf;
            }
        }

        static GameRecord game_of(LibraryHeading heading, RecordFormat format)
        {
            GameRecord game;
            game.format = format;
            game.index = heading.index;
            game.location = heading.location;
            game.tags.push_back({ "Title", std::move(heading.title), heading.location, heading.location });
            game.comments_before_first_move = std::move(heading.comments);
            return game;
        }

        // Queues what was read to be handed out.
        void take(BinaryRecords read)
        {
            for (const Diagnostic& d : read.diagnostics)
                detail::add_diagnostic(diagnostics_, d);
            for (GameRecord& game : read.games) {
                game.format = format_;
                games_.push_back(std::move(game));
            }
            for (LibraryHeading& heading : read.headings)
                games_.push_back(game_of(std::move(heading), format_));
            handed_out_ += read.games.size() + read.headings.size();
        }

        // Once every game is read: the file's bytes are let go, and a file without a game says so.
        void finish()
        {
            entries_.reset();
            std::string().swap(bytes_);
            if (handed_out_ == 0 && !diagnostics_.has_errors())
                diagnostics_.warning("record.no-games", "the file holds no game", { source_name_ });
        }

        RecordFormat format_;
        TextEncoding encoding_;
        std::string source_name_;
        RecordLimits limits_;
        std::string bytes_;
        std::unique_ptr<detail::CblEntryReader> entries_; // a CBL library's entries not yet read
        Diagnostics diagnostics_;
        std::vector<GameRecord> games_;
        std::size_t next_ = 0;
        std::size_t handed_out_ = 0;
    };

    // Reads nothing from a file that is not a game record, and says so once.
    class BinaryDataReader final : public RecordReader {
    public:
        explicit BinaryDataReader(const std::string& source_name)
        {
            diagnostics_.error("record.binary-data", "not a game record (looks like binary data)", { source_name });
        }
        std::optional<GameRecord> next() override { return std::nullopt; }
        const Diagnostics& diagnostics() const override { return diagnostics_; }
        TextEncoding encoding() const override { return TextEncoding::Utf8; }

    private:
        Diagnostics diagnostics_;
    };

    // A reader that owns the file it reads.
    class FileRecordReader final : public RecordReader {
    public:
        FileRecordReader(std::unique_ptr<std::istream> file, RecordFormat format, std::string source_name,
            const RecordReaderOptions& options)
            : file_(std::move(file))
            , reader_(make_record_reader(format, *file_, std::move(source_name), options))
        {
        }

        std::optional<GameRecord> next() override { return reader_->next(); }
        const Diagnostics& diagnostics() const override { return reader_->diagnostics(); }
        TextEncoding encoding() const override { return reader_->encoding(); }

    private:
        std::unique_ptr<std::istream> file_; // declared first: it must outlive reader_
        std::unique_ptr<RecordReader> reader_;
    };

} // namespace

RecordFormat detect_record_format(std::string_view first_bytes, std::optional<TextEncoding> encoding)
{
    if (const std::optional<BinaryFormat> binary = detect_binary_format(first_bytes)) {
        switch (*binary) {
        case BinaryFormat::Xqf:
            return RecordFormat::Xqf;
        case BinaryFormat::Cbr:
            return RecordFormat::Cbr;
        case BinaryFormat::Cbl:
            return RecordFormat::Cbl;
        case BinaryFormat::Cbf:
            return RecordFormat::Cbf;
        }
    }
    if (starts_as_other_file(first_bytes))
        return RecordFormat::BinaryData;
    const std::optional<TextEncoding> marked = byte_order_mark_encoding(first_bytes);
    if (marked == TextEncoding::Utf16Le || marked == TextEncoding::Utf16Be)
        return detect_text_format(ascii_of_utf16(first_bytes.substr(2), marked == TextEncoding::Utf16Le));
    // Without a mark, UTF-16 asked for is taken at its word: its text is half NUL bytes.
    if (!marked && (encoding == TextEncoding::Utf16Le || encoding == TextEncoding::Utf16Be))
        return detect_text_format(ascii_of_utf16(first_bytes, encoding == TextEncoding::Utf16Le));
    if (looks_like_binary_data(first_bytes))
        return RecordFormat::BinaryData;
    return detect_text_format(first_bytes);
}

std::optional<RecordFormat> sniff_record_format(std::istream& input, std::optional<TextEncoding> encoding)
{
    const std::streampos start = input.tellg();
    // Not zero-filled first: most files are much shorter than the sniff, and filling it cost
    // more than reading such a file.
    const auto head = std::make_unique_for_overwrite<char[]>(format_sniff_bytes);
    input.read(head.get(), static_cast<std::streamsize>(format_sniff_bytes));
    const auto got = static_cast<std::size_t>(input.gcount());
    input.clear();
    input.seekg(start);
    if (!input)
        return std::nullopt;
    return detect_record_format(std::string_view(head.get(), got), encoding);
}

std::unique_ptr<RecordReader> make_record_reader(
    RecordFormat format, std::istream& input, std::string source_name, const RecordReaderOptions& options)
{
    switch (format) {
    case RecordFormat::DhtmlXq:
        return std::make_unique<DhtmlXqReader>(input, std::move(source_name), options);
    case RecordFormat::MoveList:
        return std::make_unique<MoveListReader>(input, std::move(source_name), options);
    case RecordFormat::Xqf:
    case RecordFormat::Cbr:
    case RecordFormat::Cbl:
    case RecordFormat::Cbf:
        return std::make_unique<BinaryRecordReader>(format, input, std::move(source_name), options);
    case RecordFormat::BinaryData:
        return std::make_unique<BinaryDataReader>(source_name);
    case RecordFormat::Pgn:
        break;
    }
    return std::make_unique<PgnReader>(input, std::move(source_name), options);
}

std::string display_name(const std::filesystem::path& path) { return utf8::escape_for_display(path.native()); }

std::optional<RecordFormat> open_record_stream(const std::filesystem::path& path, std::unique_ptr<std::istream>& stream,
    const std::string& shown_name, Diagnostics& diagnostics, std::optional<TextEncoding> encoding)
{
    stream.reset();
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        diagnostics.error(
            "io.open", "cannot read a directory as a record file", { shown_name }, { { "form", "directory" } });
        return std::nullopt;
    }
    errno = 0;
    auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!file->is_open()) {
        const int reason = errno;
        diagnostics.error("io.open",
            "cannot open the file" + (reason != 0 ? ": " + std::string(std::strerror(reason)) : std::string()),
            { shown_name },
            { { "form", "file" },
                { "errno",
                    reason == ENOENT       ? "ENOENT"
                        : reason == EACCES ? "EACCES"
                                           : "other" } });
        return std::nullopt;
    }
    if (file->tellg() < 0) {
        // A pipe has no position to go back to: what is looked at is gone from it.
        file->clear();
        std::string whole { std::istreambuf_iterator<char>(*file), std::istreambuf_iterator<char>() };
        if (file->bad()) {
            diagnostics.error(
                "io.read", "reading failed after " + std::to_string(whole.size()) + " bytes", { shown_name });
            return std::nullopt;
        }
        stream = std::make_unique<std::istringstream>(std::move(whole));
    } else {
        stream = std::move(file);
    }
    const std::optional<RecordFormat> format = sniff_record_format(*stream, encoding);
    if (!format)
        diagnostics.error("io.read", "cannot go back to the start of the file after looking at it", { shown_name });
    return format;
}

std::unique_ptr<RecordReader> open_record_file(
    const std::filesystem::path& path, const RecordReaderOptions& options, Diagnostics& diagnostics, SourceNames names)
{
    const std::string shown_name = display_name(path);
    std::unique_ptr<std::istream> file;
    const std::optional<RecordFormat> format
        = open_record_stream(path, file, shown_name, diagnostics, options.encoding);
    if (!format)
        return nullptr;
    return std::make_unique<FileRecordReader>(
        std::move(file), *format, names == SourceNames::LeftOut ? std::string() : shown_name, options);
}

} // namespace xq
