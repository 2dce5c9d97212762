#pragma once

#include <optional>
#include <string>

#include "xq/arbiter/ruleset.hpp"
#include "xq/base/diagnostic.hpp"

namespace xq::app {

// The folders searched for a ruleset given by name: $XQARB_RULESETS if set, the installed
// share/xqarb/rulesets, then the source tree's rulesets/.
std::vector<std::string> ruleset_folders();

// A ruleset by name ("axf": <folder>/axf.json) or by path (anything with a '/' or ending in
// .json). Problems go to diagnostics.
std::optional<RuleSet> find_ruleset(const std::string& name_or_path, Diagnostics& diagnostics);

} // namespace xq::app
