// Record reading end to end: bytes in any of the text formats and encodings, read game by
// game, replayed, and written back as PGN. Beyond "no crash, no hang, no sanitizer report":
// everything a reader hands on is valid UTF-8 without control characters, and so is the PGN.

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/notation/pgn_writer.hpp"
#include "xq/notation/record_reader.hpp"

namespace {

using namespace xq;

void require_clean_record(const GameRecord& game)
{
    for (const RecordedTag& tag : game.tags) {
        fuzz::require_clean_text(tag.name, false);
        fuzz::require_clean_text(tag.value, false);
    }
    const auto require_clean_line = [](const std::vector<RecordedMove>& moves) {
        for (const RecordedMove& move : moves) {
            fuzz::require_clean_text(move.text, false);
            for (const std::string& comment : move.comments)
                fuzz::require_clean_text(comment);
        }
    };
    require_clean_line(game.moves);
    for (const RecordedVariation& variation : game.variations)
        require_clean_line(variation.moves);
    for (const std::string& comment : game.comments_before_first_move)
        fuzz::require_clean_text(comment);
    if (game.start_fen)
        fuzz::require_clean_text(game.start_fen->text, false);
    if (game.result)
        fuzz::require_clean_text(game.result->text, false);
    fuzz::require_clean_diagnostics(game.diagnostics);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
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

    std::istringstream stream(bytes);
    const auto reader = make_record_reader(format, stream, "fuzz", options);
    while (const std::optional<GameRecord> game = reader->next()) {
        require_clean_record(*game);
        const RecordReplay replay = replay_record(*game);
        fuzz::require_clean_diagnostics(replay.diagnostics);
        std::vector<Move> moves;
        if (replay.game)
            for (const PlyRecord& ply : replay.game->plies())
                moves.push_back(ply.move);
        const PlayedMainLine main_line { replay.game ? &replay.game->start() : nullptr, moves,
            MoveTextOptions { replay.notation, replay.iccs_ranks } };
        std::ostringstream pgn;
        Diagnostics problems;
        write_pgn(pgn, *game, main_line, writer, problems);
        fuzz::require_clean_text(pgn.str());
        fuzz::require_clean_diagnostics(problems);
    }
    fuzz::require_clean_diagnostics(reader->diagnostics());
    return 0;
}
