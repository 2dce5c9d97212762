// Tests of the CXA 2020 rule book's figures under the CXA ruleset: verdicts and move words.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "rule_book_test_support.hpp"
#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/board/fen.hpp"

// The CXA 2020 rule book's figures (testdata/cxa/cases.jsonl) under rulesets/cxa.json: the
// book's verdict for each, and the book's word for each move.

using namespace xq;

namespace {

std::string violator_in(const std::vector<Ruling>& rulings)
{
    const auto index = deciding_ruling(rulings);
    if (!index || !rulings[*index].violator)
        return "draw";
    return std::string(to_string(*rulings[*index].violator)) + "_loses";
}

// The book's line played on to the third occurrence of its start position, where the book
// judges; a line that closes no cycle is judged as a whole.
std::vector<Ruling> rule_on_case(const nlohmann::json& c, RuleSet rules)
{
    if (!c.contains("moves_to_threefold")) {
        rules.repetition.judged_span = JudgedSpan::WholeRecord;
        return rule_on_game(test::play_line(c["fen"].get<std::string>(), c["moves_iccs"].get<std::string>()), rules);
    }
    return rule_on_game(
        test::play_line(c["fen"].get<std::string>(), c["moves_to_threefold"].get<std::string>()), rules);
}

// The ruleset's word, in Chinese, for each move of the book's line, judged as one cycle.
std::vector<std::string> terms_of_line(const nlohmann::json& c, const RuleSet& rules)
{
    const ReplayedGame game = test::play_line(c["fen"].get<std::string>(), c["moves_iccs"].get<std::string>());
    const RepetitionCycle line { 1, game.ply_count() };
    RepetitionEpisode episode;
    episode.cycle = line;
    episode.last_repeating_ply = line.last_ply;
    episode.stands = { 0, line.last_ply };
    episode.occurrences = 2;
    const Ruling ruling
        = judge_cycle(classify_cycle(game, line, rules.classification), episode, rules, ReadingChoice(rules));
    std::vector<std::string> terms;
    for (const MoveRuling& m : ruling.moves) {
        REQUIRE(m.term);
        const MoveTerm& term = rules.move_terms[*m.term];
        terms.push_back(translated(term.translations, "zh", "term", term.term));
    }
    return terms;
}

} // namespace

TEST_SUITE("rule books")
{
    // Where the CXA ruleset does not yet give the book's verdict or word: each listed
    // disagreement must still be one (so the list shrinks as the rules improve), and every
    // other figure and move must agree.
    TEST_CASE("every CXA 2020 figure gets the book's verdict and words under the CXA ruleset, but the listed gaps")
    {
        const RuleSet cxa = test::load_bundled_ruleset("cxa");
        std::set<std::string> known;
        {
            std::ifstream in(XQ_TESTDATA "/cxa/known_gaps.tsv");
            REQUIRE(in);
            for (std::string line; std::getline(in, line);)
                if (!line.empty() && line[0] != '#')
                    known.insert(line);
        }
        std::set<std::string> found;
        int verdicts = 0, verdicts_agreeing = 0;
        std::map<std::string, std::pair<int, int>> per_label; // agreeing, all
        for (const nlohmann::json& c : test::testdata_cases("cxa/cases.jsonl")) {
            const std::string id = c["id"];
            ++verdicts;
            const std::string verdict = violator_in(rule_on_case(c, cxa));
            if (verdict == c["verdict"].get<std::string>())
                ++verdicts_agreeing;
            else
                found.insert(id + "\tverdict\t" + c["verdict"].get<std::string>() + "\t" + verdict);
            if (!c.contains("labels"))
                continue;
            const std::vector<std::string> labels = c["labels"];
            const std::vector<std::string> terms = terms_of_line(c, cxa);
            REQUIRE(terms.size() == labels.size());
            for (std::size_t i = 0; i < labels.size(); ++i) {
                ++per_label[labels[i]].second;
                if (terms[i] == labels[i])
                    ++per_label[labels[i]].first;
                else
                    found.insert(id + "\tmove " + std::to_string(i + 1) + "\t" + labels[i] + "\t" + terms[i]);
            }
        }
        for (const std::string& gap : found)
            CHECK_MESSAGE(known.count(gap), "a disagreement not in testdata/cxa/known_gaps.tsv: ", gap);
        for (const std::string& gap : known)
            CHECK_MESSAGE(
                found.count(gap), "no longer a disagreement, take it out of testdata/cxa/known_gaps.tsv: ", gap);
        MESSAGE("CXA verdicts: " << verdicts_agreeing << " of " << verdicts << " figures agree with the book");
        for (const auto& [label, counts] : per_label)
            MESSAGE("label " << label << ": " << counts.first << " of " << counts.second << " moves agree");
    }
}
