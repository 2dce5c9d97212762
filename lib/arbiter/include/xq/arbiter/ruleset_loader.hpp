// The strict ruleset loader: JSON to RuleSet, every problem reported with its JSON path.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "xq/arbiter/ruleset.hpp"
#include "xq/base/diagnostic.hpp"

namespace xq {

// Reads a ruleset from JSON text and checks it strictly: unknown keys, wrong types, unknown
// names (pieces, classes, conducts, readings) and references to rules that the file does not
// define are each reported with the JSON path (`ruleset.unknown-key`, `ruleset.type`,
// `ruleset.bad-value`, `ruleset.missing-key`, `ruleset.unknown-rule`, `ruleset.duplicate-key`;
// `ruleset.syntax` with line:col, or with the path for a number out of range). Every problem
// is reported, not only the first; nothing is returned then. Never throws on bad input.
[[nodiscard]] std::optional<RuleSet> parse_ruleset(
    std::string_view json_text, const std::string& source, Diagnostics& diagnostics);

// Where in ClassifierOptions a key's value goes: a field of one of its topics.
template <typename T> using OptionField = T& (*)(ClassifierOptions&);

// The field `member` of the topic `topic`: option<&ClassifierOptions::kill, &KillOptions::depth>.
template <auto topic, auto member> auto& option(ClassifierOptions& c) { return (c.*topic).*member; }

// A number or switch of a ruleset's `classification`: its key, the field it sets and, for a
// number, its range and the least value that turns on what it counts (a depth of 1 may search
// nothing). A key absent from a ruleset leaves the field's default. A key that refines another
// means nothing without it, and a ruleset that sets it alone would silently judge as if it had
// not: so it needs what `needs` names on (each group of it, any key of a group), else the
// ruleset is refused (`ruleset.bad-value`).
// A switch may stand for one concept that the classifier weighs in several places: its `parts`
// are further switches it sets with its field, each to the key's value (or, `inverted`, to the
// opposite).
struct KeyPart {
    OptionField<bool> field;
    bool inverted = false;
};

struct ClassificationKey {
    std::string_view name;
    std::variant<OptionField<bool>, OptionField<int>, OptionField<std::optional<int>>> field;
    int low = 0;
    int high = 0;
    int on_from = 1;
    std::vector<std::vector<std::string_view>> needs = {};
    std::vector<KeyPart> parts = {};
};

// Every such key, in the order the loader reads them and reports their problems. The list and
// the object of `classification` (`material.takers`, `piece_worth`) are read apart.
const std::vector<ClassificationKey>& classification_keys();

// parse_ruleset on a file, which must not be larger than 4 MiB (`ruleset.too-large`).
[[nodiscard]] std::optional<RuleSet> load_ruleset_file(const std::filesystem::path& file, Diagnostics& diagnostics);

} // namespace xq
