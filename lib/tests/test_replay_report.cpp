// Tests of replay's report: move facts and their reasons in text and JSON, never a judgement.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "record_test_helpers.hpp"
#include "report_test_support.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/report/replay_report.hpp"

using namespace xq;
using xq::test::catalogue;

namespace {

// A game replayed with its repetitions classified, as `replay --classify` shows it. It stays
// where it is made: the report points into the replay.
struct ClassifiedGame {
    RecordReplay replay;
    ReplayReport report;

    explicit ClassifiedGame(const std::string& fen, const std::string& moves, const ClassifierOptions& options = {})
    {
        test::ReadResult read = test::read_text(RecordFormat::Pgn, "[FEN \"" + fen + "\"]\n\n" + moves + " *\n");
        REQUIRE(read.games.size() == 1);
        replay = replay_record(read.games.front());
        REQUIRE(replay.status == GameStatus::Ok);
        report.game = &*replay.game;
        report.show_cycles = true;
        report.episodes = find_repetition_episodes(*replay.game);
        for (const RepetitionEpisode& e : report.episodes)
            report.cycle_facts.push_back(classify_cycle(*replay.game, e.cycle, options));
    }
    ClassifiedGame(const ClassifiedGame&) = delete;
    ClassifiedGame& operator=(const ClassifiedGame&) = delete;
};

nlohmann::json replay_json(const ReplayReport& report, const MessageCatalogue& messages)
{
    std::ostringstream out;
    write_replay_json(out, report, messages);
    return nlohmann::json::parse(out.str());
}

// The threat on `square` of the first move of the first repetition, in a replay's JSON.
nlohmann::json first_move_threat_on(const nlohmann::json& replayed, const std::string& square)
{
    for (const nlohmann::json& t : replayed["repetitions"].at(0)["moves"].at(0)["threats"])
        if (t["target"]["square"] == square)
            return t;
    FAIL("no threat on " << square);
    return nlohmann::json();
}

// A fact the ruleset looks for is worded in the text, `phrase` in English and `zh_phrase` in
// Chinese, and nothing containing `unlooked_mark` is said when it does not look.
void check_worded_only_when_looked(const ClassifiedGame& looked, const ClassifiedGame& not_looked,
    const std::string& phrase, const std::string& unlooked_mark, const std::string& zh_phrase)
{
    std::ostringstream text, plain, zh;
    write_replay_text(text, looked.report, catalogue("en"));
    CHECK(text.str().find(phrase) != std::string::npos);
    write_replay_text(plain, not_looked.report, catalogue("en"));
    CHECK(plain.str().find(unlooked_mark) == std::string::npos);
    write_replay_text(zh, looked.report, catalogue("zh"));
    CHECK(zh.str().find(zh_phrase) != std::string::npos);
}

} // namespace

TEST_SUITE("replay report")
{
    TEST_CASE("a classified move lists the classes of its facts and their reasons in the language asked for")
    {
        // AXF rule book diagram 1: Red checks; Black's king steps unmask a cannon on the rook.
        const ClassifiedGame g("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1", "h8h9 f9f8 h9h8 f8f9 h8h9");
        const nlohmann::json en = replay_json(g.report, catalogue("en"));
        const nlohmann::json& moves = en["repetitions"].at(0)["moves"];
        CHECK(moves[0]["classes"] == nlohmann::json::array({ "check" }));
        CHECK(moves[0]["reasons"][0] == "checks the black king on f9 with the red rook on h9");
        // A threat is a fact; whether it is a chase is the ruleset's to say, and replay has none.
        CHECK(moves[1]["classes"].empty());
        CHECK(moves[1]["reasons"][0]
            == "attacks the red rook on h9 with the black cannon on a9 (a discovered threat; no protector; taking wins "
               "9, "
               "the complete exchange 9 (in piece worth))");

        const nlohmann::json zh = replay_json(g.report, catalogue("zh"));
        CHECK(zh["repetitions"][0]["moves"][0]["reasons"][0] == "二路红车将军");
        CHECK(zh["repetitions"][0]["moves"][1]["reasons"][0]
            == "１路黑炮攻击二路红车（闪出的威胁；无根；吃子得9，完整兑换得9（按子力价值））");
    }

    TEST_CASE("a hidden protection is said in text and JSON, its line in JSON, when the ruleset looks")
    {
        // Once the black rook has taken the horse on c8, the red rook's checks from h9 and h8 take it back.
        const std::string fen = "5k3/2N6/5a3/2r6/9/9/9/7R1/9/4K4 b - - 0 1", moves = "c6c7 e0e1 c7c6 e1e0 c6c7";
        ClassifierOptions options;
        options.protection.hidden_depth = 4;
        const ClassifiedGame looked(fen, moves, options), not_looked(fen, moves);
        const MessageCatalogue en = catalogue("en");
        const nlohmann::json line = first_move_threat_on(replay_json(looked.report, en), "c8")["hidden_protection"];
        REQUIRE_FALSE(line.empty());
        CHECK(line.front() == "h2h9");
        CHECK(line.back() == "h8c8");
        CHECK(first_move_threat_on(replay_json(not_looked.report, en), "c8")["hidden_protection"].empty());
        check_worded_only_when_looked(looked, not_looked,
            "no protector; but a hidden protection: once it is taken, checks win back as much", "hidden protection",
            "无根；但有暗根：吃子后对方可连将夺回");
    }

    TEST_CASE("a capture that would lose more elsewhere says which piece, in text and JSON, when the ruleset looks")
    {
        // The red rook on a4 shuts the a-file between the black rook and the red rook on a0.
        const std::string fen = "r4k3/9/9/9/9/4n4/R8/9/9/R2K5 w - - 0 1", moves = "a3a4 f9f8 a4a3 f8f9 a3a4";
        ClassifierOptions options;
        options.material.capture_opens_lines = true;
        const ClassifiedGame looked(fen, moves, options), not_looked(fen, moves);
        const MessageCatalogue en = catalogue("en");
        CHECK(first_move_threat_on(replay_json(looked.report, en), "e4")["lost_elsewhere"]["square"] == "a0");
        CHECK(first_move_threat_on(replay_json(not_looked.report, en), "e4")["lost_elsewhere"].is_null());
        check_worded_only_when_looked(looked, not_looked,
            "taking would lay the red rook on a0 open to a capture that wins more", "open to a capture",
            "吃子后对方可吃九路红车，得不偿失");
    }

    TEST_CASE("a trade of like pieces behind a threat is said in text and JSON when the ruleset looks")
    {
        // The rook on e1 attacks the horse on e5 with the horse on c4, which the black horse
        // can take: without it, the black rook on e9 would win the exchange.
        const std::string fen = "4rk3/9/9/9/4n4/2N6/9/9/R8/3K5 w - - 0 1", moves = "a1e1 f9f8 e1a1 f8f9 a1e1";
        ClassifierOptions options;
        options.material.like_piece_trades = true;
        const ClassifiedGame looked(fen, moves, options), not_looked(fen, moves);
        const MessageCatalogue en = catalogue("en");
        CHECK(first_move_threat_on(replay_json(looked.report, en), "e5")["trading_fellow"]["square"] == "c4");
        CHECK(first_move_threat_on(replay_json(not_looked.report, en), "e5")["trading_fellow"].is_null());
        const std::string phrase = "can be taken by it; without it the exchange wins nothing";
        check_worded_only_when_looked(looked, not_looked, phrase, phrase, "无此子则兑换不得子");
    }

    TEST_CASE("replay calls no move a chase or idle: it judges nothing")
    {
        const ClassifiedGame g("2bakab2/3r5/2n1c2c1/p1R1p1p2/7np/2P2CP2/P2rP3P/2N1C1N2/4A4/2B1KAB1R w - - 0 1",
            "f4f3 d3d1 f3f1 d1d3 f1f3");
        const MessageCatalogue en = catalogue("en");
        const nlohmann::json replayed = replay_json(g.report, en);
        int moves = 0;
        for (const nlohmann::json& move : replayed["repetitions"].at(0)["moves"]) {
            for (const std::string judged : { "chase", "idle" })
                CHECK(std::find(move["classes"].begin(), move["classes"].end(), judged) == move["classes"].end());
            ++moves;
        }
        CHECK(moves == 4);
        std::ostringstream text;
        write_replay_text(text, g.report, en);
        CHECK(text.str().find("chase") == std::string::npos);
        CHECK(text.str().find("attacks the black rook on d1 with the red cannon on f1") != std::string::npos);
    }
}
