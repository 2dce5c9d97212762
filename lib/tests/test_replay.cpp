// Tests of replay and repetition: plies, board ends, results, episodes and occurrence windows.
#include <doctest/doctest.h>

#include "board_test_support.hpp"

#include "xq/arbiter/repetition.hpp"
#include "xq/board/fen.hpp"

using namespace xq;
using test::from_fen;
using test::sq;

namespace {

ReplayedGame play(const Position& start, std::initializer_list<const char*> moves)
{
    ReplayedGame game(start);
    for (const char* m : moves) {
        CAPTURE(m);
        REQUIRE(game.play(*parse_iccs(m)));
    }
    return game;
}

} // namespace

TEST_SUITE("replay")
{
    TEST_CASE("each ply records its mover, capture, check and key")
    {
        const ReplayedGame game = play(Position::start(), { "h2e2", "h9g7", "e2e6" });
        REQUIRE(game.ply_count() == 3);
        CHECK(game.ply(1).mover == Color::Red);
        CHECK(game.ply(2).mover == Color::Black);
        CHECK(game.ply(3).captured == Piece(Color::Black, PieceType::Soldier));
        CHECK_FALSE(game.ply(3).gives_check); // no screen between the cannon and the king
        CHECK(game.key_at(0) == Position::start().key());
        CHECK(game.key_at(3) == game.current().key());
        CHECK(game.position_at(3) == game.current());
    }

    TEST_CASE("an illegal move is refused and changes nothing")
    {
        ReplayedGame game(Position::start());
        CHECK_FALSE(game.play(*parse_iccs("h2h7"))); // a cannon cannot capture without a screen
        CHECK(game.ply_count() == 0);
    }

    TEST_CASE("the end on the board: checkmate and stalemate lose for the side to move")
    {
        const ReplayedGame mate = play(from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w"), { "b0b9" });
        CHECK(mate.end() == BoardEnd::Checkmate);
        CHECK(mate.ply(1).gives_check);
        CHECK(mate.loser_on_board() == Color::Black);
        CHECK_FALSE(result_contradiction(mate, RecordedResult::RedWins));
        CHECK(result_contradiction(mate, RecordedResult::BlackWins));
        CHECK(result_contradiction(mate, RecordedResult::Draw));
        CHECK_FALSE(result_contradiction(mate, RecordedResult::Unknown));

        const ReplayedGame stalemate = play(from_fen("4k4/9/3R1R3/4P4/9/9/9/9/9/3K5 w"), { "e6e7" });
        CHECK(stalemate.end() == BoardEnd::Stalemate);
        CHECK(stalemate.loser_on_board() == Color::Black);
        CHECK(result_contradiction(stalemate, RecordedResult::Draw));

        const ReplayedGame open = play(Position::start(), { "h2e2" });
        CHECK(open.end() == BoardEnd::None);
        CHECK_FALSE(result_contradiction(open, RecordedResult::Draw));
    }

    TEST_CASE("recorded results are read in the forms files use")
    {
        CHECK(parse_recorded_result("1-0") == RecordedResult::RedWins);
        CHECK(parse_recorded_result("0-1") == RecordedResult::BlackWins);
        CHECK(parse_recorded_result("1/2-1/2") == RecordedResult::Draw);
        CHECK(parse_recorded_result("*") == RecordedResult::Unknown);
    }
}

TEST_SUITE("repetition")
{
    TEST_CASE("the first recurrence of a position opens an episode on the cycle between them")
    {
        const ReplayedGame game = play(Position::start(), { "h2e2", "h9g7", "e2h2", "g7h9", "h2e2", "h9g7", "b0c2" });
        const auto recurring = recurring_positions(game);
        REQUIRE(recurring.size() == 3);
        CHECK(recurring[0].occurrences == std::vector<int> { 0, 4 });
        CHECK(recurring[1].occurrences == std::vector<int> { 1, 5 });

        const auto episodes = find_repetition_episodes(game);
        REQUIRE(episodes.size() == 1);
        CHECK(episodes[0].cycle.first_ply == 1);
        CHECK(episodes[0].cycle.last_ply == 4);
        CHECK(episodes[0].cycle.length() == 4);
        CHECK(episodes[0].last_repeating_ply == 6);
        CHECK(episodes[0].occurrences == 2);
    }

    TEST_CASE("a side deviates, and a later repetition is a new episode")
    {
        const ReplayedGame game = play(Position::start(),
            { "h2e2", "h9g7", "e2h2", "g7h9", "h2e2", "h9g7", "e2h2", "g7h9", // start occurs 3 times
                "b0c2", "b9c7", "c2b0", "c7b9", "b0c2" });
        const auto episodes = find_repetition_episodes(game);
        REQUIRE(episodes.size() == 2);
        CHECK(episodes[0].cycle.first_ply == 1);
        CHECK(episodes[0].occurrences == 3);
        CHECK(episodes[0].last_repeating_ply == 8);
        // Plies 9-12 bring back the position after ply 8 (the start placement): a new cycle.
        CHECK(episodes[1].cycle.first_ply == 9);
        CHECK(episodes[1].cycle.last_ply == 12);
        CHECK(episodes[1].occurrences == 2);
        CHECK(episodes[1].last_repeating_ply == 13);
    }

    TEST_CASE("rule books that judge the third occurrence: the window since the first of the last three stands")
    {
        const ReplayedGame game = play(Position::start(),
            { "h2e2", "h9g7", "e2h2", "g7h9", "h2e2", "h9g7", "e2h2", "g7h9", // start occurs 3 times
                "b0c2", "b9c7", "c2b0", "c7b9", "b0c2" });
        const auto windows = find_occurrence_windows(game, 3);
        REQUIRE(windows.size() == 2);
        CHECK(windows[0].stands == std::vector<int> { 0, 4, 8 });
        CHECK(windows[0].cycle.first_ply == 1);
        CHECK(windows[0].cycle.last_ply == 8);
        CHECK(windows[0].occurrences == 3);
        CHECK(windows[0].last_repeating_ply == 8); // ply 9 is a new position
        // The start position stands a fourth time after ply 12, through another cycle: the
        // window is its last three stands, two different cycles.
        CHECK(windows[1].stands == std::vector<int> { 4, 8, 12 });
        CHECK(windows[1].cycle.first_ply == 5);
        CHECK(windows[1].cycle.last_ply == 12);
        CHECK(windows[1].last_repeating_ply == 13);
        // Judged at the second occurrence, each recurrence of a position opens one.
        CHECK(find_occurrence_windows(game, 2).front().cycle.last_ply == 4);
        CHECK(find_occurrence_windows(game, 4).size() == 1);
    }

    TEST_CASE("a game with no recurring position has no episode")
    {
        const ReplayedGame game = play(Position::start(), { "h2e2", "h9g7", "b0c2" });
        CHECK(recurring_positions(game).empty());
        CHECK(find_repetition_episodes(game).empty());
    }
}
