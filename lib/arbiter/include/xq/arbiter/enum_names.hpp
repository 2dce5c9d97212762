// The names of the arbiter's enums, one table each, read both ways.
#pragma once

#include <optional>
#include <string_view>

#include "xq/arbiter/facts.hpp"
#include "xq/arbiter/rule_terms.hpp"

namespace xq {

// One name table per enum of the arbiter: the names the rulesets, the JSON and the message
// catalogues' keys use. to_string and the ruleset loader both read them.
template <typename E> struct EnumName {
    std::string_view name;
    E value;
};

inline constexpr EnumName<MoveClass> move_class_names[] = { { "check", MoveClass::Check }, { "kill", MoveClass::Kill },
    { "check_then_capture", MoveClass::CheckThenCapture }, { "chase", MoveClass::Chase },
    { "exchange", MoveClass::Exchange }, { "offer", MoveClass::Offer }, { "block", MoveClass::Block },
    { "idle", MoveClass::Idle } };
inline constexpr EnumName<ThreatOrigin> origin_names[] = { { "direct", ThreatOrigin::Direct },
    { "discovered", ThreatOrigin::Discovered }, { "screen_placed", ThreatOrigin::ScreenPlaced },
    { "protection_removed", ThreatOrigin::ProtectionRemoved },
    { "hidden_protection_removed", ThreatOrigin::HiddenProtectionRemoved },
    { "capture_made_legal", ThreatOrigin::CaptureMadeLegal }, { "capture_made_safe", ThreatOrigin::CaptureMadeSafe },
    { "participant_saved", ThreatOrigin::ParticipantSaved }, { "through_checks", ThreatOrigin::ThroughChecks },
    { "standing", ThreatOrigin::Standing } };
inline constexpr EnumName<Protection> protection_names[]
    = { { "none", Protection::None }, { "real", Protection::Real }, { "fake", Protection::Fake } };
inline constexpr EnumName<Gain> gain_names[]
    = { { "positive", Gain::Positive }, { "zero", Gain::Zero }, { "negative", Gain::Negative } };
inline constexpr EnumName<Restriction> restriction_names[]
    = { { "none", Restriction::None }, { "immobilised", Restriction::Immobilised },
          { "confined_to_line", Restriction::ConfinedToLine }, { "pinned", Restriction::Pinned } };
inline constexpr EnumName<RuleKind> rule_kind_names[]
    = { { "rule", RuleKind::Rule }, { "definition", RuleKind::Definition }, { "procedure", RuleKind::Procedure } };
inline constexpr EnumName<JudgedSpan> span_names[] = { { "first_cycle", JudgedSpan::FirstCycle },
    { "whole_record", JudgedSpan::WholeRecord }, { "last_occurrences", JudgedSpan::LastOccurrences } };
inline constexpr EnumName<VerdictOutcome> verdict_outcome_names[]
    = { { "side_violates", VerdictOutcome::SideViolates }, { "draw", VerdictOutcome::Draw } };

template <typename E, std::size_t N> constexpr std::string_view name_of(const EnumName<E> (&table)[N], E value)
{
    for (const EnumName<E>& entry : table)
        if (entry.value == value)
            return entry.name;
    return table[0].name;
}

template <typename E, std::size_t N>
[[nodiscard]] constexpr std::optional<E> value_of(const EnumName<E> (&table)[N], std::string_view name)
{
    for (const EnumName<E>& entry : table)
        if (entry.name == name)
            return entry.value;
    return std::nullopt;
}

} // namespace xq
