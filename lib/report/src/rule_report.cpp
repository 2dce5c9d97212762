// Writing `xqarb rules show`: a rule's text and each place the ruleset applies it.
#include "xq/report/rule_report.hpp"

#include <string>
#include <vector>

#include "rule_phrases.hpp"

namespace xq {

namespace {

    // Where the interpreter applies `rule`, one line each.
    std::vector<std::string> uses_of(const RuleSet& rules, const RuleText& rule, const MessageCatalogue& m)
    {
        std::vector<std::string> uses;
        for (const ChaseRule& c : rules.chase_rules)
            if (c.rule == rule.id)
                uses.push_back(m.format(c.counts ? "rule_show.counts_as_chase" : "rule_show.no_chase",
                    { { "description", m.localised(c.translations, "description", c.description) } }));
        for (const Conduct& c : rules.conducts)
            if (c.rule == rule.id)
                uses.push_back(m.format(c.forbidden ? "rule_show.conduct_forbidden" : "rule_show.conduct_allowed",
                    { { "id", c.id }, { "description", m.localised(c.translations, "description", c.description) } }));
        for (const VerdictRow& v : rules.verdicts)
            if (v.rule == rule.id)
                uses.push_back(m.format(
                    v.outcome == VerdictOutcome::Draw ? "rule_show.verdict_draw" : "rule_show.verdict_first_violates",
                    { { "side", v.side }, { "other", v.other } }));
        if (rules.repetition.loss_rule == rule.id)
            uses.push_back(m.format("rule_show.violator_loses",
                { { "count", std::to_string(rules.repetition.violator_loses_at_occurrence) } }));
        if (rules.repetition.draw_rule == rule.id)
            uses.push_back(m.format("rule_show.draw"));
        if (const auto& limit = rules.natural_limit; limit && limit->rule == rule.id)
            uses.push_back(limit->checks_counted_per_side
                    ? m.format("rule_show.natural_limit_with_checks",
                        { { "plies", std::to_string(limit->plies) },
                            { "checks", std::to_string(*limit->checks_counted_per_side) } })
                    : m.format("rule_show.natural_limit", { { "plies", std::to_string(limit->plies) } }));
        for (const auto& [key, id] : { std::pair { "rule_show.board_checkmate", &rules.board.checkmate_rule },
                 { "rule_show.board_stalemate", &rules.board.stalemate_rule },
                 { "rule_show.board_flying_general", &rules.board.flying_general_rule },
                 { "rule_show.board_first_move", &rules.board.first_mover_rule } })
            if (*id == rule.id)
                uses.push_back(m.format(key));
        return uses;
    }

} // namespace

void write_rule_text(std::ostream& out, const RuleSet& rules, const RuleText& rule, const MessageCatalogue& m)
{
    const std::string book_number = m.localised(rule.translations, "number", rule.number);
    out << m.format("rule_show.heading",
        { { "id", rule.id },
            { "number",
                number_names_rule(rule) ? book_number : m.format("rule_show.numbered", { { "number", book_number } }) },
            { "title", m.localised(rule.translations, "title", rule.title) } })
        << "\n\n"
        << m.localised(rule.translations, "text", rule.text) << "\n";
    if (const std::string note = m.translation_note(rules); !note.empty())
        out << m.format("rule_show.translated", { { "note", note } }) << '\n';
    if (const std::string diagrams = diagrams_line(rule, m); !diagrams.empty())
        out << '\n' << diagrams << '\n';
    const std::vector<std::string> uses = uses_of(rules, rule, m);
    if (!uses.empty()) {
        out << '\n' << m.format("rule_show.applied_as") << '\n';
        for (const std::string& u : uses)
            out << "  - " << u << '\n';
    }
}

} // namespace xq
