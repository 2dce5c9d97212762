// Forced mates: kills, and the mates that make a capture cost the game.
#include "mate_search.hpp"

#include <algorithm>
#include <bitset>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "searching.hpp"

namespace xq::detail {

namespace {

    // Legal moves of the enemy of the side to move (out of check) that stay legal after any
    // move of the side to move that does not check and touches none of their points: where
    // they start and land, the points they pass over, a horse's leg, an elephant's eye. They
    // are moves away from the enemy king's lines, legal out of check whatever stands
    // elsewhere. After most moves that do not check, one of them shows that the enemy still
    // has a legal move without looking for one.
    class StandingReplies {
    public:
        explicit StandingReplies(const Position& pos)
        {
            const Position enemy_to_move = with_side_to_move(pos, ~pos.side_to_move());
            const LegalityTest legal(enemy_to_move, false);
            for (int i = 0; i < square_count && count_ < max_count; ++i) {
                const Square s(i);
                const Piece p = pos.piece_on(s);
                if (!p || p.color() == pos.side_to_move() || p.type() == PieceType::King)
                    continue;
                for (const Move reply : pseudo_legal_moves_from(pos, s))
                    if (legal.legal_without_scan(reply)) {
                        points_[count_++] = points_of(reply, p.type());
                        break;
                    }
            }
        }

        // Whether one of them is still legal after `m`, a move that does not check.
        bool one_survives(Move m) const
        {
            for (std::size_t i = 0; i < count_; ++i)
                if (!points_[i].test(static_cast<std::size_t>(m.from().index()))
                    && !points_[i].test(static_cast<std::size_t>(m.to().index())))
                    return true;
            return false;
        }

    private:
        using Points = std::bitset<square_count>;

        static Points points_of(Move m, PieceType type)
        {
            Points points;
            const Square from = m.from(), to = m.to();
            const int files = to.file() - from.file(), ranks = to.rank() - from.rank();
            points.set(static_cast<std::size_t>(from.index()));
            points.set(static_cast<std::size_t>(to.index()));
            if (type == PieceType::Chariot || type == PieceType::Cannon) {
                const int df = (files > 0) - (files < 0), dr = (ranks > 0) - (ranks < 0);
                for (int f = from.file() + df, r = from.rank() + dr; f != to.file() || r != to.rank(); f += df, r += dr)
                    points.set(static_cast<std::size_t>(Square(f, r).index()));
            } else if (type == PieceType::Horse) {
                const Square leg = std::abs(files) == 2 ? Square(from.file() + files / 2, from.rank())
                                                        : Square(from.file(), from.rank() + ranks / 2);
                points.set(static_cast<std::size_t>(leg.index()));
            } else if (type == PieceType::Elephant) {
                points.set(static_cast<std::size_t>(Square(from.file() + files / 2, from.rank() + ranks / 2).index()));
            }
            return points;
        }

        static constexpr std::size_t max_count = 3;
        std::array<Points, max_count> points_ {};
        std::size_t count_ = 0;
    };

} // namespace

// The positions (with the spared piece's point) a mate search has found no mate from, with
// the most moves it looked through there. Lines of checks reach one position by many orders
// of their moves (a rook checking from either side of a king that steps back and forth), and
// the search from it would find the same again: none within those moves, nor fewer.
class MatelessPositions {
public:
    bool known(const Position& pos, std::optional<Square> spared, int depth) const
    {
        const auto found = depths_.find(key_of(pos, spared));
        return found != depths_.end() && found->second >= depth;
    }

    void add(const Position& pos, std::optional<Square> spared, int depth)
    {
        int& known_depth = depths_[key_of(pos, spared)];
        known_depth = std::max(known_depth, depth);
    }

private:
    // The position's key with the spared point mixed in as the other side's king standing
    // there: the spared piece stands there, never that king, so no position reaches the key.
    static Key key_of(const Position& pos, std::optional<Square> spared)
    {
        return spared ? pos.key() ^ zobrist::piece_square(Piece(~pos.side_to_move(), PieceType::King), *spared)
                      : pos.key();
    }

    std::unordered_map<Key, int> depths_;
};

namespace {

    // forces_mate, skipping the positions `mateless` already knows and adding those it finds.
    bool forces_mate_within(Position& pos, int depth, std::vector<Move>& line, bool by_check,
        std::optional<Square> spared, MatelessPositions& mateless)
    {
        if (mateless.known(pos, spared, depth))
            return false;

        UndoInfo undo;
        const Color mover = pos.side_to_move();
        const LegalityTest legal(pos);
        const bool quiet_known = enemy_out_of_check(pos);
        const Square enemy_king = pos.king_square(~mover);
        // A mate by check never asks whether a move that does not check leaves a reply.
        const std::optional<StandingReplies> standing
            = quiet_known && !by_check ? std::optional<StandingReplies>(pos) : std::nullopt;
        for (const Move m : pseudo_legal_moves(pos)) {
            // A move that does not check wins only by leaving no legal move at all (and never when
            // the mate must come by check).
            const bool quiet = quiet_known && cannot_check(pos, m, enemy_king);
            if ((quiet && (by_check || standing->one_survives(m))) || (spared && m.to() == *spared))
                continue;
            pos.do_move(m, undo);
            // Whether the move checks is asked first (out of check, most moves need no attack
            // scan), and whether it was legal only of a move that can still win: most are neither.
            const bool checks = !quiet && (quiet_known ? pos.in_check_after(m) : pos.in_check());
            if ((!checks && (by_check || (standing && standing->one_survives(m))))
                || !(legal.legal_without_scan(m) || !pos.in_check(mover))) {
                pos.undo_move(m, undo);
                continue;
            }
            // A check that is to be followed up wants all the replies.
            const LegalityTest replying(pos, checks);
            const bool follow_up = depth > 1 && replying.in_check();
            const MoveList replies = follow_up ? legal_moves(pos, replying) : MoveList();
            if (follow_up ? replies.empty() : !has_legal_move(pos, replying)) {
                pos.undo_move(m, undo);
                line = { m };
                return true;
            }
            std::vector<Move> continuation;
            const bool mates = follow_up
                && every_reply_loses(
                    pos, replies,
                    [&](Move reply, Piece, std::vector<Move>& sub) {
                        // The spared piece is followed as it moves.
                        const std::optional<Square> still_spared
                            = spared && reply.from() == *spared ? std::optional<Square>(reply.to()) : spared;
                        return forces_mate_within(pos, depth - 1, sub, by_check, still_spared, mateless);
                    },
                    continuation);
            pos.undo_move(m, undo);
            if (mates) {
                line = { m };
                line.insert(line.end(), continuation.begin(), continuation.end());
                return true;
            }
        }
        mateless.add(pos, spared, depth);
        return false;
    }

} // namespace

// The positions found mateless, for mates by check and for any mate apart.
struct MateSearchMemory::Positions {
    MatelessPositions by_check;
    MatelessPositions any;
};

namespace {
    thread_local MateSearchMemory::Positions* remembered = nullptr;
}

MateSearchMemory::MateSearchMemory()
    : positions_(std::make_unique<Positions>())
    , outer_(remembered)
{
    remembered = positions_.get();
}

MateSearchMemory::~MateSearchMemory() { remembered = outer_; }

bool forces_mate(Position& pos, int depth, std::vector<Move>& line, bool by_check, std::optional<Square> spared)
{
    if (remembered)
        return forces_mate_within(
            pos, depth, line, by_check, spared, by_check ? remembered->by_check : remembered->any);
    MatelessPositions mateless;
    return forces_mate_within(pos, depth, line, by_check, spared, mateless);
}

bool mated_after(Position pos, Move capture, int depth)
{
    UndoInfo undo;
    pos.do_move(capture, undo);
    std::vector<Move> mate;
    return forces_mate(pos, depth, mate);
}

} // namespace xq::detail
