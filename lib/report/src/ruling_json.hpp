#pragma once

// The JSON object adjudicate writes for a game, for the writers that extend it (validate's
// rows), so that the same things go by the same field names.

#include "facts_json.hpp"
#include "xq/report/ruling_report.hpp"

namespace xq::json_form {

Json ruling(const Ruling& ruling, const RuleSet& rules, const MessageCatalogue& messages);
Json game_ruling(const GameRuling& game, const RuleSet& rules, const MessageCatalogue& messages);

} // namespace xq::json_form
