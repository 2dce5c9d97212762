// Where rulesets and message catalogues are found: by name in the ruleset folders, or by path.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/arbiter/ruleset.hpp"
#include "xq/base/diagnostic.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq::app {

// The folders searched for a ruleset given by name: <executable>/../share/xqarb/rulesets if it
// exists, then $XQARB_RULESETS if set. No path is compiled in, so an installed xqarb runs from
// any prefix.
std::vector<std::string> ruleset_folders();

// A ruleset by name ("axf": <folder>/axf.json) or by path (anything with a '/' or ending in
// .json). Problems go to diagnostics.
std::optional<RuleSet> find_ruleset(const std::string& name_or_path, Diagnostics& diagnostics);

// The rulesets of a --ruleset value: one name or path, or several separated by commas
// ("axf,cxa", "axf,my/rules.json"), each as find_ruleset takes it; a value that is the path of
// an existing file is one ruleset, commas and all. Nothing when one cannot be loaded, when the
// list has an empty name, or when it names a ruleset twice: the problems go to diagnostics.
std::optional<std::vector<RuleSet>> find_rulesets(const std::string& list, Diagnostics& diagnostics);

// The one ruleset of a command that rules under one only (`command`: "forbidden", ...): a list
// of several is a usage error that says so.
std::optional<RuleSet> find_one_ruleset(
    const std::string& name_or_path, std::string_view command, Diagnostics& diagnostics);

// The languages of --lang: "en", "zh" and "zh-Hans" (simplified characters), "zh-Hant"
// (traditional characters).
const std::vector<std::string>& document_languages();

// The message catalogue of written rulings in `language` (one of document_languages()):
// messages/<language>.json in the first of the ruleset folders that has it; zh-Hans is zh, and
// zh-Hant is zh converted to traditional characters.
std::optional<MessageCatalogue> find_message_catalogue(const std::string& language, Diagnostics& diagnostics);

// The rulesets of the first ruleset folder (the ones xqarb ships), for --version.
std::vector<RuleSet> shipped_rulesets();

} // namespace xq::app
