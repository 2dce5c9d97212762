// How a rule of the ruleset is named and illustrated, shared by written rulings and `rules show`.
// Private to the report library.
#pragma once

#include <string>

#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/arbiter/ruleset.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq {

// Whether the rule's number names it ("Appendix rule 2", a definition's "Definition 2"),
// rather than being a bare figure ("19") that a heading calls "rule 19".
bool number_names_rule(const RuleText& rule);

// What the violator's moves amount to, in the catalogue's language: its conduct row's
// description (the conduct id when no row fits). `ruling` names a violator.
std::string violator_conduct_text(const Ruling& ruling, const RuleSet& rules, const MessageCatalogue& messages);

// "Illustrated by diagrams 39, 40 and 41 of the rule book." in the catalogue's words; empty
// for a rule without diagrams.
std::string diagrams_line(const RuleText& rule, const MessageCatalogue& messages);

} // namespace xq
