// A game record made from a FEN and moves typed on a command line.
#pragma once

#include <string_view>

#include "xq/records/game_record.hpp"

namespace xq {

// A game record made from a start position and a list of moves as typed on a command line:
// moves separated by white space, commas or semicolons (ASCII, or the full-width ，、； and
// U+3000 a Chinese keyboard types), in any notation (mixed if need be), move numbers
// such as "1." skipped. Locations name `moves_source` (line 1, columns in characters) and
// `fen_source`; an empty FEN means the opening position.
GameRecord record_from_move_list(std::string_view fen, std::string_view moves, const std::string& fen_source = "--fen",
    const std::string& moves_source = "--moves");

} // namespace xq
