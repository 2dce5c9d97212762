// Making and unmaking moves with the Zobrist key kept in step, and the attack and check queries.
#include "xq/board/position.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "geometry.hpp"

namespace xq {

namespace {

    using Board = std::array<Piece, square_count>;

    constexpr std::uint64_t splitmix64(std::uint64_t& state)
    {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    // Fixed seed: keys must be the same in every run so that they can be compared and stored.
    struct ZobristKeys {
        std::array<std::array<Key, square_count>, piece_code_count> piece_square {};
        Key side = 0;

        constexpr ZobristKeys()
        {
            std::uint64_t state = 0x5851f42d4c957f2dULL;
            for (std::size_t p = 1; p < piece_code_count; ++p)
                for (auto& k : piece_square[p])
                    k = splitmix64(state);
            side = splitmix64(state);
        }
    };

    constexpr ZobristKeys zobrist_keys;

    Piece at(const Board& b, int s) { return b[static_cast<std::size_t>(s)]; }

    // Finds the pieces of `by` that could capture on `target`. With StopAtFirst it returns
    // as soon as one is found (out may be null then).
    template <bool StopAtFirst> bool scan_attackers(const Board& b, Square target, Color by, SquareList* out)
    {
        const geometry::Tables& t = geometry::tables();
        const auto s = static_cast<std::size_t>(target.index());
        bool found = false;
        auto report = [&](int from) {
            found = true;
            if (out)
                out->push(Square(from));
        };

        const Piece chariot(by, PieceType::Chariot), cannon(by, PieceType::Cannon);
        const Piece king(by, PieceType::King);
        const bool target_is_enemy_king = at(b, target.index()) == Piece(~by, PieceType::King);
        for (std::size_t d = 0; d < 4; ++d) {
            const geometry::Ray& ray = t.rays[s][d];
            int i = 0;
            while (i < ray.size && at(b, ray.squares[static_cast<std::size_t>(i)]).is_none())
                ++i;
            if (i == ray.size)
                continue;
            const int first = ray.squares[static_cast<std::size_t>(i)];
            const Piece p = at(b, first);
            // d < 2 are the vertical rays, where the kings may face each other.
            if (p == chariot || (p == king && d < 2 && target_is_enemy_king)) {
                report(first);
                if (StopAtFirst)
                    return true;
            }
            for (++i; i < ray.size; ++i) {
                const int second = ray.squares[static_cast<std::size_t>(i)];
                const Piece q = at(b, second);
                if (q.is_none())
                    continue;
                if (q == cannon) {
                    report(second);
                    if (StopAtFirst)
                        return true;
                }
                break;
            }
        }

        const Piece horse(by, PieceType::Horse);
        const geometry::Steps& horses = t.horse_attackers[s];
        for (int i = 0; i < horses.size; ++i)
            if (at(b, horses.to[static_cast<std::size_t>(i)]) == horse
                && at(b, horses.via[static_cast<std::size_t>(i)]).is_none()) {
                report(horses.to[static_cast<std::size_t>(i)]);
                if (StopAtFirst)
                    return true;
            }

        const Piece soldier(by, PieceType::Soldier);
        const geometry::Steps& soldiers = t.soldier_attackers[index(by)][s];
        for (int i = 0; i < soldiers.size; ++i)
            if (at(b, soldiers.to[static_cast<std::size_t>(i)]) == soldier) {
                report(soldiers.to[static_cast<std::size_t>(i)]);
                if (StopAtFirst)
                    return true;
            }

        const geometry::Steps& kings = t.king[s];
        for (int i = 0; i < kings.size; ++i)
            if (at(b, kings.to[static_cast<std::size_t>(i)]) == king) {
                report(kings.to[static_cast<std::size_t>(i)]);
                if (StopAtFirst)
                    return true;
            }

        const Piece advisor(by, PieceType::Advisor);
        const geometry::Steps& advisors = t.advisor[s];
        for (int i = 0; i < advisors.size; ++i)
            if (at(b, advisors.to[static_cast<std::size_t>(i)]) == advisor) {
                report(advisors.to[static_cast<std::size_t>(i)]);
                if (StopAtFirst)
                    return true;
            }

        const Piece elephant(by, PieceType::Elephant);
        const geometry::Steps& elephants = t.elephant[s];
        for (int i = 0; i < elephants.size; ++i)
            if (at(b, elephants.to[static_cast<std::size_t>(i)]) == elephant
                && at(b, elephants.via[static_cast<std::size_t>(i)]).is_none()) {
                report(elephants.to[static_cast<std::size_t>(i)]);
                if (StopAtFirst)
                    return true;
            }
        return found;
    }

} // namespace

namespace zobrist {
    Key piece_square(Piece p, Square s)
    {
        return zobrist_keys.piece_square[p.code()][static_cast<std::size_t>(s.index())];
    }
    Key side() { return zobrist_keys.side; }
} // namespace zobrist

Position::Position() { key_ = compute_key(); }

Position Position::start()
{
    Position pos;
    constexpr PieceType back_rank[file_count]
        = { PieceType::Chariot, PieceType::Horse, PieceType::Elephant, PieceType::Advisor, PieceType::King,
              PieceType::Advisor, PieceType::Elephant, PieceType::Horse, PieceType::Chariot };
    for (const Color c : { Color::Red, Color::Black }) {
        const auto rank = [c](int r) { return c == Color::Red ? r : 9 - r; };
        for (int f = 0; f < file_count; ++f)
            pos.put_piece(Square(f, rank(0)), Piece(c, back_rank[f]));
        pos.put_piece(Square(1, rank(2)), Piece(c, PieceType::Cannon));
        pos.put_piece(Square(7, rank(2)), Piece(c, PieceType::Cannon));
        for (int f = 0; f < file_count; f += 2)
            pos.put_piece(Square(f, rank(3)), Piece(c, PieceType::Soldier));
    }
    return pos;
}

void Position::put_piece(Square s, Piece p)
{
    remove_piece(s);
    if (p.is_none())
        return;
    board_[static_cast<std::size_t>(s.index())] = p;
    key_ ^= zobrist::piece_square(p, s);
    ++counts_[index(p.color())][index(p.type())];
    if (p.type() == PieceType::King)
        king_square_[index(p.color())] = s;
}

void Position::remove_piece(Square s)
{
    const Piece p = piece_on(s);
    if (p.is_none())
        return;
    board_[static_cast<std::size_t>(s.index())] = Piece::none();
    key_ ^= zobrist::piece_square(p, s);
    --counts_[index(p.color())][index(p.type())];
}

bool Position::has_king(Color c) const { return count(c, PieceType::King) > 0; }

int Position::count(Color c, PieceType t) const { return counts_[index(c)][index(t)]; }

void Position::set_side_to_move(Color c)
{
    if (c != side_to_move_)
        key_ ^= zobrist::side();
    side_to_move_ = c;
}

void Position::set_counters(int halfmove_clock, int fullmove_number)
{
    halfmove_clock_ = halfmove_clock;
    fullmove_number_ = fullmove_number;
}

Key Position::compute_key() const
{
    Key k = side_to_move_ == Color::Black ? zobrist::side() : 0;
    for (int s = 0; s < square_count; ++s)
        if (const Piece p = piece_on(Square(s)))
            k ^= zobrist::piece_square(p, Square(s));
    return k;
}

void Position::do_move(Move m, UndoInfo& undo)
{
    const Square from = m.from(), to = m.to();
    const Piece mover = piece_on(from);
    const Piece captured = piece_on(to);
    assert(mover && mover.color() == side_to_move_);

    undo.captured = captured;
    undo.key = key_;
    undo.halfmove_clock = halfmove_clock_;

    if (captured) {
        key_ ^= zobrist::piece_square(captured, to);
        --counts_[index(captured.color())][index(captured.type())];
        halfmove_clock_ = 0;
    } else {
        ++halfmove_clock_;
    }
    key_ ^= zobrist::piece_square(mover, from) ^ zobrist::piece_square(mover, to) ^ zobrist::side();
    board_[static_cast<std::size_t>(to.index())] = mover;
    board_[static_cast<std::size_t>(from.index())] = Piece::none();
    if (mover.type() == PieceType::King)
        king_square_[index(mover.color())] = to;
    if (side_to_move_ == Color::Black)
        ++fullmove_number_;
    side_to_move_ = ~side_to_move_;
}

void Position::undo_move(Move m, const UndoInfo& undo)
{
    const Square from = m.from(), to = m.to();
    const Piece mover = piece_on(to);
    side_to_move_ = ~side_to_move_;
    if (side_to_move_ == Color::Black)
        --fullmove_number_;
    board_[static_cast<std::size_t>(from.index())] = mover;
    board_[static_cast<std::size_t>(to.index())] = undo.captured;
    if (undo.captured)
        ++counts_[index(undo.captured.color())][index(undo.captured.type())];
    if (mover.type() == PieceType::King)
        king_square_[index(mover.color())] = from;
    key_ = undo.key;
    halfmove_clock_ = undo.halfmove_clock;
}

SquareList Position::attackers_to(Square s, Color by) const
{
    SquareList list;
    scan_attackers<false>(board_, s, by, &list);
    return list;
}

bool Position::is_attacked(Square s, Color by) const { return scan_attackers<true>(board_, s, by, nullptr); }

bool Position::in_check(Color c) const { return has_king(c) && is_attacked(king_square(c), ~c); }

bool Position::in_check_after(Move last) const
{
    const Color us = side_to_move_, by = ~us;
    if (!has_king(us))
        return false;
    const geometry::Tables& t = geometry::tables();
    const Square king = king_square(us), from = last.from(), to = last.to();
    const auto s = static_cast<std::size_t>(king.index());
    const int king_file = king.file(), king_rank = king.rank();
    const Piece moved = piece_on(to);

    // A rook, cannon or king on a line of the king through a point that `last` left or reached.
    const auto ray_through = [&](Square p) {
        const int file = p.file(), rank = p.rank();
        if (file == king_file && rank != king_rank)
            return rank > king_rank ? 0 : 1; // up, down: geometry's order
        if (rank == king_rank && file != king_file)
            return file < king_file ? 2 : 3; // left, right
        return -1;
    };
    const auto line_attack = [&](int d) {
        const geometry::Ray& ray = t.rays[s][static_cast<std::size_t>(d)];
        std::size_t i = 0;
        while (i < ray.size && at(board_, ray.squares[i]).is_none())
            ++i;
        if (i == ray.size)
            return false;
        const Piece first = at(board_, ray.squares[i]);
        if (first == Piece(by, PieceType::Chariot) || (first == Piece(by, PieceType::King) && d < 2))
            return true;
        for (++i; i < ray.size; ++i)
            if (const Piece second = at(board_, ray.squares[i]); !second.is_none())
                return second == Piece(by, PieceType::Cannon);
        return false;
    };
    const int from_ray = ray_through(from), to_ray = ray_through(to);
    if ((from_ray >= 0 && line_attack(from_ray)) || (to_ray >= 0 && to_ray != from_ray && line_attack(to_ray)))
        return true;

    // A horse or an elephant that went to `to`, or whose leg or eye `last` cleared (a point
    // diagonally next to the king).
    const bool cleared_next_to_king = std::abs(from.file() - king_file) == 1 && std::abs(from.rank() - king_rank) == 1;
    const auto steps_in = [&](const geometry::Steps& steps, Piece piece) {
        for (std::size_t i = 0; i < steps.size; ++i)
            if ((steps.to[i] == to.index() || steps.via[i] == from.index()) && at(board_, steps.to[i]) == piece
                && at(board_, steps.via[i]).is_none())
                return true;
        return false;
    };
    const Piece horse(by, PieceType::Horse), elephant(by, PieceType::Elephant);
    if ((moved == horse || cleared_next_to_king) && steps_in(t.horse_attackers[s], horse))
        return true;
    if ((moved == elephant || cleared_next_to_king) && steps_in(t.elephant[s], elephant))
        return true;

    // A pawn, advisor or king that went to `to` next to the king.
    const auto reaches = [&](const geometry::Steps& steps) {
        return std::find(steps.to.begin(), steps.to.begin() + steps.size, to.index()) != steps.to.begin() + steps.size;
    };
    if (moved == Piece(by, PieceType::Soldier))
        return reaches(t.soldier_attackers[index(by)][s]);
    if (moved == Piece(by, PieceType::Advisor))
        return reaches(t.advisor[s]);
    return moved == Piece(by, PieceType::King) && reaches(t.king[s]);
}

bool Position::kings_facing() const
{
    if (!has_king(Color::Red) || !has_king(Color::Black))
        return false;
    const Square red = king_square(Color::Red), black = king_square(Color::Black);
    if (red.file() != black.file())
        return false;
    for (int r = red.rank() + 1; r < black.rank(); ++r)
        if (!empty(Square(red.file(), r)))
            return false;
    return true;
}

bool Position::is_legal_pseudo(Move m) const
{
    const Color us = side_to_move_;
    Board after = board_;
    const auto from = static_cast<std::size_t>(m.from().index());
    const auto to = static_cast<std::size_t>(m.to().index());
    const Piece mover = after[from];
    after[to] = mover;
    after[from] = Piece::none();
    const Square king = mover.type() == PieceType::King ? m.to() : king_square(us);
    return !scan_attackers<true>(after, king, ~us, nullptr);
}

bool Position::operator==(const Position& other) const
{
    return board_ == other.board_ && side_to_move_ == other.side_to_move_ && halfmove_clock_ == other.halfmove_clock_
        && fullmove_number_ == other.fullmove_number_ && key_ == other.key_;
}

} // namespace xq
