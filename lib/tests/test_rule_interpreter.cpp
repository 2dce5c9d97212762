#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/board/fen.hpp"

using namespace xq;

namespace {

RuleSet load_axf()
{
    Diagnostics diagnostics;
    auto rules = load_ruleset_file(XQ_RULESETS "/axf.json", diagnostics);
    for (const Diagnostic& d : diagnostics)
        INFO(format_diagnostic(d));
    REQUIRE(rules);
    REQUIRE(diagnostics.empty());
    return *rules;
}

ReplayedGame play(std::string_view fen, std::string_view moves)
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

std::string violator_of(const std::vector<Ruling>& rulings)
{
    if (rulings.empty() || !rulings.back().violator)
        return "none";
    return std::string(to_string(*rulings.back().violator));
}

std::string expected_violator(const std::string& verdict)
{
    return verdict == "red_loses" ? "red" : verdict == "black_loses" ? "black" : "none";
}

} // namespace

TEST_SUITE("rule interpreter")
{
    TEST_CASE("every rule-book diagram gets the book's violator, and the rules that decided it are shown")
    {
        const RuleSet axf = load_axf();
        std::ifstream in(XQ_TESTDATA "/axf/diagrams.jsonl");
        REQUIRE(in);
        struct Tally {
            int cases = 0, passed = 0;
        };
        std::map<std::string, Tally> per_rule;
        std::set<std::string> cited;
        int lines = 0;
        for (std::string text; std::getline(in, text);) {
            if (text.empty() || text[0] == '#')
                continue;
            const auto c = nlohmann::json::parse(text);
            const std::string rule = c["rule"].is_number() ? std::to_string(c["rule"].get<int>()) : c["rule"].get<std::string>();
            struct Line {
                std::string name, fen, moves, verdict;
            };
            std::vector<Line> lines_of_case { { "main", c["fen"], c["moves_iccs"], c["verdict"] } };
            if (c.contains("alt"))
                lines_of_case.push_back({ "alt", c["alt"]["fen"], c["alt"]["moves_iccs"], c["alt"]["verdict"] });
            for (const Line& line : lines_of_case) {
                RuleSet rules = axf;
                if (line.name == "main" && c.value("judged_span", "") == "whole_record")
                    rules.repetition.judged_span = JudgedSpan::WholeRecord;
                const ReplayedGame game = play(line.fen, line.moves);
                const std::vector<Ruling> rulings = rule_on_game(game, rules);
                std::string want = expected_violator(line.verdict);
                if (line.name == "main" && c.contains("known_defect"))
                    want = "none"; // what the listed (mistyped) moves show; see known_defect
                const std::string got = violator_of(rulings);
                std::string decided_by;
                if (!rulings.empty())
                    for (const std::string& r : rulings.back().rules) {
                        decided_by += (decided_by.empty() ? "" : " ") + r;
                        cited.insert(r);
                    }
                MESSAGE(c["id"].get<std::string>() << " " << line.name << ": " << got << " by " << decided_by);
                CHECK_MESSAGE(got == want, c["id"].get<std::string>() << " " << line.name);
                Tally& t = per_rule[rule];
                ++t.cases;
                t.passed += got == want ? 1 : 0;
                ++lines;
            }
        }
        CHECK(lines == 146);
        std::string table = "rule        cases  passed\n";
        for (const auto& [rule, t] : per_rule) {
            std::string row = rule;
            row.resize(12, ' ');
            table += row + std::to_string(t.cases) + "      " + std::to_string(t.passed) + "\n";
        }
        MESSAGE(table);
        std::string all_cited;
        for (const std::string& r : cited)
            all_cited += r + " ";
        MESSAGE("rules cited by the diagrams: " << all_cited);
    }
}
