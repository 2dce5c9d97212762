// A game played out on the board, position by position, and what the board says of its result.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xq/board/position.hpp"

namespace xq {

// What one ply did, as the repetition analysis and the reports need it.
struct PlyRecord {
    Move move;
    Color mover = Color::Red;
    Piece moved;
    Piece captured;
    bool gives_check = false;
    Key key_after = 0;
};

enum class BoardEnd { None, Checkmate, Stalemate };
std::string_view to_string(BoardEnd end);

// A game played out on the board. Positions are numbered by the plies played to reach them:
// position 0 is the start, position k follows ply k (plies count from 1).
class ReplayedGame {
public:
    explicit ReplayedGame(const Position& start);

    // Plays a move; returns false, and changes nothing, when it is not legal.
    [[nodiscard]] bool play(Move m);
    // Plays a move the caller has already matched against the legal moves of current().
    void play_legal(Move m);
    // Makes room for `plies` more moves at once, for a caller that knows how many are coming.
    void reserve(std::size_t plies) { plies_.reserve(plies_.size() + plies); }

    const Position& start() const { return start_; }
    const Position& current() const { return current_; }
    const std::vector<PlyRecord>& plies() const { return plies_; }
    int ply_count() const { return static_cast<int>(plies_.size()); }
    const PlyRecord& ply(int number) const { return plies_[static_cast<std::size_t>(number - 1)]; }

    Key key_at(int position) const;
    // Rebuilds a position by replaying from the start: cheap for the short games and
    // cycles it is used on.
    Position position_at(int position) const;

    // Mate or stalemate of the side to move in the final position (either way it lost).
    BoardEnd end() const;
    [[nodiscard]] std::optional<Color> loser_on_board() const;

private:
    Position start_;
    Position current_;
    std::vector<PlyRecord> plies_;
};

enum class RecordedResult { RedWins, BlackWins, Draw, Unknown };

// "1-0", "0-1", "1/2-1/2" (also "½-½", "0.5-0.5"); anything else, such as "*", is Unknown.
[[nodiscard]] RecordedResult parse_recorded_result(std::string_view text);
std::string_view to_string(RecordedResult result);

// A recorded result the board contradicts: the board shows `loser` mated (or stalemated), so the
// game is `on_board`, and the record says `recorded`.
struct ResultContradiction {
    RecordedResult recorded = RecordedResult::Unknown;
    RecordedResult on_board = RecordedResult::Unknown;
    Color loser = Color::Red;
    bool checkmate = false; // else stalemate
};

// When the board shows a mate or stalemate, the recorded result must give the game to the
// other side. Nothing when they agree or the board decides nothing.
[[nodiscard]] std::optional<ResultContradiction> result_contradiction(
    const ReplayedGame& game, RecordedResult recorded);

// The contradiction in English, for callers without a message catalogue.
std::string describe(const ResultContradiction& contradiction);

} // namespace xq
