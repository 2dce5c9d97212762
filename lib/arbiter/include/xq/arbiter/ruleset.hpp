// A rule book's repetition rules as data: rules, readings, chase rows, conducts, verdicts.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/arbiter/classifier_options.hpp"
#include "xq/arbiter/move_facts.hpp"
#include "xq/arbiter/rule_terms.hpp"
#include "xq/arbiter/threat_condition.hpp"
#include "xq/board/types.hpp"

namespace xq {

// A rule book's repetition rules as data (rulesets/*.json, documented key by key in
// rulesets/README.md). The data selects and orders; the meaning of each condition is code.

// The texts of a row in languages other than English, which the row's own keys hold: by
// language code, then by the key they translate ("zh" -> "title" -> "长将").
using Translations = std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>>;

// The row's text `key` in `language`, or `english` (the row's own text) without a translation.
const std::string& translated(
    const Translations& translations, std::string_view language, std::string_view key, const std::string& english);

// A rule of the book, quoted by id in every ruling.
struct RuleText {
    std::string id; // "AXF-19"
    RuleKind kind = RuleKind::Rule;
    std::string number; // "19", "B2", "appendix 1"
    std::string title;
    std::string text;
    std::vector<int> diagrams;
    Translations translations; // of number, title, text
};

// A contested reading of the rules: rows marked with it apply only when it is on, rows
// marked with its negation only when it is off.
struct Reading {
    std::string name;
    bool enabled = false;
    std::string description;
    Translations translations; // of description
};

// Rows may be limited to a reading being on (`reading`) or off (`unless_reading`).
struct ReadingGuard {
    std::string reading;
    std::string unless_reading;
};

// Whether a threat counts as a chase; the first row whose conditions hold decides.
struct ChaseRule {
    std::string rule;
    ThreatCondition condition;
    bool counts = true;
    int grade = 1; // how grave a chase it is, for conducts with min_grade
    // Names the ruleset gives the kinds of chase, for conducts to look for.
    std::vector<std::string> tags;
    std::string description;
    ReadingGuard guard;
    Translations translations; // of description
};

struct ConductCondition {
    std::vector<MoveClass> every_move; // each move of the side is one of these
    std::vector<MoveClass> any_move; // some move of the side is one of these
    std::vector<MoveClass> no_move; // no move of the side is one of these
    std::vector<MoveClass> cycle_any_move; // some move of either side is one of these
    bool same_target = false; // one enemy piece is chased on every move of the side
    // With same_target: whether the chases of that piece come from one attacker or from
    // several taking turns; unset, either.
    std::optional<bool> several_attackers;
    int min_grade = 1; // chases of a lower grade are left out
    // Only chases by these kinds of piece (chaser) on these kinds (chased) are considered.
    std::optional<std::vector<PieceType>> chaser;
    std::optional<std::vector<PieceType>> chased;
    // Some / no counted chase of the side has one of these tags (ChaseRule::tags).
    std::vector<std::string> any_chase_tagged;
    std::vector<std::string> no_chase_tagged;
};

// What a side's moves amount to over the cycle; the first conduct whose conditions hold.
struct Conduct {
    std::string id;
    std::string rule; // the rule cited, if any
    // Also cite the chase rules that made the chases (of the common target) count.
    bool cite_chase_rules = false;
    bool forbidden = false;
    ConductCondition condition;
    std::string description;
    ReadingGuard guard;
    // Among forbidden conducts, the graver one: a verdict row may let the graver violate.
    int rank = 0;
    // A violator with this conduct loses as soon as a ruling is made, without being told to
    // change first.
    bool loses_at_once = false;
    Translations translations; // of description
};

// A move the book classes otherwise than its facts do (a king's answer to a check is idle,
// whatever it threatens): the first row whose conditions hold gives the move's classes.
struct MoveRuleCondition {
    std::optional<std::vector<PieceType>> moved; // the moved piece is of one of these kinds
    std::optional<bool> evades_check; // the move answers a check (or does not)
    std::optional<bool> kill_capture_first; // MoveFacts::kill_capture_first holds (or does not)
    std::vector<MoveClass> any_class; // the move has one of these classes by its facts and chases
};
struct MoveRule {
    std::string rule;
    MoveRuleCondition condition;
    std::vector<MoveClass> classes; // what the move is instead
    std::string description;
    Translations translations; // of description
};

// The book's word for a move: the first row whose classes the move has (the heaviest of its
// effects, when the rows are ordered so).
struct MoveTerm {
    std::vector<MoveClass> classes;
    std::string term;
    std::string rule;
    Translations translations; // of term
};

// A row of the verdict table, read both ways round: `side` and `other` name conducts, or
// "forbidden", "allowed", "any"; with `graver`, the row holds only when the side's conduct
// has the higher rank. The first row that matches decides. Where both sides' conduct is
// forbidden and the row names a violator, its description is the precedence the ruling states.
struct VerdictRow {
    std::string id;
    std::string rule;
    std::string description;
    Translations translations; // of description
    std::string side;
    std::string other;
    bool graver = false;
    VerdictOutcome outcome = VerdictOutcome::Draw;
    ReadingGuard guard;
};

struct RepetitionLimits {
    // A ruling is made when the cycle's start position stands this many times.
    int ruling_at_occurrence = 2;
    // The violator has lost when its cycle brings the position back this many times.
    int violator_loses_at_occurrence = 4;
    std::string loss_rule; // the rule cited for the loss
    std::string draw_rule; // the rule cited when no side violates
    JudgedSpan judged_span = JudgedSpan::FirstCycle;
};

// The natural move limit: so many plies without a capture draw the game.
struct NaturalLimit {
    int plies = 0;
    // Each side's first this many checks count as ordinary moves; its later checks, and the
    // replies to them, do not advance the count. Unset: every move counts.
    std::optional<int> checks_counted_per_side;
    std::string rule; // the rule cited when a record passes the limit
};

// The rules behind what the board itself decides, cited in rulings and findings.
struct BoardRules {
    std::string first_mover_rule; // Red moves first
    std::string flying_general_rule; // the kings may not face each other
    std::string checkmate_rule;
    std::string stalemate_rule; // no legal move loses
};

struct RuleSet {
    std::string id;
    std::string title;
    std::string edition;
    // "en" or "zh": the language the book's texts are written in; the others are translations,
    // and translation_note says how they were made ("据英译本回译"); empty when nothing is said.
    std::string language = "en";
    std::string translation_note;
    std::string short_title; // the book as a sentence names it ("the AXF rules"); the id when empty
    Translations translations; // of title, edition, translation_note, short_title
    std::string source; // where the ruleset was loaded from
    RepetitionLimits repetition;
    BoardRules board;
    ClassifierOptions classification; // the parameters of the move facts
    std::optional<NaturalLimit> natural_limit; // absent when the rule book sets none
    std::vector<Reading> readings;
    std::vector<ChaseRule> chase_rules;
    std::vector<MoveRule> move_rules;
    std::vector<MoveTerm> move_terms;
    std::vector<Conduct> conducts;
    std::vector<VerdictRow> verdicts;
    std::vector<RuleText> rules;

    const RuleText* find_rule(std::string_view id) const;
    const Conduct* find_conduct(std::string_view id) const;
    RuleKind kind_of(std::string_view rule_id) const; // a rule the ruleset does not define counts as a detail rule
    // Puts rule ids in the order rulings cite them: detail rules, then definitions, then the
    // procedure, each kind in the order given.
    void order_by_kind(std::vector<std::string>& rule_ids) const;
};

// The readings in force for one ruling: by default the ruleset's own, and the same with one
// reading turned the other way for the ruling a contested reading would give.
class ReadingChoice {
public:
    explicit ReadingChoice(const RuleSet& rules);
    ReadingChoice flipped(std::string_view name) const;
    [[nodiscard]] bool enabled(std::string_view name) const;
    [[nodiscard]] bool applies(const ReadingGuard& guard) const;
    // Whether a judgement made with this choice has asked about the reading. One that never
    // did would go the same way with the reading turned: nothing it decided depended on it.
    [[nodiscard]] bool consulted(std::string_view name) const;

private:
    void note_consulted(std::string_view name) const;

    std::vector<std::string> enabled_;
    mutable std::vector<std::string> consulted_;
};

std::string_view to_string(RuleKind k);

} // namespace xq
