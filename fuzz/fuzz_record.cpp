// Fuzzing record reading end to end: bytes in any text format and encoding, to games and PGN.
// The games are read one by one, replayed, and written back as PGN. Beyond "no crash, no hang,
// no sanitizer report": everything a reader hands on is valid UTF-8 without control characters,
// and so is the PGN.

#include <array>
#include <sstream>
#include <string>

#include "fuzz_record_support.hpp"
#include "xq/records/open_record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace xq;
    fuzz::Input input(data, size);
    const std::uint8_t choice = input.take_byte();
    constexpr std::array<std::size_t, 4> chunk_sizes { 1, 3, 7, 64 * 1024 };
    RecordReaderOptions options;
    options.read_chunk_size = chunk_sizes[(choice >> 4) % 4];
    switch ((choice >> 2) % 4) {
    case 1:
        options.encoding = TextEncoding::Utf8;
        break;
    case 2:
        options.encoding = TextEncoding::Gb18030;
        break;
    case 3:
        options.encoding = TextEncoding::Big5;
        break;
    default:
        break; // detected
    }
    const std::string bytes(input.rest());
    constexpr std::array<RecordFormat, 3> formats { RecordFormat::Pgn, RecordFormat::DhtmlXq, RecordFormat::MoveList };
    const RecordFormat format = choice % 4 == 3 ? detect_record_format(bytes) : formats[choice % 4];
    PgnWriterOptions writer;
    writer.notation = static_cast<PgnNotation>((choice >> 6) % 3);
    // The top bits' fourth value, a notation again, also reads as validate does: the variations'
    // moves checked but not kept.
    options.keep_variation_moves = (choice >> 6) != 3;

    std::istringstream stream(bytes);
    const auto reader = make_record_reader(format, stream, "fuzz", options);
    while (const std::optional<GameRecord> game = reader->next())
        fuzz::require_clean_conversion(*game, writer);
    fuzz::require_clean_diagnostics(reader->diagnostics());
    return 0;
}
