#include "xq/arbiter/ruleset.hpp"

#include <algorithm>

namespace xq {

const RuleText* RuleSet::find_rule(std::string_view rule_id) const
{
    const auto it = std::find_if(rules.begin(), rules.end(), [&](const RuleText& r) { return r.id == rule_id; });
    return it == rules.end() ? nullptr : &*it;
}

const Conduct* RuleSet::find_conduct(std::string_view conduct_id) const
{
    const auto it = std::find_if(conducts.begin(), conducts.end(), [&](const Conduct& c) { return c.id == conduct_id; });
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

bool RuleSet::reading_enabled(std::string_view name) const
{
    const auto it = std::find_if(readings.begin(), readings.end(), [&](const Reading& r) { return r.name == name; });
    return it != readings.end() && it->enabled;
}

bool RuleSet::applies(const ReadingGuard& guard) const
{
    if (!guard.reading.empty() && !reading_enabled(guard.reading))
        return false;
    if (!guard.unless_reading.empty() && reading_enabled(guard.unless_reading))
        return false;
    return true;
}

std::string_view to_string(Protection p)
{
    switch (p) {
    case Protection::None:
        return "none";
    case Protection::Real:
        return "real";
    case Protection::Fake:
        return "fake";
    }
    return "none";
}

std::string_view to_string(MoveKind k)
{
    switch (k) {
    case MoveKind::Check:
        return "check";
    case MoveKind::Kill:
        return "kill";
    case MoveKind::CheckThenCapture:
        return "check_then_capture";
    case MoveKind::Chase:
        return "chase";
    case MoveKind::Exchange:
        return "exchange";
    case MoveKind::Offer:
        return "offer";
    case MoveKind::Block:
        return "block";
    case MoveKind::Idle:
        return "idle";
    }
    return "idle";
}

} // namespace xq
