// The rule interpreter: a cycle judged in five steps, from moves' classes to the rules cited.
#include "xq/arbiter/rule_interpreter.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include "xq/arbiter/row_conditions.hpp"

namespace xq {

namespace {

    template <typename T> bool listed(const std::optional<std::vector<T>>& list, T value)
    {
        return !list || std::find(list->begin(), list->end(), value) != list->end();
    }

    template <typename T> bool matches(const std::optional<T>& wanted, T actual)
    {
        return !wanted || *wanted == actual;
    }

    template <typename T> bool contains(const std::vector<T>& list, const T& value)
    {
        return std::find(list.begin(), list.end(), value) != list.end();
    }

    void add_unique(std::vector<std::string>& list, const std::string& item)
    {
        if (!item.empty() && !contains(list, item))
            list.push_back(item);
    }

    // The rows a judgement uses: those the readings in force allow, less the rows of one rule
    // set aside, to ask whether the ruling needs that rule.
    struct Judging {
        const RuleSet& rules;
        const ReadingChoice& readings;
        std::string_view set_aside {};
        // The arbiter's instructions to change, from which a violator's loss counts.
        const Instructions* instructions = nullptr;

        bool uses(const std::string& rule) const { return set_aside.empty() || rule != set_aside; }
    };

    // How much of a ruling a judgement makes: the verdict and its outcome alone (what a
    // contested reading or a rule set aside would change, whether a later cycle still
    // violates), or all of it, with the rules cited and the contested readings' outcomes.
    enum class Detail { VerdictOnly, Full };

    // The first of a table's rows that applies: `applies(i)`, `rule_of(i)` and `effect_of(i)`
    // read row i. Where that row belongs to the rule set aside, what it judged is judged the
    // other way: by the first later row of another rule with another effect for which
    // `applies_instead(k)`, or by none. The later rows that would judge it alike are the
    // general principles the rule set aside is a special case of here, and are set aside with
    // it: without a rule, what it judged is not judged the same by a rule standing behind it.
    template <typename Applies, typename AppliesInstead, typename RuleOf, typename EffectOf>
    RowIndex first_applying(std::size_t rows, const Judging& j, Applies applies, AppliesInstead applies_instead,
        RuleOf rule_of, EffectOf effect_of)
    {
        for (std::size_t i = 0; i < rows; ++i) {
            if (!applies(i))
                continue;
            if (j.uses(rule_of(i)))
                return RowIndex(i);
            for (std::size_t k = i + 1; k < rows; ++k)
                if (effect_of(k) != effect_of(i) && j.uses(rule_of(k)) && applies_instead(k))
                    return RowIndex(k);
            return {};
        }
        return {};
    }

    // The first chase row that applies (first_applying): with an exemption set aside, what the
    // threat would be without it. The rows that do not name an origin ask for a new attack, and
    // an exemption of attacks that stood before is what stands between such an attack and
    // them: judged the other way, it is judged as new.
    RowIndex first_row(const Threat& t, PieceType moved, const Judging& j)
    {
        // The prior attacks have none of their own: judged as they stood, they end the search.
        const bool chased_before = std::any_of(t.prior_attacks.begin(), t.prior_attacks.end(), [&](const Threat& p) {
            const RowIndex row = first_row(p, moved, j);
            return row && j.rules.chase_rules[*row].counts;
        });
        const ThreatContext context { t, moved, chased_before };
        Threat as_new = t;
        if (!as_new.is_new())
            as_new.origin = ThreatOrigin::Direct;
        const ThreatContext as_new_context { as_new, moved, chased_before };
        const std::vector<ChaseRule>& rows = j.rules.chase_rules;
        return first_applying(
            rows.size(), j,
            [&](std::size_t i) { return j.readings.applies(rows[i].guard) && rows[i].condition.holds(context); },
            [&](std::size_t k) { return j.readings.applies(rows[k].guard) && rows[k].condition.holds(as_new_context); },
            [&](std::size_t i) -> const std::string& { return rows[i].rule; },
            [&](std::size_t i) { return rows[i].counts; });
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
                return std::any_of(
                    chases.begin(), chases.end(), [&](const CountedChase& x) { return filter.accepts(x); });
            return ruling->has(c);
        }
        bool any_of(const std::vector<MoveClass>& classes, const ChaseFilter& filter) const
        {
            return std::any_of(classes.begin(), classes.end(), [&](MoveClass c) { return is(c, filter); });
        }
        bool chases_tagged(const std::vector<std::string>& tags, const ChaseFilter& filter) const
        {
            return std::any_of(chases.begin(), chases.end(),
                [&](const CountedChase& c) { return filter.accepts(c) && tagged(c, tags); });
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

} // namespace

// A side's moves and the cycle's, as a conduct's conditions see them, and the counted chases
// those conditions look at.
struct ConductContext {
    const std::vector<const JudgedMove*>& side;
    const std::vector<JudgedMove>& cycle;
    ChaseFilter filter;

    auto is_any(const std::vector<MoveClass>& classes) const
    {
        return [this, &classes](const JudgedMove* m) { return m->any_of(classes, filter); };
    }
    auto chases_tagged(const std::vector<std::string>& tags) const
    {
        return [this, &tags](const JudgedMove* m) { return m->chases_tagged(tags, filter); };
    }
};

// A move as a move rule's conditions see it: its facts, and its classes by its facts and chases.
struct MoveRuleContext {
    const MoveFacts& facts;
    const MoveRuling& ruling;
};

// A verdict row read one way round: `side` is the row's side, `other` its other.
struct VerdictContext {
    const SideRuling& side;
    const SideRuling& other;
    const RuleSet& rules;
};

namespace {

    template <typename T> T&& as(RowConditionValue& value) { return std::move(std::get<T>(value)); }

    using Classes = std::vector<MoveClass>;
    using Pieces = std::vector<PieceType>;
    using Tags = std::vector<std::string>;
    using Kind = RowConditionKind;
    using ConductIn = const ConductContext&;

    // The order the loader reads them in; the README's table gives each one's meaning.
    const ConductConditionKey conduct_keys[] = {
        { .name = "every_move",
            .kind = Kind::MoveClasses,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.every_move = as<Classes>(v); },
            .holds =
                [](const ConductCondition& c, ConductIn x) {
                    return c.every_move.empty() || std::all_of(x.side.begin(), x.side.end(), x.is_any(c.every_move));
                } },
        { .name = "any_move",
            .kind = Kind::MoveClasses,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.any_move = as<Classes>(v); },
            .holds =
                [](const ConductCondition& c, ConductIn x) {
                    return c.any_move.empty() || std::any_of(x.side.begin(), x.side.end(), x.is_any(c.any_move));
                } },
        { .name = "no_move",
            .kind = Kind::MoveClasses,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.no_move = as<Classes>(v); },
            .holds =
                [](const ConductCondition& c, ConductIn x) {
                    return c.no_move.empty() || std::none_of(x.side.begin(), x.side.end(), x.is_any(c.no_move));
                } },
        { .name = "cycle_any_move",
            .kind = Kind::MoveClasses,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.cycle_any_move = as<Classes>(v); },
            .holds =
                [](const ConductCondition& c, ConductIn x) {
                    return c.cycle_any_move.empty()
                        || std::any_of(x.cycle.begin(), x.cycle.end(),
                            [&](const JudgedMove& m) { return m.any_of(c.cycle_any_move, x.filter); });
                } },
        { .name = "same_target",
            .kind = Kind::Boolean,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.same_target = as<bool>(v); },
            .holds = [](const ConductCondition& c,
                         ConductIn x) { return !c.same_target || !common_targets(x.side, x.filter).empty(); } },
        { .name = "several_attackers",
            .kind = Kind::Boolean,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.several_attackers = as<bool>(v); },
            .holds =
                [](const ConductCondition& c, ConductIn x) {
                    if (!c.same_target || !c.several_attackers)
                        return true;
                    const std::set<int> common = common_targets(x.side, x.filter);
                    return std::any_of(common.begin(), common.end(),
                        [&](int t) { return chased_by_several(x.side, t, x.filter) == *c.several_attackers; });
                } },
        { .name = "min_grade",
            .kind = Kind::Grade,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.min_grade = as<int>(v); } },
        { .name = "chaser",
            .kind = Kind::Pieces,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.chaser = as<Pieces>(v); } },
        { .name = "chased",
            .kind = Kind::Pieces,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.chased = as<Pieces>(v); } },
        { .name = "any_chase_tagged",
            .kind = Kind::Tags,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.any_chase_tagged = as<Tags>(v); },
            .holds =
                [](const ConductCondition& c, ConductIn x) {
                    return c.any_chase_tagged.empty()
                        || std::any_of(x.side.begin(), x.side.end(), x.chases_tagged(c.any_chase_tagged));
                } },
        { .name = "no_chase_tagged",
            .kind = Kind::Tags,
            .set = [](ConductCondition& c, RowConditionValue&& v) { c.no_chase_tagged = as<Tags>(v); },
            .holds =
                [](const ConductCondition& c, ConductIn x) {
                    return c.no_chase_tagged.empty()
                        || std::none_of(x.side.begin(), x.side.end(), x.chases_tagged(c.no_chase_tagged));
                } },
    };

    bool conduct_holds(
        const ConductCondition& c, const std::vector<const JudgedMove*>& side, const std::vector<JudgedMove>& cycle)
    {
        if (side.empty())
            return false;
        const ConductContext context { side, cycle, ChaseFilter(c) };
        return std::all_of(std::begin(conduct_keys), std::end(conduct_keys),
            [&](const ConductConditionKey& key) { return !key.holds || key.holds(c, context); });
    }

    // The first conduct that holds (first_applying): with a conduct set aside, whether the side
    // would be forbidden without it.
    RowIndex first_conduct(
        const Judging& j, const std::vector<const JudgedMove*>& side, const std::vector<JudgedMove>& cycle)
    {
        const std::vector<Conduct>& rows = j.rules.conducts;
        const auto holds = [&](std::size_t i) {
            return j.readings.applies(rows[i].guard) && conduct_holds(rows[i].condition, side, cycle);
        };
        return first_applying(
            rows.size(), j, holds, holds, [&](std::size_t i) -> const std::string& { return rows[i].rule; },
            [&](std::size_t i) { return rows[i].forbidden; });
    }

    CountedChase counted(
        const MoveFacts& m, const Threat& t, std::size_t row, const RuleSet& rules, bool by_flying_general)
    {
        const ChaseRule& r = rules.chase_rules[row];
        return { m.ply, t.attacker, t.target, t.attacker_id, t.target_id, row, r.rule, r.grade, r.tags,
            by_flying_general };
    }

    using MoveRuleIn = const MoveRuleContext&;

    // The order the loader reads them in; the README's table gives each one's meaning.
    const MoveRuleConditionKey move_rule_keys[] = {
        { .name = "moved",
            .kind = Kind::Pieces,
            .set = [](MoveRuleCondition& c, RowConditionValue&& v) { c.moved = as<Pieces>(v); },
            .holds
            = [](const MoveRuleCondition& c, MoveRuleIn x) { return listed(c.moved, x.facts.moved.piece.type()); } },
        { .name = "evades_check",
            .kind = Kind::Boolean,
            .set = [](MoveRuleCondition& c, RowConditionValue&& v) { c.evades_check = as<bool>(v); },
            .holds
            = [](const MoveRuleCondition& c, MoveRuleIn x) { return matches(c.evades_check, x.facts.evades_check); } },
        { .name = "kill_capture_first",
            .kind = Kind::Boolean,
            .set = [](MoveRuleCondition& c, RowConditionValue&& v) { c.kill_capture_first = as<bool>(v); },
            .holds = [](const MoveRuleCondition& c,
                         MoveRuleIn x) { return matches(c.kill_capture_first, x.facts.kill_capture_first); } },
        { .name = "any_class",
            .kind = Kind::MoveClasses,
            .set = [](MoveRuleCondition& c, RowConditionValue&& v) { c.any_class = as<Classes>(v); },
            .holds =
                [](const MoveRuleCondition& c, MoveRuleIn x) {
                    return c.any_class.empty() || std::any_of(c.any_class.begin(), c.any_class.end(), [&](MoveClass k) {
                        return x.ruling.has(k);
                    });
                } },
    };

    bool move_rule_holds(const MoveRuleCondition& c, const MoveFacts& m, const MoveRuling& r)
    {
        const MoveRuleContext context { m, r };
        return std::all_of(std::begin(move_rule_keys), std::end(move_rule_keys),
            [&](const MoveRuleConditionKey& key) { return key.holds(c, context); });
    }

    // The first move rule that holds gives the move's classes instead of its facts.
    void apply_move_rules(const MoveFacts& m, const Judging& j, MoveRuling& r)
    {
        for (std::size_t i = 0; i < j.rules.move_rules.size(); ++i) {
            const MoveRule& rule = j.rules.move_rules[i];
            if (!j.uses(rule.rule) || !move_rule_holds(rule.condition, m, r))
                continue;
            r.move_rule = RowIndex(i);
            r.classes = rule.classes;
            if (!r.has(MoveClass::Chase))
                for (ThreatRuling& t : r.threats)
                    t = ThreatRuling {};
            return;
        }
    }

    ThreatRuling threat_ruling(const Threat& threat, PieceType moved, const Judging& j)
    {
        ThreatRuling judgement;
        judgement.row = first_row(threat, moved, j);
        if (!judgement.row)
            return judgement;
        judgement.counts = j.rules.chase_rules[*judgement.row].counts;
        judgement.worth_mentioning = threat.is_new();
        if (!threat.is_new()) {
            Threat as_new = threat;
            as_new.origin = ThreatOrigin::Direct;
            judgement.worth_mentioning = threat_ruling(as_new, moved, j).counts;
        }
        judgement.counts_by_flying_general
            = judgement.counts && threat.fake_by_flying_general && threat.real_protectors.empty();
        return judgement;
    }

    // Step 1: every move's threats and classes.
    std::vector<MoveRuling> judge_moves(const CycleFacts& facts, const Judging& j)
    {
        const RuleSet& rules = j.rules;
        std::vector<MoveRuling> out;
        out.reserve(facts.moves.size());
        for (const MoveFacts& m : facts.moves) {
            MoveRuling r { m.ply, m.mover, {}, {} };
            for (const Threat& t : m.threats)
                r.threats.push_back(threat_ruling(t, m.moved.piece.type(), j));
            const bool chase
                = std::any_of(r.threats.begin(), r.threats.end(), [](const ThreatRuling& t) { return t.counts; });
            for (const MoveClass c : { MoveClass::Check, MoveClass::Kill, MoveClass::CheckThenCapture, MoveClass::Chase,
                     MoveClass::Exchange, MoveClass::Offer, MoveClass::Block })
                if (c == MoveClass::Chase ? chase : m.has(c))
                    r.classes.push_back(c);
            if (r.classes.empty())
                r.classes.push_back(MoveClass::Idle);
            apply_move_rules(m, j, r);
            for (std::size_t t = 0; t < rules.move_terms.size() && !r.term; ++t) {
                const std::vector<MoveClass>& classes = rules.move_terms[t].classes;
                if (std::any_of(classes.begin(), classes.end(), [&](MoveClass c) { return r.has(c); }))
                    r.term = RowIndex(t);
            }
            out.push_back(std::move(r));
        }
        return out;
    }

    std::vector<JudgedMove> counted_chases(
        const CycleFacts& facts, const std::vector<MoveRuling>& moves, const RuleSet& rules)
    {
        std::vector<JudgedMove> out;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const MoveFacts& m = facts.moves[i];
            JudgedMove judged { &moves[i], {} };
            for (std::size_t k = 0; k < m.threats.size(); ++k) {
                const ThreatRuling& t = moves[i].threats[k];
                if (t.counts)
                    judged.chases.push_back(counted(m, m.threats[k], *t.row, rules, t.counts_by_flying_general));
            }
            out.push_back(std::move(judged));
        }
        return out;
    }

    std::vector<const JudgedMove*> moves_of(Color side, const std::vector<JudgedMove>& cycle)
    {
        std::vector<const JudgedMove*> out;
        for (const JudgedMove& m : cycle)
            if (m.ruling->mover == side)
                out.push_back(&m);
        return out;
    }

    // Step 2: what a side's moves amount to: the first conduct that holds, which is all the
    // verdict asks of a side.
    SideRuling conduct_of(
        Color color, const std::vector<const JudgedMove*>& mine, const std::vector<JudgedMove>& cycle, const Judging& j)
    {
        SideRuling s;
        s.side = color;
        s.conduct_row = first_conduct(j, mine, cycle);
        if (s.conduct_row) {
            const Conduct& conduct = j.rules.conducts[*s.conduct_row];
            s.conduct = conduct.id;
            s.forbidden = conduct.forbidden;
        }
        return s;
    }

    // The side's conduct with what the ruling says of it: the chases, the pieces chased on every
    // move, the rows that exempt its threats, the rules to cite.
    SideRuling judge_side(Color color, const CycleFacts& facts, const std::vector<MoveRuling>& moves,
        const std::vector<JudgedMove>& cycle, const Judging& j)
    {
        const RuleSet& rules = j.rules;
        const std::vector<const JudgedMove*> mine = moves_of(color, cycle);
        SideRuling s = conduct_of(color, mine, cycle, j);
        for (const JudgedMove* m : mine)
            s.chases.insert(s.chases.end(), m->chases.begin(), m->chases.end());
        for (const MoveRuling& m : moves)
            if (m.mover == color)
                for (const ThreatRuling& t : m.threats)
                    if (t.row && !t.counts && t.worth_mentioning && !contains(s.exempting_rows, *t.row)) {
                        s.exempting_rows.push_back(*t.row);
                        add_unique(s.exempting_rules, rules.chase_rules[*t.row].rule);
                    }
        if (!s.conduct_row)
            return s; // no conduct fits: the side is left allowed, with nothing cited
        const Conduct& conduct = rules.conducts[*s.conduct_row];
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
        // An allowed side's threats are allowed by the rows that exempt them.
        if (!s.forbidden)
            for (const std::string& r : s.exempting_rules)
                add_unique(s.rules, r);
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
        return s.conduct_row ? rules.conducts[*s.conduct_row].rank : 0;
    }

    using VerdictIn = const VerdictContext&;

    // The order the loader reads them in; the README's table gives each one's meaning.
    const VerdictConditionKey verdict_keys[] = {
        { .name = "side",
            .kind = Kind::ConductName,
            .set = [](VerdictRow& v, RowConditionValue&& value) { v.side = as<std::string>(value); },
            .holds = [](const VerdictRow& v, VerdictIn x) { return names(v.side, x.side); } },
        { .name = "other",
            .kind = Kind::ConductName,
            .set = [](VerdictRow& v, RowConditionValue&& value) { v.other = as<std::string>(value); },
            .holds = [](const VerdictRow& v, VerdictIn x) { return names(v.other, x.other); } },
        { .name = "graver",
            .kind = Kind::Boolean,
            .set = [](VerdictRow& v, RowConditionValue&& value) { v.graver = as<bool>(value); },
            .holds = [](const VerdictRow& v,
                         VerdictIn x) { return !v.graver || rank_of(x.side, x.rules) > rank_of(x.other, x.rules); } },
    };

    // Step 3: the verdict table, each row read both ways round.
    void apply_verdicts(Ruling& ruling, const Judging& j)
    {
        auto row_holds = [&](const VerdictRow& v, const SideRuling& side, const SideRuling& other) {
            const VerdictContext context { side, other, j.rules };
            return std::all_of(std::begin(verdict_keys), std::end(verdict_keys),
                [&](const VerdictConditionKey& key) { return key.holds(v, context); });
        };
        const std::vector<VerdictRow>& rows = j.rules.verdicts;
        // The violator a row names, read with Red as its `side` first; nothing for a draw.
        const auto violator_of = [&](std::size_t i) -> std::optional<Color> {
            if (rows[i].outcome != VerdictOutcome::SideViolates)
                return std::nullopt;
            return row_holds(rows[i], ruling.red, ruling.black) ? Color::Red : Color::Black;
        };
        const auto holds = [&](std::size_t i) {
            return j.readings.applies(rows[i].guard)
                && (row_holds(rows[i], ruling.red, ruling.black) || row_holds(rows[i], ruling.black, ruling.red));
        };
        const RowIndex row = first_applying(
            rows.size(), j, holds, holds, [&](std::size_t i) -> const std::string& { return rows[i].rule; },
            violator_of);
        if (!row)
            return;
        ruling.verdict_row = row;
        ruling.verdict_rule = rows[*row].rule;
        ruling.violator = violator_of(*row);
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

    Ruling judge(const CycleFacts& facts, const RepetitionEpisode& episode, const Judging& j,
        const CycleClassifier* later_cycles, Detail detail);

    // Where the violator loses. A ruleset that loses it only after it was told to change
    // counts the cycles it repeats after the instruction: as many stands of the start position
    // after it as the ruleset has between the ruling and the loss. The instruction the record
    // shows counts (an early one from when the ruling fell due); without one, it is taken to
    // have been given when the ruling fell due.
    void count_loss(OccurrenceAccount& a, Color violator, const RepetitionEpisode& episode, const Instructions* given)
    {
        const int repeats = a.loses_at - a.ruling_at;
        if (repeats <= 0) {
            if (a.count() >= a.loses_at)
                a.loss_ply = a.counted_plies[static_cast<std::size_t>(a.loses_at - 1)];
            return;
        }
        if (a.ruling_ply < 0)
            return;
        a.counted_from_ply = a.ruling_ply;
        if (given) {
            const int first = episode.stands.empty() ? episode.cycle.first_ply - 1 : episode.stands.front();
            if (const auto told = instruction_within(*given, violator, first, episode.last_repeating_ply)) {
                a.instructed_ply = told->ply;
                a.counted_from_ply = std::max(told->ply, a.ruling_ply);
            }
        }
        int left = repeats;
        for (const int stand : a.counted_plies)
            if (stand > a.counted_from_ply && --left == 0) {
                a.loss_ply = stand;
                break;
            }
        a.repeats_after_instruction = repeats - left;
    }

    // Step 4: which stands of the start position count, and the outcome they give. The stands
    // within the judged span count; a later cycle counts toward the loss while the violator's
    // own conduct in it is forbidden, whatever the other side plays; once it plays a cycle in
    // which its conduct is not forbidden, it has changed.
    void account_occurrences(Ruling& ruling, const Judging& j, const CycleClassifier* later_cycles)
    {
        const RuleSet& rules = j.rules;
        OccurrenceAccount& a = ruling.occurrences;
        a.ruling_at = rules.repetition.ruling_at_occurrence;
        a.loses_at = rules.repetition.violator_loses_at_occurrence;
        if (ruling.violator) {
            const RowIndex row = ruling.side(*ruling.violator).conduct_row;
            if (row && rules.conducts[*row].loses_at_once)
                a.loses_at = a.ruling_at;
        }
        const std::vector<int>& stands = ruling.episode.stands;
        const RepetitionCycle& judged = ruling.episode.cycle;
        // After the judged span, each window of as many cycles as it holds is judged again.
        const auto per_span = static_cast<std::size_t>(std::count_if(
            stands.begin(), stands.end(), [&](int s) { return s >= judged.first_ply && s <= judged.last_ply; }));
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
                    const Ruling later = judge(later_cycles->classify(span), again, j, nullptr, Detail::VerdictOnly);
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
        if (ruling.violator)
            count_loss(a, *ruling.violator, ruling.episode, j.instructions);
        ruling.outcome = ruling.violator ? outcome_for(*ruling.violator, a.loss_ply >= 0) : Outcome::Draw;
    }

    // The rules the ruling rests on. For a violator: the verdict row's rule, its conduct's and
    // the chase rows'. For a draw: the verdict row's rule and each side's, then the ruleset's
    // draw rule when neither side's conduct is forbidden: it draws a repetition without
    // violation, and a draw despite a forbidden conduct is its verdict row's (none is cited when
    // no row names one).
    std::vector<std::string> rules_used(const Ruling& ruling, const RuleSet& rules)
    {
        std::vector<std::string> used;
        add_unique(used, ruling.verdict_rule);
        if (ruling.violator) {
            for (const std::string& r : ruling.side(*ruling.violator).rules)
                add_unique(used, r);
            add_unique(used, rules.repetition.loss_rule);
            return used;
        }
        for (const Color c : { Color::Red, Color::Black })
            for (const std::string& r : ruling.side(c).rules)
                add_unique(used, r);
        if (!ruling.red.forbidden && !ruling.black.forbidden)
            add_unique(used, rules.repetition.draw_rule);
        return used;
    }

    // The outcome a ruling would have with one rule's rows set aside.
    using OutcomeWithout = std::function<Outcome(const Judging& without)>;

    // Step 5: the rules cited, and which of them decide: a rule decides when the ruling made
    // again with its rows set aside comes out otherwise. The deciding rules come first (after
    // the verdict row that draws two violations), then the others, and the procedure (change or
    // lose, draw) last; within each, detail rules before definitions.
    void cite_rules(Ruling& ruling, const Judging& j, const OutcomeWithout& outcome_without)
    {
        std::vector<std::string> used = rules_used(ruling, j.rules);
        j.rules.order_by_kind(used);
        // The judgements without a rule must not count as the ruling's own consultations of the
        // readings: those tell which contested readings the ruling rests on.
        const ReadingChoice readings = j.readings;
        ruling.citations.clear();
        for (const std::string& id : used) {
            const Outcome without = outcome_without(Judging { j.rules, readings, id, j.instructions });
            ruling.citations.push_back({ id, without != ruling.outcome, without });
        }
        // A draw of two forbidden conducts is its verdict row's: that row draws them, where each
        // side's violation decides only that the other side does not violate alone (and a row
        // that draws never decides: without it no row names a violator).
        const bool violations_drawn = !ruling.violator && ruling.red.forbidden && ruling.black.forbidden;
        const auto place = [&](const RuleCitation& c) {
            if (violations_drawn && c.rule == ruling.verdict_rule)
                return -1;
            return j.rules.kind_of(c.rule) == RuleKind::Procedure ? 2 : c.decides ? 0 : 1;
        };
        std::stable_sort(ruling.citations.begin(), ruling.citations.end(),
            [&](const RuleCitation& a, const RuleCitation& b) { return place(a) < place(b); });
        ruling.rules.clear();
        for (const RuleCitation& c : ruling.citations)
            ruling.rules.push_back(c.rule);
    }

    // The one place a cycle is judged: its moves, the sides' conduct, the verdict and the
    // occurrences; in full, also what the ruling says of each side (rule_on adds the rules it
    // cites and the contested readings).
    Ruling judge(const CycleFacts& facts, const RepetitionEpisode& episode, const Judging& j,
        const CycleClassifier* later_cycles, Detail detail)
    {
        Ruling ruling;
        ruling.episode = episode;
        ruling.moves = judge_moves(facts, j);
        const std::vector<JudgedMove> cycle = counted_chases(facts, ruling.moves, j.rules);
        for (const Color c : { Color::Red, Color::Black })
            (c == Color::Red ? ruling.red : ruling.black) = detail == Detail::Full
                ? judge_side(c, facts, ruling.moves, cycle, j)
                : conduct_of(c, moves_of(c, cycle), cycle, j);
        apply_verdicts(ruling, j);
        account_occurrences(ruling, j, later_cycles);
        if (detail == Detail::Full)
            ruling.facts = facts;
        return ruling;
    }

} // namespace

bool MoveRuling::has(MoveClass c) const { return contains(classes, c); }

std::span<const ConductConditionKey> conduct_condition_keys() { return conduct_keys; }

std::span<const MoveRuleConditionKey> move_rule_condition_keys() { return move_rule_keys; }

std::span<const VerdictConditionKey> verdict_condition_keys() { return verdict_keys; }

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
    return threat_ruling(threat, moved, Judging { rules, readings });
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

    // The one orchestration of a ruling: the first cycle judged, or the span a ruling falls
    // due on when the violator changed before (span_due); in full, also the rules cited and
    // what each contested reading would give. The judgements without a rule or with a reading
    // turned are this same function at Detail::VerdictOnly, so they cannot drift from the ruling.
    Ruling rule_on(const CycleFacts& first_cycle, const RepetitionEpisode& episode, const Judging& j,
        const CycleClassifier* later_cycles, Detail detail)
    {
        Ruling ruling = judge(first_cycle, episode, j, later_cycles, detail);
        // A ruling against a side whose violating cycle stood too few times would be made on a
        // repetition the arbiter never had to rule on: the position stood often enough only
        // through other moves, so all the moves up to then are judged together.
        if (later_cycles)
            if (const std::optional<RepetitionEpisode> whole = span_due(ruling, j.rules)) {
                const ChangeBeforeRuling change { *ruling.violator, episode.cycle, ruling.occurrences.changed_at_ply };
                ruling = judge(later_cycles->classify(whole->cycle), *whole, j, later_cycles, detail);
                ruling.changed_before_due = change;
            }
        if (detail == Detail::VerdictOnly)
            return ruling;
        // Without a rule, the ruling is made again as it was made here: from the first cycle.
        const auto outcome_without = [&](const Judging& without) {
            return rule_on(first_cycle, episode, without, later_cycles, Detail::VerdictOnly).outcome;
        };
        cite_rules(ruling, j, outcome_without);
        for (const Reading& r : j.rules.readings) {
            const Outcome other = j.readings.consulted(r.name)
                ? outcome_without(Judging { j.rules, j.readings.flipped(r.name), {}, j.instructions })
                : ruling.outcome;
            ruling.readings.push_back({ r.name, j.readings.enabled(r.name), other, other != ruling.outcome });
        }
        return ruling;
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
    return rule_on(facts, episode, Judging { rules, readings }, later_cycles, Detail::Full);
}

std::optional<Ruling> rule_on_episode(const CycleFacts& first_cycle, const RepetitionEpisode& episode,
    const RuleSet& rules, const CycleClassifier* later_cycles, const Instructions& instructions)
{
    if (!stood_often_enough(episode, rules))
        return std::nullopt;
    const ReadingChoice readings(rules);
    return rule_on(first_cycle, episode, Judging { rules, readings, {}, &instructions }, later_cycles, Detail::Full);
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

namespace {

    // The spans of a game the ruleset judges, in record order (repetition.judged_span), whether
    // or not they stood often enough for a ruling.
    std::vector<RepetitionEpisode> judged_spans(const ReplayedGame& game, const RuleSet& rules)
    {
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
        return episodes;
    }

    const CycleClassifier* classifier_of_later_cycles(const CycleClassifier& classifier, const RuleSet& rules)
    {
        return rules.repetition.judged_span == JudgedSpan::FirstCycle ? &classifier : nullptr;
    }

} // namespace

GameRepetitions rule_on_repetitions(
    const ReplayedGame& game, const RuleSet& rules, const EpisodeFilter& wanted, const Instructions& instructions)
{
    GameRepetitions repetitions;
    const CycleClassifier classifier(game, rules.classification);
    const CycleClassifier* later_cycles = classifier_of_later_cycles(classifier, rules);
    for (const RepetitionEpisode& e : judged_spans(game, rules)) {
        if (!stood_often_enough(e, rules))
            continue;
        if (wanted && !wanted(e))
            repetitions.not_ruled.push_back({ e, repetitions.rulings.size() });
        else if (auto r = rule_on_episode(classifier.classify(e.cycle), e, rules, later_cycles, instructions))
            repetitions.rulings.push_back(std::move(*r));
    }
    return repetitions;
}

std::vector<Ruling> rule_on_game(
    const ReplayedGame& game, const RuleSet& rules, const EpisodeFilter& wanted, const Instructions& instructions)
{
    return rule_on_repetitions(game, rules, wanted, instructions).rulings;
}

std::vector<Outcome> outcomes_without_rule(
    const ReplayedGame& game, const RuleSet& rules, std::string_view rule, const Instructions& instructions)
{
    std::vector<Outcome> outcomes;
    const CycleClassifier classifier(game, rules.classification);
    const ReadingChoice readings(rules);
    for (const RepetitionEpisode& e : judged_spans(game, rules))
        if (stood_often_enough(e, rules)) {
            const Judging without { rules, readings, rule, &instructions };
            const CycleClassifier* later_cycles = classifier_of_later_cycles(classifier, rules);
            const CycleFacts facts = classifier.classify(e.cycle);
            outcomes.push_back(rule_on(facts, e, without, later_cycles, Detail::VerdictOnly).outcome);
        }
    return outcomes;
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
