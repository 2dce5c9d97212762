// Threats: every attack of the mover's after the move, with its protection and what its capture
// and the exchanges on its point win.
#include "threat_facts.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "exchange.hpp"
#include "lines_of_checks.hpp"
#include "mate_search.hpp"
#include "protection.hpp"
#include "taking_back.hpp"
#include "threat_origins.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

namespace {

    // Threat::target_can_capture_back: the target of `capture` can legally take the attacker
    // back, the other side to move in `pos`; under capture_back_unless_mated, and not be mated
    // for it; under capture_back_unless_losing, and not lose material for it by the mover's
    // retaking with a check.
    bool target_can_capture_back(const Position& pos, Move capture, const ClassifierOptions& options)
    {
        const Move back(capture.to(), capture.from());
        if (!(options.material.capture_back_unless_mated ? target_takes_back(pos, capture, options)
                                                         : is_legal(pos, back)))
            return false;
        if (!options.material.capture_back_unless_losing)
            return true;
        Position taken = pos;
        UndoInfo undo;
        taken.do_move(back, undo);
        return !retakes_with_winning_check(taken, capture.from(), options);
    }

    // The piece of the mover's that `capture`, legal in `pos`, lays open to the other side's
    // capture winning most, if that wins more than `won` (Threat::lost_elsewhere). What the other
    // side could take before is not the capture's cost: the mover had to see to it anyway.
    std::optional<PieceAt> lost_elsewhere(const Position& pos, Move capture, int won, const PieceWorth& worth)
    {
        Position taken = pos;
        UndoInfo undo;
        taken.do_move(capture, undo);
        std::optional<PieceAt> lost;
        int most = won;
        for (const Move c : legal_captures(taken)) {
            if (!taken.piece_on(c.to()) || c.to() == capture.to())
                continue;
            const SquareList could = pos.attackers_to(c.to(), taken.side_to_move());
            if (std::find(could.begin(), could.end(), c.from()) != could.end())
                continue;
            const PieceAt victim = at(taken, c.to());
            if (const int gain = detail::exchange_gain(taken, c, worth); gain > most) {
                most = gain;
                lost = victim;
            }
        }
        return lost;
    }

    // What taking the target would win, and whether it would be mated for it.
    void gain_facts(const MoveAtHand& m, const Position& mover_again, Threat& threat)
    {
        if (!threat.capture_legal)
            return;
        const PieceWorth& worth = m.options.piece_worth;
        const auto worth_of = [&](const PieceAt& p) { return worth[index(p.piece.type())]; };
        threat.capture_gain
            = worth_of(threat.target) - (threat.real_protectors.empty() ? 0 : worth_of(threat.attacker));
        const Move capture(threat.attacker.square, threat.target.square);
        Position pos = mover_again;
        threat.exchange_gain = detail::exchange_gain(pos, capture, worth);
        if (threat.origin == ThreatOrigin::Standing) {
            const Move earlier_capture(m.from(), threat.target.square);
            Position before = m.before;
            threat.exchange_gain_before
                = is_legal(before, earlier_capture) ? detail::exchange_gain(before, earlier_capture, worth) : 0;
        }
        if (m.options.material.best_exchange) {
            // A piece of the target's kind that the target can take in turn offers a trade; it
            // leads no capture.
            const Square t = threat.target.square;
            int best = threat.exchange_gain;
            for (const Square a : mover_again.attackers_to(t, m.mover()))
                if (const Move other(a, t); a != threat.attacker.square && is_legal(pos, other)
                    && !(m.after.piece_on(a).type() == threat.target.piece.type() && is_legal(m.after, Move(t, a))))
                    best = std::max(best, detail::exchange_gain(pos, other, worth));
            threat.best_exchange_gain = best;
        }
        if (m.options.material.sequence_depth > 0)
            threat.capture_sequence_gain = detail::capture_sequence_gain(pos, capture, m.options,
                detail::pieces_won_at_once(mover_again, worth), detail::pieces_won_at_once(m.after, worth));
        if (m.options.protection.mate_after_capture_depth > 0)
            threat.mated_after_capture
                = detail::mated_after(mover_again, capture, m.options.protection.mate_after_capture_depth);
        if (m.options.material.capture_opens_lines && threat.exchange_gain > 0)
            threat.lost_elsewhere = lost_elsewhere(mover_again, capture, threat.exchange_gain, worth);
    }

    // A fellow attacker of the target's kind that the target could take at once, and not be
    // mated for it, without which the exchange on the target's point, the attacker taking
    // first, would win nothing: whatever the exchange wins, it wins through a trade of like
    // pieces that the target's side may take up. The fellow sits the exchange out rather than
    // leave the board, so that what it pins or screens stays pinned or screened.
    std::optional<PieceAt> trading_fellow(const MoveAtHand& m, const Position& mover_again, const Threat& threat)
    {
        const Move capture(threat.attacker.square, threat.target.square);
        for (const PieceAt& fellow : threat.fellow_attackers) {
            const Move trade(threat.target.square, fellow.square);
            if (fellow.piece.type() != threat.target.piece.type() || !is_legal(m.after, trade)
                || (m.options.protection.mate_after_capture_depth > 0
                    && detail::mated_after(m.after, trade, m.options.protection.mate_after_capture_depth)))
                continue;
            Position pos = mover_again;
            if (detail::exchange_gain(pos, capture, m.options.piece_worth, fellow.square) <= 0)
                return fellow;
        }
        return std::nullopt;
    }

    // Rooks, horses, cannons and pawns across the river: the pieces that can attack the other
    // side (advisors, elephants and the king stay home; a pawn attacks only once across).
    bool is_attacking_piece(const Position& pos, Square s)
    {
        const Piece p = pos.piece_on(s);
        switch (p.type()) {
        case PieceType::Chariot:
        case PieceType::Horse:
        case PieceType::Cannon:
            return true;
        case PieceType::Soldier:
            return !on_own_side(p.color(), s);
        default:
            return false;
        }
    }

    int attacking_pieces(const Position& pos, Color side)
    {
        int count = pos.count(side, PieceType::Chariot) + pos.count(side, PieceType::Horse)
            + pos.count(side, PieceType::Cannon);
        if (pos.count(side, PieceType::Soldier) > 0)
            for (int i = 0; i < square_count; ++i)
                if (const Piece p = pos.piece_on(Square(i)); p.type() == PieceType::Soldier && p.color() == side)
                    count += is_attacking_piece(pos, Square(i)) ? 1 : 0;
        return count;
    }

    Threat threat_of(const MoveAtHand& m, const Position& mover_again, Square a, Square t, ThreatOrigin origin,
        const detail::Cover& cover, std::optional<detail::Restrictions>& own_restrictions)
    {
        Threat threat;
        threat.attacker = at(m.after, a);
        threat.target = at(m.after, t);
        threat.origin = origin;
        threat.capture_legal = cover.capture_legal;
        threat.protectors = cover.protectors;
        threat.real_protectors = cover.real;
        threat.fake_protectors = cover.fake;
        threat.fake_by_flying_general = cover.fake_by_flying_general;
        threat.target_crossed_river = !on_own_side(m.enemy(), t);
        threat.sole_attacking_piece = is_attacking_piece(m.after, a) && attacking_pieces(m.after, m.mover()) == 1;
        threat.target_can_capture_back = target_can_capture_back(m.after, Move(a, t), m.options);
        for (const Square other : m.after.attackers_to(t, m.mover()))
            if (other != a)
                threat.fellow_attackers.push_back(at(m.after, other));
        gain_facts(m, mover_again, threat);
        if (m.options.material.like_piece_trades && threat.capture_legal)
            threat.trading_fellow = trading_fellow(m, mover_again, threat);
        if (cover.real.empty() && cover.capture_legal)
            threat.hidden_protection = detail::hidden_protection(mover_again, Move(a, t), m.options);
        threat.attacker_restriction = restriction_of(m.after, a);
        threat.target_restriction = restriction_of(m.after, t);
        for (const auto& [piece, restriction] : detail::restrictions_of(m.after, m.mover(), own_restrictions))
            if (piece.square != a && std::any_of(restriction.by.begin(), restriction.by.end(), [&](const PieceAt& p) {
                    return p.square == t;
                }))
                threat.restricted_by_target.push_back(piece);
        return threat;
    }

    // The mover's attacks on `t` as they stood before the move, each judged in that position.
    std::vector<Threat> prior_attacks_on(const MoveAtHand& m, Square t)
    {
        MoveFacts as_it_stood;
        as_it_stood.mover = m.mover();
        const MoveAtHand before { m.before, with_side_to_move(m.before, m.enemy()), m.options, as_it_stood };
        std::optional<detail::Restrictions> own_restrictions;
        std::vector<Threat> prior;
        for (const Square a : m.before.attackers_to(t, m.mover()))
            prior.push_back(threat_of(before, m.before, a, t, ThreatOrigin::Direct,
                detail::protection_of(m.before, a, t, {}, protection_mated_within(m.options)), own_restrictions));
        return prior;
    }

} // namespace

void threat_facts(MoveAtHand& m)
{
    const Position mover_again = with_side_to_move(m.after, m.mover());
    std::optional<detail::Restrictions> own_restrictions;
    for (int i = 0; i < square_count; ++i) {
        const Square t(i);
        const Piece target = m.after.piece_on(t);
        if (!target || target.color() != m.enemy() || target.type() == PieceType::King)
            continue;
        std::vector<Square> attackers_before;
        for (const Square a : m.before.attackers_to(t, m.mover()))
            attackers_before.push_back(a == m.from() ? m.to() : a);
        for (const Square a : m.after.attackers_to(t, m.mover())) {
            const detail::Cover cover
                = detail::protection_of(mover_again, a, t, m.facts.checkers, protection_mated_within(m.options));
            if (const auto origin = origin_of(m, mover_again, a, t, attackers_before, cover)) {
                m.facts.threats.push_back(threat_of(m, mover_again, a, t, *origin, cover, own_restrictions));
                if (m.options.new_threats.prior_attacks)
                    m.facts.threats.back().prior_attacks = prior_attacks_on(m, t);
            }
        }
    }
}

} // namespace xq::detail
