// --natural-limit N, and lowering a ruleset's natural limit to it.
#include "commands/natural_limit_option.hpp"

#include <string>

#include "commands/terminal.hpp"

namespace xq::app {

void add_natural_limit_option(CLI::App& command, int& moves)
{
    command
        .add_option("--natural-limit", moves,
            "An event's natural limit: N moves of each side (2N plies) without a capture draw the game; it may only "
            "lower the ruleset's")
        ->check(CLI::Range(1, 1000));
}

bool lower_natural_limit(RuleSet& rules, int moves, const MessageCatalogue& messages)
{
    if (moves == 0)
        return true;
    if (!rules.natural_limit) {
        print_error(command_line_problem("usage.natural-limit",
            "--natural-limit " + std::to_string(moves) + ": the ruleset '" + rules.id
                + "' sets no natural limit for an event to lower",
            { { "form", "none" }, { "moves", std::to_string(moves) }, { "ruleset", rules.id },
                { "book", messages.book_name(rules) } }));
        return false;
    }
    NaturalLimit& limit = *rules.natural_limit;
    if (2 * moves > limit.plies) {
        const std::string most = std::to_string(limit.plies / 2);
        print_error(command_line_problem("usage.natural-limit",
            "--natural-limit " + std::to_string(moves) + " would raise the ruleset's natural limit of " + most
                + " moves of each side (" + limit.rule + "); an event may only lower it",
            { { "form", "raise" }, { "moves", std::to_string(moves) }, { "limit", most }, { "rule", limit.rule } }));
        return false;
    }
    limit.plies = 2 * moves;
    return true;
}

} // namespace xq::app
