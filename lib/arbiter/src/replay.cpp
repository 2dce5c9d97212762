// The replayed game's positions and keys, board ends, and recorded results against the board.
#include "xq/arbiter/replay.hpp"

#include <cassert>

#include "xq/board/movegen.hpp"

namespace xq {

std::string_view to_string(BoardEnd end)
{
    switch (end) {
    case BoardEnd::Checkmate:
        return "checkmate";
    case BoardEnd::Stalemate:
        return "stalemate";
    case BoardEnd::None:
        break;
    }
    return "none";
}

ReplayedGame::ReplayedGame(const Position& start)
    : start_(start)
    , current_(start)
{
}

bool ReplayedGame::play(Move m)
{
    if (!is_legal(current_, m))
        return false;
    play_legal(m);
    return true;
}

void ReplayedGame::play_legal(Move m)
{
    assert(is_legal(current_, m));
    PlyRecord record;
    record.move = m;
    record.mover = current_.side_to_move();
    record.moved = current_.piece_on(m.from());
    UndoInfo undo;
    current_.do_move(m, undo);
    record.captured = undo.captured;
    record.gives_check = current_.in_check();
    record.key_after = current_.key();
    plies_.push_back(record);
}

Key ReplayedGame::key_at(int position) const
{
    return position == 0 ? start_.key() : plies_[static_cast<std::size_t>(position - 1)].key_after;
}

Position ReplayedGame::position_at(int position) const
{
    Position pos = start_;
    UndoInfo undo;
    for (int i = 0; i < position; ++i)
        pos.do_move(plies_[static_cast<std::size_t>(i)].move, undo);
    return pos;
}

BoardEnd ReplayedGame::end() const
{
    if (has_legal_move(current_))
        return BoardEnd::None;
    return current_.in_check() ? BoardEnd::Checkmate : BoardEnd::Stalemate;
}

std::optional<Color> ReplayedGame::loser_on_board() const
{
    if (end() == BoardEnd::None)
        return std::nullopt;
    return current_.side_to_move();
}

RecordedResult parse_recorded_result(std::string_view text)
{
    if (text == "1-0")
        return RecordedResult::RedWins;
    if (text == "0-1")
        return RecordedResult::BlackWins;
    if (text == "1/2-1/2" || text == "½-½" || text == "0.5-0.5")
        return RecordedResult::Draw;
    return RecordedResult::Unknown;
}

std::string_view to_string(RecordedResult result)
{
    switch (result) {
    case RecordedResult::RedWins:
        return "1-0";
    case RecordedResult::BlackWins:
        return "0-1";
    case RecordedResult::Draw:
        return "1/2-1/2";
    case RecordedResult::Unknown:
        break;
    }
    return "*";
}

std::optional<ResultContradiction> result_contradiction(const ReplayedGame& game, RecordedResult recorded)
{
    const auto loser = game.loser_on_board();
    if (!loser || recorded == RecordedResult::Unknown)
        return std::nullopt;
    const RecordedResult on_board = *loser == Color::Red ? RecordedResult::BlackWins : RecordedResult::RedWins;
    if (recorded == on_board)
        return std::nullopt;
    return ResultContradiction { recorded, on_board, *loser, game.end() == BoardEnd::Checkmate };
}

std::string describe(const ResultContradiction& c)
{
    return "the record says " + std::string(to_string(c.recorded)) + " but " + std::string(to_string(c.loser)) + " is "
        + (c.checkmate ? "checkmated" : "stalemated") + " on the board (" + std::string(to_string(c.on_board)) + ")";
}

} // namespace xq
