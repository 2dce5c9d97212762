// What `xqarb watch` writes after each move: the move, its repetition, and what to do.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "xq/arbiter/live_game.hpp"
#include "xq/report/message_catalogue.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

// `xqarb watch`'s lines, in the catalogue's language. `before` is the position the move was
// played in.

// "12. R2+1 (h5h6)", with the repetition when the position stood before: "the position after
// ply 12 has stood 2 times; cycle 9-12".
std::string watch_move_line(
    const MoveUpdate& update, const Position& before, const MessageCatalogue& messages, DocumentNotation notation);

// A move in the notation asked for: "R2+1".
std::string notate_move(const Position& before, Move move, const MessageCatalogue& messages, DocumentNotation notation);

// What the arbiter must do after the move, when anything: "Red must change its moves: ...
// Instruct Red now.", a loss, a draw that stands, or the board's result. Empty for none.
std::string watch_event_line(const MoveUpdate& update, const RuleSet& rules, const MessageCatalogue& messages);

// The same as one JSON object on one line: ply, side, move (ICCS), text, fen after it, the
// repetition (or null) and, only for a move at which a ruling falls due, a side loses or the
// board ends the game, the outcome code the ruling JSON uses with the event and its rules.
void write_watch_move_json(std::ostream& out, const MoveUpdate& update, const Position& before, const Position& after,
    const RuleSet& rules, const MessageCatalogue& messages, DocumentNotation notation);

// The answer to an arbiter's command as one JSON object on one line: {"KEY": VALUE, "line": LINE}.
void write_watch_answer_json(
    std::ostream& out, std::string_view key, const std::string& value, const std::string& line);

} // namespace xq
