// Protection and restriction: who could recapture a piece, and what pins or kings hold it.
#include "protection.hpp"

#include <algorithm>

#include "mate_search.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

namespace {

    void add_unique(std::vector<PieceAt>& list, PieceAt p)
    {
        if (std::find(list.begin(), list.end(), p) == list.end())
            list.push_back(p);
    }

    bool only_checked_by(const Position& pos, Color king_side, const std::vector<PieceAt>& checkers)
    {
        const SquareList attackers = pos.attackers_to(pos.king_square(king_side), ~king_side);
        return !pos.kings_facing() && !attackers.empty()
            && std::all_of(attackers.begin(), attackers.end(), [&](Square s) {
                   return std::any_of(
                       checkers.begin(), checkers.end(), [&](const PieceAt& c) { return c.square == s; });
               });
    }

} // namespace

bool between(Square a, Square b, Square s)
{
    if (a.file() == b.file() && s.file() == a.file())
        return std::min(a.rank(), b.rank()) < s.rank() && s.rank() < std::max(a.rank(), b.rank());
    if (a.rank() == b.rank() && s.rank() == a.rank())
        return std::min(a.file(), b.file()) < s.file() && s.file() < std::max(a.file(), b.file());
    return false;
}

Cover protection_of(const Position& attacker_to_move, Square attacker, Square target,
    const std::vector<PieceAt>& checkers, int mated_within)
{
    Cover p;
    const Color defender = ~attacker_to_move.side_to_move();
    for (const Square s : attacker_to_move.attackers_to(target, defender))
        p.protectors.push_back(at(attacker_to_move, s));
    const Move capture(attacker, target);
    p.capture_legal = attacker_to_move.is_legal_pseudo(capture);
    Position after = attacker_to_move;
    UndoInfo undo;
    after.do_move(capture, undo);
    for (const Square s : after.attackers_to(target, defender)) {
        Position recaptured = after;
        UndoInfo recapture_undo;
        recaptured.do_move(Move(s, target), recapture_undo);
        const bool legal = after.is_legal_pseudo(Move(s, target))
            || (!checkers.empty() && only_checked_by(recaptured, defender, checkers));
        // After a check the defender answers it first: what a recapture would then cost is not known.
        const bool mated
            = legal && checkers.empty() && mated_within > 0 && mated_after(after, Move(s, target), mated_within);
        (legal && !mated ? p.real : p.fake).push_back(at(after, s));
        p.fake_by_flying_general = p.fake_by_flying_general || (!legal && recaptured.kings_facing());
    }
    return p;
}

std::vector<Square> attacked_pieces(const Position& enemy_to_move)
{
    std::vector<Square> out;
    const Color own = ~enemy_to_move.side_to_move();
    const LegalityTest legal(enemy_to_move);
    for (int i = 0; i < square_count; ++i) {
        const Square s(i);
        const Piece p = enemy_to_move.piece_on(s);
        if (!p || p.color() != own || p.type() == PieceType::King)
            continue;
        for (const Square a : enemy_to_move.attackers_to(s, enemy_to_move.side_to_move()))
            if (legal.is_legal(Move(a, s))) {
                out.push_back(s);
                break;
            }
    }
    return out;
}

const Restrictions& restrictions_of(const Position& pos, Color side, std::optional<Restrictions>& cache)
{
    if (!cache) {
        cache.emplace();
        for (int i = 0; i < square_count; ++i) {
            const Square s(i);
            const Piece p = pos.piece_on(s);
            if (p && p.color() == side && p.type() != PieceType::King)
                if (RestrictionFacts r = restriction_of(pos, s); r.kind != Restriction::None)
                    cache->emplace_back(at(pos, s), std::move(r));
        }
    }
    return *cache;
}

} // namespace xq::detail

namespace xq {

RestrictionFacts restriction_of(const Position& pos, Square s)
{
    RestrictionFacts facts;
    const Piece piece = pos.piece_on(s);
    // A king is kept off attacked points, not pinned: what restricts it is check, which the
    // rules weigh as such.
    if (!piece || piece.type() == PieceType::King)
        return facts;
    const Color side = piece.color();
    const Position own_turn = with_side_to_move(pos, side);
    const LegalityTest legality(own_turn);
    // A move that leaves a check standing is illegal for the check, which restricts every
    // piece alike: only a piece the move lets attack the king restricts it.
    const SquareList checkers = own_turn.attackers_to(own_turn.king_square(side), ~side);
    int illegal = 0;
    std::vector<Move> legal;
    for (const Move m : pseudo_legal_moves_from(own_turn, s)) {
        if (legality.is_legal(m)) {
            legal.push_back(m);
            continue;
        }
        Position after = own_turn;
        UndoInfo undo;
        after.do_move(m, undo);
        const Square king = after.king_square(side);
        bool restricted = false;
        for (const Square a : after.attackers_to(king, ~side))
            if (std::find(checkers.begin(), checkers.end(), a) == checkers.end()) {
                restricted = true;
                if (after.piece_on(a).type() != PieceType::King)
                    detail::add_unique(facts.by, at(after, a));
            }
        illegal += restricted ? 1 : 0;
    }
    if (illegal == 0)
        return facts;
    // Taking the piece that pins is no freedom: a rook on a horse's leg can always take the
    // horse, and is still the "rook that cannot move" of the rules.
    const bool only_takes_pinner = std::all_of(legal.begin(), legal.end(), [&](Move m) {
        return std::any_of(facts.by.begin(), facts.by.end(), [&](const PieceAt& p) { return p.square == m.to(); });
    });
    const bool on_file = std::all_of(legal.begin(), legal.end(), [&](Move m) { return m.to().file() == s.file(); });
    const bool on_rank = std::all_of(legal.begin(), legal.end(), [&](Move m) { return m.to().rank() == s.rank(); });
    facts.kind = only_takes_pinner ? Restriction::Immobilised
        : (on_file || on_rank)     ? Restriction::ConfinedToLine
                                   : Restriction::Pinned;
    return facts;
}

} // namespace xq
