#include "xq/notation/record_reader.hpp"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "xq/base/utf8.hpp"
#include "xq/notation/dhtmlxq_reader.hpp"
#include "xq/notation/move_list_reader.hpp"
#include "xq/notation/pgn_reader.hpp"

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

    // A reader that owns the file it reads.
    class FileRecordReader final : public RecordReader {
    public:
        FileRecordReader(std::unique_ptr<std::ifstream> file, RecordFormat format, std::string source_name,
            const RecordReaderOptions& options)
            : file_(std::move(file))
            , reader_(make_record_reader(format, *file_, std::move(source_name), options))
        {
        }

        std::optional<GameRecord> next() override { return reader_->next(); }
        const Diagnostics& diagnostics() const override { return reader_->diagnostics(); }
        TextEncoding encoding() const override { return reader_->encoding(); }

    private:
        std::unique_ptr<std::ifstream> file_; // declared first: it must outlive reader_
        std::unique_ptr<RecordReader> reader_;
    };

} // namespace

RecordFormat detect_record_format(std::string_view first_bytes)
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

std::optional<RecordFormat> sniff_record_format(std::istream& input)
{
    const std::streampos start = input.tellg();
    std::string head(format_sniff_bytes, '\0');
    input.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(input.gcount()));
    input.clear();
    input.seekg(start);
    if (!input)
        return std::nullopt;
    return detect_record_format(head);
}

std::unique_ptr<RecordReader> make_record_reader(RecordFormat format, std::istream& input, std::string source_name,
    const RecordReaderOptions& options)
{
    switch (format) {
    case RecordFormat::DhtmlXq:
        return std::make_unique<DhtmlXqReader>(input, std::move(source_name), options);
    case RecordFormat::MoveList:
        return std::make_unique<MoveListReader>(input, std::move(source_name), options);
    case RecordFormat::Pgn:
        break;
    }
    return std::make_unique<PgnReader>(input, std::move(source_name), options);
}

std::string display_name(const std::filesystem::path& path) { return utf8::escape_for_display(path.native()); }

std::optional<RecordFormat> open_record_stream(const std::filesystem::path& path, std::ifstream& stream,
    const std::string& shown_name, Diagnostics& diagnostics)
{
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        diagnostics.error("io.open", "cannot read a directory as a record file", { shown_name });
        return std::nullopt;
    }
    errno = 0;
    stream.clear();
    stream.open(path, std::ios::binary);
    if (!stream.is_open()) {
        const int reason = errno;
        diagnostics.error("io.open",
            "cannot open the file" + (reason != 0 ? ": " + std::string(std::strerror(reason)) : std::string()),
            { shown_name });
        return std::nullopt;
    }
    const std::optional<RecordFormat> format = sniff_record_format(stream);
    if (!format)
        diagnostics.error("io.read", "cannot go back to the start of the file after looking at it", { shown_name });
    return format;
}

std::unique_ptr<RecordReader> open_record_file(const std::filesystem::path& path, const RecordReaderOptions& options,
    Diagnostics& diagnostics)
{
    const std::string shown_name = display_name(path);
    auto file = std::make_unique<std::ifstream>();
    const std::optional<RecordFormat> format = open_record_stream(path, *file, shown_name, diagnostics);
    if (!format)
        return nullptr;
    return std::make_unique<FileRecordReader>(std::move(file), *format, shown_name, options);
}

} // namespace xq
