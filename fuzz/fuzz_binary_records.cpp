// Fuzzing the binary record files of Chinese Xiangqi programs (XQF, CBR, CBL, CBF), read whole.
// The bytes come from strangers: never a crash or a read outside the file; every game read is
// clean text, replays and converts to clean PGN.

#include <array>

#include "fuzz_record_support.hpp"
#include "xq/records/binary_records.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace xq;
    fuzz::Input input(data, size);
    const std::uint8_t choice = input.take_byte();
    constexpr std::array<BinaryFormat, 4> formats { BinaryFormat::Xqf, BinaryFormat::Cbr, BinaryFormat::Cbl,
        BinaryFormat::Cbf };
    RecordLimits limits;
    limits.max_plies = 2000; // deep trees are a matter of time, not of new paths
    const BinaryRecords read = read_binary_records(formats[choice % 4], input.rest(), "fuzz", limits);
    fuzz::require_clean_diagnostics(read.diagnostics);
    PgnWriterOptions writer;
    writer.notation = static_cast<PgnNotation>((choice >> 2) % 3);
    for (const GameRecord& game : read.games)
        fuzz::require_clean_conversion(game, writer);
    for (const LibraryHeading& heading : read.headings) {
        fuzz::require_clean_text(heading.title, false);
        for (const std::string& comment : heading.comments)
            fuzz::require_clean_text(comment);
    }
    for (const RecordedTag& tag : read.library_tags)
        fuzz::require_clean_text(tag.value, false);
    return 0;
}
