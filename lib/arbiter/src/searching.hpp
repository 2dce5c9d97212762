// What the arbiter's searches share: the order in which they try replies, whether a move can
// check, and the worth of what a capture takes. Private to the searches (mate_search, exchange,
// lines_of_checks). The small tests are inline: the searches ask them of every move they try.
#pragma once

#include <cstdlib>
#include <vector>

#include "xq/arbiter/classifier_options.hpp"
#include "xq/board/movegen.hpp"
#include "xq/board/position.hpp"

namespace xq::detail {

// `replies` in the order the searches through them try them: a capture first, then a
// king's step, then the rest. Taking the attacker or stepping away saves the side most
// often, and one reply that saves it spares the search after every other.
MoveList in_reply_order(const Position& pos, const MoveList& replies);

// Whether the side to move loses, whatever it replies (`replies`, its legal moves):
// `wins(reply, taken, continuation)` holds after each reply (`taken` the piece the reply
// captured, if any) and gives the winner's continuation there. `line` gets the first reply
// of `replies` and its continuation, whatever order the replies are tried in.
template <typename Wins>
bool every_reply_loses(Position& pos, const MoveList& replies, const Wins& wins, std::vector<Move>& line)
{
    std::vector<Move> first;
    for (const Move reply : in_reply_order(pos, replies)) {
        UndoInfo undo;
        pos.do_move(reply, undo);
        std::vector<Move> continuation;
        const bool won = wins(reply, undo.captured, continuation);
        pos.undo_move(reply, undo);
        if (!won)
            return false;
        if (reply == replies[0]) {
            first.push_back(reply);
            first.insert(first.end(), continuation.begin(), continuation.end());
        }
    }
    line = std::move(first);
    return true;
}

// Out of check, a move can check the enemy king only by landing where the moved piece
// attacks it from (a rook anywhere on its file or rank, a horse a jump away, a pawn, advisor
// or king next to it, an elephant two points diagonally), by landing on its file or rank
// (a cannon's new screen) or by leaving a point on its file or rank or diagonally next to
// it (opening a line, a horse's leg or an elephant's eye). Any other move leaves it out of
// check, which spares making the move and looking for attackers.
inline bool cannot_check(const Position& pos, Move m, Square enemy_king)
{
    const int from_files = std::abs(m.from().file() - enemy_king.file());
    const int from_ranks = std::abs(m.from().rank() - enemy_king.rank());
    if (from_files == 0 || from_ranks == 0 || (from_files == 1 && from_ranks == 1))
        return false;
    const int to_files = std::abs(m.to().file() - enemy_king.file());
    const int to_ranks = std::abs(m.to().rank() - enemy_king.rank());
    if (to_files == 0 || to_ranks == 0)
        return false;
    switch (pos.piece_on(m.from()).type()) {
    case PieceType::Horse:
        return to_files + to_ranks != 3;
    case PieceType::Elephant:
        return to_files != 2 || to_ranks != 2;
    case PieceType::Chariot:
    case PieceType::Cannon:
        return true;
    default: // pawn, advisor, king
        return to_files > 1 || to_ranks > 1;
    }
}

// Whether the enemy of the side to move is out of check, with a king: then cannot_check
// tells of each move.
inline bool enemy_out_of_check(const Position& pos)
{
    const Color enemy = ~pos.side_to_move();
    return pos.has_king(enemy) && !pos.in_check(enemy);
}

inline bool is_capture_of_non_king(const Position& pos, Move m)
{
    const Piece target = pos.piece_on(m.to());
    return target && target.type() != PieceType::King;
}

// What the piece `taken`, if any, is worth.
inline int worth_of(Piece taken, const PieceWorth& worth) { return taken ? worth[index(taken.type())] : 0; }

// What the side to move would gain by `capture`, a legal capture of a non-king piece,
// counting the capturer as lost when the target's side can legally take back (the target
// has a real protector).
int capture_gain(const Position& pos, Move capture, const PieceWorth& worth);

} // namespace xq::detail
