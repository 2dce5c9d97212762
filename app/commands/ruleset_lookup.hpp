#pragma once

#include <optional>
#include <string>

#include "xq/arbiter/ruleset.hpp"
#include "xq/base/diagnostic.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq::app {

// The folders searched for a ruleset given by name: $XQARB_RULESETS if set, the installed
// share/xqarb/rulesets, then the source tree's rulesets/.
std::vector<std::string> ruleset_folders();

// A ruleset by name ("axf": <folder>/axf.json) or by path (anything with a '/' or ending in
// .json). Problems go to diagnostics.
std::optional<RuleSet> find_ruleset(const std::string& name_or_path, Diagnostics& diagnostics);

// The message catalogue of written rulings in `language` ("en", "zh"): messages/<language>.json
// in the first of the ruleset folders that has it.
std::optional<MessageCatalogue> find_message_catalogue(const std::string& language, Diagnostics& diagnostics);

} // namespace xq::app
