// Helpers the tests of rule-book cases share: bundled rulesets, transcribed cases, lines played.
// The cases are transcribed into testdata; a case's line is played from its position.
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "xq/arbiter/replay.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/board/fen.hpp"

namespace xq::test {

// A ruleset of rulesets/ by id ("axf"): the test fails, naming every problem, unless it loads
// without a diagnostic.
inline RuleSet load_bundled_ruleset(const std::string& id)
{
    Diagnostics diagnostics;
    auto rules = load_ruleset_file(XQ_RULESETS "/" + id + ".json", diagnostics);
    std::string problems;
    for (const Diagnostic& d : diagnostics)
        problems += format_diagnostic(d) + "\n";
    REQUIRE_MESSAGE(rules, problems);
    REQUIRE_MESSAGE(diagnostics.empty(), problems);
    return *rules;
}

// The cases of a testdata file of one JSON object per line ("cxa/cases.jsonl"); lines that
// start with # are comments.
inline std::vector<nlohmann::json> testdata_cases(const std::string& file)
{
    std::ifstream in(XQ_TESTDATA "/" + file);
    REQUIRE(in);
    std::vector<nlohmann::json> cases;
    for (std::string text; std::getline(in, text);)
        if (!text.empty() && text[0] != '#')
            cases.push_back(nlohmann::json::parse(text));
    return cases;
}

// A case's moves (ICCS, separated by spaces) played from its FEN.
inline ReplayedGame play_line(std::string_view fen, std::string_view moves)
{
    Diagnostics diagnostics;
    // Rule-book diagrams are composed positions: some put a pawn where no game could.
    auto pos = parse_fen(fen, diagnostics, {}, FenOptions { true });
    REQUIRE(pos);
    ReplayedGame game(*pos);
    std::istringstream in { std::string(moves) };
    for (std::string m; in >> m;) {
        const auto move = parse_iccs(m);
        REQUIRE(move);
        REQUIRE(game.play(*move));
    }
    return game;
}

} // namespace xq::test
