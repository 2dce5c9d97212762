#include <doctest/doctest.h>

#include <algorithm>
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

// Rules cited by the rulings of the tests above, for the coverage test at the end.
std::set<std::string>& cited_by_tests()
{
    static std::set<std::string> cited;
    return cited;
}

// The positions the team composed for rules that no book diagram shows (testdata/axf/composed.jsonl).
std::vector<nlohmann::json> composed_cases()
{
    std::ifstream in(XQ_TESTDATA "/axf/composed.jsonl");
    REQUIRE(in);
    std::vector<nlohmann::json> cases;
    for (std::string text; std::getline(in, text);)
        if (!text.empty() && text[0] != '#')
            cases.push_back(nlohmann::json::parse(text));
    return cases;
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
                // A line that is never ruled on would pass a draw without showing anything.
                CHECK_MESSAGE(!rulings.empty(), c["id"].get<std::string>() << " " << line.name << " is not ruled on");
                std::string want = expected_violator(line.verdict);
                if (line.name == "main" && c.contains("known_defect"))
                    want = "none"; // what the listed (mistyped) moves show; see known_defect
                const std::string got = violator_of(rulings);
                std::string decided_by;
                if (!rulings.empty())
                    for (const std::string& r : rulings.back().rules) {
                        decided_by += (decided_by.empty() ? "" : " ") + r;
                        cited.insert(r);
                        cited_by_tests().insert(r);
                    }
                MESSAGE(c["id"].get<std::string>() << " " << line.name << ": " << got << " by " << decided_by);
                bool cites_its_rules = true;
                for (const std::string& required : c.value("decided_by", std::vector<std::string> {}))
                    cites_its_rules = cites_its_rules && !rulings.empty()
                        && std::find(rulings.back().rules.begin(), rulings.back().rules.end(), required)
                            != rulings.back().rules.end();
                CHECK_MESSAGE(cites_its_rules, c["id"].get<std::string>() << " " << line.name << " must cite "
                                                   << c.value("decided_by", nlohmann::json::array()).dump());
                CHECK_MESSAGE(got == want, c["id"].get<std::string>() << " " << line.name);
                Tally& t = per_rule[rule];
                ++t.cases;
                t.passed += got == want && cites_its_rules ? 1 : 0;
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

TEST_SUITE("rule interpreter")
{
    TEST_CASE("the board decides mates and stalemates by the ruleset's rules, and notes a Black first move")
    {
        const RuleSet axf = load_axf();
        const BoardJudgement mate = judge_board(play("4k4/R8/9/9/9/9/9/9/9/1R1K5 w", "b0b9"), axf);
        CHECK(mate.loser == Color::Black);
        CHECK(mate.rule == "AXF-1");
        const BoardJudgement stalemate = judge_board(play("4k4/9/3R1R3/4P4/9/9/9/9/9/3K5 w", "e6e7"), axf);
        CHECK(stalemate.loser == Color::Black);
        CHECK(stalemate.rule == "AXF-2");
        const BoardJudgement black_first
            = judge_board(play("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "h7e7"), axf);
        CHECK_FALSE(black_first.loser);
        REQUIRE(black_first.notes.size() == 1);
        CHECK(black_first.notes[0].find("AXF-B1") != std::string::npos);
        CHECK(judge_board(play(start_fen, "h2e2"), axf).notes.empty());
    }

    TEST_CASE("a reading of the ruleset switches rows: fake protection protects under general rule 6's text")
    {
        RuleSet axf = load_axf();
        std::ifstream in(XQ_TESTDATA "/axf/diagrams.jsonl");
        std::string fen, moves;
        for (std::string text; std::getline(in, text);)
            if (text.rfind("{\"id\": \"AXF-D83\"", 0) == 0) {
                const auto c = nlohmann::json::parse(text);
                fen = c["fen"];
                moves = c["moves_iccs"];
            }
        REQUIRE_FALSE(fen.empty());
        const ReplayedGame game = play(fen, moves);
        CHECK(violator_of(rule_on_game(game, axf)) == "red");
        for (Reading& r : axf.readings)
            if (r.name == "fake_protection_protects")
                r.enabled = true;
        CHECK(violator_of(rule_on_game(game, axf)) == "none");
    }

    TEST_CASE("a chase that counts because the protector would face the kings cites the flying general")
    {
        // Hand-made facts: the red rook chases a cannon whose only protector could recapture
        // only by letting the kings face each other; Black idles.
        const RuleSet axf = load_axf();
        CycleFacts facts;
        facts.start = play("4k4/9/4n4/9/3c5/9/9/9/9/R3K4 w", "").start();
        facts.cycle = { 1, 4 };
        for (int ply = 1; ply <= 4; ++ply) {
            MoveFacts m;
            m.ply = ply;
            m.mover = ply % 2 ? Color::Red : Color::Black;
            m.moved = { Piece(m.mover, ply % 2 ? PieceType::Chariot : PieceType::Horse), Square(0, 0) };
            if (m.mover == Color::Red) {
                Threat t;
                t.attacker = { Piece(Color::Red, PieceType::Chariot), Square(0, 4) };
                t.target = { Piece(Color::Black, PieceType::Cannon), Square(3, 4) };
                t.capture_legal = true;
                t.protectors = { { Piece(Color::Black, PieceType::Horse), Square(4, 7) } };
                t.fake_protectors = t.protectors;
                t.fake_by_flying_general = true;
                t.attacker_id = 0;
                t.target_id = 39;
                m.threats.push_back(t);
                m.classes = { MoveClass::Chase };
            } else {
                m.classes = { MoveClass::Idle };
            }
            facts.moves.push_back(m);
        }
        RepetitionEpisode episode;
        episode.cycle = facts.cycle;
        episode.last_repeating_ply = 4;
        episode.occurrences = 2;
        const auto ruling = rule_on_episode(facts, episode, axf);
        REQUIRE(ruling);
        CHECK(ruling->violator == Color::Red);
        CHECK(ruling->outcome == Outcome::RedMustChange);
        const auto& rules = ruling->rules;
        CHECK(std::find(rules.begin(), rules.end(), "AXF-34") != rules.end());
        CHECK(std::find(rules.begin(), rules.end(), "AXF-B2") != rules.end());

        episode.occurrences = 4; // the record shows Red repeating to the limit
        const auto lost = rule_on_episode(facts, episode, axf);
        REQUIRE(lost);
        CHECK(lost->outcome == Outcome::RedLoses);
        CHECK(std::find(lost->rules.begin(), lost->rules.end(), "AXF-3") != lost->rules.end());
    }
}

TEST_SUITE("rule interpreter")
{
    TEST_CASE("positions composed for rules no book diagram can show get the verdict, decided by their rule")
    {
        const RuleSet axf = load_axf();
        int cases = 0;
        for (const nlohmann::json& c : composed_cases()) {
            const std::vector<Ruling> rulings
                = rule_on_game(play(c["fen"].get<std::string>(), c["moves_iccs"].get<std::string>()), axf);
            CHECK_MESSAGE(violator_of(rulings) == expected_violator(c["verdict"]), c["id"].get<std::string>());
            REQUIRE_FALSE(rulings.empty());
            for (const std::string& rule : c["decided_by"].get<std::vector<std::string>>()) {
                const auto& cited = rulings.back().rules;
                CHECK_MESSAGE(std::find(cited.begin(), cited.end(), rule) != cited.end(), c["id"].get<std::string>() << " cites " << rule);
            }
            cited_by_tests().insert(rulings.back().rules.begin(), rulings.back().rules.end());
            ++cases;
        }
        CHECK(cases >= 1);
    }

    TEST_CASE("every rule of the AXF ruleset decides some test case")
    {
        const RuleSet axf = load_axf();
        // The rules the diagrams bring into play (run them if this test runs alone).
        std::ifstream in(XQ_TESTDATA "/axf/diagrams.jsonl");
        for (std::string text; std::getline(in, text);) {
            if (text.empty() || text[0] == '#')
                continue;
            const auto c = nlohmann::json::parse(text);
            RuleSet rules = axf;
            if (c.value("judged_span", "") == "whole_record")
                rules.repetition.judged_span = JudgedSpan::WholeRecord;
            for (const Ruling& r : rule_on_game(play(c["fen"].get<std::string>(), c["moves_iccs"].get<std::string>()), rules))
                cited_by_tests().insert(r.rules.begin(), r.rules.end());
        }
        for (const nlohmann::json& c : composed_cases())
            for (const Ruling& r : rule_on_game(play(c["fen"].get<std::string>(), c["moves_iccs"].get<std::string>()), axf))
                cited_by_tests().insert(r.rules.begin(), r.rules.end());
        // The board's rules, as the board tests above decide them.
        for (const auto& [fen, moves] : { std::pair { "4k4/R8/9/9/9/9/9/9/9/1R1K5 w", "b0b9" },
                 { "4k4/9/3R1R3/4P4/9/9/9/9/9/3K5 w", "e6e7" } })
            cited_by_tests().insert(judge_board(play(fen, moves), axf).rule);
        cited_by_tests().insert({ axf.board.first_mover_rule, axf.board.flying_general_rule, axf.repetition.loss_rule });

        std::string uncited;
        for (const RuleText& r : axf.rules)
            if (!cited_by_tests().count(r.id))
                uncited += r.id + " ";
        CHECK_MESSAGE(uncited.empty(), "rules no test case cites: " << uncited);
    }
}
