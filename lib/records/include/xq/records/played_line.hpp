// What passes between a replay and the PGN writer: the main line played, and the cut/damage tags.
#pragma once
// The main line as the replay played it, and the tags a conversion leaves in a record that
// was cut or damaged, which a replay reads back.

#include <span>
#include <string_view>

#include "xq/board/move.hpp"
#include "xq/board/position.hpp"
#include "xq/notation/move_text.hpp"

namespace xq {

// The tag write_pgn gives a game whose main line it had to cut at a move it could not play:
// "ply N: <why>". replay_record reads it back as that failed move.
inline constexpr std::string_view stopped_tag_name = "XqarbStopped";

// The tag write_pgn gives a game whose source record could not be read whole (cut inside a
// comment, a truncated binary record, a binary record's variations nested too deep): its first
// reading error as a diagnostic line. replay_record reads it back as an error of its own, so
// that what was damaged is never ruled on, converted or not.
inline constexpr std::string_view damaged_tag_name = "XqarbDamaged";

// The main line of a record as a replay played it. A view: the caller keeps the data alive.
struct PlayedMainLine {
    // The start position, or null when it could not be set up (a bad FEN).
    const Position* start = nullptr;
    // The record's first moves.size() main-line moves, legal in turn from `start`. When there
    // are fewer than the record has, the next record move is the one the replay stopped at.
    std::span<const Move> moves;
    // How the replay read the record's move texts (notation tried first, ICCS ranks): the
    // variations are read the same way, and so is the move the main line stopped at, to say
    // why it stopped.
    MoveTextOptions reading;
};

} // namespace xq
