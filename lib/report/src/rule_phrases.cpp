// How a rule is named and illustrated, and a violator's conduct, in the catalogue's words.
#include "rule_phrases.hpp"

#include <cctype>
#include <vector>

namespace xq {

bool number_names_rule(const RuleText& rule)
{
    return rule.kind == RuleKind::Definition || rule.number.empty()
        || !std::isdigit(static_cast<unsigned char>(rule.number.front()));
}

std::string violator_conduct_text(const Ruling& ruling, const RuleSet& rules, const MessageCatalogue& messages)
{
    const SideRuling& side = ruling.side(*ruling.violator);
    if (!side.conduct_row)
        return side.conduct;
    const Conduct& conduct = rules.conducts[*side.conduct_row];
    return messages.localised(conduct.translations, "description", conduct.description);
}

std::string diagrams_line(const RuleText& rule, const MessageCatalogue& messages)
{
    const std::vector<int>& d = rule.diagrams;
    if (d.size() == 1)
        return messages.format("rule.diagram", { { "diagram", std::to_string(d.front()) } });
    // Three or more diagrams in a row are one range: "32-38", 图32至图38.
    std::vector<std::string> items;
    for (std::size_t first = 0; first < d.size();) {
        std::size_t last = first;
        while (last + 1 < d.size() && d[last + 1] == d[last] + 1)
            ++last;
        if (last - first >= 2) {
            items.push_back(messages.format(
                "rule.diagram_range", { { "first", std::to_string(d[first]) }, { "last", std::to_string(d[last]) } }));
        } else {
            for (std::size_t i = first; i <= last; ++i)
                items.push_back(messages.format("rule.diagram_number", { { "number", std::to_string(d[i]) } }));
        }
        first = last + 1;
    }
    if (!items.empty())
        return messages.format("rule.diagrams", { { "diagrams", messages.join(items) } });
    return {};
}

} // namespace xq
