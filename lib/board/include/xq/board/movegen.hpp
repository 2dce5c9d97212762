// Move generation: pseudo-legal and legal moves, the fast legality test, mate, stalemate, perft.
#pragma once

#include <array>
#include <bitset>
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
    [[nodiscard]] bool empty() const { return size_ == 0; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    Move operator[](int i) const { return moves_[i]; }
    [[nodiscard]] bool contains(Move m) const;

private:
    union {
        Move moves_[max_moves];
    };
    int size_ = 0;
};

// Moves of the side to move that obey how each piece moves, whatever they do to its own king.
MoveList pseudo_legal_moves(const Position& pos);
// The captures among them (of any piece, the king too), in the same order.
MoveList pseudo_legal_captures(const Position& pos);
// Pseudo-legal moves of one piece, whichever side is to move.
MoveList pseudo_legal_moves_from(const Position& pos, Square from);

// Tells which pseudo-legal moves of the side to move are legal, sparing most of them the
// attack scan by where they start and land. Out of check, a move by a piece other than the
// king can only expose the king by changing what stands on its file or rank (leaving or
// entering it) or by leaving a point diagonally next to it (a horse's leg or an elephant's
// eye towards it): any other such move is legal. In check, a move by a piece other than the
// king is legal only if it answers every check, so it must answer one: take the checking
// piece, land between it and the king (or on the horse's leg, the elephant's eye), or take a
// cannon's screen away; any other such move is illegal. King moves, and every move when the
// side has no king, are tested in full.
class LegalityTest {
public:
    explicit LegalityTest(const Position& pos);
    // When the caller knows already whether the side to move is in check.
    LegalityTest(const Position& pos, bool in_check);
    [[nodiscard]] bool in_check() const { return in_check_; }
    // `m` must be pseudo-legal in the position.
    [[nodiscard]] bool is_legal(Move m) const
    {
        if (in_check_ && has_king_ && m.from() != king_ && !answers_a_check(m))
            return false;
        return legal_without_scan(m) || pos_.is_legal_pseudo(m);
    }
    // Whether `m` is legal by where it starts and lands alone. It asks nothing of the
    // position, so it may be asked once `m` is made.
    [[nodiscard]] bool legal_without_scan(Move m) const { return !in_check_ && away_from_king(m); }

private:
    // Neither `m`'s start nor its landing point are on the king's file or rank, nor does it
    // start diagonally next to the king; false when the side has no king.
    [[nodiscard]] bool away_from_king(Move m) const;
    [[nodiscard]] bool answers_a_check(Move m) const
    {
        return answering_landings_.test(static_cast<std::size_t>(m.to().index()))
            || answering_starts_.test(static_cast<std::size_t>(m.from().index()));
    }

    const Position& pos_;
    bool in_check_ = false;
    bool has_king_ = false;
    Square king_;
    // In check: where a move must land, or start, to answer one of the checks.
    std::bitset<square_count> answering_landings_;
    std::bitset<square_count> answering_starts_;
};

// Moves that also leave the mover's king unattacked and the kings not facing each other.
MoveList legal_moves(const Position& pos);
MoveList legal_moves(const Position& pos, const LegalityTest& legal);
// The captures among them, in the same order.
MoveList legal_captures(const Position& pos);
[[nodiscard]] bool is_legal(const Position& pos, Move m);
int legal_move_count(const Position& pos);
[[nodiscard]] bool has_legal_move(const Position& pos);
[[nodiscard]] bool has_legal_move(const Position& pos, const LegalityTest& legal);

// In Xiangqi the side to move loses in both cases.
[[nodiscard]] bool is_checkmate(const Position& pos);
[[nodiscard]] bool is_stalemate(const Position& pos);

// Leaf positions at `depth` plies; depth 0 counts the position itself.
std::uint64_t perft(Position& pos, int depth);

} // namespace xq
