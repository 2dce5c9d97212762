#include "xq/board/movegen.hpp"

#include <algorithm>

#include "geometry.hpp"

namespace xq {

namespace {

    void add_steps(const Position& pos, Square from, Color us, const geometry::Steps& steps,
        bool needs_empty_via, MoveList& list)
    {
        for (std::size_t i = 0; i < steps.size; ++i) {
            const Square to(steps.to[i]);
            if (needs_empty_via && !pos.empty(Square(steps.via[i])))
                continue;
            const Piece target = pos.piece_on(to);
            if (target.is_none() || target.color() != us)
                list.push(Move(from, to));
        }
    }

    void add_piece_moves(const Position& pos, Square from, Piece piece, MoveList& list)
    {
        const geometry::Tables& t = geometry::tables();
        const auto s = static_cast<std::size_t>(from.index());
        const Color us = piece.color();
        switch (piece.type()) {
        case PieceType::King:
            add_steps(pos, from, us, t.king[s], false, list);
            break;
        case PieceType::Advisor:
            add_steps(pos, from, us, t.advisor[s], false, list);
            break;
        case PieceType::Elephant:
            add_steps(pos, from, us, t.elephant[s], true, list);
            break;
        case PieceType::Horse:
            add_steps(pos, from, us, t.horse[s], true, list);
            break;
        case PieceType::Soldier:
            add_steps(pos, from, us, t.soldier[static_cast<std::size_t>(index(us))][s], false, list);
            break;
        case PieceType::Chariot:
            for (const geometry::Ray& ray : t.rays[s])
                for (std::size_t i = 0; i < ray.size; ++i) {
                    const Square to(ray.squares[i]);
                    const Piece target = pos.piece_on(to);
                    if (target.is_none()) {
                        list.push(Move(from, to));
                        continue;
                    }
                    if (target.color() != us)
                        list.push(Move(from, to));
                    break;
                }
            break;
        case PieceType::Cannon:
            for (const geometry::Ray& ray : t.rays[s]) {
                std::size_t i = 0;
                for (; i < ray.size && pos.empty(Square(ray.squares[i])); ++i)
                    list.push(Move(from, Square(ray.squares[i])));
                // Past the screen, the first piece may be captured if it is the enemy's.
                for (++i; i < ray.size; ++i) {
                    const Piece target = pos.piece_on(Square(ray.squares[i]));
                    if (target.is_none())
                        continue;
                    if (target.color() != us)
                        list.push(Move(from, Square(ray.squares[i])));
                    break;
                }
            }
            break;
        }
    }

} // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

MoveList pseudo_legal_moves(const Position& pos)
{
    MoveList list;
    const Color us = pos.side_to_move();
    for (int s = 0; s < square_count; ++s) {
        const Piece p = pos.piece_on(Square(s));
        if (p && p.color() == us)
            add_piece_moves(pos, Square(s), p, list);
    }
    return list;
}

MoveList pseudo_legal_moves_from(const Position& pos, Square from)
{
    MoveList list;
    if (const Piece p = pos.piece_on(from))
        add_piece_moves(pos, from, p, list);
    return list;
}

MoveList legal_moves(const Position& pos)
{
    MoveList legal;
    for (const Move m : pseudo_legal_moves(pos))
        if (pos.is_legal_pseudo(m))
            legal.push(m);
    return legal;
}

bool is_legal(const Position& pos, Move m)
{
    const Piece mover = pos.piece_on(m.from());
    if (!mover || mover.color() != pos.side_to_move())
        return false;
    return pseudo_legal_moves_from(pos, m.from()).contains(m) && pos.is_legal_pseudo(m);
}

int legal_move_count(const Position& pos)
{
    int n = 0;
    for (const Move m : pseudo_legal_moves(pos))
        n += pos.is_legal_pseudo(m) ? 1 : 0;
    return n;
}

bool has_legal_move(const Position& pos)
{
    // Asked after every move of a mate search: a piece at a time, so that the answer, almost
    // always yes, comes after generating one piece's moves rather than the whole side's.
    const Color us = pos.side_to_move();
    for (int s = 0; s < square_count; ++s) {
        const Piece p = pos.piece_on(Square(s));
        if (!p || p.color() != us)
            continue;
        MoveList moves;
        add_piece_moves(pos, Square(s), p, moves);
        if (std::any_of(moves.begin(), moves.end(), [&](Move m) { return pos.is_legal_pseudo(m); }))
            return true;
    }
    return false;
}

bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }

bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

std::uint64_t perft(Position& pos, int depth)
{
    if (depth == 0)
        return 1;
    if (depth == 1)
        return static_cast<std::uint64_t>(legal_move_count(pos));
    std::uint64_t nodes = 0;
    UndoInfo undo;
    for (const Move m : pseudo_legal_moves(pos)) {
        if (!pos.is_legal_pseudo(m))
            continue;
        pos.do_move(m, undo);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m, undo);
    }
    return nodes;
}

} // namespace xq
