// The position: placement, side to move, counters and Zobrist key; do/undo moves, attacks, check.
#pragma once

#include <array>
#include <cstdint>

#include "xq/board/move.hpp"
#include "xq/board/types.hpp"

namespace xq {

using Key = std::uint64_t;

// What do_move must remember so that undo_move can restore the position exactly.
struct UndoInfo {
    Piece captured;
    Key key = 0;
    int halfmove_clock = 0;
};

// Squares from which one side attacks a square; at most every piece of a set can.
struct SquareList {
    std::array<Square, 16> squares {};
    int size = 0;

    void push(Square s) { squares[static_cast<std::size_t>(size++)] = s; }
    const Square* begin() const { return squares.data(); }
    const Square* end() const { return squares.data() + size; }
    [[nodiscard]] bool empty() const { return size == 0; }
};

// Placement, side to move, move counters and a Zobrist key that do_move and undo_move
// keep in step with the placement. It may hold any placement (FEN validation is fen.hpp's
// job), but the move and attack queries assume each side has its king.
class Position {
public:
    // An empty board, Red to move.
    Position();
    static Position start();

    // Placement
    Piece piece_on(Square s) const { return board_[static_cast<std::size_t>(s.index())]; }
    [[nodiscard]] bool empty(Square s) const { return piece_on(s).is_none(); }
    void put_piece(Square s, Piece p);
    void remove_piece(Square s);
    // The king's square; only meaningful when has_king(c).
    Square king_square(Color c) const { return king_square_[index(c)]; }
    [[nodiscard]] bool has_king(Color c) const;
    int count(Color c, PieceType t) const;

    // Side and counters
    Color side_to_move() const { return side_to_move_; }
    void set_side_to_move(Color c);
    int halfmove_clock() const { return halfmove_clock_; }
    int fullmove_number() const { return fullmove_number_; }
    void set_counters(int halfmove_clock, int fullmove_number);

    // Hash key of placement and side to move: equal keys mean the same position for the
    // repetition rules (counters are not part of it).
    Key key() const { return key_; }
    Key compute_key() const; // from scratch, to check the incremental key

    // Doing and undoing moves. do_move trusts the move to be pseudo-legal.
    void do_move(Move m, UndoInfo& undo);
    void undo_move(Move m, const UndoInfo& undo);

    // Checking
    // Pieces of `by` that could capture on `s` (ignoring whether doing so would expose
    // their own king). A cannon counts when exactly one piece screens it. A king counts on
    // an adjacent palace point, and on the enemy king along an open file (flying general).
    SquareList attackers_to(Square s, Color by) const;
    [[nodiscard]] bool is_attacked(Square s, Color by) const;
    // Whether c's king is attacked, the kings facing each other included.
    [[nodiscard]] bool in_check(Color c) const;
    [[nodiscard]] bool in_check() const { return in_check(side_to_move_); }
    // in_check(), for a position that `last`, the other side's move, has just made from one
    // where the side to move was not in check: only the lines through the points that `last`
    // left and reached, and the pieces on or behind them, can give check.
    [[nodiscard]] bool in_check_after(Move last) const;
    [[nodiscard]] bool kings_facing() const;

    // Whether a pseudo-legal move of the side to move leaves its own king safe.
    [[nodiscard]] bool is_legal_pseudo(Move m) const;

    bool operator==(const Position& other) const;

private:
    std::array<Piece, square_count> board_ {};
    std::array<Square, 2> king_square_ {};
    std::array<std::array<std::uint8_t, piece_type_count>, 2> counts_ {};
    Color side_to_move_ = Color::Red;
    int halfmove_clock_ = 0;
    int fullmove_number_ = 1;
    Key key_ = 0;
};

namespace zobrist {
    Key piece_square(Piece p, Square s);
    Key side();
} // namespace zobrist

// A copy of `pos` with `c` to move: to ask what a side could do were it its turn.
inline Position with_side_to_move(Position pos, Color c)
{
    pos.set_side_to_move(c);
    return pos;
}

} // namespace xq
