// Looking up a ruleset's rules and conducts, and which contested readings are on.
#include "xq/arbiter/ruleset.hpp"

#include "xq/arbiter/enum_names.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

namespace xq {

const RuleText* RuleSet::find_rule(std::string_view rule_id) const
{
    const auto it = std::find_if(rules.begin(), rules.end(), [&](const RuleText& r) { return r.id == rule_id; });
    return it == rules.end() ? nullptr : &*it;
}

const Conduct* RuleSet::find_conduct(std::string_view conduct_id) const
{
    const auto it
        = std::find_if(conducts.begin(), conducts.end(), [&](const Conduct& c) { return c.id == conduct_id; });
    return it == conducts.end() ? nullptr : &*it;
}

const std::string& translated(
    const Translations& translations, std::string_view language, std::string_view key, const std::string& english)
{
    const auto in_language = translations.find(language);
    if (in_language == translations.end())
        return english;
    const auto text = in_language->second.find(key);
    return text == in_language->second.end() ? english : text->second;
}

RuleKind RuleSet::kind_of(std::string_view rule_id) const
{
    const RuleText* rule = find_rule(rule_id);
    return rule ? rule->kind : RuleKind::Rule;
}

void RuleSet::order_by_kind(std::vector<std::string>& rule_ids) const
{
    // Each id's kind is looked up once, a search of the rule texts; most lists are in order.
    std::vector<RuleKind> kinds;
    kinds.reserve(rule_ids.size());
    for (const std::string& rule_id : rule_ids)
        kinds.push_back(kind_of(rule_id));
    if (std::is_sorted(kinds.begin(), kinds.end()))
        return;
    std::vector<std::size_t> order(rule_ids.size());
    std::iota(order.begin(), order.end(), std::size_t { 0 });
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return kinds[a] < kinds[b]; });
    std::vector<std::string> ordered;
    ordered.reserve(rule_ids.size());
    for (const std::size_t i : order)
        ordered.push_back(std::move(rule_ids[i]));
    rule_ids = std::move(ordered);
}

ReadingChoice::ReadingChoice(const RuleSet& rules)
{
    for (const Reading& r : rules.readings)
        if (r.enabled)
            enabled_.push_back(r.name);
}

ReadingChoice ReadingChoice::flipped(std::string_view name) const
{
    ReadingChoice other = *this;
    other.consulted_.clear();
    if (enabled(name))
        std::erase(other.enabled_, name);
    else
        other.enabled_.emplace_back(name);
    return other;
}

bool ReadingChoice::enabled(std::string_view name) const
{
    return std::find(enabled_.begin(), enabled_.end(), name) != enabled_.end();
}

bool ReadingChoice::applies(const ReadingGuard& guard) const
{
    if (!guard.reading.empty()) {
        note_consulted(guard.reading);
        if (!enabled(guard.reading))
            return false;
    }
    if (!guard.unless_reading.empty()) {
        note_consulted(guard.unless_reading);
        if (enabled(guard.unless_reading))
            return false;
    }
    return true;
}

bool ReadingChoice::consulted(std::string_view name) const
{
    return std::find(consulted_.begin(), consulted_.end(), name) != consulted_.end();
}

void ReadingChoice::note_consulted(std::string_view name) const
{
    if (!consulted(name))
        consulted_.emplace_back(name);
}

std::string_view to_string(RuleKind k) { return name_of(rule_kind_names, k); }

} // namespace xq
