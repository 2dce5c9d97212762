// Tests of the rule interpreter: rule-book diagrams and examples, readings, occurrences, citations.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "rule_book_test_support.hpp"
#include "xq/arbiter/game_ruling.hpp"
#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/board/fen.hpp"

using namespace xq;

namespace {

RuleSet load_axf() { return test::load_bundled_ruleset("axf"); }

const Ruling* deciding(const std::vector<Ruling>& rulings)
{
    const auto index = deciding_ruling(rulings);
    return index ? &rulings[*index] : nullptr;
}

std::string violator_of(const std::vector<Ruling>& rulings)
{
    const Ruling* ruling = deciding(rulings);
    if (!ruling || !ruling->violator)
        return "none";
    return std::string(to_string(*ruling->violator));
}

bool cites(const Ruling& ruling, const std::string& rule)
{
    return std::find(ruling.rules.begin(), ruling.rules.end(), rule) != ruling.rules.end();
}

// What the ruling says it would be with the named reading turned; null when it names none.
const ReadingRuling* reading_named(const Ruling& ruling, const std::string& name)
{
    const auto said = std::find_if(
        ruling.readings.begin(), ruling.readings.end(), [&](const ReadingRuling& r) { return r.name == name; });
    return said == ruling.readings.end() ? nullptr : &*said;
}

// Turns the named reading of `rules` the other way; false when the ruleset has none of that name.
bool turn_reading(RuleSet& rules, const std::string& name)
{
    const auto reading
        = std::find_if(rules.readings.begin(), rules.readings.end(), [&](const Reading& r) { return r.name == name; });
    if (reading == rules.readings.end())
        return false;
    reading->enabled = !reading->enabled;
    return true;
}

// The rule a diagram illustrates, as the ruleset names it ("AXF-19", "AXF-APP1"); empty for the
// WXF manual's extra examples, which illustrate no numbered rule.
std::string diagram_rule(const nlohmann::json& c)
{
    if (c["rule"].is_number())
        return "AXF-" + std::to_string(c["rule"].get<int>());
    const std::string name = c["rule"];
    if (name.rfind("appendix-", 0) == 0)
        return "AXF-APP" + name.substr(9);
    return {};
}

// Rules cited by the rulings of the tests above, for the coverage test at the end.
std::set<std::string>& cited_by_tests()
{
    static std::set<std::string> cited;
    return cited;
}

// The cases of a testdata/axf file of one JSON object per line.
std::vector<nlohmann::json> axf_cases(const std::string& file) { return test::testdata_cases("axf/" + file); }

// The positions the team composed for rules that no book diagram shows.
std::vector<nlohmann::json> composed_cases() { return axf_cases("composed.jsonl"); }

// The team's reproducers of how a ruling must be reasoned.
std::vector<nlohmann::json> reproducer_cases() { return axf_cases("reproducers.jsonl"); }

// The rulings on a rule-book diagram's main line, judged as a whole where the book does.
std::vector<Ruling> rule_on_main_line(const nlohmann::json& diagram, const RuleSet& axf)
{
    RuleSet rules = axf;
    if (diagram.value("judged_span", "") == "whole_record")
        rules.repetition.judged_span = JudgedSpan::WholeRecord;
    return rule_on_game(
        test::play_line(diagram["fen"].get<std::string>(), diagram["moves_iccs"].get<std::string>()), rules);
}

std::string expected_violator(const std::string& verdict)
{
    return verdict == "red_loses" ? "red" : verdict == "black_loses" ? "black" : "none";
}

// Hand-made facts: the red rook chases a cannon whose only protector could recapture only by
// letting the kings face each other; Black idles. The position has stood twice.
struct HandMadeCase {
    CycleFacts facts;
    RepetitionEpisode episode;
};
HandMadeCase flying_general_case()
{
    HandMadeCase hand_made;
    CycleFacts& facts = hand_made.facts;
    RepetitionEpisode& episode = hand_made.episode;
    facts.start = test::play_line("4k4/9/4n4/9/3c5/9/9/9/9/R3K4 w", "").start();
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
        }
        facts.moves.push_back(m);
    }
    episode.cycle = facts.cycle;
    episode.last_repeating_ply = 4;
    episode.stands = { 0, 4 };
    episode.occurrences = 2;
    return hand_made;
}

} // namespace

TEST_SUITE("rule interpreter")
{
    TEST_CASE("every rule-book diagram gets the book's violator, and cites the diagram's rule first or says why not")
    {
        const RuleSet axf = load_axf();
        struct Tally {
            int cases = 0, passed = 0;
        };
        std::map<std::string, Tally> per_rule;
        std::set<std::string> cited;
        int lines = 0, first_is_diagram_rule = 0;
        std::map<std::string, int> explained; // by cited_first.because
        for (const nlohmann::json& c : axf_cases("diagrams.jsonl")) {
            const std::string rule
                = c["rule"].is_number() ? std::to_string(c["rule"].get<int>()) : c["rule"].get<std::string>();
            struct Line {
                std::string name;
                const nlohmann::json& data;
            };
            std::vector<Line> lines_of_case { { "main", c } };
            if (c.contains("alt"))
                lines_of_case.push_back({ "alt", c["alt"] });
            for (const Line& line : lines_of_case) {
                const std::string id = c["id"].get<std::string>() + " " + line.name;
                RuleSet rules = axf;
                if (line.name == "main" && c.value("judged_span", "") == "whole_record")
                    rules.repetition.judged_span = JudgedSpan::WholeRecord;
                const ReplayedGame game
                    = test::play_line(line.data["fen"].get<std::string>(), line.data["moves_iccs"].get<std::string>());
                const std::vector<Ruling> rulings = rule_on_game(game, rules);
                // A line that is never ruled on would pass a draw without showing anything.
                REQUIRE_MESSAGE(!rulings.empty(), id << " is not ruled on");
                const Ruling& ruling = *deciding(rulings);
                std::string want = expected_violator(line.data["verdict"]);
                if (line.name == "main" && c.contains("known_defect"))
                    want = "none"; // what the listed (mistyped) moves show; see known_defect
                const std::string got = violator_of(rulings);
                std::string decided_by;
                for (const RuleCitation& r : ruling.citations) {
                    decided_by += (decided_by.empty() ? "" : " ") + r.rule + (r.decides ? "*" : "");
                    cited.insert(r.rule);
                    cited_by_tests().insert(r.rule);
                }
                MESSAGE(id << ": " << got << " by " << decided_by);
                bool cites_its_rules = true;
                for (const std::string& required : c.value("decided_by", std::vector<std::string> {}))
                    cites_its_rules = cites_its_rules && cites(ruling, required);
                CHECK_MESSAGE(
                    cites_its_rules, id << " must cite " << c.value("decided_by", nlohmann::json::array()).dump());
                CHECK_MESSAGE(got == want, id);

                // The diagram's rule comes first, or the line records which rule does and why.
                const std::string illustrated = diagram_rule(c);
                std::string first = illustrated;
                bool illustrated_cited = !illustrated.empty();
                if (line.data.contains("cited_first")) {
                    const nlohmann::json& reason = line.data["cited_first"];
                    first = reason["rule"];
                    illustrated_cited = reason.value("diagram_rule_cited", !illustrated.empty());
                    CHECK_MESSAGE(reason["why"].get<std::string>().size() > 20, id << ": cited_first needs a reason");
                    CHECK_MESSAGE(first != illustrated, id << ": cited_first repeats the diagram's own rule");
                    // A fact of the sources must be one: the line is the alt line, the diagram
                    // has no rule number, the number or the transcription is uncertain.
                    const std::string because = reason["because"];
                    const bool uncertain = c["confidence"] == "low";
                    const std::map<std::string, bool> holds { { "alt_line", line.name == "alt" },
                        { "wxf_extra", illustrated.empty() }, { "inferred_number", uncertain },
                        { "low_confidence", uncertain }, { "classifier_limit", true },
                        { "decided_by_other_rule", true } };
                    REQUIRE_MESSAGE(holds.count(because), id << ": unknown cited_first.because " << because);
                    CHECK_MESSAGE(holds.at(because), id << ": cited_first.because " << because << " is not so");
                    ++explained[because];
                } else {
                    ++first_is_diagram_rule;
                }
                CHECK_MESSAGE(
                    ruling.rules.at(0) == first, id << " cites " << decided_by << ", not " << first << " first");
                if (!illustrated.empty())
                    CHECK_MESSAGE(cites(ruling, illustrated) == illustrated_cited,
                        id << std::string(illustrated_cited ? " does not cite " : " cites, against its record, ")
                           << illustrated);
                Tally& t = per_rule[rule];
                ++t.cases;
                t.passed += got == want && cites_its_rules && ruling.rules.at(0) == first ? 1 : 0;
                ++lines;
            }
        }
        CHECK(lines == 146);
        std::string reasons;
        for (const auto& [because, count] : explained)
            reasons += " " + because + " " + std::to_string(count);
        MESSAGE(first_is_diagram_rule << " lines cite their diagram's rule first; the others record why another rule"
                                      << " comes first:" << reasons);
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
    TEST_CASE("only the repetitions that bear on the result are ruled on when asked; the others are listed")
    {
        const RuleSet axf = load_axf();
        // A rook and a king shuffle: the first repetition is left at ply 9, the second ends the
        // record.
        const std::string fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w";
        const std::string left = "a0a1 d9d8 a1a0 d8d9 a0a1 d9d8 a1a0 d8d9 ";
        const std::string ending = "a0b0 d9d8 b0b1 d8d9 b1b0 d9d8 b0b1 d8d9 b1b0";
        const ReplayedGame game = test::play_line(fen, left + ending);
        const GameRepetitions every = rule_on_repetitions(game, axf);
        REQUIRE(every.rulings.size() == 2);
        CHECK(every.not_ruled.empty());

        const GameRepetitions bearing = rule_on_repetitions(
            game, axf, repetitions_ruled(RepetitionsRuled::BearingOnResult, game.ply_count(), axf));
        REQUIRE(bearing.rulings.size() == 1);
        CHECK(bearing.rulings[0].episode.last_repeating_ply == game.ply_count());
        REQUIRE(bearing.not_ruled.size() == 1);
        CHECK(bearing.not_ruled[0].episode.cycle.first_ply == 1);
        CHECK(bearing.not_ruled[0].episode.occurrences == 3);
        CHECK(bearing.not_ruled[0].rulings_before == 0);

        // Once the position has stood often enough for a side to lose by it, the repetition bears
        // on the result though the game goes on.
        const ReplayedGame longer = test::play_line(fen, left + "a0a1 d9d8 a1a0 d8d9 " + ending);
        const GameRepetitions lost_by = rule_on_repetitions(
            longer, axf, repetitions_ruled(RepetitionsRuled::BearingOnResult, longer.ply_count(), axf));
        CHECK(lost_by.rulings.size() == 2);
        CHECK(lost_by.not_ruled.empty());
    }

    TEST_CASE("a repetition a side loses by at once bears on the result though the game moves on from it")
    {
        // Under the CXA rules perpetual check loses at the ruling, at the third occurrence, not
        // at the fourth as other violations do: a game that moves on after the third has been
        // decided by it.
        const RuleSet cxa = test::load_bundled_ruleset("cxa");
        REQUIRE(cxa.repetition.ruling_at_occurrence < cxa.repetition.violator_loses_at_occurrence);
        const ReplayedGame game = test::play_line(
            "3k5/9/9/9/9/9/9/9/9/4K3R w", "i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9 d9d8 e0e1 d8d7");
        const GameRepetitions bearing = rule_on_repetitions(
            game, cxa, repetitions_ruled(RepetitionsRuled::BearingOnResult, game.ply_count(), cxa));
        REQUIRE(bearing.rulings.size() == 1);
        CHECK(bearing.rulings[0].outcome == Outcome::RedLoses);
        CHECK(bearing.not_ruled.empty());
    }

    TEST_CASE("the board decides mates and stalemates by the ruleset's rules, and notes a Black first move")
    {
        const RuleSet axf = load_axf();
        const BoardJudgement mate = judge_board(test::play_line("4k4/R8/9/9/9/9/9/9/9/1R1K5 w", "b0b9"), axf);
        CHECK(mate.loser == Color::Black);
        CHECK(mate.rule == "AXF-1");
        const BoardJudgement stalemate = judge_board(test::play_line("4k4/9/3R1R3/4P4/9/9/9/9/9/3K5 w", "e6e7"), axf);
        CHECK(stalemate.loser == Color::Black);
        CHECK(stalemate.rule == "AXF-2");
        const BoardJudgement black_first = judge_board(
            test::play_line("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "h7e7"), axf);
        CHECK_FALSE(black_first.loser);
        REQUIRE(black_first.notes.size() == 1);
        CHECK(black_first.notes[0].code == "black_moved_first");
        CHECK(black_first.notes[0].rule == "AXF-B1");
        cited_by_tests().insert(black_first.notes[0].rule);
        CHECK(judge_board(test::play_line(start_fen, "h2e2"), axf).notes.empty());
    }

    TEST_CASE("a reading of the ruleset switches rows: fake protection protects under general rule 6's text")
    {
        RuleSet axf = load_axf();
        std::string fen, moves;
        for (const nlohmann::json& c : axf_cases("diagrams.jsonl"))
            if (c["id"] == "AXF-D83") {
                fen = c["fen"];
                moves = c["moves_iccs"];
            }
        REQUIRE_FALSE(fen.empty());
        const ReplayedGame game = test::play_line(fen, moves);
        CHECK(violator_of(rule_on_game(game, axf)) == "red");
        const std::vector<Ruling> rulings = rule_on_game(game, axf);
        REQUIRE(rulings.size() == 1);
        const ReadingRuling* reading = reading_named(rulings[0], "fake_protection_protects");
        REQUIRE(reading);
        CHECK(reading->changes_ruling);
        CHECK(reading->other_outcome == Outcome::Draw);
        REQUIRE_FALSE(reading->enabled);
        REQUIRE(turn_reading(axf, "fake_protection_protects"));
        CHECK(violator_of(rule_on_game(game, axf)) == "none");
    }

    TEST_CASE(
        "a reading of the CXA ruleset: a pawn's attack on a piece that attacks it back chases under the 1999 rule")
    {
        // Red's pawn steps under the black rook, which steps aside, over and over: the two attack
        // each other, and only the pawn's attack is new.
        RuleSet cxa = test::load_bundled_ruleset("cxa");
        const ReplayedGame game
            = test::play_line("3k5/9/4r4/3P5/9/9/9/9/9/5K3 w", "d6e6 e7d7 e6d6 d7e7 d6e6 e7d7 e6d6 d7e7");
        const std::vector<Ruling> by_2020 = rule_on_game(game, cxa);
        REQUIRE(by_2020.size() == 1);
        CHECK(by_2020[0].outcome == Outcome::Draw);
        CHECK_FALSE(by_2020[0].moves.at(0).has(MoveClass::Chase));
        CHECK(cites(by_2020[0], "CXA-26.1"));
        const ReadingRuling* reading = reading_named(by_2020[0], "pawn_attacks_chase_in_mutual_attack");
        REQUIRE(reading);
        CHECK(reading->changes_ruling);
        CHECK(reading->other_outcome == Outcome::RedMustChange);

        REQUIRE_FALSE(reading->enabled);
        REQUIRE(turn_reading(cxa, "pawn_attacks_chase_in_mutual_attack"));
        const std::vector<Ruling> by_1999 = rule_on_game(game, cxa);
        REQUIRE(by_1999.size() == 1);
        CHECK(by_1999[0].outcome == Outcome::RedMustChange);
        CHECK(by_1999[0].moves.at(0).has(MoveClass::Chase));
        // A pawn's attack on a horse, which cannot take it back, is no chase under either reading.
        const std::vector<Ruling> one_way = rule_on_game(
            test::play_line("3k5/9/4n4/3P5/9/9/9/9/9/5K3 w", "d6e6 e7g6 e6d6 g6e7 d6e6 e7g6 e6d6 g6e7"), cxa);
        REQUIRE(one_way.size() == 1);
        CHECK(one_way[0].outcome == Outcome::Draw);
        CHECK_FALSE(one_way[0].moves.at(0).has(MoveClass::Chase));
        CHECK_FALSE(one_way[0].moves.at(0).threats.empty());
    }

    TEST_CASE("a chase that counts because the protector would face the kings cites the flying general")
    {
        const RuleSet axf = load_axf();
        auto [facts, episode] = flying_general_case();
        const auto ruling = rule_on_episode(facts, episode, axf);
        REQUIRE(ruling);
        CHECK(ruling->violator == Color::Red);
        CHECK(ruling->outcome == Outcome::RedMustChange);
        const auto& rules = ruling->rules;
        CHECK(std::find(rules.begin(), rules.end(), "AXF-34") != rules.end());
        CHECK(std::find(rules.begin(), rules.end(), "AXF-B2") != rules.end());
        CHECK(ruling->moves.at(0).classes == std::vector<MoveClass> { MoveClass::Chase });
        CHECK(ruling->moves.at(1).classes == std::vector<MoveClass> { MoveClass::Idle });
        CHECK(rules.back() == "AXF-3"); // the procedure comes last
        cited_by_tests().insert(rules.begin(), rules.end());

        episode.stands = { 0, 4, 8, 12 }; // the record shows Red repeating to the limit
        episode.occurrences = 4;
        const auto lost = rule_on_episode(facts, episode, axf);
        REQUIRE(lost);
        CHECK(lost->outcome == Outcome::RedLoses);
        CHECK(std::find(lost->rules.begin(), lost->rules.end(), "AXF-3") != lost->rules.end());
        CHECK(lost->occurrences.ruling_ply == 4);
        CHECK(lost->occurrences.loss_ply == 12);
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
                = rule_on_game(test::play_line(c["fen"].get<std::string>(), c["moves_iccs"].get<std::string>()), axf);
            CHECK_MESSAGE(violator_of(rulings) == expected_violator(c["verdict"]), c["id"].get<std::string>());
            REQUIRE_FALSE(rulings.empty());
            for (const std::string& rule : c["decided_by"].get<std::vector<std::string>>()) {
                const auto& cited = rulings.back().rules;
                CHECK_MESSAGE(std::find(cited.begin(), cited.end(), rule) != cited.end(),
                    c["id"].get<std::string>() << " cites " << rule);
            }
            cited_by_tests().insert(rulings.back().rules.begin(), rulings.back().rules.end());
            ++cases;
        }
        CHECK(cases >= 1);
    }

    TEST_CASE("the reproducers: occurrences of the violating cycle only, the game's deciding ruling, the right rule, "
              "checks that take nothing away, chases with a check")
    {
        const RuleSet axf = load_axf();
        int cases = 0;
        for (const nlohmann::json& c : reproducer_cases()) {
            const std::string id = c["id"];
            const ReplayedGame game = test::play_line(c["fen"].get<std::string>(), c["moves_iccs"].get<std::string>());
            const std::vector<Ruling> rulings = rule_on_game(game, axf);
            REQUIRE_MESSAGE(!rulings.empty(), id);
            const Ruling& ruling = *deciding(rulings);
            cited_by_tests().insert(ruling.rules.begin(), ruling.rules.end());
            CHECK_MESSAGE(to_string(ruling.outcome) == c["outcome"].get<std::string>(), id);
            if (c.contains("rulings"))
                CHECK_MESSAGE(rulings.size() == c["rulings"].get<std::size_t>(), id);
            if (c.contains("cited_first"))
                CHECK_MESSAGE(ruling.rules.at(0) == c["cited_first"].get<std::string>(), id);
            for (const std::string& rule : c.value("cites", std::vector<std::string> {}))
                CHECK_MESSAGE(cites(ruling, rule), id << " cites " << rule);
            int plies_checked = 0;
            const nlohmann::json ply_classes = c.value("ply_classes", nlohmann::json::object());
            for (const auto& item : ply_classes.items()) {
                // Plain names, not a structured binding: clang 14 cannot capture one in a lambda.
                const std::string& ply = item.key();
                const nlohmann::json& classes = item.value();
                const auto move = std::find_if(ruling.moves.begin(), ruling.moves.end(),
                    [&](const MoveRuling& m) { return m.ply == std::stoi(ply); });
                REQUIRE_MESSAGE(move != ruling.moves.end(), id << " ply " << ply);
                std::vector<std::string> got;
                for (const MoveClass k : move->classes)
                    got.emplace_back(to_string(k));
                CHECK_MESSAGE(got == classes.get<std::vector<std::string>>(),
                    id << " ply " << ply << ": " << nlohmann::json(got).dump());
                ++plies_checked;
            }
            CHECK(plies_checked == static_cast<int>(ply_classes.size()));
            if (c.contains("under_reading")) {
                const nlohmann::json& other = c["under_reading"];
                const ReadingRuling* said = reading_named(ruling, other["name"].get<std::string>());
                REQUIRE_MESSAGE(said, id);
                CHECK_MESSAGE(to_string(said->other_outcome) == other["outcome"].get<std::string>(), id);
                RuleSet flipped = axf;
                REQUIRE_MESSAGE(turn_reading(flipped, other["name"].get<std::string>()), id);
                const std::vector<Ruling> again = rule_on_game(game, flipped);
                REQUIRE_FALSE(again.empty());
                CHECK_MESSAGE(to_string(deciding(again)->outcome) == other["outcome"].get<std::string>(), id);
                for (const std::string& rule : other.value("cites", std::vector<std::string> {}))
                    CHECK_MESSAGE(cites(*deciding(again), rule), id << " under " << other["name"] << " cites " << rule);
                // Never both "the checks break the chase" and "chased on every move".
                for (const SideRuling* side : { &deciding(again)->red, &deciding(again)->black })
                    if (!side->forbidden)
                        CHECK_MESSAGE(side->chased_on_every_move.empty(), id);
                cited_by_tests().insert(deciding(again)->rules.begin(), deciding(again)->rules.end());
            }
            ++cases;
        }
        CHECK(cases == 6);
    }

    TEST_CASE("occurrences: the ruling and the loss name the plies where the violating cycle brings the position back")
    {
        const RuleSet axf = load_axf();
        // R1: Red checks three times round, then returns through idle moves.
        const auto r1 = rule_on_game(test::play_line("4k2n1/R8/9/9/9/9/9/9/9/1C1K5 w",
                                         "b0b2 h9i7 a8a9 e9e8 a9a8 e8e9 b2b1 i7h9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 "
                                         "e8e9 b1b2 h9i7 b2b1 i7h9"),
            axf);
        REQUIRE(r1.size() == 2);
        const OccurrenceAccount& changed = r1[1].occurrences;
        CHECK(r1[1].episode.stands == std::vector<int> { 8, 12, 16, 20 });
        CHECK(changed.counted_plies == std::vector<int> { 8, 12, 16 });
        CHECK(changed.ruling_ply == 12);
        CHECK(changed.loss_ply == -1);
        CHECK(changed.changed_at_ply == 17);
        // R6: the checks stand four times: the loss comes at the fourth, after ply 12.
        const auto r6 = rule_on_game(test::play_line("4k4/R8/9/9/9/9/9/9/9/3K5 w",
                                         "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a6 e9e8"),
            axf);
        REQUIRE(r6.size() == 1);
        CHECK(r6[0].occurrences.ruling_ply == 4);
        CHECK(r6[0].occurrences.loss_ply == 12);
        CHECK(r6[0].outcome == Outcome::RedLoses);
    }

    TEST_CASE(
        "a violator that changes before its cycle stands often enough for a ruling is judged with the moves after it")
    {
        // A game of the national championships: after a round of horse and cannon moves, the
        // cannon checks twice round under CXA, which rules at the third stand, and the third
        // stand comes through the horse and cannon moves again.
        const RuleSet cxa = test::load_bundled_ruleset("cxa");
        const std::string_view fen = "5kb2/2P3NC1/3aba3/1P7/4c4/9/3p2n2/9/4A4/2BA1K3 w";
        const std::string quiet = "g8h6 e5h5 h6g8 h5e5 ";
        const std::string checks = "h8h9 f9f8 h9h8 f8f9 ";
        const auto changed = rule_on_game(test::play_line(fen, quiet + checks + quiet + "h8h9 f9f8"), cxa);
        REQUIRE(changed.size() == 1);
        const Ruling& r = changed[0];
        REQUIRE(r.changed_before_due);
        CHECK(r.changed_before_due->side == Color::Red);
        CHECK(r.changed_before_due->first_cycle.first_ply == 5);
        CHECK(r.changed_before_due->first_cycle.last_ply == 8);
        CHECK(r.changed_before_due->changed_at_ply == 9);
        CHECK(r.episode.cycle.first_ply == 5);
        CHECK(r.episode.cycle.last_ply == 12);
        CHECK(r.moves.size() == 8);
        CHECK(r.occurrences.ruling_ply == 12);
        CHECK_FALSE(r.violator);
        CHECK(r.outcome == Outcome::Draw);
        // Checking a third time round, Red is ruled on the checks alone.
        const auto kept = rule_on_game(test::play_line(fen, quiet + checks + checks + "h8h9 f9f8"), cxa);
        REQUIRE(kept.size() == 1);
        CHECK_FALSE(kept[0].changed_before_due);
        CHECK(kept[0].episode.cycle.last_ply == 8);
        CHECK(kept[0].violator == Color::Red);
    }

    TEST_CASE("a violator that plays its cycle again has not changed because the other side changed its moves")
    {
        // A game of the Wuyang Cup: Black's cannon steps up and back on d4 and d5, threatening a
        // check-then-capture on every move, while Red's horse goes round by f5, then by c8, then
        // by f5 again. Round by c8 Red chases on every move too, so that round alone would be
        // ruled otherwise; but Black plays its cycle throughout, and loses at the fourth stand.
        const RuleSet cxa = test::load_bundled_ruleset("cxa");
        const auto rulings = rule_on_game(test::play_line("3k5/2N1a1P2/b4a3/C2P5/2b6/2B6/3cp4/2n1BA3/3KA4/9 b",
                                              "d3d4 a6b6 d4d5 c8e7 d5d4 e7f5 d4d5 f5e7 d5d4 e7c8 d4d5 c8e7 d5d4 e7f5 "
                                              "d4d5 f5e7 d5d4"),
            cxa);
        REQUIRE(rulings.size() == 1);
        const Ruling& r = rulings[0];
        CHECK(r.violator == Color::Black);
        CHECK(r.occurrences.changed_at_ply == -1);
        CHECK(r.occurrences.counted_plies == std::vector<int> { 4, 8, 12, 16 });
        CHECK(r.outcome == Outcome::BlackLoses);
    }

    TEST_CASE("precedence: when both sides' conduct is forbidden, the verdict row that ranks them is named")
    {
        const RuleSet axf = load_axf();
        int both_forbidden = 0;
        for (const nlohmann::json& c : axf_cases("diagrams.jsonl")) {
            const RuleSet& rules = axf;
            for (const Ruling& r : rule_on_main_line(c, axf)) {
                if (!r.red.forbidden || !r.black.forbidden)
                    continue;
                ++both_forbidden;
                REQUIRE_MESSAGE(r.verdict_row, c["id"].get<std::string>());
                const VerdictRow& row = rules.verdicts[*r.verdict_row];
                CHECK_MESSAGE(
                    r.precedence() == (row.outcome == VerdictOutcome::SideViolates), c["id"].get<std::string>());
                CHECK_MESSAGE(!row.rule.empty(), c["id"].get<std::string>());
                CHECK_MESSAGE(!translated(row.translations, "zh", "description", row.description).empty(),
                    c["id"].get<std::string>());
                CHECK_MESSAGE(translated(row.translations, "zh", "description", row.description) != row.description,
                    c["id"].get<std::string>() << " has no Chinese precedence");
            }
        }
        CHECK(both_forbidden >= 3); // D1-D3, D39-41 and more
    }

    TEST_CASE("a draw cites the ruleset's draw rule, a repetition without violation, only when neither side violates")
    {
        const RuleSet axf = load_axf();
        int between_violators = 0;
        int without_violation = 0;
        for (const nlohmann::json& c : axf_cases("diagrams.jsonl"))
            for (const Ruling& r : rule_on_main_line(c, axf)) {
                if (r.violator)
                    continue;
                const bool violators = r.red.forbidden || r.black.forbidden;
                (violators ? between_violators : without_violation) += 1;
                CHECK_MESSAGE(cites(r, axf.repetition.draw_rule) == !violators, c["id"].get<std::string>());
            }
        CHECK(between_violators >= 3);
        CHECK(without_violation >= 3);
        // In the bundled ruleset the draw rule is also the no-violation row's and conduct's: with
        // those citing another rule, a draw without violation still cites the draw rule last.
        RuleSet other = axf;
        for (VerdictRow& row : other.verdicts)
            if (row.id == "no_violation")
                row.rule = "AXF-12";
        for (Conduct& conduct : other.conducts)
            if (conduct.id == "no_violation")
                conduct.rule = "AXF-12";
        int drawn = 0;
        for (const nlohmann::json& c : axf_cases("diagrams.jsonl"))
            for (const Ruling& r : rule_on_main_line(c, other))
                if (!r.violator && !r.red.forbidden && !r.black.forbidden) {
                    ++drawn;
                    REQUIRE_FALSE(r.rules.empty());
                    CHECK_MESSAGE(r.rules.back() == other.repetition.draw_rule, c["id"].get<std::string>());
                }
        CHECK(drawn >= 3);
    }

    TEST_CASE("a specific rule is never quoted for a general principle: rule 17 only for a rook on a cannon, rule 27 "
              "only for a confined rook")
    {
        const RuleSet axf = load_axf();
        int rule_17 = 0, rule_27 = 0, general = 0;
        for (const nlohmann::json& c : axf_cases("diagrams.jsonl")) {
            for (const Ruling& r : rule_on_main_line(c, axf))
                for (std::size_t i = 0; i < r.moves.size(); ++i)
                    for (std::size_t k = 0; k < r.moves[i].threats.size(); ++k) {
                        const RowIndex row = r.moves[i].threats[k].row;
                        if (!row)
                            continue;
                        const std::string& rule = axf.chase_rules[*row].rule;
                        const Threat& t = r.facts.moves[i].threats[k];
                        const std::string id = c["id"].get<std::string>() + " ply " + std::to_string(r.moves[i].ply);
                        if (rule == "AXF-17") {
                            ++rule_17;
                            CHECK_MESSAGE(t.attacker.piece.type() == PieceType::Chariot, id);
                            CHECK_MESSAGE(t.target.piece.type() == PieceType::Cannon, id);
                        } else if (rule == "AXF-27") {
                            ++rule_27;
                            CHECK_MESSAGE((t.attacker_restriction.kind == Restriction::ConfinedToLine
                                              || t.target_restriction.kind == Restriction::ConfinedToLine),
                                id);
                        } else if (axf.kind_of(rule) == RuleKind::Definition) {
                            ++general;
                        }
                    }
        }
        CHECK(rule_17 > 0);
        CHECK(rule_27 > 0);
        CHECK(general > 0); // protected elephants, horses and pawns, illegal captures: the definitions
    }

    // Rule 24 covers pieces of one kind, diagram 54 among them: an attacked piece that cannot
    // take back, but is protected, is not chased. Rule 24 says so, before the general principle.
    TEST_CASE(
        "a protected piece of the attacker's kind that cannot take back is exempt by rule 24, another by definition 2")
    {
        const RuleSet axf = load_axf();
        const ReadingChoice readings(axf);
        Threat t;
        t.attacker = { Piece(Color::Red, PieceType::Horse), Square(2, 4) };
        t.target = { Piece(Color::Black, PieceType::Horse), Square(3, 6) };
        t.capture_legal = true;
        t.target_can_capture_back = false; // its leg is blocked
        t.protectors = { { Piece(Color::Black, PieceType::Chariot), Square(3, 9) } };
        t.real_protectors = t.protectors;
        const auto rule_of = [&](const Threat& threat) {
            const ThreatRuling judged = judge_threat(threat, PieceType::Horse, axf, readings);
            REQUIRE(judged.row);
            CHECK_FALSE(judged.counts);
            return axf.chase_rules[*judged.row].rule;
        };
        CHECK(rule_of(t) == "AXF-24");
        t.target = { Piece(Color::Black, PieceType::Elephant), Square(3, 6) };
        CHECK(rule_of(t) == "AXF-G2");
    }

    TEST_CASE("every rule of the AXF ruleset decides some test case")
    {
        const RuleSet axf = load_axf();
        // The rules the diagrams bring into play (run them if this test runs alone).
        for (const nlohmann::json& c : axf_cases("diagrams.jsonl"))
            for (const Ruling& r : rule_on_main_line(c, axf))
                cited_by_tests().insert(r.rules.begin(), r.rules.end());
        for (const std::vector<nlohmann::json>& cases : { composed_cases(), reproducer_cases() })
            for (const nlohmann::json& c : cases)
                for (const Ruling& r : rule_on_main_line(c, axf))
                    cited_by_tests().insert(r.rules.begin(), r.rules.end());
        // The flying-general rule, through the hand-made facts; the loss rule through their loss.
        auto [facts, episode] = flying_general_case();
        if (const auto r = rule_on_episode(facts, episode, axf))
            cited_by_tests().insert(r->rules.begin(), r->rules.end());
        // The board's rules, as the board tests above decide them.
        for (const auto& [fen, moves] :
            { std::pair { "4k4/R8/9/9/9/9/9/9/9/1R1K5 w", "b0b9" }, { "4k4/9/3R1R3/4P4/9/9/9/9/9/3K5 w", "e6e7" } })
            cited_by_tests().insert(judge_board(test::play_line(fen, moves), axf).rule);
        const BoardJudgement black_first = judge_board(
            test::play_line("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "h7e7"), axf);
        for (const BoardNote& note : black_first.notes)
            cited_by_tests().insert(note.rule);

        std::string uncited;
        for (const RuleText& r : axf.rules)
            if (!cited_by_tests().count(r.id))
                uncited += r.id + " ";
        CHECK_MESSAGE(uncited.empty(), "rules no test case cites: " << uncited);
    }
}

namespace {

RuleSet load_computer() { return test::load_bundled_ruleset("computer"); }

// The computer rule's cycle examples (testdata/computer/cases.jsonl).
std::vector<nlohmann::json> computer_cases() { return test::testdata_cases("computer/cases.jsonl"); }

} // namespace

TEST_SUITE("rule interpreter")
{
    TEST_CASE("every example of the computer rule book gets the book's verdict at the position's third occurrence")
    {
        const RuleSet computer = load_computer();
        int cases = 0, agreed = 0;
        for (const nlohmann::json& c : computer_cases()) {
            const std::string id = c["id"];
            const ReplayedGame game
                = test::play_line(c["fen"].get<std::string>(), c["moves_to_threefold"].get<std::string>());
            const std::vector<Ruling> rulings = rule_on_game(game, computer);
            REQUIRE_MESSAGE(!rulings.empty(), id << " is not ruled on");
            const Ruling& ruling = *deciding(rulings);
            // The third occurrence stands after the last ply, and the ruling is made there.
            CHECK_MESSAGE(ruling.occurrences.ruling_ply == game.ply_count(), id);
            const std::string got(to_string(ruling.outcome));
            std::string decided_by;
            for (const std::string& r : ruling.rules)
                decided_by += (decided_by.empty() ? "" : " ") + r;
            MESSAGE(id << ": " << got << " (" << ruling.red.conduct << " / " << ruling.black.conduct << ") by "
                       << decided_by);
            CHECK_MESSAGE(got == c["verdict"].get<std::string>(), id << ": " << c["why"].get<std::string>());
            agreed += got == c["verdict"].get<std::string>() ? 1 : 0;
            ++cases;
        }
        CHECK(cases == 30);
        MESSAGE(agreed << " of " << cases << " examples get the book's verdict");
    }

    TEST_CASE("every chase row, conduct and verdict row of the computer ruleset decides some example of its book")
    {
        const RuleSet computer = load_computer();
        std::set<RowIndex> chase_rows, conducts, verdicts;
        for (const nlohmann::json& c : computer_cases()) {
            const ReplayedGame game
                = test::play_line(c["fen"].get<std::string>(), c["moves_to_threefold"].get<std::string>());
            for (const Ruling& r : rule_on_game(game, computer)) {
                for (const MoveRuling& m : r.moves)
                    for (const ThreatRuling& t : m.threats)
                        chase_rows.insert(t.row);
                conducts.insert({ r.red.conduct_row, r.black.conduct_row });
                verdicts.insert(r.verdict_row);
            }
        }
        std::string unused;
        for (std::size_t i = 0; i < computer.chase_rules.size(); ++i)
            if (!chase_rows.count(RowIndex(i)))
                unused += "chase row " + std::to_string(i) + " (" + computer.chase_rules[i].description + "); ";
        for (std::size_t i = 0; i < computer.conducts.size(); ++i)
            if (!conducts.count(RowIndex(i)))
                unused += "conduct " + computer.conducts[i].id + "; ";
        for (std::size_t i = 0; i < computer.verdicts.size(); ++i)
            if (!verdicts.count(RowIndex(i)))
                unused += "verdict row " + computer.verdicts[i].id + "; ";
        CHECK_MESSAGE(unused.empty(), "no example brings into play: " << unused);
    }
}

TEST_SUITE("rule interpreter")
{
    // A rule decides when the ruling, made again from the game with the rule set aside, comes
    // out otherwise: the flags the interpreter gives while it cites must be those, on every
    // line of every bundled rule book.
    TEST_CASE("the rules a ruling marks as deciding are exactly those without which its outcome changes")
    {
        struct Book {
            std::string ruleset;
            std::string cases;
        };
        int rulings = 0, citations = 0, deciding = 0;
        for (const Book& book : { Book { "axf", "axf/diagrams.jsonl" }, Book { "cxa", "cxa/cases.jsonl" },
                 Book { "computer", "computer/cases.jsonl" } }) {
            const RuleSet bundled = test::load_bundled_ruleset(book.ruleset);
            for (const nlohmann::json& c : test::testdata_cases(book.cases)) {
                std::vector<const nlohmann::json*> lines { &c };
                if (c.contains("alt"))
                    lines.push_back(&c["alt"]);
                for (const nlohmann::json* line : lines) {
                    // Judged as the rule-book tests judge them: a line that closes no cycle, or that
                    // the book judges as a whole, as a whole.
                    RuleSet rules = bundled;
                    const bool axf_whole_line = line == &c && c.value("judged_span", "") == "whole_record";
                    if (book.ruleset == "axf" ? axf_whole_line : !line->contains("moves_to_threefold"))
                        rules.repetition.judged_span = JudgedSpan::WholeRecord;
                    const std::string moves
                        = line->value("moves_to_threefold", (*line)["moves_iccs"].get<std::string>());
                    const ReplayedGame game = test::play_line((*line)["fen"].get<std::string>(), moves);
                    const std::vector<Ruling> made = rule_on_game(game, rules);
                    for (std::size_t i = 0; i < made.size(); ++i) {
                        ++rulings;
                        REQUIRE(made[i].citations.size() == made[i].rules.size());
                        for (std::size_t k = 0; k < made[i].citations.size(); ++k) {
                            const RuleCitation& cited = made[i].citations[k];
                            CHECK(cited.rule == made[i].rules[k]);
                            const std::vector<Outcome> without = outcomes_without_rule(game, rules, cited.rule);
                            REQUIRE(without.size() == made.size());
                            CHECK_MESSAGE(cited.decides == (without[i] != made[i].outcome),
                                c["id"].get<std::string>()
                                    << ": " << cited.rule << (cited.decides ? " decides" : " does not decide")
                                    << ", but without it the ruling is " << to_string(without[i]));
                            CHECK(cited.without == without[i]);
                            ++citations;
                            deciding += cited.decides ? 1 : 0;
                        }
                        // The deciding rules come first (after the row that draws two violations), the
                        // procedure last.
                        const bool violations_drawn
                            = !made[i].violator && made[i].red.forbidden && made[i].black.forbidden;
                        auto deciding_from = made[i].citations.begin();
                        if (violations_drawn && !made[i].citations.empty()
                            && made[i].citations.front().rule == made[i].verdict_rule)
                            ++deciding_from;
                        const auto first_not_deciding
                            = std::find_if(deciding_from, made[i].citations.end(), [&](const RuleCitation& r) {
                                  return !r.decides && rules.kind_of(r.rule) != RuleKind::Procedure;
                              });
                        CHECK(std::none_of(first_not_deciding, made[i].citations.end(), [&](const RuleCitation& r) {
                            return r.decides && rules.kind_of(r.rule) != RuleKind::Procedure;
                        }));
                    }
                }
            }
        }
        MESSAGE(rulings << " rulings cite " << citations << " rules, " << deciding << " of them deciding");
        CHECK(deciding > 0);
        CHECK(deciding < citations);
    }
}
