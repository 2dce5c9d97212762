// The vocabulary of a ruleset's rows that the name tables share (enum_names.hpp). Types only.
#pragma once

namespace xq {

// What part of the book a rule belongs to: rulings cite the detail rules first, then the
// definitions (general principles) they rest on, then the procedure (change or lose, draw).
enum class RuleKind { Rule, Definition, Procedure };

// What a verdict row gives: the side it names violates, or a draw.
enum class VerdictOutcome { SideViolates, Draw };

// Which moves a ruling is made on.
enum class JudgedSpan {
    FirstCycle, // each episode's cycle, from the first recurrence of a position
    WholeRecord, // one ruling on everything from the first occurrence of the first recurring
                 // position to the end (the whole record if nothing recurs): rule-book lines
    LastOccurrences, // a ruling when a position stands ruling_at_occurrence times, on the plies
                     // since the first of those stands (the cycles between them may differ)
};

} // namespace xq
