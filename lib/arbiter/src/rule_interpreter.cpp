#include "xq/arbiter/rule_interpreter.hpp"

#include <algorithm>
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

    template <typename T>
    bool contains(const std::vector<T>& list, const T& value)
    {
        return std::find(list.begin(), list.end(), value) != list.end();
    }

    void add_unique(std::vector<std::string>& list, const std::string& item)
    {
        if (!item.empty() && !contains(list, item))
            list.push_back(item);
    }

    // The first row that applies; with `counting_only`, rows that do not count are passed over
    // (what the threat would be without its exemption).
    int first_row(const Threat& t, PieceType moved, const RuleSet& rules, const ReadingChoice& readings,
        bool counting_only)
    {
        // The prior attacks have none of their own: judged as they stood, they end the search.
        const bool chased_before = std::any_of(t.prior_attacks.begin(), t.prior_attacks.end(), [&](const Threat& p) {
            const int row = first_row(p, moved, rules, readings, false);
            return row >= 0 && rules.chase_rules[static_cast<std::size_t>(row)].counts;
        });
        const ThreatContext context { t, moved, chased_before };
        for (std::size_t i = 0; i < rules.chase_rules.size(); ++i) {
            const ChaseRule& row = rules.chase_rules[i];
            if ((!counting_only || row.counts) && readings.applies(row.guard) && row.condition.holds(context))
                return static_cast<int>(i);
        }
        return -1;
    }

    // Which counted chases a conduct's conditions look at.
    struct ChaseFilter {
        int min_grade = 1;
        const std::optional<std::vector<PieceType>>* chaser = nullptr;
        const std::optional<std::vector<PieceType>>* chased = nullptr;

        explicit ChaseFilter(const ConductCondition& c)
            : min_grade(c.min_grade)
            , chaser(&c.chaser)
            , chased(&c.chased)
        {
        }
        bool accepts(const CountedChase& c) const
        {
            return c.grade >= min_grade && listed(*chaser, c.attacker.piece.type())
                && listed(*chased, c.target.piece.type());
        }
    };

    bool tagged(const CountedChase& c, const std::vector<std::string>& tags)
    {
        return std::any_of(c.tags.begin(), c.tags.end(), [&](const std::string& t) { return contains(tags, t); });
    }

    // A move as the conducts see it: its classes, and its counted chases to filter.
    struct JudgedMove {
        const MoveRuling* ruling;
        std::vector<CountedChase> chases;

        bool is(MoveClass c, const ChaseFilter& filter) const
        {
            if (c == MoveClass::Chase)
                return std::any_of(chases.begin(), chases.end(), [&](const CountedChase& x) { return filter.accepts(x); });
            return ruling->has(c);
        }
        bool any_of(const std::vector<MoveClass>& classes, const ChaseFilter& filter) const
        {
            return std::any_of(classes.begin(), classes.end(), [&](MoveClass c) { return is(c, filter); });
        }
        bool chases_tagged(const std::vector<std::string>& tags, const ChaseFilter& filter) const
        {
            return std::any_of(
                chases.begin(), chases.end(), [&](const CountedChase& c) { return filter.accepts(c) && tagged(c, tags); });
        }
    };

    // Enemy pieces chased (by the counted chases the filter accepts) on every move of the side.
    std::set<int> common_targets(const std::vector<const JudgedMove*>& moves, const ChaseFilter& filter)
    {
        std::set<int> common;
        bool first = true;
        for (const JudgedMove* m : moves) {
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
    bool chased_by_several(const std::vector<const JudgedMove*>& moves, int target, const ChaseFilter& filter)
    {
        std::set<int> attackers;
        for (const JudgedMove* m : moves)
            for (const CountedChase& c : m->chases)
                if (c.target_id == target && filter.accepts(c))
                    attackers.insert(c.attacker_id);
        return attackers.size() > 1;
    }

    bool conduct_holds(const ConductCondition& c, const std::vector<const JudgedMove*>& side,
        const std::vector<JudgedMove>& cycle)
    {
        if (side.empty())
            return false;
        const ChaseFilter g(c);
        const auto is_any = [&](const std::vector<MoveClass>& classes) {
            return [&](const JudgedMove* m) { return m->any_of(classes, g); };
        };
        if (!c.every_move.empty() && !std::all_of(side.begin(), side.end(), is_any(c.every_move)))
            return false;
        if (!c.any_move.empty() && std::none_of(side.begin(), side.end(), is_any(c.any_move)))
            return false;
        if (!c.no_move.empty() && std::any_of(side.begin(), side.end(), is_any(c.no_move)))
            return false;
        const auto chases_tagged = [&](const std::vector<std::string>& tags) {
            return [&](const JudgedMove* m) { return m->chases_tagged(tags, g); };
        };
        if (!c.any_chase_tagged.empty() && std::none_of(side.begin(), side.end(), chases_tagged(c.any_chase_tagged)))
            return false;
        if (!c.no_chase_tagged.empty() && std::any_of(side.begin(), side.end(), chases_tagged(c.no_chase_tagged)))
            return false;
        if (!c.cycle_any_move.empty()
            && std::none_of(cycle.begin(), cycle.end(), [&](const JudgedMove& m) { return m.any_of(c.cycle_any_move, g); }))
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

    int first_conduct(const RuleSet& rules, const ReadingChoice& readings, const std::vector<const JudgedMove*>& side,
        const std::vector<JudgedMove>& cycle)
    {
        for (std::size_t i = 0; i < rules.conducts.size(); ++i)
            if (readings.applies(rules.conducts[i].guard) && conduct_holds(rules.conducts[i].condition, side, cycle))
                return static_cast<int>(i);
        return -1;
    }

    CountedChase counted(const MoveFacts& m, const Threat& t, int row, const RuleSet& rules, bool by_flying_general)
    {
        const ChaseRule& r = rules.chase_rules[static_cast<std::size_t>(row)];
        return { m.ply, t.attacker, t.target, t.attacker_id, t.target_id, row, r.rule, r.grade, r.tags, by_flying_general };
    }

    bool move_rule_holds(const MoveRuleCondition& c, const MoveFacts& m, const MoveRuling& r)
    {
        return listed(c.moved, m.moved.piece.type()) && matches(c.evades_check, m.evades_check)
            && (c.any_class.empty()
                || std::any_of(c.any_class.begin(), c.any_class.end(), [&](MoveClass k) { return r.has(k); }));
    }

    // The first move rule that holds gives the move's classes instead of its facts.
    void apply_move_rules(const MoveFacts& m, const RuleSet& rules, MoveRuling& r)
    {
        for (std::size_t i = 0; i < rules.move_rules.size(); ++i) {
            const MoveRule& rule = rules.move_rules[i];
            if (!move_rule_holds(rule.condition, m, r))
                continue;
            r.move_rule = static_cast<int>(i);
            r.classes = rule.classes;
            if (!r.has(MoveClass::Chase))
                for (ThreatRuling& t : r.threats)
                    t = ThreatRuling {};
            return;
        }
    }

    // Step 1: every move's threats and classes.
    std::vector<MoveRuling> judge_moves(const CycleFacts& facts, const RuleSet& rules, const ReadingChoice& readings)
    {
        std::vector<MoveRuling> out;
        out.reserve(facts.moves.size());
        for (const MoveFacts& m : facts.moves) {
            MoveRuling r { m.ply, m.mover, {}, {} };
            for (const Threat& t : m.threats)
                r.threats.push_back(judge_threat(t, m.moved.piece.type(), rules, readings));
            const bool chase = std::any_of(r.threats.begin(), r.threats.end(), [](const ThreatRuling& t) { return t.counts; });
            for (const MoveClass c : { MoveClass::Check, MoveClass::Kill, MoveClass::CheckThenCapture, MoveClass::Chase,
                     MoveClass::Exchange, MoveClass::Offer, MoveClass::Block })
                if (c == MoveClass::Chase ? chase : m.has(c))
                    r.classes.push_back(c);
            if (r.classes.empty())
                r.classes.push_back(MoveClass::Idle);
            apply_move_rules(m, rules, r);
            const auto term = std::find_if(rules.move_terms.begin(), rules.move_terms.end(), [&](const MoveTerm& t) {
                return std::any_of(t.classes.begin(), t.classes.end(), [&](MoveClass c) { return r.has(c); });
            });
            r.term = term == rules.move_terms.end() ? -1 : static_cast<int>(term - rules.move_terms.begin());
            out.push_back(std::move(r));
        }
        return out;
    }

    std::vector<JudgedMove> counted_chases(const CycleFacts& facts, const std::vector<MoveRuling>& moves,
        const RuleSet& rules, const ReadingChoice& readings, bool with_exempted)
    {
        std::vector<JudgedMove> out;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const MoveFacts& m = facts.moves[i];
            JudgedMove j { &moves[i], {} };
            for (std::size_t k = 0; k < m.threats.size(); ++k) {
                const ThreatRuling& t = moves[i].threats[k];
                if (t.counts) {
                    j.chases.push_back(counted(m, m.threats[k], t.row, rules, t.counts_by_flying_general));
                } else if (with_exempted && t.row >= 0 && t.worth_mentioning) {
                    Threat as_new = m.threats[k];
                    as_new.origin = as_new.is_new() ? as_new.origin : ThreatOrigin::Direct;
                    const int row = first_row(as_new, m.moved.piece.type(), rules, readings, true);
                    if (row >= 0)
                        j.chases.push_back(counted(m, m.threats[k], row, rules, false));
                }
            }
            out.push_back(std::move(j));
        }
        return out;
    }

    std::vector<const JudgedMove*> moves_of(Color side, const std::vector<JudgedMove>& cycle)
    {
        std::vector<const JudgedMove*> out;
        for (const JudgedMove& j : cycle)
            if (j.ruling->mover == side)
                out.push_back(&j);
        return out;
    }

    // Step 2: what a side's moves amount to: the first conduct that holds, which is all the
    // verdict asks of a side.
    SideRuling conduct_of(Color color, const std::vector<const JudgedMove*>& mine, const std::vector<JudgedMove>& cycle,
        const RuleSet& rules, const ReadingChoice& readings)
    {
        SideRuling s;
        s.side = color;
        s.conduct_row = first_conduct(rules, readings, mine, cycle);
        if (s.conduct_row >= 0) {
            const Conduct& conduct = rules.conducts[static_cast<std::size_t>(s.conduct_row)];
            s.conduct = conduct.id;
            s.forbidden = conduct.forbidden;
        }
        return s;
    }

    // The side's conduct with what the ruling says of it: the chases, the pieces chased on every
    // move, the rows that exempt its threats and whether they decide, the rules to cite.
    SideRuling judge_side(Color color, const CycleFacts& facts, const std::vector<MoveRuling>& moves,
        const std::vector<JudgedMove>& cycle, const RuleSet& rules, const ReadingChoice& readings)
    {
        const std::vector<const JudgedMove*> mine = moves_of(color, cycle);
        SideRuling s = conduct_of(color, mine, cycle, rules, readings);
        for (const JudgedMove* j : mine)
            s.chases.insert(s.chases.end(), j->chases.begin(), j->chases.end());
        for (const MoveRuling& m : moves)
            if (m.mover == color)
                for (const ThreatRuling& t : m.threats)
                    if (t.row >= 0 && !t.counts && t.worth_mentioning
                        && !contains(s.exempting_rows, t.row)) {
                        s.exempting_rows.push_back(t.row);
                        add_unique(s.exempting_rules, rules.chase_rules[static_cast<std::size_t>(t.row)].rule);
                    }
        if (s.conduct_row < 0)
            return s; // no conduct fits: the side is left allowed, with nothing cited
        const Conduct& conduct = rules.conducts[static_cast<std::size_t>(s.conduct_row)];
        const ChaseFilter filter(conduct.condition);
        // Only a conduct about one target names it: a conduct in which checks break the chase
        // must not also say that a piece was chased on every move.
        const std::set<int> common = conduct.condition.same_target ? common_targets(mine, filter) : std::set<int> {};
        for (const int id : common)
            s.chased_on_every_move.push_back({ facts.start.piece_on(Square(id)), Square(id) });
        add_unique(s.rules, conduct.rule);
        if (conduct.cite_chase_rules)
            for (const CountedChase& c : s.chases)
                if (filter.accepts(c) && (common.empty() || common.count(c.target_id))) {
                    add_unique(s.rules, c.rule);
                    if (c.counts_by_flying_general)
                        add_unique(s.rules, rules.board.flying_general_rule);
                }
        if (!s.forbidden) {
            // An allowed side's threats are allowed by the rows that exempt them; they decide
            // when, counted, they would make the side's conduct forbidden.
            for (const std::string& r : s.exempting_rules)
                add_unique(s.rules, r);
            if (!s.exempting_rows.empty()) {
                const std::vector<JudgedMove> hypothetical = counted_chases(facts, moves, rules, readings, true);
                const int would_be = first_conduct(rules, readings, moves_of(color, hypothetical), hypothetical);
                s.exemptions_decide = would_be >= 0 && rules.conducts[static_cast<std::size_t>(would_be)].forbidden;
            }
        }
        rules.order_by_kind(s.rules);
        return s;
    }

    bool names(const std::string& name, const SideRuling& s)
    {
        return name == "any" || (name == "forbidden" && s.forbidden) || (name == "allowed" && !s.forbidden)
            || name == s.conduct;
    }

    int rank_of(const SideRuling& s, const RuleSet& rules)
    {
        return s.conduct_row < 0 ? 0 : rules.conducts[static_cast<std::size_t>(s.conduct_row)].rank;
    }

    // Step 3: the verdict table, each row read both ways round.
    void apply_verdicts(Ruling& ruling, const RuleSet& rules, const ReadingChoice& readings)
    {
        auto row_holds = [&](const VerdictRow& v, const SideRuling& side, const SideRuling& other) {
            return names(v.side, side) && names(v.other, other)
                && (!v.graver || rank_of(side, rules) > rank_of(other, rules));
        };
        for (std::size_t i = 0; i < rules.verdicts.size(); ++i) {
            const VerdictRow& v = rules.verdicts[i];
            if (!readings.applies(v.guard))
                continue;
            const bool red_side = row_holds(v, ruling.red, ruling.black);
            if (!red_side && !row_holds(v, ruling.black, ruling.red))
                continue;
            ruling.verdict_row = static_cast<int>(i);
            ruling.verdict_rule = v.rule;
            if (v.outcome == VerdictOutcome::SideViolates)
                ruling.violator = red_side ? Color::Red : Color::Black;
            break;
        }
    }

    // Step 4: the rules cited, the rule that decides first. For a violator: the verdict row's
    // own rule, then its conduct's and the chase rows'. For a draw: the rows without which a
    // side would violate, then the verdict row's rule, then each side's, then the ruleset's draw
    // rule when neither side's conduct is forbidden: it draws a repetition without violation,
    // and a draw despite a forbidden conduct is its verdict row's (none is cited when no row
    // names one). Detail rules before definitions, definitions before the procedure.
    void cite_rules(Ruling& ruling, const RuleSet& rules)
    {
        std::vector<std::string> cited;
        if (ruling.violator) {
            add_unique(cited, ruling.verdict_rule);
            for (const std::string& r : ruling.side(*ruling.violator).rules)
                add_unique(cited, r);
            add_unique(cited, rules.repetition.loss_rule);
        } else {
            std::vector<const SideRuling*> sides { &ruling.red, &ruling.black };
            std::stable_partition(sides.begin(), sides.end(), [](const SideRuling* s) { return s->exemptions_decide; });
            for (const SideRuling* s : sides)
                if (s->exemptions_decide)
                    for (const std::string& r : s->exempting_rules)
                        add_unique(cited, r);
            add_unique(cited, ruling.verdict_rule);
            for (const SideRuling* s : sides)
                for (const std::string& r : s->rules)
                    add_unique(cited, r);
            if (!ruling.red.forbidden && !ruling.black.forbidden)
                add_unique(cited, rules.repetition.draw_rule);
        }
        rules.order_by_kind(cited);
        ruling.rules = std::move(cited);
    }

    Outcome outcome_for(Color violator, bool loses)
    {
        if (violator == Color::Red)
            return loses ? Outcome::RedLoses : Outcome::RedMustChange;
        return loses ? Outcome::BlackLoses : Outcome::BlackMustChange;
    }

    bool same_moves(const ReplayedGame& game, const RepetitionCycle& a, const RepetitionCycle& b)
    {
        if (a.length() != b.length())
            return false;
        for (int i = 0; i < a.length(); ++i)
            if (game.ply(a.first_ply + i).move != game.ply(b.first_ply + i).move)
                return false;
        return true;
    }

    // Step 5: which stands of the start position count, and the outcome they give. The stands
    // within the judged span count; a later cycle counts toward the loss while the violator's
    // own conduct in it is forbidden, whatever the other side plays; once it plays a cycle in
    // which its conduct is not forbidden, it has changed.
    void account_occurrences(Ruling& ruling, const RuleSet& rules, const ReadingChoice& readings,
        const CycleClassifier* later_cycles)
    {
        OccurrenceAccount& a = ruling.occurrences;
        a.ruling_at = rules.repetition.ruling_at_occurrence;
        a.loses_at = rules.repetition.violator_loses_at_occurrence;
        if (ruling.violator) {
            const int row = ruling.side(*ruling.violator).conduct_row;
            if (row >= 0 && rules.conducts[static_cast<std::size_t>(row)].loses_at_once)
                a.loses_at = a.ruling_at;
        }
        const std::vector<int>& stands = ruling.episode.stands;
        const RepetitionCycle& judged = ruling.episode.cycle;
        // After the judged span, each window of as many cycles as it holds is judged again.
        const auto per_span = static_cast<std::size_t>(std::count_if(stands.begin(), stands.end(),
            [&](int s) { return s >= judged.first_ply && s <= judged.last_ply; }));
        for (std::size_t i = 0; i < stands.size(); ++i) {
            if (per_span > 0 && i >= per_span && stands[i] > judged.last_ply && ruling.violator && later_cycles) {
                const RepetitionCycle span { stands[i - per_span] + 1, stands[i] };
                if (!same_moves(later_cycles->game(), span, judged)) {
                    RepetitionEpisode again;
                    again.cycle = span;
                    again.last_repeating_ply = span.last_ply;
                    again.stands.assign(stands.begin() + static_cast<std::ptrdiff_t>(i - per_span),
                        stands.begin() + static_cast<std::ptrdiff_t>(i) + 1);
                    again.occurrences = static_cast<int>(per_span) + 1;
                    const Ruling later = judge_cycle(later_cycles->classify(span), again, rules, readings);
                    if (!later.side(*ruling.violator).forbidden) {
                        a.changed_at_ply = span.first_ply;
                        break;
                    }
                }
            }
            a.counted_plies.push_back(stands[i]);
        }
        if (a.count() >= a.ruling_at)
            a.ruling_ply = a.counted_plies[static_cast<std::size_t>(a.ruling_at - 1)];
        const bool loses = ruling.violator && a.count() >= a.loses_at;
        if (loses)
            a.loss_ply = a.counted_plies[static_cast<std::size_t>(a.loses_at - 1)];
        ruling.outcome = ruling.violator ? outcome_for(*ruling.violator, loses) : Outcome::Draw;
    }

} // namespace

bool MoveRuling::has(MoveClass c) const { return contains(classes, c); }

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

ThreatRuling judge_threat(const Threat& threat, PieceType moved, const RuleSet& rules, const ReadingChoice& readings)
{
    ThreatRuling judgement;
    judgement.row = first_row(threat, moved, rules, readings, false);
    if (judgement.row < 0)
        return judgement;
    judgement.counts = rules.chase_rules[static_cast<std::size_t>(judgement.row)].counts;
    judgement.worth_mentioning = threat.is_new();
    if (!threat.is_new()) {
        Threat as_new = threat;
        as_new.origin = ThreatOrigin::Direct;
        judgement.worth_mentioning = judge_threat(as_new, moved, rules, readings).counts;
    }
    judgement.counts_by_flying_general = judgement.counts && threat.fake_by_flying_general && threat.real_protectors.empty();
    return judgement;
}

namespace {

    // The span a ruling falls due on when the first cycle's violator changed its moves before
    // that cycle alone brought the position back often enough: every ply up to the stand at
    // which the ruling falls due, the cycles of both kinds together.
    std::optional<RepetitionEpisode> span_due(const Ruling& ruling, const RuleSet& rules)
    {
        const RepetitionEpisode& e = ruling.episode;
        const auto due = static_cast<std::size_t>(rules.repetition.ruling_at_occurrence);
        if (!ruling.violator || ruling.occurrences.ruling_ply >= 0 || ruling.occurrences.changed_at_ply < 0
            || e.stands.size() < due)
            return std::nullopt;
        RepetitionEpisode whole = e;
        whole.cycle = { e.stands.front() + 1, e.stands[due - 1] };
        return whole;
    }

    // The outcome rule_on_episode would give, without what its ruling says of it: the outcomes
    // under the contested readings need no more. Judged on the first cycle, or, as there, on
    // the span a ruling falls due on.
    Outcome outcome_of(const CycleFacts& facts, const RepetitionEpisode& episode, const RuleSet& rules,
        const ReadingChoice& readings, const CycleClassifier* later_cycles)
    {
        Ruling ruling;
        ruling.episode = episode;
        ruling.moves = judge_moves(facts, rules, readings);
        const std::vector<JudgedMove> cycle = counted_chases(facts, ruling.moves, rules, readings, false);
        ruling.red = conduct_of(Color::Red, moves_of(Color::Red, cycle), cycle, rules, readings);
        ruling.black = conduct_of(Color::Black, moves_of(Color::Black, cycle), cycle, rules, readings);
        apply_verdicts(ruling, rules, readings);
        account_occurrences(ruling, rules, readings, later_cycles);
        if (later_cycles)
            if (const std::optional<RepetitionEpisode> whole = span_due(ruling, rules))
                return outcome_of(later_cycles->classify(whole->cycle), *whole, rules, readings, later_cycles);
        return ruling.outcome;
    }

    // Whether a span is worth a ruling: a position stood often enough for the ruleset, except
    // in a rule-book line judged as a whole (judged_span "first_cycle" judges one cycle, the
    // occurrences counted by account_occurrences).
    bool stood_often_enough(const RepetitionEpisode& episode, const RuleSet& rules)
    {
        return rules.repetition.judged_span != JudgedSpan::FirstCycle
            || episode.occurrences >= rules.repetition.ruling_at_occurrence;
    }

} // namespace

Ruling judge_cycle(const CycleFacts& facts, const RepetitionEpisode& episode, const RuleSet& rules,
    const ReadingChoice& readings, const CycleClassifier* later_cycles)
{
    Ruling ruling;
    ruling.episode = episode;
    ruling.moves = judge_moves(facts, rules, readings);
    const std::vector<JudgedMove> cycle = counted_chases(facts, ruling.moves, rules, readings, false);
    ruling.red = judge_side(Color::Red, facts, ruling.moves, cycle, rules, readings);
    ruling.black = judge_side(Color::Black, facts, ruling.moves, cycle, rules, readings);
    apply_verdicts(ruling, rules, readings);
    cite_rules(ruling, rules);
    account_occurrences(ruling, rules, readings, later_cycles);
    ruling.facts = facts;
    return ruling;
}

std::optional<Ruling> rule_on_episode(
    const CycleFacts& first_cycle, const RepetitionEpisode& episode, const RuleSet& rules, const CycleClassifier* later_cycles)
{
    if (!stood_often_enough(episode, rules))
        return std::nullopt;
    const ReadingChoice readings(rules);
    Ruling ruling = judge_cycle(first_cycle, episode, rules, readings, later_cycles);
    // A ruling against a side whose violating cycle stood too few times would be made on a
    // repetition the arbiter never had to rule on: the position stood often enough only
    // through other moves, so all the moves up to then are judged together.
    if (const std::optional<RepetitionEpisode> whole = span_due(ruling, rules); whole && later_cycles) {
        const ChangeBeforeRuling change { *ruling.violator, episode.cycle, ruling.occurrences.changed_at_ply };
        ruling = judge_cycle(later_cycles->classify(whole->cycle), *whole, rules, readings, later_cycles);
        ruling.changed_before_due = change;
    }
    for (const Reading& r : rules.readings) {
        const Outcome other = readings.consulted(r.name)
            ? outcome_of(first_cycle, episode, rules, readings.flipped(r.name), later_cycles)
            : ruling.outcome;
        ruling.readings.push_back({ r.name, readings.enabled(r.name), other, other != ruling.outcome });
    }
    return ruling;
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
        judgement.notes.push_back({ "black_moved_first", rules.board.first_mover_rule });
    return judgement;
}

GameRepetitions rule_on_repetitions(const ReplayedGame& game, const RuleSet& rules, const EpisodeFilter& wanted)
{
    GameRepetitions repetitions;
    std::vector<RepetitionEpisode> episodes = rules.repetition.judged_span == JudgedSpan::LastOccurrences
        ? find_occurrence_windows(game, rules.repetition.ruling_at_occurrence)
        : find_repetition_episodes(game);
    if (rules.repetition.judged_span == JudgedSpan::WholeRecord && game.ply_count() > 0) {
        // One span from the first occurrence of the first recurring position to the end.
        RepetitionEpisode whole;
        const int start = episodes.empty() ? 0 : episodes.front().cycle.first_ply - 1;
        whole.cycle = { start + 1, game.ply_count() };
        whole.last_repeating_ply = game.ply_count();
        for (int p = start; p <= game.ply_count(); ++p)
            if (game.key_at(p) == game.key_at(start))
                whole.stands.push_back(p);
        whole.occurrences = static_cast<int>(whole.stands.size());
        episodes = { whole };
    }
    const CycleClassifier classifier(game, rules.classification);
    const CycleClassifier* later_cycles = rules.repetition.judged_span == JudgedSpan::FirstCycle ? &classifier : nullptr;
    for (const RepetitionEpisode& e : episodes) {
        if (!stood_often_enough(e, rules))
            continue;
        if (wanted && !wanted(e))
            repetitions.not_ruled.push_back({ e, repetitions.rulings.size() });
        else if (auto r = rule_on_episode(classifier.classify(e.cycle), e, rules, later_cycles))
            repetitions.rulings.push_back(std::move(*r));
    }
    return repetitions;
}

std::vector<Ruling> rule_on_game(const ReplayedGame& game, const RuleSet& rules, const EpisodeFilter& wanted)
{
    return rule_on_repetitions(game, rules, wanted).rulings;
}

std::optional<std::size_t> deciding_ruling(const std::vector<Ruling>& rulings)
{
    for (std::size_t i = 0; i < rulings.size(); ++i)
        if (rulings[i].loses())
            return i;
    if (rulings.empty())
        return std::nullopt;
    return rulings.size() - 1;
}

} // namespace xq
