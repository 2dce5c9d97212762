#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "xq/arbiter/ruleset.hpp"
#include "xq/base/diagnostic.hpp"

namespace xq {

// Reads a ruleset from JSON text and checks it strictly: unknown keys, wrong types, unknown
// names (pieces, classes, conducts, readings) and references to rules that the file does not
// define are each reported with the JSON path (`ruleset.unknown-key`, `ruleset.type`,
// `ruleset.bad-value`, `ruleset.missing-key`, `ruleset.unknown-rule`, `ruleset.duplicate-key`;
// `ruleset.syntax` with line:col, or with the path for a number out of range). Every problem
// is reported, not only the first; nothing is returned then. Never throws on bad input.
std::optional<RuleSet> parse_ruleset(std::string_view json_text, const std::string& source, Diagnostics& diagnostics);

// parse_ruleset on a file, which must not be larger than 4 MiB (`ruleset.too-large`).
std::optional<RuleSet> load_ruleset_file(const std::filesystem::path& file, Diagnostics& diagnostics);

} // namespace xq
