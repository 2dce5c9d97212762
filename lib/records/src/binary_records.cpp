// Telling the binary formats apart by their magic bytes, and handing the bytes to their reader.
#include "xq/records/binary_records.hpp"

#include <cstdint>
#include <new>
#include <utility>

#include "binary_building.hpp"
#include "xq/base/text_decoding.hpp"

namespace xq {

namespace {

    // "xqf", "cbr", ...: the format's name as diagnostic codes begin.
    std::string code_prefix(BinaryFormat format)
    {
        std::string prefix(to_string(format));
        for (char& c : prefix)
            c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        return prefix;
    }

} // namespace

std::optional<BinaryFormat> detect_binary_format(std::string_view first_bytes)
{
    if (first_bytes.starts_with(detail::cbr_magic))
        return BinaryFormat::Cbr;
    if (first_bytes.starts_with(detail::cbl_magic))
        return BinaryFormat::Cbl;
    // Text never has a control character right after its first two letters, an XQF file has
    // its version there (10 to 18 in practice).
    if (first_bytes.size() >= 3 && first_bytes.starts_with("XQ") && static_cast<unsigned char>(first_bytes[2]) < 0x20)
        return BinaryFormat::Xqf;
    if (detail::starts_with_cbf_root(first_bytes))
        return BinaryFormat::Cbf;
    return std::nullopt;
}

BinaryRecords read_binary_records(
    BinaryFormat format, std::string_view bytes, const std::string& source_name, const RecordLimits& limits)
{
    BinaryRecords out;
    if (bytes.size() > max_binary_record_bytes) {
        // The reader stops one byte past the limit, so the size is not known here: the limit is
        // what can be said.
        out.diagnostics.error(code_prefix(format) + ".too-large",
            "the file is larger than " + std::to_string(max_binary_record_bytes / (1024 * 1024))
                + " MiB, the limit for " + std::string(to_string(format)) + " files; it is not read",
            { source_name });
        return out;
    }
    try {
        switch (format) {
        case BinaryFormat::Xqf:
            detail::read_xqf(bytes, source_name, limits, out);
            break;
        case BinaryFormat::Cbr:
            detail::read_cbr(bytes, source_name, limits, out);
            break;
        case BinaryFormat::Cbl:
            detail::read_cbl(bytes, source_name, limits, out);
            break;
        case BinaryFormat::Cbf:
            detail::read_cbf(bytes, source_name, limits, out);
            break;
        }
    } catch (const std::bad_alloc&) {
        // The limits keep a record small, so only a machine already short of memory gets here.
        out.diagnostics.error(code_prefix(format) + ".out-of-memory",
            "memory ran out while reading the file; the games read so far are kept", { source_name });
    }
    return out;
}

} // namespace xq
