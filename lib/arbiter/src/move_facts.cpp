// The move classifier: checks, kills, threats with their protection, offers and blocks.
#include "xq/arbiter/move_facts.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <set>

#include "protection.hpp"
#include "tactics.hpp"
#include "xq/arbiter/enum_names.hpp"
#include "xq/board/movegen.hpp"

namespace xq {

namespace {

    // One move, the positions around it, and the facts found so far.
    struct MoveAtHand {
        const Position& before;
        Position after;
        const ClassifierOptions& options;
        MoveFacts& facts;
        const Position* before_last = nullptr; // before the other side's last move, when known
        // Whether the facts found depend on before_last: most do not, so that the move has them
        // whatever the other side's last move was. Set where it is read, which may be deep in a
        // search that holds the move as const.
        mutable bool before_last_read = false;
        // Under check_capture.is_chase, for a move that threatens to check and then capture:
        // whether some such line, under some count of what the checks won before, needs one
        // piece only (Threat::by_one_piece).
        bool check_capture_by_one_piece = false;
        Color mover() const { return facts.mover; }
        Color enemy() const { return ~facts.mover; }
        Square from() const { return facts.move.from(); }
        Square to() const { return facts.move.to(); }
    };

    void check_facts(MoveAtHand& m)
    {
        if (!m.after.in_check())
            return;
        for (const Square s : m.after.attackers_to(m.after.king_square(m.enemy()), m.mover()))
            m.facts.checkers.push_back(at(m.after, s));
        m.facts.discovered_check = std::any_of(
            m.facts.checkers.begin(), m.facts.checkers.end(), [&](const PieceAt& p) { return p.square != m.to(); });
    }

    // Whether the side to move in `pos` forces mate after a capture: within
    // mate_after_capture_depth, or, `by_kills`, by a kill (a check or a series of checks within
    // kill.depth).
    bool forces_mate_after_capture(Position& pos, const ClassifierOptions& options, bool by_kills)
    {
        std::vector<Move> mate;
        if (options.protection.mate_after_capture_depth > 0
            && detail::forces_mate(pos, options.protection.mate_after_capture_depth, mate))
            return true;
        return by_kills && options.kill.depth > 0
            && detail::forces_mate(pos, options.kill.depth, mate, options.kill.mates_by_check);
    }

    // Whether the side to move in `taken`, whose piece on `point` the other side has just taken,
    // retakes there with a check after which every answer loses material.
    bool retakes_with_winning_check(const Position& taken, Square point, const ClassifierOptions& options)
    {
        std::vector<Move> line;
        for (const Move retake : legal_moves(taken)) {
            if (retake.to() != point)
                continue;
            Position retaken = taken;
            UndoInfo undo;
            retaken.do_move(retake, undo);
            if (retaken.in_check() && has_legal_move(retaken)
                && detail::every_answer_loses_material(taken, retaken, options, line))
                return true;
        }
        return false;
    }

    // Whether the other side, to move in `after`, can make `take_back` (its piece taking one of
    // the mover's of its kind) and lose nothing by it: the mover then forces no mate (within
    // mate_after_capture_depth, nor by checks within kill.depth), nor retakes on the point with
    // a check after which every answer loses material. The trade is even otherwise.
    bool takes_back_safely(const Position& after, Move take_back, const ClassifierOptions& options)
    {
        if (!is_legal(after, take_back))
            return false;
        Position taken = after;
        UndoInfo undo;
        taken.do_move(take_back, undo);
        return !forces_mate_after_capture(taken, options, true)
            && !retakes_with_winning_check(taken, take_back.to(), options);
    }

    // Whether the move offers a trade of like pieces on `t`: a piece of the mover's, of the kind
    // on `t`, attacks it since the move (a mutual attack that stood before is no offer of this
    // move's), and the piece on `t` can take it first without losing by it.
    bool offers_trade_on(const MoveAtHand& m, Square t)
    {
        const SquareList attackers_before = m.before.attackers_to(t, m.mover());
        for (const Square a : m.after.attackers_to(t, m.mover())) {
            const bool stood = std::find(attackers_before.begin(), attackers_before.end(), a) != attackers_before.end();
            if (!stood && m.after.piece_on(a).type() == m.after.piece_on(t).type()
                && takes_back_safely(m.after, Move(t, a), m.options))
                return true;
        }
        return false;
    }

    // Whether the kill found goes only through a trade the move offers: every mating line takes
    // a piece of the other side's on which the move offers a trade (kill.through_offered_exchange).
    bool kill_through_offered_exchange(const MoveAtHand& m, Position& again)
    {
        for (int i = 0; i < square_count; ++i) {
            const Square t(i);
            const Piece target = m.after.piece_on(t);
            if (!target || target.color() != m.enemy() || target.type() == PieceType::King || !offers_trade_on(m, t))
                continue;
            std::vector<Move> line;
            if (!detail::forces_mate(again, m.options.kill.depth, line, m.options.kill.mates_by_check, t))
                return true;
        }
        return false;
    }

    // Whether the kill found begins by a capture (MoveFacts::kill_capture_first): its shortest
    // line begins by taking a piece without mating at once, and no mating line spares that piece.
    bool kill_begins_by_capture(const MoveAtHand& m, Position& again)
    {
        const std::vector<Move>& line = m.facts.kill_line;
        if (line.size() < 3 || !again.piece_on(line.front().to()))
            return false;
        std::vector<Move> sparing;
        return !detail::forces_mate(
            again, m.options.kill.depth, sparing, m.options.kill.mates_by_check, line.front().to());
    }

    // Kill: only a move that does not check can threaten mate "next".
    void kill_facts(MoveAtHand& m)
    {
        if (!m.facts.checkers.empty() || m.options.kill.depth <= 0)
            return;
        Position again = with_side_to_move(m.after, m.mover());
        m.facts.kill
            = detail::forces_mate(again, m.options.kill.depth, m.facts.kill_line, m.options.kill.mates_by_check);
        // The line shown is a shortest one: a search through more moves than the mate needs may
        // find one that wastes them (a rook checking back and forth).
        std::vector<Move> shorter;
        for (int depth = (static_cast<int>(m.facts.kill_line.size()) + 1) / 2 - 1;
             m.facts.kill && depth > 0 && detail::forces_mate(again, depth, shorter, m.options.kill.mates_by_check);
             --depth)
            m.facts.kill_line = shorter;
        if (m.facts.kill && m.options.kill.through_offered_exchange && kill_through_offered_exchange(m, again)) {
            m.facts.kill = false;
            m.facts.kill_line.clear();
        }
        m.facts.kill_capture_first = m.facts.kill && m.options.kill.capture_first && kill_begins_by_capture(m, again);
    }

    // Check-then-capture: a threat to win material by checking first, which a move that
    // neither checks nor threatens mate makes "next", and only if the mover did not have such
    // a threat before the move (a threat that is not new is no threat, as for captures); under
    // check_capture.new_by_target, a threat is new when it wins a piece that no such line won
    // before (where the line takes it), under one of the ways of counting what lines won before
    // (detail::ways_won_through_checks: a fork of checks won one piece or the other). Under
    // check_capture.not_won_anyway, not by winning material it could win at once before. A
    // check is the first move of such a line itself when every answer to it leaves the mover a
    // capture that wins material it could not win before.
    void check_then_capture_facts(MoveAtHand& m)
    {
        MoveFacts& f = m.facts;
        if (m.options.check_capture.depth <= 1)
            return;
        if (!f.checkers.empty()) {
            f.check_then_capture = has_legal_move(m.after)
                && detail::every_answer_loses_material(m.before, m.after, m.options, f.check_capture_line);
        } else if (!f.kill) {
            const Position mover_again = with_side_to_move(m.after, m.mover());
            const std::vector<PieceAt> won_before = m.options.check_capture.not_won_anyway
                ? detail::pieces_won_at_once(m.before, m.options.piece_worth)
                : std::vector<PieceAt>();
            // Under check_capture.is_chase, whether one piece wins, as a count of what was won
            // before leaves material to win.
            const auto weigh_pieces_needed = [&](const std::vector<PieceAt>& won_anyway) {
                m.check_capture_by_one_piece = m.check_capture_by_one_piece
                    || (m.options.check_capture.is_chase
                        && detail::wins_through_checks_of_one_piece(mover_again, m.options, won_anyway));
            };
            const bool threatens
                = detail::threatens_check_then_capture(mover_again, m.options, won_before, f.check_capture_line);
            if (!m.options.check_capture.new_by_target) {
                std::vector<Move> standing_line;
                f.check_then_capture
                    = threatens && !detail::threatens_check_then_capture(m.before, m.options, {}, standing_line);
                if (f.check_then_capture)
                    weigh_pieces_needed(won_before);
            } else if (threatens) {
                // New under some way of counting what the checks won before; the line shown is
                // the first count's that leaves one. A line of one piece is a line, so the later
                // counts are asked only for that. A count of nothing leaves the line found above.
                for (const std::vector<PieceAt>& won_through_checks :
                    detail::ways_won_through_checks(m.before, m.options)) {
                    std::vector<PieceAt> won_anyway = won_before;
                    won_anyway.insert(won_anyway.end(), won_through_checks.begin(), won_through_checks.end());
                    if (!f.check_then_capture) {
                        f.check_then_capture = won_through_checks.empty()
                            || detail::threatens_check_then_capture(
                                mover_again, m.options, won_anyway, f.check_capture_line);
                        if (!f.check_then_capture)
                            continue;
                    }
                    weigh_pieces_needed(won_anyway);
                    if (!m.options.check_capture.is_chase || m.check_capture_by_one_piece)
                        break;
                }
            }
        }
        if (!f.check_then_capture)
            f.check_capture_line.clear();
    }

    // What the side to move wins at most by one capture, each weighed by its complete exchange.
    int best_capture_gain(Position& pos, const PieceWorth& worth)
    {
        int best = 0;
        for (const Move capture : legal_moves(pos))
            if (pos.piece_on(capture.to()))
                best = std::max(best, detail::exchange_gain(pos, capture, worth));
        return best;
    }

    // How far protection_of looks for a mate after a recapture: a protector whose recapture is
    // mated is no real one under protection.unless_mated.
    int protection_mated_within(const ClassifierOptions& options)
    {
        return options.protection.unless_mated ? options.protection.mate_after_capture_depth : 0;
    }

    // The pieces the side to move could win at once: by a capture whose complete exchange wins
    // (what best_capture_gain weighs).
    std::vector<PieceAt> pieces_won_by_exchange(Position pos, const PieceWorth& worth)
    {
        std::vector<PieceAt> won;
        for (const Move capture : legal_moves(pos))
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
            for (const Move c : legal_moves(pos))
                if (c.to() == m.from() && detail::exchange_gain(pos, c, m.options.piece_worth) > 0)
                    return true;
            return false;
        }
        const std::vector<PieceAt> won = detail::pieces_won_at_once(enemy_first, m.options.piece_worth);
        return std::any_of(won.begin(), won.end(), [&](const PieceAt& p) { return p.square == m.from(); });
    }

    // Whether the target of `capture` could take the attacker back at once, the other side to
    // move in `pos`, and not be mated for it (within mate_after_capture_depth).
    bool target_takes_back(const Position& pos, Move capture, const ClassifierOptions& options)
    {
        const Move back(capture.to(), capture.from());
        if (!is_legal(pos, back))
            return false;
        return options.protection.mate_after_capture_depth <= 0
            || !detail::mated_after(pos, back, options.protection.mate_after_capture_depth);
    }

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
        m.before_last_read = true;
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

    // How the attack of `a` on `t` came about, or nothing when it is not the move's: an attack
    // that stood before is the move's again only when the move stripped the target's real
    // protection or made the capture legal or safe, or when the moved piece makes it (listed
    // for the rules to judge).
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
        const detail::Cover was = detail::protection_of(
            m.before, a_before, t, {}, now.real.empty() ? protection_mated_within(m.options) : 0);
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
            && capture_costs(mover_again, Move(a, t), m.options, standing_losses(m), CostAsked::Any)
                == CaptureCost::None) {
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
                && capture_costs(m.before, Move(a_before, t), m.options,
                       pieces_won_by_exchange(enemy_first, m.options.piece_worth))
                    == CaptureCost::Material)
                return ThreatOrigin::CaptureMadeSafe;
        }
        if (a == m.to())
            return ThreatOrigin::Standing;
        return std::nullopt;
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
        for (const Move c : legal_moves(taken)) {
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

    // Threats: attacks by the mover on enemy pieces after the move, compared with before,
    // following the moved piece from `from` to `to`.
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

    // Under check_capture.is_chase, a move that neither checks nor threatens mate, and makes a
    // new threat to check and then capture, threatens the piece its line takes (origin
    // ThroughChecks): the attacker and target where they stand after the move, followed along
    // the line, what the line takes less what the replies take its gain, joint when no line
    // needs one piece only. A checking move that is itself the first check of such a line is a
    // check first.
    void through_checks_threat(MoveAtHand& m)
    {
        const MoveFacts& f = m.facts;
        if (!m.options.check_capture.is_chase || !f.check_then_capture || !f.checkers.empty())
            return;
        Position pos = with_side_to_move(m.after, m.mover());
        // Where each piece on the board stood after the move, followed along the line.
        std::array<Square, square_count> stood;
        for (int i = 0; i < square_count; ++i)
            stood[static_cast<std::size_t>(i)] = Square(i);
        const auto stood_at = [&](Square s) { return stood[static_cast<std::size_t>(s.index())]; };
        Threat threat;
        threat.origin = ThreatOrigin::ThroughChecks;
        threat.capture_legal = true;
        threat.by_one_piece = m.check_capture_by_one_piece;
        int gain = 0;
        for (const Move move : f.check_capture_line) {
            const bool by_mover = pos.side_to_move() == m.mover();
            if (move == f.check_capture_line.back()) {
                threat.attacker = at(m.after, stood_at(move.from()));
                threat.target = at(m.after, stood_at(move.to()));
            }
            UndoInfo undo;
            pos.do_move(move, undo);
            stood[static_cast<std::size_t>(move.to().index())] = stood_at(move.from());
            const int taken = undo.captured ? m.options.piece_worth[index(undo.captured.type())] : 0;
            gain += by_mover ? taken : -taken;
        }
        threat.target_crossed_river = !on_own_side(m.enemy(), threat.target.square);
        threat.capture_gain = threat.exchange_gain = gain;
        m.facts.threats.push_back(threat);
    }

    // Can the moved piece be taken, and would it be avenged? And exchanges offered through a
    // screen: the moved piece now stands between an enemy cannon and a cannon of its own side
    // that the enemy cannon can legally take, and could not before. Other pieces a new screen
    // lays open are no offer the rules weigh: the screen usually answers a check or chases,
    // and the taker would often lose more than it took.
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

    // Trades of like pieces the move makes even: the other side's captures of the mover's
    // pieces, other than the moved one, by pieces of their kind, whose complete exchange wins
    // nothing and loses nothing now and did not before (or that it could not make then). A
    // trade the move offers through a screen is that offer already.
    void even_trade_facts(MoveAtHand& m)
    {
        // Around a check the side in check answers it first, and no trade is on offer.
        if (!m.options.material.like_piece_trades || m.before.in_check() || !m.facts.checkers.empty())
            return;
        Position now = m.after;
        Position before = with_side_to_move(m.before, m.enemy());
        for (const Move c : legal_moves(now)) {
            const Piece taken = now.piece_on(c.to());
            if (!taken || c.to() == m.to() || now.piece_on(c.from()).type() != taken.type()
                || detail::exchange_gain(now, c, m.options.piece_worth) != 0)
                continue;
            const bool even_before = before.piece_on(c.from()) == now.piece_on(c.from())
                && before.piece_on(c.to()) == taken && is_legal(before, c)
                && detail::exchange_gain(before, c, m.options.piece_worth) == 0;
            const bool offered_through_screen = std::any_of(m.facts.screen_offers.begin(), m.facts.screen_offers.end(),
                [&](const ScreenOffer& o) { return o.taker.square == c.from() && o.offered.square == c.to(); });
            if (!even_before && !offered_through_screen)
                m.facts.even_trades.push_back({ at(now, c.from()), at(now, c.to()) });
        }
    }

    // Whether `first`, by the side to move in `pos`, begins a mate as a kill is found: it checks
    // (or, unless the mate must come by check, leaves no legal move), and after every answer the
    // side forces mate within `depth` - 1 more moves.
    bool begins_mate(Position pos, Move first, int depth, bool by_check)
    {
        if (!is_legal(pos, first))
            return false;
        UndoInfo undo;
        pos.do_move(first, undo);
        if (!pos.in_check())
            return !by_check && !has_legal_move(pos);
        const MoveList answers = legal_moves(pos);
        if (answers.empty())
            return true;
        if (depth < 2)
            return false;
        for (const Move answer : answers) {
            UndoInfo answered;
            pos.do_move(answer, answered);
            std::vector<Move> line;
            const bool mates = detail::forces_mate(pos, depth - 1, line, by_check);
            pos.undo_move(answer, answered);
            if (!mates)
                return false;
        }
        return true;
    }

    // Whether the move parries a mate by standing in the way of an enemy rook or cannon: one of
    // the piece's moves that the move stops (`stopped`) began a mate before it, and after it the
    // enemy threatens no mate. Every stopped move is tried, so no order of search decides.
    bool parries_mate_along(const MoveAtHand& m, const std::vector<Move>& stopped)
    {
        if (m.options.kill.depth <= 0 || m.before.in_check() || stopped.empty())
            return false;
        const Position before = with_side_to_move(m.before, m.enemy());
        const bool mated_before = std::any_of(stopped.begin(), stopped.end(), [&](Move first) {
            return begins_mate(before, first, m.options.kill.depth, m.options.kill.mates_by_check);
        });
        if (!mated_before)
            return false;
        Position after = m.after;
        std::vector<Move> line;
        return !detail::forces_mate(after, m.options.kill.depth, line, m.options.kill.mates_by_check);
    }

    // Blocks: an enemy rook or cannon that could travel past `to` before and cannot now; under
    // blocks.shield, only where the block shields a piece or the king (BlockFacts::shielded).
    void block_facts(MoveAtHand& m)
    {
        if (m.facts.captured)
            return;
        const Square to = m.to();
        // Only a block that may shield asks what the blocked capture won.
        std::optional<Position> enemy_to_move;
        for (int i = 0; i < square_count; ++i) {
            const Square s(i);
            const Piece p = m.before.piece_on(s);
            if (!p || p.color() != m.enemy() || (p.type() != PieceType::Chariot && p.type() != PieceType::Cannon))
                continue;
            if (s.file() != to.file() && s.rank() != to.rank())
                continue;
            const MoveList was = pseudo_legal_moves_from(m.before, s), now = pseudo_legal_moves_from(m.after, s);
            const int df = (to.file() > s.file()) - (to.file() < s.file());
            const int dr = (to.rank() > s.rank()) - (to.rank() < s.rank());
            bool blocked = false;
            std::vector<PieceAt> shielded;
            std::vector<Move> stopped;
            for (int f = to.file() + df, r = to.rank() + dr; on_board(f, r); f += df, r += dr) {
                const Square past(f, r);
                if (!was.contains(Move(s, past)) || now.contains(Move(s, past)))
                    continue;
                blocked = true;
                stopped.push_back(Move(s, past));
                // The moved piece itself, stepping along the line, is not shielded: it moved. Nor is
                // a piece whose capture was illegal or won nothing: the block stops no threat.
                const Move capture(s, past);
                const Piece taken = m.before.piece_on(past);
                if (!m.options.blocks.shield || past == m.from() || !taken || taken.color() != m.mover()
                    || taken.type() == PieceType::King)
                    continue;
                if (!enemy_to_move)
                    enemy_to_move = with_side_to_move(m.before, m.enemy());
                if (enemy_to_move->is_legal_pseudo(capture)
                    && detail::exchange_gain(*enemy_to_move, capture, m.options.piece_worth) > 0)
                    shielded.push_back(at(m.before, past));
            }
            if (m.options.blocks.shield && blocked && shielded.empty() && parries_mate_along(m, stopped))
                shielded.push_back(at(m.before, m.before.king_square(m.mover())));
            if (m.options.blocks.shield && shielded.empty())
                blocked = false;
            if (blocked)
                m.facts.blocks.push_back({ at(m.before, s), to, shielded });
        }
    }

    void evasion_facts(MoveAtHand& m)
    {
        m.facts.evades_check = m.before.in_check();
        const std::vector<Square> attacked_after = detail::attacked_pieces(m.after);
        for (const Square s : detail::attacked_pieces(with_side_to_move(m.before, m.enemy()))) {
            const Square now = s == m.from() ? m.to() : s;
            // A check only puts a threat off: the other side answers it first, and may take
            // after that as before.
            const bool put_off = !m.facts.checkers.empty() && !m.after.attackers_to(now, m.enemy()).empty();
            if (!put_off && std::find(attacked_after.begin(), attacked_after.end(), now) == attacked_after.end())
                m.facts.evaded_threats.push_back(at(m.before, s));
        }
    }

    // The classes the facts give by themselves; whether a threat is a chase, and so whether
    // the move is idle, is the ruleset's to judge.
    void fact_classes(MoveFacts& f)
    {
        if (!f.checkers.empty())
            f.classes.push_back(MoveClass::Check);
        if (f.kill)
            f.classes.push_back(MoveClass::Kill);
        if (f.check_then_capture)
            f.classes.push_back(MoveClass::CheckThenCapture);
        const bool trade_supported = !f.even_trades.empty()
            || std::any_of(
                f.threats.begin(), f.threats.end(), [](const Threat& t) { return t.is_new() && t.trading_fellow; });
        if (!f.can_be_taken_by.empty() || !f.screen_offers.empty() || trade_supported) {
            const bool even = !f.screen_offers.empty() || trade_supported
                || std::any_of(f.can_be_taken_by.begin(), f.can_be_taken_by.end(),
                    [&](const PieceAt& p) { return p.piece.type() == f.moved.piece.type(); });
            f.classes.push_back(even ? MoveClass::Exchange : MoveClass::Offer);
        }
        if (!f.blocks.empty())
            f.classes.push_back(MoveClass::Block);
    }

    // classify_move, saying whether the facts depend on `before_last`.
    MoveFacts facts_of_move(const Position& before, Move m, const ClassifierOptions& options,
        const Position* before_last, bool& before_last_read)
    {
        MoveFacts facts;
        facts.move = m;
        facts.mover = before.side_to_move();
        facts.moved = at(before, m.from());
        MoveAtHand move { before, before, options, facts, before_last };
        UndoInfo undo;
        move.after.do_move(m, undo);
        facts.captured = undo.captured;

        check_facts(move);
        kill_facts(move);
        check_then_capture_facts(move);
        threat_facts(move);
        through_checks_threat(move);
        offer_facts(move);
        even_trade_facts(move);
        block_facts(move);
        evasion_facts(move);
        fact_classes(facts);
        before_last_read = move.before_last_read;
        return facts;
    }

} // namespace

bool RestrictionFacts::by_horse_only() const
{
    return !by.empty()
        && std::all_of(by.begin(), by.end(), [](const PieceAt& p) { return p.piece.type() == PieceType::Horse; });
}

bool RestrictionFacts::by_cannon_only() const
{
    return !by.empty()
        && std::all_of(by.begin(), by.end(), [](const PieceAt& p) { return p.piece.type() == PieceType::Cannon; });
}

bool MoveFacts::has(MoveClass c) const { return std::find(classes.begin(), classes.end(), c) != classes.end(); }

bool MoveFacts::has_new_threat() const
{
    return std::any_of(threats.begin(), threats.end(), [](const Threat& t) { return t.is_new(); });
}

MoveFacts classify_move(const Position& before, Move m, const ClassifierOptions& options, const Position* before_last)
{
    bool before_last_read = false;
    return facts_of_move(before, m, options, before_last, before_last_read);
}

CycleFacts classify_cycle(const ReplayedGame& game, const RepetitionCycle& cycle, const ClassifierOptions& options)
{
    return CycleClassifier(game, options).classify(cycle);
}

CycleClassifier::CycleClassifier(const ReplayedGame& game, const ClassifierOptions& options)
    : game_(game)
    , options_(options)
{
}

const MoveFacts& CycleClassifier::facts_of(const Position& before, Move m, const Position* before_last) const
{
    // Facts that do not depend on the position before the other side's last move are kept
    // under none, for every ply that plays the move from the same position.
    if (const auto found = known_.find({ before.key(), Key {}, m.bits() }); found != known_.end())
        return found->second;
    if (before_last)
        if (const auto found = known_.find({ before.key(), before_last->key(), m.bits() }); found != known_.end())
            return found->second;
    bool before_last_read = false;
    MoveFacts facts = facts_of_move(before, m, options_, before_last, before_last_read);
    const Key last_key = before_last_read ? before_last->key() : Key {};
    return known_.try_emplace({ before.key(), last_key, m.bits() }, std::move(facts)).first->second;
}

CycleFacts CycleClassifier::classify(const RepetitionCycle& cycle) const
{
    // The moves of a cycle meet the same positions in their mate searches.
    const detail::MateSearchMemory memory;
    CycleFacts out;
    out.cycle = cycle;
    out.start = game_.position_at(cycle.first_ply - 1);
    Position pos = out.start;

    // Pieces are named by their square at the start of the cycle and followed as they move.
    std::array<int, square_count> id_at {};
    for (int i = 0; i < square_count; ++i)
        id_at[static_cast<std::size_t>(i)] = pos.piece_on(Square(i)) ? i : -1;
    struct Tally {
        int moves = 0;
        std::set<int> attackers, targets, every_move_targets;
        bool first = true;
    };
    std::array<Tally, 2> tally;

    // Only capture_made_safe_by_parry_of_new_capture asks for the position before each ply's
    // previous move; otherwise a ply has the same facts in every cycle it is part of. The cycle
    // repeats, so the move before its first ply is its last one.
    std::optional<Position> before_last;
    if (options_.new_threats.capture_made_safe_by_parry_of_new_capture) {
        before_last = out.start;
        UndoInfo undo;
        for (int ply = cycle.first_ply; ply < cycle.last_ply; ++ply)
            before_last->do_move(game_.ply(ply).move, undo);
    }
    for (int ply = cycle.first_ply; ply <= cycle.last_ply; ++ply) {
        const Move m = game_.ply(ply).move;
        MoveFacts facts = facts_of(pos, m, before_last ? &*before_last : nullptr);
        if (before_last)
            before_last = pos;
        facts.ply = ply;
        UndoInfo undo;
        pos.do_move(m, undo);
        const auto from = static_cast<std::size_t>(m.from().index()), to = static_cast<std::size_t>(m.to().index());
        id_at[to] = id_at[from];
        id_at[from] = -1;

        Tally& t = tally[index(facts.mover)];
        ++t.moves;
        std::set<int> targets;
        for (Threat& threat : facts.threats) {
            threat.attacker_id = id_at[static_cast<std::size_t>(threat.attacker.square.index())];
            threat.target_id = id_at[static_cast<std::size_t>(threat.target.square.index())];
            if (!threat.is_new())
                continue;
            t.attackers.insert(threat.attacker_id);
            targets.insert(threat.target_id);
        }
        t.targets.insert(targets.begin(), targets.end());
        if (t.first)
            t.every_move_targets = targets;
        else
            std::erase_if(t.every_move_targets, [&](int id) { return !targets.count(id); });
        t.first = false;
        out.moves.push_back(std::move(facts));
    }

    for (const Color c : { Color::Red, Color::Black }) {
        SideSummary& s = c == Color::Red ? out.red : out.black;
        const Tally& t = tally[index(c)];
        s.side = c;
        s.moves = t.moves;
        for (const MoveFacts& f : out.moves) {
            if (f.mover != c)
                continue;
            s.checks += f.has(MoveClass::Check) ? 1 : 0;
            s.kills += f.has(MoveClass::Kill) ? 1 : 0;
            s.check_then_captures += f.has(MoveClass::CheckThenCapture) ? 1 : 0;
            s.threatening_moves += f.has_new_threat() ? 1 : 0;
        }
        int checks_or_kills = 0;
        for (const MoveFacts& f : out.moves)
            if (f.mover == c && (f.has(MoveClass::Check) || f.has(MoveClass::Kill)))
                ++checks_or_kills;
        s.every_move_checks = s.moves > 0 && s.checks == s.moves;
        s.every_move_checks_or_kills = s.moves > 0 && checks_or_kills == s.moves;
        s.every_move_threatens = s.moves > 0 && s.threatening_moves == s.moves;
        auto named = [&](int id) { return at(out.start, Square(id)); };
        for (const int id : t.every_move_targets)
            s.threatened_on_every_move.push_back(named(id));
        for (const int id : t.attackers)
            s.attackers.push_back(named(id));
        for (const int id : t.targets)
            s.targets.push_back(named(id));
    }
    return out;
}

} // namespace xq
