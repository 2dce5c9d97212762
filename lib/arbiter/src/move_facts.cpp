#include "xq/arbiter/move_facts.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <set>

#include "xq/arbiter/enum_names.hpp"
#include "xq/board/movegen.hpp"

namespace xq {

namespace {

    Position with_side_to_move(Position pos, Color c)
    {
        pos.set_side_to_move(c);
        return pos;
    }

    PieceAt at(const Position& pos, Square s) { return { pos.piece_on(s), s }; }

    void add_unique(std::vector<PieceAt>& list, PieceAt p)
    {
        if (std::find(list.begin(), list.end(), p) == list.end())
            list.push_back(p);
    }

    // Whether `s` lies strictly between `a` and `b` on one file or rank.
    bool between(Square a, Square b, Square s)
    {
        if (a.file() == b.file() && s.file() == a.file())
            return std::min(a.rank(), b.rank()) < s.rank() && s.rank() < std::max(a.rank(), b.rank());
        if (a.rank() == b.rank() && s.rank() == a.rank())
            return std::min(a.file(), b.file()) < s.file() && s.file() < std::max(a.file(), b.file());
        return false;
    }

    // Protection of `target` against a capture by `attacker`, the attacker's side to move.
    // `checkers` are the pieces that check the defender after the attacker's move: the
    // defender answers that check before any capture, so a recapture that is illegal only
    // because they still check is a real protection, not one the check took away.
    struct Cover {
        bool capture_legal = false;
        std::vector<PieceAt> protectors, real, fake;
        bool fake_by_flying_general = false;
    };

    bool only_checked_by(const Position& pos, Color king_side, const std::vector<PieceAt>& checkers)
    {
        const SquareList attackers = pos.attackers_to(pos.king_square(king_side), ~king_side);
        return !pos.kings_facing() && !attackers.empty()
            && std::all_of(attackers.begin(), attackers.end(), [&](Square s) {
                   return std::any_of(checkers.begin(), checkers.end(), [&](const PieceAt& c) { return c.square == s; });
               });
    }

    Cover protection_of(const Position& attacker_to_move, Square attacker, Square target,
        const std::vector<PieceAt>& checkers = {})
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
            (legal ? p.real : p.fake).push_back(at(after, s));
            p.fake_by_flying_general = p.fake_by_flying_general || (!legal && recaptured.kings_facing());
        }
        return p;
    }

    // Whether the side to move loses, whatever it replies: `wins(taken, continuation)` holds
    // after each reply (`taken` the piece the reply captured, if any) and gives the winner's
    // continuation there. `line` gets one reply and its continuation.
    template <typename Wins>
    bool every_reply_loses(Position& pos, const Wins& wins, std::vector<Move>& line)
    {
        std::vector<Move> first;
        for (const Move reply : legal_moves(pos)) {
            UndoInfo undo;
            pos.do_move(reply, undo);
            std::vector<Move> continuation;
            const bool won = wins(undo.captured, continuation);
            pos.undo_move(reply, undo);
            if (!won)
                return false;
            if (first.empty()) {
                first.push_back(reply);
                first.insert(first.end(), continuation.begin(), continuation.end());
            }
        }
        line = std::move(first);
        return true;
    }

    // A mate the side to move can force within `depth` of its own moves, every move before
    // the last a check. Leaving the opponent no legal move is a win whether or not it is check.
    bool forces_mate(Position& pos, int depth, std::vector<Move>& line)
    {
        UndoInfo undo;
        for (const Move m : legal_moves(pos)) {
            pos.do_move(m, undo);
            if (!has_legal_move(pos)) {
                pos.undo_move(m, undo);
                line = { m };
                return true;
            }
            std::vector<Move> continuation;
            const bool mates = depth > 1 && pos.in_check()
                && every_reply_loses(
                    pos, [&](Piece, std::vector<Move>& sub) { return forces_mate(pos, depth - 1, sub); }, continuation);
            pos.undo_move(m, undo);
            if (mates) {
                line = { m };
                line.insert(line.end(), continuation.begin(), continuation.end());
                return true;
            }
        }
        return false;
    }

    // What the side to move would gain by `capture`, a legal capture of a non-king piece,
    // counting the capturer as lost when the target's side can legally take back.
    int capture_gain(const Position& pos, Move capture, const PieceWorth& worth)
    {
        const Piece target = pos.piece_on(capture.to());
        const Cover p = protection_of(pos, capture.from(), capture.to());
        if (!p.capture_legal)
            return 0;
        return worth[index(target.type())] - (p.real.empty() ? 0 : worth[index(pos.piece_on(capture.from()).type())]);
    }

    bool is_capture_of_non_king(const Position& pos, Move m)
    {
        const Piece target = pos.piece_on(m.to());
        return target && target.type() != PieceType::King;
    }

    // Material the side to move can win by force within `depth` of its own moves: every move
    // but the last a check that does not mate, the last a capture, and the balance of what
    // both sides take along the line (`balance` so far) positive at the end. Captures of
    // pieces in `already_won` (pieces it could win at once anyway, on their points) do not
    // end a line: the checks must be what wins them.
    bool forces_gain_by_checks(Position& pos, int depth, int balance, const std::vector<PieceAt>& already_won,
        const PieceWorth& worth, std::vector<Move>& line)
    {
        if (depth < 2)
            return false;
        auto worth_of = [&](Piece taken) { return taken ? worth[index(taken.type())] : 0; };
        UndoInfo undo;
        for (const Move check : legal_moves(pos)) {
            pos.do_move(check, undo);
            if (!pos.in_check() || !has_legal_move(pos)) {
                pos.undo_move(check, undo);
                continue;
            }
            const int after_check = balance + worth_of(undo.captured);
            std::vector<Move> continuation;
            const bool gains = every_reply_loses(
                pos,
                [&](Piece taken_by_reply, std::vector<Move>& sub) {
                    const int after_reply = after_check - worth_of(taken_by_reply);
                    for (const Move m : legal_moves(pos)) {
                        if (!is_capture_of_non_king(pos, m))
                            continue;
                        const PieceAt target = at(pos, m.to());
                        if (std::find(already_won.begin(), already_won.end(), target) == already_won.end()
                            && after_reply + capture_gain(pos, m, worth) > 0) {
                            sub = { m };
                            return true;
                        }
                    }
                    return forces_gain_by_checks(pos, depth - 1, after_reply, already_won, worth, sub);
                },
                continuation);
            pos.undo_move(check, undo);
            if (gains) {
                line = { check };
                line.insert(line.end(), continuation.begin(), continuation.end());
                return true;
            }
        }
        return false;
    }

    // Whether the side to move can win material by checking first, `line` one way to do it.
    bool threatens_check_then_capture(Position pos, const ClassifierOptions& options, std::vector<Move>& line)
    {
        std::vector<PieceAt> already_won;
        for (const Move capture : legal_moves(pos))
            if (is_capture_of_non_king(pos, capture) && capture_gain(pos, capture, options.piece_worth) > 0)
                already_won.push_back(at(pos, capture.to()));
        return forces_gain_by_checks(pos, options.check_capture_depth, 0, already_won, options.piece_worth, line);
    }

    // Own non-king pieces the enemy could legally capture, the enemy to move.
    std::vector<Square> attacked_pieces(const Position& enemy_to_move)
    {
        std::vector<Square> out;
        const Color own = ~enemy_to_move.side_to_move();
        for (int i = 0; i < square_count; ++i) {
            const Square s(i);
            const Piece p = enemy_to_move.piece_on(s);
            if (!p || p.color() != own || p.type() == PieceType::King)
                continue;
            for (const Square a : enemy_to_move.attackers_to(s, enemy_to_move.side_to_move()))
                if (enemy_to_move.is_legal_pseudo(Move(a, s))) {
                    out.push_back(s);
                    break;
                }
        }
        return out;
    }

    // How the enemy restricts each of `side`'s pieces but the king, worked out on first use.
    const std::vector<std::pair<PieceAt, RestrictionFacts>>& restrictions_of(
        const Position& pos, Color side, std::optional<std::vector<std::pair<PieceAt, RestrictionFacts>>>& cache)
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

} // namespace

std::string_view to_string(Restriction r) { return name_of(restriction_names, r); }

std::string_view to_string(ThreatOrigin origin) { return name_of(origin_names, origin); }

std::string_view to_string(MoveClass c) { return name_of(move_class_names, c); }

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

RestrictionFacts restriction_of(const Position& pos, Square s)
{
    RestrictionFacts facts;
    const Piece piece = pos.piece_on(s);
    if (!piece)
        return facts;
    const Color side = piece.color();
    const Position own_turn = with_side_to_move(pos, side);
    int illegal = 0;
    std::vector<Move> legal;
    for (const Move m : pseudo_legal_moves_from(own_turn, s)) {
        if (own_turn.is_legal_pseudo(m)) {
            legal.push_back(m);
            continue;
        }
        ++illegal;
        Position after = own_turn;
        UndoInfo undo;
        after.do_move(m, undo);
        const Square king = after.king_square(side);
        for (const Square a : after.attackers_to(king, ~side))
            if (after.piece_on(a).type() != PieceType::King)
                add_unique(facts.by, at(after, a));
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

MoveFacts classify_move(const Position& before, Move m, const ClassifierOptions& options)
{
    MoveFacts facts;
    facts.move = m;
    facts.mover = before.side_to_move();
    facts.moved = at(before, m.from());
    const Color mover = facts.mover, enemy = ~mover;
    const Square from = m.from(), to = m.to();

    Position after = before;
    UndoInfo undo;
    after.do_move(m, undo);
    facts.captured = undo.captured;
    const Position mover_again = with_side_to_move(after, mover);
    const Position enemy_before = with_side_to_move(before, enemy);

    // Check, and whether the moved piece gives it.
    if (after.in_check()) {
        for (const Square s : after.attackers_to(after.king_square(enemy), mover))
            facts.checkers.push_back(at(after, s));
        facts.discovered_check = std::any_of(facts.checkers.begin(), facts.checkers.end(),
            [&](const PieceAt& p) { return p.square != to; });
    }

    // Kill: only a move that does not check can threaten mate "next".
    if (facts.checkers.empty() && options.kill_depth > 0) {
        Position again = mover_again;
        facts.kill = forces_mate(again, options.kill_depth, facts.kill_line);
    }

    // Check-then-capture: a threat to win material by checking first, which only a move that
    // neither checks nor threatens mate can make "next", and only if the mover did not have
    // such a threat before the move (a threat that is not new is no threat, as for captures).
    // A check is the first move of such a line itself when every answer to it leaves the
    // mover a capture that wins material it could not win before.
    if (!facts.checkers.empty() && options.check_capture_depth > 1 && has_legal_move(after)) {
        Position answering = after;
        std::vector<PieceAt> already_won;
        for (const Move capture : legal_moves(before))
            if (is_capture_of_non_king(before, capture) && capture_gain(before, capture, options.piece_worth) > 0)
                already_won.push_back(at(before, capture.to()));
        auto worth_of = [&](Piece taken) { return taken ? options.piece_worth[index(taken.type())] : 0; };
        std::vector<Move> line;
        facts.check_then_capture = every_reply_loses(
            answering,
            [&](Piece taken_by_reply, std::vector<Move>& capture) {
                for (const Move m : legal_moves(answering))
                    if (is_capture_of_non_king(answering, m)
                        && std::find(already_won.begin(), already_won.end(), at(answering, m.to())) == already_won.end()
                        && capture_gain(answering, m, options.piece_worth) - worth_of(taken_by_reply) > 0) {
                        capture = { m };
                        return true;
                    }
                return false;
            },
            line);
        if (facts.check_then_capture)
            facts.check_capture_line = std::move(line);
    }
    if (facts.checkers.empty() && !facts.kill && options.check_capture_depth > 1) {
        std::vector<Move> standing_line;
        facts.check_then_capture = threatens_check_then_capture(mover_again, options, facts.check_capture_line)
            && !threatens_check_then_capture(before, options, standing_line);
        if (!facts.check_then_capture)
            facts.check_capture_line.clear();
    }

    // Threats: attacks by the mover on enemy pieces after the move, compared with before,
    // following the moved piece from `from` to `to`.
    std::optional<std::vector<std::pair<PieceAt, RestrictionFacts>>> own_restrictions;
    for (int i = 0; i < square_count; ++i) {
        const Square t(i);
        const Piece target = after.piece_on(t);
        if (!target || target.color() != enemy || target.type() == PieceType::King)
            continue;
        std::vector<Square> attackers_before;
        for (const Square a : before.attackers_to(t, mover))
            attackers_before.push_back(a == from ? to : a);
        for (const Square a : after.attackers_to(t, mover)) {
            const bool stood_before
                = std::find(attackers_before.begin(), attackers_before.end(), a) != attackers_before.end();
            Threat threat;
            threat.attacker = at(after, a);
            threat.target = at(after, t);
            const Cover protection = protection_of(mover_again, a, t, facts.checkers);
            if (!stood_before) {
                threat.origin = a == to ? ThreatOrigin::Direct
                    : (after.piece_on(a).type() == PieceType::Cannon && between(a, t, to))
                    ? ThreatOrigin::ScreenPlaced
                    : ThreatOrigin::Discovered;
            } else {
                // A standing attack becomes a threat again when the move strips the target's
                // real protection. The moved piece's other standing attacks are listed for the
                // rules to judge (an attack that is not new); other pieces' are not the move's.
                const Square a_before = a == to ? from : a;
                const Cover was = protection_of(before, a_before, t);
                if (!was.real.empty() && protection.real.empty())
                    threat.origin = ThreatOrigin::ProtectionRemoved;
                else if (a == to)
                    threat.origin = ThreatOrigin::Standing;
                else
                    continue;
            }
            threat.capture_legal = protection.capture_legal;
            threat.protectors = protection.protectors;
            threat.real_protectors = protection.real;
            threat.fake_protectors = protection.fake;
            threat.fake_by_flying_general = protection.fake_by_flying_general;
            threat.target_crossed_river = !on_own_side(enemy, t);
            threat.target_can_capture_back = is_legal(after, Move(t, a));
            for (const Square other : after.attackers_to(t, mover))
                if (other != a)
                    threat.fellow_attackers.push_back(at(after, other));
            threat.attacker_restriction = restriction_of(after, a);
            threat.target_restriction = restriction_of(after, t);
            for (const auto& [piece, restriction] : restrictions_of(after, mover, own_restrictions))
                if (piece.square != a
                    && std::any_of(restriction.by.begin(), restriction.by.end(), [&](const PieceAt& p) { return p.square == t; }))
                    threat.restricted_by_target.push_back(piece);
            facts.threats.push_back(std::move(threat));
        }
    }

    // Can the moved piece be taken, and would it be avenged?
    for (const Square a : after.attackers_to(to, enemy))
        if (after.is_legal_pseudo(Move(a, to)))
            facts.can_be_taken_by.push_back(at(after, a));
    if (!facts.can_be_taken_by.empty()) {
        facts.moved_piece_protected = true;
        for (const PieceAt& taker : facts.can_be_taken_by) {
            Position taken = after;
            UndoInfo taken_undo;
            taken.do_move(Move(taker.square, to), taken_undo);
            bool recapture = false;
            for (const Square a : taken.attackers_to(to, mover))
                recapture = recapture || taken.is_legal_pseudo(Move(a, to));
            facts.moved_piece_protected = facts.moved_piece_protected && recapture;
        }
    }

    // Exchanges offered through a screen: the moved piece now stands between an enemy cannon
    // and a cannon of its own side that the enemy cannon can legally take, and could not
    // before. Other pieces a new screen lays open are no offer the rules weigh: the screen
    // usually answers a check or chases, and the taker would often lose more than it took.
    for (int i = 0; i < square_count; ++i) {
        const Square c(i);
        const Piece cannon = after.piece_on(c);
        if (!cannon || cannon.color() != enemy || cannon.type() != PieceType::Cannon)
            continue;
        for (const Move capture : pseudo_legal_moves_from(after, c)) {
            const Square victim = capture.to();
            if (after.piece_on(victim).type() != PieceType::Cannon || victim == to || !between(c, victim, to)
                || !after.is_legal_pseudo(capture))
                continue;
            const Square victim_before = victim;
            if (before.piece_on(c) == cannon && before.piece_on(victim_before) == after.piece_on(victim)
                && pseudo_legal_moves_from(before, c).contains(Move(c, victim_before)))
                continue;
            facts.screen_offers.push_back({ at(after, c), at(after, victim) });
        }
    }

    // Blocks: an enemy rook or cannon that could travel past `to` before and cannot now.
    if (!undo.captured) {
        for (int i = 0; i < square_count; ++i) {
            const Square s(i);
            const Piece p = before.piece_on(s);
            if (!p || p.color() != enemy || (p.type() != PieceType::Chariot && p.type() != PieceType::Cannon))
                continue;
            if (s.file() != to.file() && s.rank() != to.rank())
                continue;
            const MoveList was = pseudo_legal_moves_from(before, s), now = pseudo_legal_moves_from(after, s);
            const int df = (to.file() > s.file()) - (to.file() < s.file());
            const int dr = (to.rank() > s.rank()) - (to.rank() < s.rank());
            bool blocked = false;
            for (int f = to.file() + df, r = to.rank() + dr; on_board(f, r) && !blocked; f += df, r += dr)
                blocked = was.contains(Move(s, Square(f, r))) && !now.contains(Move(s, Square(f, r)));
            if (blocked)
                facts.blocks.push_back({ at(before, s), to });
        }
    }

    // Evasions.
    facts.evades_check = before.in_check();
    const std::vector<Square> attacked_after = attacked_pieces(after);
    for (const Square s : attacked_pieces(enemy_before)) {
        const Square now = s == from ? to : s;
        if (std::find(attacked_after.begin(), attacked_after.end(), now) == attacked_after.end())
            facts.evaded_threats.push_back(at(before, s));
    }

    // The classes the facts give by themselves; whether a threat is a chase, and so whether
    // the move is idle, is the ruleset's to judge.
    if (!facts.checkers.empty())
        facts.classes.push_back(MoveClass::Check);
    if (facts.kill)
        facts.classes.push_back(MoveClass::Kill);
    if (facts.check_then_capture)
        facts.classes.push_back(MoveClass::CheckThenCapture);
    if (!facts.can_be_taken_by.empty() || !facts.screen_offers.empty()) {
        const bool even = !facts.screen_offers.empty()
            || std::any_of(facts.can_be_taken_by.begin(), facts.can_be_taken_by.end(),
                [&](const PieceAt& p) { return p.piece.type() == facts.moved.piece.type(); });
        facts.classes.push_back(even ? MoveClass::Exchange : MoveClass::Offer);
    }
    if (!facts.blocks.empty())
        facts.classes.push_back(MoveClass::Block);
    return facts;
}

CycleFacts classify_cycle(const ReplayedGame& game, const RepetitionCycle& cycle, const ClassifierOptions& options)
{
    CycleFacts out;
    out.cycle = cycle;
    out.start = game.position_at(cycle.first_ply - 1);
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

    for (int ply = cycle.first_ply; ply <= cycle.last_ply; ++ply) {
        const Move m = game.ply(ply).move;
        MoveFacts facts = classify_move(pos, m, options);
        facts.ply = ply;
        UndoInfo undo;
        pos.do_move(m, undo);
        const auto from = static_cast<std::size_t>(m.from().index()), to = static_cast<std::size_t>(m.to().index());
        id_at[to] = id_at[from];
        id_at[from] = -1;

        Tally& t = tally[static_cast<std::size_t>(index(facts.mover))];
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
        const Tally& t = tally[static_cast<std::size_t>(index(c))];
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
