// The conditions of conducts, move rules and verdict rows, as tables of keys the loader reads.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "xq/arbiter/ruleset.hpp"

namespace xq {

// The conditions of conducts, move rules and verdict rows are tables of keys, like the chase
// rows' (threat_condition.hpp): the loader reads each key by its kind and stores it with the
// key's `set`, the interpreter tests it with the key's `holds`, and a test holds
// rulesets/README.md's condition tables to these tables. Adding a condition is one row of a
// table (its field and its test) and one row of the README.

// What the interpreter tests each table's keys against (defined beside the interpreter).
struct ConductContext;
struct MoveRuleContext;
struct VerdictContext;

// What a key takes in a ruleset.
enum class RowConditionKind {
    Boolean,
    Grade, // an integer 1-9
    MoveClasses,
    Pieces,
    Tags, // names that chase rows give (ChaseRule::tags)
    ConductName, // a conduct's id, or "forbidden", "allowed" or "any"
};

// A key's value as the loader read it, of the type its kind gives.
using RowConditionValue
    = std::variant<bool, int, std::string, std::vector<MoveClass>, std::vector<PieceType>, std::vector<std::string>>;

template <typename Row, typename Context> struct RowConditionKey {
    std::string_view name;
    RowConditionKind kind;
    void (*set)(Row& row, RowConditionValue&& value); // stores what the loader read
    // Whether the row's condition under this key holds; nullptr for a key that holds by
    // narrowing what the others look at (a conduct's min_grade, chaser and chased).
    bool (*holds)(const Row& row, const Context& context) = nullptr;
};

using ConductConditionKey = RowConditionKey<ConductCondition, ConductContext>;
using MoveRuleConditionKey = RowConditionKey<MoveRuleCondition, MoveRuleContext>;
using VerdictConditionKey = RowConditionKey<VerdictRow, VerdictContext>;

// The keys of a conduct's `if`, of a move rule's `if` and the conditions of a verdict row, each
// in the order the loader reads them.
[[nodiscard]] std::span<const ConductConditionKey> conduct_condition_keys();
[[nodiscard]] std::span<const MoveRuleConditionKey> move_rule_condition_keys();
[[nodiscard]] std::span<const VerdictConditionKey> verdict_condition_keys();

} // namespace xq
