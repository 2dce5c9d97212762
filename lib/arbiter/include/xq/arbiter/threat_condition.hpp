// The conditions a chase row puts on a threat: one table of keys, read, tested and documented.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "xq/arbiter/classifier_options.hpp"
#include "xq/arbiter/move_facts.hpp"

namespace xq {

// The conditions a chase row puts on a threat are one table of keys (threat_condition_keys):
// the loader reads each key by its kind, the interpreter tests it by its fact, the written
// ruling asks which weigh material, and a test holds rulesets/README.md to the table. Adding a
// condition on a fact the threats already carry is one row of the table and one of the README.

// The sign of what a capture or an exchange wins: `worth`, in piece worths.
Gain gain_of(int worth);

// Values of one fact as a set: bit i for the value numbered i (false 0, true 1; an enum's
// values in their order), so that a test is a mask, whatever the fact.
using ValueSet = std::uint32_t;

inline constexpr ValueSet every_value = ~ValueSet { 0 };

template <typename T> constexpr ValueSet value_bit(T value) { return ValueSet { 1 } << static_cast<unsigned>(value); }

// What the facts of a condition are read from: the threat, the piece the mover moved, and
// whether the rows count some attack on the target that stood before the move (the one fact
// the interpreter works out, by judging those attacks with the same rows).
struct ThreatContext {
    const Threat& threat;
    PieceType moved;
    bool chased_before;
};

// What a key takes in a ruleset: true or false, or a list of names of one kind.
enum class ConditionKind { Boolean, Pieces, Origins, Protections, Restrictions, Gains };

// How the values a fact has meet those a row names.
enum class Match {
    Any, // some value of the fact is named (for a fact of one value: that value is)
    Every, // the fact has values, and each is named (every piece restricting another)
};

// A classification option without which a fact is never computed: a row that asks for the
// fact regardless is a loader error.
struct ClassificationNeed {
    bool (*given)(const ClassifierOptions&);
    std::string_view unmet; // the error's text
};

// A key of a chase row's `if`: what it takes, and the fact of a threat it is tested against.
struct ThreatConditionKey {
    std::string_view name;
    ConditionKind kind;
    ValueSet (*fact)(const ThreatContext&);
    Match match = Match::Any;
    const ClassificationNeed* needs = nullptr;
    // What a capture wins is worth saying in a written ruling where the row that decided
    // weighed it.
    bool weighs_material = false;
    // What a row that does not name the key accepts; every value asks nothing.
    ValueSet when_absent = every_value;
};

// Every key of a chase row's `if`, in the order the loader lists them.
std::span<const ThreatConditionKey> threat_condition_keys();
// The options some key needs, in the order the loader reports them unmet.
std::span<const ClassificationNeed* const> classification_needs();

// One key a row names, and the values of its fact the row accepts.
struct ThreatTest {
    const ThreatConditionKey* key;
    ValueSet accepted;

    [[nodiscard]] bool holds(const ThreatContext& x) const
    {
        const ValueSet found = key->fact(x);
        return key->match == Match::Any ? (found & accepted) != 0 : found != 0 && (found & ~accepted) == 0;
    }
};

// Conditions on one capture threat; each test must hold.
struct ThreatCondition {
    // A row that names no key still asks what the keys ask when absent (the threat is new):
    // those tests come first, and a key the row names replaces its own.
    ThreatCondition();
    void name(const ThreatConditionKey& key, ValueSet accepted);

    [[nodiscard]] bool holds(const ThreatContext& x) const
    {
        for (const ThreatTest& test : tests)
            if (!test.holds(x))
                return false;
        return true;
    }
    [[nodiscard]] bool weighs_material() const;

    std::vector<ThreatTest> tests;
};

} // namespace xq
