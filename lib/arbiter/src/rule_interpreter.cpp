#include "xq/arbiter/rule_interpreter.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace xq {

namespace {

    template <typename T>
    bool listed(const std::optional<std::vector<T>>& list, T value)
    {
        return !list || std::find(list->begin(), list->end(), value) != list->end();
    }

    template <typename T>
    bool matches(const std::optional<T>& wanted, T actual)
    {
        return !wanted || *wanted == actual;
    }

    bool restricted_by(const std::optional<std::vector<PieceType>>& wanted, const RestrictionFacts& r)
    {
        if (!wanted)
            return true;
        return !r.by.empty() && std::all_of(r.by.begin(), r.by.end(), [&](const PieceAt& p) {
            return std::find(wanted->begin(), wanted->end(), p.piece.type()) != wanted->end();
        });
    }

    Protection protection_of(const Threat& t)
    {
        if (!t.real_protectors.empty())
            return Protection::Real;
        return t.fake_protectors.empty() ? Protection::None : Protection::Fake;
    }

    bool restricts(const std::optional<std::vector<PieceType>>& wanted, const Threat& t)
    {
        return !wanted || std::any_of(t.restricted_by_target.begin(), t.restricted_by_target.end(), [&](const PieceAt& p) {
            return std::find(wanted->begin(), wanted->end(), p.piece.type()) != wanted->end();
        });
    }

    bool holds(const ThreatCondition& c, const Threat& t, PieceType moved)
    {
        const PieceType attacker = t.attacker.piece.type(), target = t.target.piece.type();
        return listed(c.attacker, attacker) && listed(c.target, target) && matches(c.same_type, attacker == target)
            && (c.origin ? listed(c.origin, t.origin) : t.is_new()) && matches(c.capture_legal, t.capture_legal)
            && listed(c.protection, protection_of(t)) && matches(c.protected_now, t.protected_now())
            && matches(c.target_crossed_river, t.target_crossed_river)
            && matches(c.target_can_capture_back, t.target_can_capture_back)
            && listed(c.attacker_restriction, t.attacker_restriction.kind)
            && restricted_by(c.attacker_restricted_by, t.attacker_restriction)
            && listed(c.target_restriction, t.target_restriction.kind)
            && restricted_by(c.target_restricted_by, t.target_restriction) && restricts(c.target_restricts, t)
            && matches(c.attacked_by_several, !t.fellow_attackers.empty()) && listed(c.moved, moved);
    }

    // Which counted chases a conduct's conditions look at.
    struct ChaseFilter {
        int min_grade = 1;
        const std::optional<std::vector<PieceType>>* chaser = nullptr;
        const std::optional<std::vector<PieceType>>* chased = nullptr;

        bool accepts(const CountedChase& c) const
        {
            return c.grade >= min_grade && (!chaser || listed(*chaser, c.attacker.piece.type()))
                && (!chased || listed(*chased, c.target.piece.type()));
        }
    };

    struct MoveJudgement {
        const MoveFacts* facts;
        std::vector<CountedChase> chases;
        bool has(MoveKind kind, const ChaseFilter& filter) const
        {
            switch (kind) {
            case MoveKind::Check:
                return facts->has(MoveClass::Check);
            case MoveKind::Kill:
                return facts->has(MoveClass::Kill);
            case MoveKind::CheckThenCapture:
                return facts->has(MoveClass::CheckThenCapture);
            case MoveKind::Chase:
                return std::any_of(chases.begin(), chases.end(), [&](const CountedChase& c) { return filter.accepts(c); });
            case MoveKind::Exchange:
                return facts->has(MoveClass::Exchange);
            case MoveKind::Offer:
                return facts->has(MoveClass::Offer);
            case MoveKind::Block:
                return facts->has(MoveClass::Block);
            case MoveKind::Idle:
                return !has(MoveKind::Check, {}) && !has(MoveKind::Kill, {}) && !has(MoveKind::CheckThenCapture, {})
                    && !has(MoveKind::Chase, {});
            }
            return false;
        }
        bool any_of(const std::vector<MoveKind>& kinds, const ChaseFilter& filter) const
        {
            return std::any_of(kinds.begin(), kinds.end(), [&](MoveKind k) { return has(k, filter); });
        }
    };

    // Enemy pieces chased (by the counted chases the filter accepts) on every move of the side.
    std::set<int> common_targets(const std::vector<const MoveJudgement*>& moves, const ChaseFilter& filter)
    {
        std::set<int> common;
        bool first = true;
        for (const MoveJudgement* m : moves) {
            std::set<int> here;
            for (const CountedChase& c : m->chases)
                if (filter.accepts(c))
                    here.insert(c.target_id);
            if (first)
                common = here;
            else
                std::erase_if(common, [&](int id) { return !here.count(id); });
            first = false;
        }
        return common;
    }

    // Whether the pieces chasing `target` on the side's moves are more than one.
    bool chased_by_several(const std::vector<const MoveJudgement*>& moves, int target, const ChaseFilter& filter)
    {
        std::set<int> attackers;
        for (const MoveJudgement* m : moves)
            for (const CountedChase& c : m->chases)
                if (c.target_id == target && filter.accepts(c))
                    attackers.insert(c.attacker_id);
        return attackers.size() > 1;
    }

    bool conduct_holds(const ConductCondition& c, const std::vector<const MoveJudgement*>& side,
        const std::vector<MoveJudgement>& cycle)
    {
        if (side.empty())
            return false;
        const ChaseFilter g { c.min_grade, &c.chaser, &c.chased };
        if (!c.every_move.empty()
            && !std::all_of(side.begin(), side.end(), [&](const MoveJudgement* m) { return m->any_of(c.every_move, g); }))
            return false;
        if (!c.any_move.empty()
            && std::none_of(side.begin(), side.end(), [&](const MoveJudgement* m) { return m->any_of(c.any_move, g); }))
            return false;
        if (!c.no_move.empty()
            && std::any_of(side.begin(), side.end(), [&](const MoveJudgement* m) { return m->any_of(c.no_move, g); }))
            return false;
        if (!c.cycle_any_move.empty()
            && std::none_of(cycle.begin(), cycle.end(), [&](const MoveJudgement& m) { return m.any_of(c.cycle_any_move, g); }))
            return false;
        if (c.same_target) {
            const std::set<int> common = common_targets(side, g);
            if (common.empty())
                return false;
            if (c.several_attackers
                && std::none_of(common.begin(), common.end(),
                    [&](int t) { return chased_by_several(side, t, g) == *c.several_attackers; }))
                return false;
        }
        return true;
    }

    void add_unique(std::vector<std::string>& list, const std::string& item)
    {
        if (!item.empty() && std::find(list.begin(), list.end(), item) == list.end())
            list.push_back(item);
    }

    bool names(const std::string& name, const SideRuling& s)
    {
        return name == "any" || (name == "forbidden" && s.forbidden) || (name == "allowed" && !s.forbidden)
            || name == s.conduct;
    }

    std::string capitalised(std::string s)
    {
        if (!s.empty() && s[0] >= 'a' && s[0] <= 'z')
            s[0] = static_cast<char>(s[0] - 'a' + 'A');
        return s;
    }

    std::string rule_list(const std::vector<std::string>& rules)
    {
        std::string out;
        for (const std::string& r : rules)
            out += (out.empty() ? "" : ", ") + r;
        return out;
    }

} // namespace

std::string_view to_string(Outcome outcome)
{
    switch (outcome) {
    case Outcome::RedMustChange:
        return "red_must_change";
    case Outcome::BlackMustChange:
        return "black_must_change";
    case Outcome::RedLoses:
        return "red_loses";
    case Outcome::BlackLoses:
        return "black_loses";
    case Outcome::Draw:
        break;
    }
    return "draw";
}

ThreatJudgement judge_threat(const Threat& threat, PieceType moved, const RuleSet& rules)
{
    ThreatJudgement judgement;
    for (const ChaseRule& row : rules.chase_rules)
        if (rules.applies(row.guard) && holds(row.condition, threat, moved)) {
            judgement = { row.counts, &row, true };
            break;
        }
    if (!threat.is_new() && judgement.row) {
        Threat as_new = threat;
        as_new.origin = ThreatOrigin::Direct;
        judgement.worth_mentioning = judge_threat(as_new, moved, rules).counts;
    }
    return judgement;
}

BoardJudgement judge_board(const ReplayedGame& game, const RuleSet& rules)
{
    BoardJudgement judgement;
    judgement.loser = game.loser_on_board();
    if (judgement.loser)
        judgement.rule = game.end() == BoardEnd::Checkmate ? rules.board.checkmate_rule : rules.board.stalemate_rule;
    Position opening = Position::start();
    opening.set_side_to_move(Color::Black);
    if (game.ply_count() > 0 && game.start().key() == opening.key())
        judgement.notes.push_back("Black moves first from the opening position, but Red moves first ("
            + rules.board.first_mover_rule + ")");
    return judgement;
}

std::vector<Ruling> rule_on_game(const ReplayedGame& game, const RuleSet& rules, const EpisodeFilter& wanted)
{
    std::vector<Ruling> rulings;
    std::vector<RepetitionEpisode> episodes = find_repetition_episodes(game);
    if (rules.repetition.judged_span == JudgedSpan::WholeRecord && game.ply_count() > 0) {
        // One span from the first occurrence of the first recurring position to the end.
        RepetitionEpisode whole;
        const int start = episodes.empty() ? 0 : episodes.front().cycle.first_ply - 1;
        whole.cycle = { start + 1, game.ply_count() };
        whole.last_repeating_ply = game.ply_count();
        for (int p = start; p <= game.ply_count(); ++p)
            whole.occurrences += game.key_at(p) == game.key_at(start) ? 1 : 0;
        episodes = { whole };
    }
    for (const RepetitionEpisode& e : episodes)
        if (!wanted || wanted(e))
            if (auto r = rule_on_episode(classify_cycle(game, e.cycle, rules.classification), e, rules))
                rulings.push_back(std::move(*r));
    return rulings;
}

std::optional<Ruling> rule_on_episode(const CycleFacts& facts, const RepetitionEpisode& episode, const RuleSet& rules)
{
    // A rule-book line judged as a whole need not repeat a position.
    if (rules.repetition.judged_span == JudgedSpan::FirstCycle
        && episode.occurrences < rules.repetition.ruling_at_occurrence)
        return std::nullopt;

    Ruling ruling;
    std::vector<MoveJudgement> judged;
    judged.reserve(facts.moves.size());
    for (const MoveFacts& m : facts.moves) {
        MoveJudgement j { &m, {} };
        SideRuling& side = m.mover == Color::Red ? ruling.red : ruling.black;
        for (const Threat& t : m.threats) {
            const ThreatJudgement verdict = judge_threat(t, m.moved.piece.type(), rules);
            if (verdict.counts)
                j.chases.push_back({ m.ply, t.attacker, t.target, t.attacker_id, t.target_id, verdict.row->rule,
                    verdict.row->grade, t.fake_by_flying_general && t.real_protectors.empty() });
            else if (verdict.row && verdict.worth_mentioning)
                add_unique(side.exempting_rules, verdict.row->rule);
        }
        judged.push_back(std::move(j));
    }

    ruling.episode = episode;
    ruling.facts = facts;
    for (const Color color : { Color::Red, Color::Black }) {
        SideRuling& s = color == Color::Red ? ruling.red : ruling.black;
        s.side = color;
        std::vector<const MoveJudgement*> moves;
        for (const MoveJudgement& j : judged)
            if (j.facts->mover == color) {
                moves.push_back(&j);
                s.chases.insert(s.chases.end(), j.chases.begin(), j.chases.end());
            }
        const Conduct* conduct = nullptr;
        for (const Conduct& c : rules.conducts)
            if (rules.applies(c.guard) && conduct_holds(c.condition, moves, judged)) {
                conduct = &c;
                break;
            }
        if (!conduct)
            continue; // no conduct matched: the side is left allowed, with nothing cited
        s.conduct = conduct->id;
        s.description = conduct->description;
        s.forbidden = conduct->forbidden;
        const ChaseFilter filter { conduct->condition.min_grade, &conduct->condition.chaser, &conduct->condition.chased };
        const std::set<int> common = common_targets(moves, filter);
        for (const int id : common)
            s.chased_on_every_move.push_back({ facts.start.piece_on(Square(id)), Square(id) });
        add_unique(s.rules, conduct->rule);
        // An allowed side's threats are allowed by the rules that exempt them.
        if (!s.forbidden)
            for (const std::string& r : s.exempting_rules)
                add_unique(s.rules, r);
        if (conduct->cite_chase_rules) {
            // The rules that made the chases on the common target count.
            for (const CountedChase& c : s.chases)
                if (filter.accepts(c) && (common.empty() || common.count(c.target_id))) {
                    add_unique(s.rules, c.rule);
                    if (c.fake_by_flying_general)
                        add_unique(s.rules, rules.board.flying_general_rule);
                }
        }
    }

    // The verdict table, each row read both ways round.
    const VerdictRow* row = nullptr;
    bool red_is_side = true;
    auto rank_of = [&](const SideRuling& s) {
        const auto it = std::find_if(rules.conducts.begin(), rules.conducts.end(),
            [&](const Conduct& c) { return c.id == s.conduct; });
        return it == rules.conducts.end() ? 0 : it->rank;
    };
    auto row_holds = [&](const VerdictRow& v, const SideRuling& side, const SideRuling& other) {
        return names(v.side, side) && names(v.other, other) && (!v.graver || rank_of(side) > rank_of(other));
    };
    for (const VerdictRow& v : rules.verdicts) {
        if (!rules.applies(v.guard))
            continue;
        if (row_holds(v, ruling.red, ruling.black)) {
            row = &v;
            red_is_side = true;
            break;
        }
        if (row_holds(v, ruling.black, ruling.red)) {
            row = &v;
            red_is_side = false;
            break;
        }
    }
    if (row && row->outcome == VerdictOutcome::SideViolates)
        ruling.violator = red_is_side ? Color::Red : Color::Black;
    if (row)
        ruling.verdict_rule = row->rule;

    const bool loses = episode.occurrences >= rules.repetition.violator_loses_at_occurrence;
    if (ruling.violator) {
        const SideRuling& v = ruling.side(*ruling.violator);
        for (const std::string& r : v.rules)
            add_unique(ruling.rules, r);
        add_unique(ruling.rules, ruling.verdict_rule);
        if (loses)
            add_unique(ruling.rules, rules.repetition.loss_rule);
        const bool red = *ruling.violator == Color::Red;
        ruling.outcome = loses ? (red ? Outcome::RedLoses : Outcome::BlackLoses)
                               : (red ? Outcome::RedMustChange : Outcome::BlackMustChange);
    } else {
        ruling.outcome = Outcome::Draw;
        add_unique(ruling.rules, ruling.verdict_rule.empty() ? rules.repetition.draw_rule : ruling.verdict_rule);
        for (const SideRuling* s : { &ruling.red, &ruling.black })
            for (const std::string& r : s->rules)
                add_unique(ruling.rules, r);
    }

    // The explanation, sentence by sentence.
    auto& why = ruling.explanation;
    why.push_back("The position after ply " + std::to_string(episode.cycle.first_ply - 1) + " recurs after ply "
        + std::to_string(episode.cycle.last_ply) + ": a cycle of " + std::to_string(episode.cycle.length())
        + " plies; the position stands " + std::to_string(episode.occurrences) + " times in this repetition.");
    for (const SideRuling* s : { &ruling.red, &ruling.black }) {
        std::string line = capitalised(std::string(to_string(s->side))) + ": ";
        if (s->conduct.empty()) {
            line += "no conduct of the ruleset fits its moves";
        } else {
            line += s->description;
            if (!s->chased_on_every_move.empty()) {
                line += " (chased on every move:";
                for (const PieceAt& p : s->chased_on_every_move)
                    line += " the " + describe(p);
                line += ")";
            }
            line += s->forbidden ? "; forbidden" : "; allowed";
            if (!s->rules.empty())
                line += " (" + rule_list(s->rules) + ")";
        }
        why.push_back(line + ".");
    }
    if (ruling.violator) {
        const std::string side(to_string(*ruling.violator));
        why.push_back(capitalised(side) + " is the violator" + (ruling.verdict_rule.empty() ? "" : " (" + ruling.verdict_rule + ")")
            + (loses ? "; the record shows " + side + " repeating until the position stood "
                        + std::to_string(episode.occurrences) + " times, so " + side + " loses ("
                        + rules.repetition.loss_rule + ")."
                     : "; " + side + " must change its moves, or lose by repeating ("
                        + rules.repetition.loss_rule + ")."));
    } else {
        why.push_back("No side is the violator: if neither changes, the game is drawn ("
            + (ruling.verdict_rule.empty() ? rules.repetition.draw_rule : ruling.verdict_rule) + ").");
    }
    return ruling;
}

} // namespace xq
