#pragma once

#include <array>
#include <cstdint>

#include "xq/board/position.hpp"

namespace xq {

// Enough for any Xiangqi position: the most mobile sets have well under 150 moves.
constexpr int max_moves = 192;

class MoveList {
public:
    // The slots are left uninitialised: lists are made in every node of a search, and only
    // the first size() slots are ever read.
    MoveList() { }
    void push(Move m) { moves_[size_++] = m; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    Move operator[](int i) const { return moves_[i]; }
    bool contains(Move m) const;

private:
    union {
        Move moves_[max_moves];
    };
    int size_ = 0;
};

// Moves of the side to move that obey how each piece moves, whatever they do to its own king.
MoveList pseudo_legal_moves(const Position& pos);
// Pseudo-legal moves of one piece, whichever side is to move.
MoveList pseudo_legal_moves_from(const Position& pos, Square from);

// Moves that also leave the mover's king unattacked and the kings not facing each other.
MoveList legal_moves(const Position& pos);
bool is_legal(const Position& pos, Move m);
int legal_move_count(const Position& pos);
bool has_legal_move(const Position& pos);

// In Xiangqi the side to move loses in both cases.
bool is_checkmate(const Position& pos);
bool is_stalemate(const Position& pos);

// Leaf positions at `depth` plies; depth 0 counts the position itself.
std::uint64_t perft(Position& pos, int depth);

} // namespace xq
