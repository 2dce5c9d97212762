// Tests of game records: finding tags, naming games in messages, results' standard spellings.
#include <doctest/doctest.h>

#include "xq/records/game_record.hpp"

namespace {

using namespace xq;

GameRecord game_with_tags(std::vector<std::pair<std::string, std::string>> tags)
{
    GameRecord game;
    game.index = 3;
    for (auto& [name, value] : tags)
        game.tags.push_back({ name, value, {}, {} });
    return game;
}

TEST_SUITE("game_record")
{
    TEST_CASE("tags are found without regard to ASCII case, the first of a name wins")
    {
        const GameRecord game = game_with_tags({ { "Event", "first" }, { "EVENT", "second" }, { "fen", "x" } });
        REQUIRE(game.find_tag("event"));
        CHECK(game.find_tag("event")->value == "first");
        CHECK(game.find_tag("FEN"));
        CHECK_FALSE(game.find_tag("Red"));
    }

    TEST_CASE("a game is described by its players, else its event or title, else its number")
    {
        CHECK(describe_game(game_with_tags({ { "Red", "胡荣华" }, { "Black", "许银川" } }))
            == "game 3 (胡荣华 vs 许银川)");
        CHECK(describe_game(game_with_tags({ { "White", "Wang" }, { "Black", "Cao" } })) == "game 3 (Wang vs Cao)");
        CHECK(describe_game(game_with_tags({ { "Red", "" }, { "Black", "B" }, { "Event", "Cup" } })) == "game 3 (Cup)");
        CHECK(describe_game(game_with_tags({ { "Title", "七星聚会" } })) == "game 3 (七星聚会)");
        CHECK(describe_game(game_with_tags({})) == "game 3");
    }

    TEST_CASE("results written as PGN tokens or Chinese words have one standard spelling")
    {
        CHECK(normalize_result("1-0") == "1-0");
        CHECK(normalize_result("1/2-1/2") == "1/2-1/2");
        CHECK(normalize_result("*") == "*");
        CHECK(normalize_result("红胜") == "1-0");
        CHECK(normalize_result("紅勝") == "1-0");
        CHECK(normalize_result("黑胜") == "0-1");
        CHECK(normalize_result("和局") == "1/2-1/2");
        CHECK(normalize_result("和棋") == "1/2-1/2");
        CHECK(normalize_result("未知") == "*");
        CHECK_FALSE(normalize_result("1-1"));
        CHECK_FALSE(normalize_result(""));
    }
}

} // namespace
