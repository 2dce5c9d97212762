// What `xqarb forbidden` writes: the moves the side to move may not play, as text or JSON.
#pragma once

#include <ostream>

#include "xq/arbiter/forbidden_moves.hpp"
#include "xq/report/message_catalogue.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

// `xqarb forbidden`'s answer for the position at the end of `game`: each forbidden move in the
// notation, the ruling it would draw and the rules, in the catalogue's language.
void write_forbidden_text(std::ostream& out, const ReplayedGame& game, const ForbiddenMoves& forbidden,
    const RuleSet& rules, const MessageCatalogue& messages, DocumentNotation notation);

// The same as one JSON object on one line, for programs: the position, the side to move, and
// per forbidden move its ICCS and notated text, the outcome, the conduct and the rules, with
// the whole ruling as adjudicate writes it.
void write_forbidden_json(std::ostream& out, const ReplayedGame& game, const ForbiddenMoves& forbidden,
    const RuleSet& rules, const MessageCatalogue& messages, DocumentNotation notation);

// `forbidden --try`'s answer for one move at the end of `game`: allowed or forbidden, why, and
// for an allowed move what the other side may then not play. The text form is two lines; the
// JSON form one object.
void write_tried_move_text(std::ostream& out, const ReplayedGame& game, const TriedMove& tried, const RuleSet& rules,
    const MessageCatalogue& messages, DocumentNotation notation);
void write_tried_move_json(std::ostream& out, const ReplayedGame& game, const TriedMove& tried, const RuleSet& rules,
    const MessageCatalogue& messages, DocumentNotation notation);

} // namespace xq
