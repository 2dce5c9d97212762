// --natural-limit N: an event's natural limit, which may only lower the ruleset's.
#pragma once

#include <CLI/CLI.hpp>

#include "xq/arbiter/ruleset.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq::app {

// --natural-limit N: an event's natural limit, N moves of each side without a capture, which
// may only lower the ruleset's (rule books let an event shorten it). 0: the ruleset's own.
void add_natural_limit_option(CLI::App& command, int& moves);

// Sets the ruleset's natural limit to `moves` moves of each side (2 * moves plies), keeping
// the rule it cites. Says why on stderr (naming the ruleset as `messages` does) and returns
// false when the ruleset sets no limit or `moves` would raise it.
bool lower_natural_limit(RuleSet& rules, int moves, const MessageCatalogue& messages);

} // namespace xq::app
