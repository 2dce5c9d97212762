// Helpers shared by the validation tests: the AXF ruleset, loaded once, and a game read from PGN.
#pragma once

#include <memory>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/records/open_record.hpp"

namespace xq::test {

inline const RuleSet& axf_rules()
{
    static const RuleSet rules = [] {
        Diagnostics diagnostics;
        std::optional<RuleSet> loaded = load_ruleset_file(XQ_RULESETS "/axf.json", diagnostics);
        REQUIRE(loaded);
        return *loaded;
    }();
    return rules;
}

// The first game of a PGN text read as UTF-8, from a source called "test.pgn".
inline GameRecord read_pgn_game(const std::string& text)
{
    std::istringstream input(text);
    RecordReaderOptions options;
    options.encoding = TextEncoding::Utf8;
    std::unique_ptr<RecordReader> reader = make_record_reader(RecordFormat::Pgn, input, "test.pgn", options);
    std::optional<GameRecord> game = reader->next();
    REQUIRE(game);
    return std::move(*game);
}

} // namespace xq::test
