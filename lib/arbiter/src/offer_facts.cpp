// Offers: the pieces a move offers to the other side, and the trades of like pieces it makes
// even.
#include "offer_facts.hpp"

#include <algorithm>
#include <vector>

#include "exchange.hpp"
#include "protection.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

void offer_facts(MoveAtHand& m)
{
    MoveFacts& f = m.facts;
    for (const Square a : m.after.attackers_to(m.to(), m.enemy()))
        if (m.after.is_legal_pseudo(Move(a, m.to())))
            f.can_be_taken_by.push_back(at(m.after, a));
    f.moved_piece_protected = !f.can_be_taken_by.empty();
    for (const PieceAt& taker : f.can_be_taken_by) {
        Position taken = m.after;
        UndoInfo undo;
        taken.do_move(Move(taker.square, m.to()), undo);
        bool recapture = false;
        for (const Square a : taken.attackers_to(m.to(), m.mover()))
            recapture = recapture || taken.is_legal_pseudo(Move(a, m.to()));
        f.moved_piece_protected = f.moved_piece_protected && recapture;
    }
    for (int i = 0; i < square_count; ++i) {
        const Square c(i);
        const Piece cannon = m.after.piece_on(c);
        if (!cannon || cannon.color() != m.enemy() || cannon.type() != PieceType::Cannon)
            continue;
        for (const Move capture : pseudo_legal_moves_from(m.after, c)) {
            const Square victim = capture.to();
            if (m.after.piece_on(victim).type() != PieceType::Cannon || !detail::between(c, victim, m.to())
                || !m.after.is_legal_pseudo(capture))
                continue;
            if (m.before.piece_on(c) == cannon && pseudo_legal_moves_from(m.before, c).contains(capture))
                continue;
            f.screen_offers.push_back({ at(m.after, c), at(m.after, victim) });
        }
    }
}

void even_trade_facts(MoveAtHand& m)
{
    // Around a check the side in check answers it first, and no trade is on offer.
    if (!m.options.material.like_piece_trades || m.before.in_check() || !m.facts.checkers.empty())
        return;
    Position now = m.after;
    Position before = with_side_to_move(m.before, m.enemy());
    for (const Move c : legal_captures(now)) {
        const Piece taken = now.piece_on(c.to());
        if (!taken || c.to() == m.to() || now.piece_on(c.from()).type() != taken.type()
            || detail::exchange_gain(now, c, m.options.piece_worth) != 0)
            continue;
        const bool even_before = before.piece_on(c.from()) == now.piece_on(c.from()) && before.piece_on(c.to()) == taken
            && is_legal(before, c) && detail::exchange_gain(before, c, m.options.piece_worth) == 0;
        const bool offered_through_screen = std::any_of(m.facts.screen_offers.begin(), m.facts.screen_offers.end(),
            [&](const ScreenOffer& o) { return o.taker.square == c.from() && o.offered.square == c.to(); });
        if (!even_before && !offered_through_screen)
            m.facts.even_trades.push_back({ at(now, c.from()), at(now, c.to()) });
    }
}

} // namespace xq::detail
