// The move classifier: the facts of a move, topic by topic (kills, check then capture, threats
// and their origins, offers, blocks, each in a file of its own), and of a cycle's moves.
#include "xq/arbiter/move_facts.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <vector>

#include "block_facts.hpp"
#include "check_capture_facts.hpp"
#include "kill_facts.hpp"
#include "mate_search.hpp"
#include "move_at_hand.hpp"
#include "offer_facts.hpp"
#include "protection.hpp"
#include "threat_facts.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

namespace {

    void check_facts(MoveAtHand& m)
    {
        if (!m.after.in_check())
            return;
        for (const Square s : m.after.attackers_to(m.after.king_square(m.enemy()), m.mover()))
            m.facts.checkers.push_back(at(m.after, s));
        m.facts.discovered_check = std::any_of(
            m.facts.checkers.begin(), m.facts.checkers.end(), [&](const PieceAt& p) { return p.square != m.to(); });
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

} // namespace

} // namespace xq::detail

namespace xq {

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
    MoveFacts facts;
    facts.move = m;
    facts.mover = before.side_to_move();
    facts.moved = at(before, m.from());
    detail::MoveAtHand move { before, before, options, facts, before_last };
    UndoInfo undo;
    move.after.do_move(m, undo);
    facts.captured = undo.captured;

    detail::check_facts(move);
    detail::kill_facts(move);
    detail::check_then_capture_facts(move);
    detail::threat_facts(move);
    detail::through_checks_threat(move);
    detail::offer_facts(move);
    detail::even_trade_facts(move);
    detail::block_facts(move);
    detail::evasion_facts(move);
    detail::fact_classes(facts);
    return facts;
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
    const auto [entry, added]
        = known_.try_emplace({ before.key(), before_last ? before_last->key() : Key {}, m.bits() });
    if (added)
        entry->second = classify_move(before, m, options_, before_last);
    return entry->second;
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
