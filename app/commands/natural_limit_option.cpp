// --natural-limit N, and lowering a ruleset's natural limit to it.
#include "commands/natural_limit_option.hpp"

#include <iostream>

namespace xq::app {

void add_natural_limit_option(CLI::App& command, int& moves)
{
    command
        .add_option("--natural-limit", moves,
            "An event's natural limit: N moves of each side (2N plies) without a capture draw the game; it may only "
            "lower the ruleset's")
        ->check(CLI::Range(1, 1000));
}

bool lower_natural_limit(RuleSet& rules, int moves)
{
    if (moves == 0)
        return true;
    if (!rules.natural_limit) {
        std::cerr << "xqarb: error: --natural-limit " << moves << ": the ruleset '" << rules.id
                  << "' sets no natural limit for an event to lower\n";
        return false;
    }
    NaturalLimit& limit = *rules.natural_limit;
    if (2 * moves > limit.plies) {
        std::cerr << "xqarb: error: --natural-limit " << moves << " would raise the ruleset's natural limit of "
                  << limit.plies / 2 << " moves of each side (" << limit.rule << "); an event may only lower it\n";
        return false;
    }
    limit.plies = 2 * moves;
    return true;
}

} // namespace xq::app
