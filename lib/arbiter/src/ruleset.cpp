#include "xq/arbiter/ruleset.hpp"

#include <algorithm>

namespace xq {

const RuleText* RuleSet::find_rule(std::string_view rule_id) const
{
    const auto it = std::find_if(rules.begin(), rules.end(), [&](const RuleText& r) { return r.id == rule_id; });
    return it == rules.end() ? nullptr : &*it;
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
