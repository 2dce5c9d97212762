// Replaying a game record on the board, move text by move text, stopping at the first failure.
#pragma once

#include <optional>
#include <string>

#include "xq/arbiter/instruction.hpp"
#include "xq/arbiter/replay.hpp"
#include "xq/base/diagnostic.hpp"
#include "xq/notation/move_text.hpp"
#include "xq/records/game_record.hpp"
#include "xq/records/played_line.hpp"

namespace xq {

enum class GameStatus {
    Ok, // every move replayed
    Unreadable, // the record could not be read whole or set up (a reading error, bad FEN, syntax)
    IllegalMove, // a move is not legal (or not unique) in its position
};
std::string_view to_string(GameStatus status); // "ok", "unreadable", "illegal_move"

struct RecordReplay {
    GameStatus status = GameStatus::Ok;
    // Absent only when the start position could not be set up; otherwise it holds the moves
    // up to the first one that failed.
    std::optional<ReplayedGame> game;
    int failed_ply = 0; // the ply that failed, 0 if none did
    // False when the record has a reading error (then the status is not Ok): what it lost is
    // not known, so nothing of it is ruled on.
    bool read_whole = true;
    RecordedResult recorded_result = RecordedResult::Unknown;
    // The notation of the game's moves as read (the first move's, for mixed games), and how
    // its coordinates count ranks.
    std::optional<Notation> notation;
    IccsRanks iccs_ranks = IccsRanks::ZeroToNine;
    // The arbiter's instructions to change that the record shows (its Instructed tag).
    Instructions instructions;
    // The record's own diagnostics first, then the replay's.
    Diagnostics diagnostics;
};

// Replays a game record from its start position, each move matched against the legal moves.
// The first move that fails stops the game with a diagnostic at the move's place in the file
// naming the game, the ply and the reason. Coordinates with ranks 1-10 are recognised per
// game: when a game reads legally both ways, 0-9 is taken and a note says so. A record that
// xqarb's own conversion cut short (its XqarbStopped tag, see write_pgn) fails at the ply the
// tag names, with a `record.cut` error, as the record it came from did (when that ply follows
// the record's last move; otherwise the tag is only a `record.cut-elsewhere` warning). A
// record with a reading error of its own, or with the XqarbDamaged tag of a conversion from
// such a record (a `record.damaged` error), is replayed as far as it goes but is `Unreadable`:
// it is not to be ruled on.
RecordReplay replay_record(const GameRecord& record);

// The main line as `replay` played it, for write_pgn. A view: `moves` receives the moves it
// points to, and must outlive it, as `replay` must.
PlayedMainLine played_main_line(const RecordReplay& replay, std::vector<Move>& moves);

} // namespace xq
