// Generating moves from the step tables, and the legality test that spares most attack scans.
#include "xq/board/movegen.hpp"

#include <algorithm>
#include <cstdlib>

#include "geometry.hpp"

namespace xq {

namespace {

    // What a generator adds: every move, or only the captures (in the same order), which the
    // searches for material ask for far more often than for all moves.
    enum class Moves { All, Captures };

    template <Moves wanted>
    void add_steps(
        const Position& pos, Square from, Color us, const geometry::Steps& steps, bool needs_empty_via, MoveList& list)
    {
        for (std::size_t i = 0; i < steps.size; ++i) {
            const Square to(steps.to[i]);
            const Piece target = pos.piece_on(to);
            if (wanted == Moves::Captures && target.is_none())
                continue;
            if (needs_empty_via && !pos.empty(Square(steps.via[i])))
                continue;
            if (target.is_none() || target.color() != us)
                list.push(Move(from, to));
        }
    }

    template <Moves wanted> void add_piece_moves(const Position& pos, Square from, Piece piece, MoveList& list)
    {
        const geometry::Tables& t = geometry::tables();
        const auto s = static_cast<std::size_t>(from.index());
        const Color us = piece.color();
        switch (piece.type()) {
        case PieceType::King:
            add_steps<wanted>(pos, from, us, t.king[s], false, list);
            break;
        case PieceType::Advisor:
            add_steps<wanted>(pos, from, us, t.advisor[s], false, list);
            break;
        case PieceType::Elephant:
            add_steps<wanted>(pos, from, us, t.elephant[s], true, list);
            break;
        case PieceType::Horse:
            add_steps<wanted>(pos, from, us, t.horse[s], true, list);
            break;
        case PieceType::Soldier:
            add_steps<wanted>(pos, from, us, t.soldier[index(us)][s], false, list);
            break;
        case PieceType::Chariot:
            for (const geometry::Ray& ray : t.rays[s])
                for (std::size_t i = 0; i < ray.size; ++i) {
                    const Square to(ray.squares[i]);
                    const Piece target = pos.piece_on(to);
                    if (target.is_none()) {
                        if (wanted == Moves::All)
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
                    if (wanted == Moves::All)
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

    // Asked after every move of a mate search: a piece at a time, so that the answer, almost
    // always yes, comes after generating one piece's moves rather than the whole side's.
    template <typename IsLegal> bool any_legal_move(const Position& pos, const IsLegal& is_legal)
    {
        const Color us = pos.side_to_move();
        for (int s = 0; s < square_count; ++s) {
            const Piece p = pos.piece_on(Square(s));
            if (!p || p.color() != us)
                continue;
            MoveList moves;
            add_piece_moves<Moves::All>(pos, Square(s), p, moves);
            if (std::any_of(moves.begin(), moves.end(), is_legal))
                return true;
        }
        return false;
    }

} // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

LegalityTest::LegalityTest(const Position& pos)
    : LegalityTest(pos, pos.in_check())
{
}

LegalityTest::LegalityTest(const Position& pos, bool in_check)
    : pos_(pos)
    , in_check_(in_check)
    , has_king_(pos.has_king(pos.side_to_move()))
    , king_(pos.king_square(pos.side_to_move()))
{
    if (!in_check_ || !has_king_)
        return;
    const auto mark = [](std::bitset<square_count>& points, int file, int rank) {
        points.set(static_cast<std::size_t>(Square(file, rank).index()));
    };
    for (const Square checker : pos.attackers_to(king_, ~pos.side_to_move())) {
        mark(answering_landings_, checker.file(), checker.rank());
        const int files = king_.file() - checker.file(), ranks = king_.rank() - checker.rank();
        if (files == 0 || ranks == 0) {
            // A rook, a cannon or the facing king: the points between, where a piece blocks
            // (or, for a cannon, makes a second screen) and whence the screen steps away.
            const int df = (files > 0) - (files < 0), dr = (ranks > 0) - (ranks < 0);
            for (int f = checker.file() + df, r = checker.rank() + dr; f != king_.file() || r != king_.rank();
                 f += df, r += dr) {
                mark(answering_landings_, f, r);
                mark(answering_starts_, f, r);
            }
        } else if (std::abs(files) == 2 && std::abs(ranks) == 1) {
            mark(answering_landings_, checker.file() + files / 2, checker.rank()); // the horse's leg
        } else if (std::abs(files) == 1 && std::abs(ranks) == 2) {
            mark(answering_landings_, checker.file(), checker.rank() + ranks / 2);
        } else if (std::abs(files) == 2 && std::abs(ranks) == 2) {
            mark(answering_landings_, checker.file() + files / 2, checker.rank() + ranks / 2); // the elephant's eye
        }
    }
}

bool LegalityTest::away_from_king(Move m) const
{
    const Square from = m.from(), to = m.to();
    const int file_gap = from.file() - king_.file(), rank_gap = from.rank() - king_.rank();
    return has_king_ && file_gap != 0 && rank_gap != 0 && (file_gap * file_gap != 1 || rank_gap * rank_gap != 1)
        && to.file() != king_.file() && to.rank() != king_.rank();
}

namespace {

    template <Moves wanted> MoveList side_moves(const Position& pos)
    {
        MoveList list;
        const Color us = pos.side_to_move();
        for (int s = 0; s < square_count; ++s) {
            const Piece p = pos.piece_on(Square(s));
            if (p && p.color() == us)
                add_piece_moves<wanted>(pos, Square(s), p, list);
        }
        return list;
    }

} // namespace

MoveList pseudo_legal_moves(const Position& pos) { return side_moves<Moves::All>(pos); }

MoveList pseudo_legal_captures(const Position& pos) { return side_moves<Moves::Captures>(pos); }

MoveList pseudo_legal_moves_from(const Position& pos, Square from)
{
    MoveList list;
    if (const Piece p = pos.piece_on(from))
        add_piece_moves<Moves::All>(pos, from, p, list);
    return list;
}

MoveList legal_moves(const Position& pos) { return legal_moves(pos, LegalityTest(pos)); }

MoveList legal_moves(const Position& pos, const LegalityTest& legal)
{
    MoveList moves;
    for (const Move m : pseudo_legal_moves(pos))
        if (legal.is_legal(m))
            moves.push(m);
    return moves;
}

MoveList legal_captures(const Position& pos)
{
    const LegalityTest legal(pos);
    MoveList captures;
    for (const Move m : pseudo_legal_captures(pos))
        if (legal.is_legal(m))
            captures.push(m);
    return captures;
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
    const LegalityTest legal(pos);
    int n = 0;
    for (const Move m : pseudo_legal_moves(pos))
        n += legal.is_legal(m) ? 1 : 0;
    return n;
}

bool has_legal_move(const Position& pos)
{
    // Without knowing whether it is in check, each move is tested in full: the first is
    // legal almost always, and working out the check would cost as much as testing it.
    return any_legal_move(pos, [&](Move m) { return pos.is_legal_pseudo(m); });
}

bool has_legal_move(const Position& pos, const LegalityTest& legal)
{
    const auto is_legal = [&](Move m) { return legal.is_legal(m); };
    if (legal.in_check()) {
        // Stepping away is the answer to a check most often there is.
        const Color us = pos.side_to_move();
        if (pos.has_king(us)) {
            MoveList king_moves;
            add_piece_moves<Moves::All>(pos, pos.king_square(us), Piece(us, PieceType::King), king_moves);
            if (std::any_of(king_moves.begin(), king_moves.end(), is_legal))
                return true;
        }
    } else if (any_legal_move(pos, [&](Move m) { return legal.legal_without_scan(m); })) {
        // Out of check, a move away from the king's lines is found first if there is one: the
        // pieces looked at first often stand on the king's rank.
        return true;
    }
    return any_legal_move(pos, is_legal);
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
    const LegalityTest legal(pos);
    for (const Move m : pseudo_legal_moves(pos)) {
        if (!legal.is_legal(m))
            continue;
        pos.do_move(m, undo);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m, undo);
    }
    return nodes;
}

} // namespace xq
