#include "rule_phrases.hpp"

#include <cctype>
#include <vector>

namespace xq {

bool number_names_rule(const RuleText& rule)
{
    return rule.kind == RuleKind::Definition || rule.number.empty()
        || !std::isdigit(static_cast<unsigned char>(rule.number.front()));
}

std::string diagrams_line(const RuleText& rule, const MessageCatalogue& messages)
{
    std::vector<std::string> numbers;
    for (const int n : rule.diagrams)
        numbers.push_back(std::to_string(n));
    if (numbers.size() == 1)
        return messages.format("rule.diagram", { { "diagram", numbers.front() } });
    if (!numbers.empty())
        return messages.format("rule.diagrams", { { "diagrams", messages.join(numbers) } });
    return {};
}

} // namespace xq
