// What `xqarb rules show` writes: one rule, its diagrams, and where the ruleset applies it.
#pragma once

#include <ostream>

#include "xq/arbiter/ruleset.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq {

// `xqarb rules show`: one rule of the ruleset in the catalogue's language. Its id, number,
// title and text, the rule book's diagrams that illustrate it, and where the ruleset applies
// it: the chase rules, conducts and verdict rows that cite it, the repetition procedure, the
// natural limit and the rules of the board.
void write_rule_text(std::ostream& out, const RuleSet& rules, const RuleText& rule, const MessageCatalogue& messages);

} // namespace xq
