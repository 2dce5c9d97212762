// adjudicate's JSON line for a game, with its rulings explained in the catalogue's language.
#pragma once

#include <ostream>

#include "xq/arbiter/game_ruling.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq {

// One JSON object on one line (field names are part of the interface; see README). The
// explanations are in the catalogue's language.
void write_ruling_json(
    std::ostream& out, const GameRuling& game, const RuleSet& rules, const MessageCatalogue& messages);

} // namespace xq
