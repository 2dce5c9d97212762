// What the record-file harnesses share: the properties of a record read, replayed, written as PGN.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/records/game_record.hpp"
#include "xq/records/pgn_writer.hpp"

namespace xq::fuzz {

// Everything a reader hands on is text an output may carry.
inline void require_clean_record(const GameRecord& game)
{
    for (const RecordedTag& tag : game.tags) {
        require_clean_text(tag.name, false);
        require_clean_text(tag.value, false);
    }
    const auto require_clean_line = [](const std::vector<RecordedMove>& moves) {
        for (const RecordedMove& move : moves) {
            require_clean_text(move.text, false);
            for (const std::string& comment : move.comments)
                require_clean_text(comment);
        }
    };
    require_clean_line(game.moves);
    for (const RecordedVariation& variation : game.variations)
        require_clean_line(variation.moves);
    for (const std::string& comment : game.comments_before_first_move)
        require_clean_text(comment);
    if (game.start_fen)
        require_clean_text(game.start_fen->text, false);
    if (game.result)
        require_clean_text(game.result->text, false);
    require_clean_diagnostics(game.diagnostics);
}

// The record replayed and written as PGN, as `xqarb convert` does: the PGN is clean text too.
inline void require_clean_conversion(const GameRecord& game, const PgnWriterOptions& writer)
{
    require_clean_record(game);
    const RecordReplay replay = replay_record(game);
    require_clean_diagnostics(replay.diagnostics);
    std::vector<Move> moves;
    const PlayedMainLine main_line = played_main_line(replay, moves);
    std::ostringstream pgn;
    Diagnostics problems;
    write_pgn(pgn, game, main_line, writer, problems);
    require_clean_text(pgn.str());
    require_clean_diagnostics(problems);
}

} // namespace xq::fuzz
