// Which threats are the move's: how an attack came about, and when one that stood before the
// move is its new threat (its capture made legal or safe, the target's protection removed).
#include "threat_origins.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "exchange.hpp"
#include "lines_of_checks.hpp"
#include "protection.hpp"
#include "taking_back.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

namespace {

    // What the side to move wins at most by one capture, each weighed by its complete exchange.
    int best_capture_gain(Position& pos, const PieceWorth& worth)
    {
        int best = 0;
        for (const Move capture : legal_captures(pos))
            if (pos.piece_on(capture.to()))
                best = std::max(best, detail::exchange_gain(pos, capture, worth));
        return best;
    }

    // The pieces the side to move could win at once: by a capture whose complete exchange wins
    // (what best_capture_gain weighs).
    std::vector<PieceAt> pieces_won_by_exchange(Position pos, const PieceWorth& worth)
    {
        std::vector<PieceAt> won;
        for (const Move capture : legal_captures(pos))
            if (pos.piece_on(capture.to()) && detail::exchange_gain(pos, capture, worth) > 0)
                won.push_back(at(pos, capture.to()));
        return won;
    }

    // Whether the other side, to move in `enemy_first` (the position before the move), could win
    // material at once (pieces_won_by_exchange). Under
    // capture_made_safe_ignores_uncrossed_soldiers, a pawn on its own side of the river that it
    // could take is no material: the mover was losing nothing by it.
    bool loses_material_anyway(const MoveAtHand& m, const Position& enemy_first)
    {
        const std::vector<PieceAt> won = pieces_won_by_exchange(enemy_first, m.options.piece_worth);
        return std::any_of(won.begin(), won.end(), [&](const PieceAt& p) {
            return !m.options.new_threats.capture_made_safe_ignores_uncrossed_soldiers
                || !is_uncrossed_soldier(p.piece, p.square);
        });
    }

    enum class CaptureCost { None, Mate, Material };

    // Whether the side to move in `pos` (the other side) forces mate: within
    // mate_after_capture_depth, or under capture_cost_counts_kills also by a kill.
    bool forces_mate_at_cost(Position& pos, const ClassifierOptions& options)
    {
        return forces_mate_after_capture(pos, options, options.new_threats.capture_cost_counts_kills);
    }

    // What `capture`, legal for the side to move in `pos`, would cost it: the other side then
    // forces mate (forces_mate_at_cost), or wins back by a capture anywhere as much
    // as was taken (with material.sequence_depth, by the sequence of captures that follows, in
    // which the capturing side may take again what the first capture lets through, and the
    // other side takes none of `lost_anyway`); under capture_cost_counts_check_captures, also
    // when the capture lays a piece open to a line of checks that wins back as much. A mate
    // outweighs material. The mate searches cost most, so a caller that asks only whether the
    // capture costs anything (CostAsked::Any) is answered by the material first: the answer is
    // the same, but a capture that costs both may then be called Material.
    enum class CostAsked { Which, Any };

    CaptureCost capture_costs(Position pos, Move capture, const ClassifierOptions& options,
        const std::vector<PieceAt>& lost_anyway, CostAsked asked = CostAsked::Which)
    {
        const auto mated = [&] {
            Position taken = pos;
            UndoInfo undo;
            taken.do_move(capture, undo);
            return forces_mate_at_cost(taken, options);
        };
        if (asked == CostAsked::Which && mated())
            return CaptureCost::Mate;
        int won = 0;
        if (options.material.sequence_depth > 0) {
            won = detail::capture_sequence_gain(
                pos, capture, options, detail::pieces_won_at_once(pos, options.piece_worth), lost_anyway);
            if (won <= 0)
                return CaptureCost::Material;
        } else {
            won = options.piece_worth[index(pos.piece_on(capture.to()).type())];
            Position taken = pos;
            UndoInfo undo;
            taken.do_move(capture, undo);
            if (best_capture_gain(taken, options.piece_worth) >= won)
                return CaptureCost::Material;
        }
        if (asked == CostAsked::Any && mated())
            return CaptureCost::Mate;
        return options.new_threats.capture_cost_counts_check_captures
                && detail::lays_open_to_checks(pos, capture, won, options)
            ? CaptureCost::Material
            : CaptureCost::None;
    }

    // Whether the other side, to move in `enemy_first` (the position before the move), could win
    // the moved piece at once: the move saves it. Under saved_participant_won_by_exchange, also
    // when a capture of it wins by its complete exchange, not only by itself.
    bool moved_piece_was_won(const MoveAtHand& m, const Position& enemy_first)
    {
        if (m.options.new_threats.saved_participant_won_by_exchange) {
            // A capture that wins by itself wins by its complete exchange too: the exchange
            // takes back no more than the capturer.
            Position pos = enemy_first;
            for (const Move c : legal_captures(pos))
                if (c.to() == m.from() && detail::exchange_gain(pos, c, m.options.piece_worth) > 0)
                    return true;
            return false;
        }
        const std::vector<PieceAt> won = detail::pieces_won_at_once(enemy_first, m.options.piece_worth);
        return std::any_of(won.begin(), won.end(), [&](const PieceAt& p) { return p.square == m.from(); });
    }

    // Whether the moved piece holds the target of `capture`: after the move the target cannot
    // take the attacker back (its capture would be illegal, or mated), and without the moved
    // piece on the board it could. The attacker's capture is then no mutual attack: the moved
    // piece keeps the target on its line.
    bool holds_target(const MoveAtHand& m, Move capture)
    {
        if (target_takes_back(m.after, capture, m.options))
            return false;
        Position without = m.after;
        without.remove_piece(m.to());
        return target_takes_back(without, capture, m.options);
    }

    // Whether the moved piece takes part in `capture`, legal in `mover_again`, and the exchange
    // after it: it captures, or the exchange wins less without it on the board (it takes back,
    // screens a cannon, pins a protector); under saved_participant_holds_target, also when it
    // holds the target.
    bool moved_piece_takes_part(const MoveAtHand& m, const Position& mover_again, Move capture)
    {
        if (capture.from() == m.to())
            return true;
        const PieceWorth& worth = m.options.piece_worth;
        Position pos = mover_again;
        const int with_it = detail::exchange_gain(pos, capture, worth);
        Position without = mover_again;
        without.remove_piece(m.to());
        if (!is_legal(without, capture) || detail::exchange_gain(without, capture, worth) < with_it)
            return true;
        return m.options.new_threats.saved_participant_holds_target && holds_target(m, capture);
    }

    // Whether the moved piece protects a piece of the mover's that it did not protect before the
    // move, other than the attacker of `capture` (legal in `mover_again`), without which on the
    // board the capture would be illegal or its exchange would win less: a cannon's screen, a
    // piece that takes back. What the capture lays open of such a piece, the move protects.
    bool moved_piece_protects_participant(const MoveAtHand& m, const Position& mover_again, Move capture)
    {
        const PieceWorth& worth = m.options.piece_worth;
        Position pos = mover_again;
        const int with_all = detail::exchange_gain(pos, capture, worth);
        for (int i = 0; i < square_count; ++i) {
            const Square s(i);
            const Piece p = m.after.piece_on(s);
            if (!p || p.color() != m.mover() || s == m.to() || s == capture.from())
                continue;
            const SquareList now = m.after.attackers_to(s, m.mover());
            const SquareList was = m.before.attackers_to(s, m.mover());
            if (std::find(now.begin(), now.end(), m.to()) == now.end()
                || std::find(was.begin(), was.end(), m.from()) != was.end())
                continue;
            // A piece without which the mover would be in check shields its king: it takes part
            // in no capture, though none can be made without it.
            Position without = mover_again;
            without.remove_piece(s);
            if (without.in_check())
                continue;
            if (!is_legal(without, capture) || detail::exchange_gain(without, capture, worth) < with_all)
                return true;
        }
        return false;
    }

    // Under capture_cost_leaves_standing_losses, the mover's pieces that the other side could win
    // at once both before the move and after it: a loss that stands whether or not a capture is
    // made is no cost of the capture. Before the move it still counts, since a move that ends
    // such a loss parries a threat rather than makes a capture safe.
    std::vector<PieceAt> standing_losses(const MoveAtHand& m)
    {
        if (!m.options.new_threats.capture_cost_leaves_standing_losses)
            return {};
        std::vector<PieceAt> lost = detail::pieces_won_at_once(m.after, m.options.piece_worth);
        const std::vector<PieceAt> lost_before
            = detail::pieces_won_at_once(with_side_to_move(m.before, m.enemy()), m.options.piece_worth);
        std::erase_if(lost, [&](const PieceAt& p) {
            return std::find(lost_before.begin(), lost_before.end(), p) == lost_before.end();
        });
        return lost;
    }

    // Under capture_made_safe_by_protected_participant, whether `capture`, safe in
    // `mover_again`, would cost again without the moved piece on the board: it is then the moved
    // piece's protection that makes the capture safe, not its leaving its point or a line it
    // opened. Not known, and so not, where the moved piece shields its king.
    bool costs_without_moved_piece(const MoveAtHand& m, const Position& mover_again, Move capture)
    {
        Position without = mover_again;
        without.remove_piece(m.to());
        return !without.in_check() && is_legal(without, capture)
            && capture_costs(without, capture, m.options, standing_losses(m), CostAsked::Any) != CaptureCost::None;
    }

    // Under capture_made_safe_by_parry_of_new_capture, whether the capture from `a` (where the
    // attacker stood before the move) on `t` came with the mate threat the move parries: the
    // other side's last move made that threat (before it, the other side forced no mate), and
    // before it the capture could not be made, or not without being mated. What else it cost
    // then is no matter here: the parry answers a mate. A target that was not there before
    // that move walked into the attack itself, which makes no threat of the mover's new.
    bool capture_new_since_threat(const MoveAtHand& m, Square a, Square t)
    {
        if (!m.options.new_threats.capture_made_safe_by_parry_of_new_capture || !m.before_last)
            return false;
        Position threat_to_come = *m.before_last;
        if (forces_mate_at_cost(threat_to_come, m.options))
            return false;
        Position earlier = with_side_to_move(*m.before_last, m.mover());
        const Move capture(a, t);
        if (earlier.piece_on(t) != m.before.piece_on(t))
            return false;
        if (!is_legal(earlier, capture))
            return true;
        UndoInfo undo;
        earlier.do_move(capture, undo);
        return forces_mate_at_cost(earlier, m.options);
    }

} // namespace

std::optional<ThreatOrigin> origin_of(const MoveAtHand& m, const Position& mover_again, Square a, Square t,
    const std::vector<Square>& attackers_before, const detail::Cover& now)
{
    if (std::find(attackers_before.begin(), attackers_before.end(), a) == attackers_before.end()) {
        if (a == m.to())
            return ThreatOrigin::Direct;
        return m.after.piece_on(a).type() == PieceType::Cannon && detail::between(a, t, m.to())
            ? ThreatOrigin::ScreenPlaced
            : ThreatOrigin::Discovered;
    }
    const Square a_before = a == m.to() ? m.from() : a;
    // Whether a protector that was real before is mated for taking back matters only where
    // none is real now: elsewhere its mate search is spared.
    const detail::Cover was
        = detail::protection_of(m.before, a_before, t, {}, now.real.empty() ? protection_mated_within(m.options) : 0);
    if (!was.real.empty() && now.real.empty())
        return ThreatOrigin::ProtectionRemoved;
    if (was.real.empty() && now.real.empty() && was.capture_legal && now.capture_legal
        && !detail::hidden_protection(m.before, Move(a_before, t), m.options).empty()
        && detail::hidden_protection(mover_again, Move(a, t), m.options).empty())
        return ThreatOrigin::HiddenProtectionRemoved;
    if (m.options.new_threats.capture_made_legal && !was.capture_legal && now.capture_legal)
        return ThreatOrigin::CaptureMadeLegal;
    // After a check the other side answers first, so what a capture would cost is not known;
    // a mover in check, or to be mated or to lose material anyway, merely parries a threat,
    // unless the piece it moves takes part in the capture: then the capture could not be
    // made before without losing a piece that it needs. Under
    // capture_made_safe_by_protected_participant, nor when the moved piece newly protects
    // another piece the capture needs and the capture lost material before the move even
    // with what the mover was losing anyway left out: the move that parries also took away
    // what the capture itself cost.
    if (m.options.new_threats.capture_made_safe && was.capture_legal && now.capture_legal && !m.before.in_check()
        && m.facts.checkers.empty()
        && capture_costs(mover_again, Move(a, t), m.options, standing_losses(m), CostAsked::Any) == CaptureCost::None) {
        const CaptureCost before = capture_costs(m.before, Move(a_before, t), m.options, {});
        Position enemy_first = with_side_to_move(m.before, m.enemy());
        if ((before == CaptureCost::Mate
                && (!forces_mate_at_cost(enemy_first, m.options) || capture_new_since_threat(m, a_before, t)))
            || (before == CaptureCost::Material && !loses_material_anyway(m, enemy_first)))
            return ThreatOrigin::CaptureMadeSafe;
        if (before == CaptureCost::Material && m.options.new_threats.capture_made_safe_by_saved_participant
            && moved_piece_was_won(m, enemy_first) && moved_piece_takes_part(m, mover_again, Move(a, t)))
            return ThreatOrigin::ParticipantSaved;
        if (before == CaptureCost::Material && m.options.new_threats.capture_made_safe_by_protected_participant
            && moved_piece_protects_participant(m, mover_again, Move(a, t))
            && costs_without_moved_piece(m, mover_again, Move(a, t))
            && capture_costs(
                   m.before, Move(a_before, t), m.options, pieces_won_by_exchange(enemy_first, m.options.piece_worth))
                == CaptureCost::Material)
            return ThreatOrigin::CaptureMadeSafe;
    }
    if (a == m.to())
        return ThreatOrigin::Standing;
    return std::nullopt;
}

} // namespace xq::detail
