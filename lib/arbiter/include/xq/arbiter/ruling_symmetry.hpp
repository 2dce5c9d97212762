// A game's twins (its mirror image, its colour swap) and where their rulings differ from its own.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "xq/arbiter/game_ruling.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/arbiter/replay.hpp"
#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/board/symmetry.hpp"

namespace xq {

// The rules know neither left from right nor red from black: a game's mirror image must be
// ruled as the game is, and its colour swap too with the sides swapped. These are the game's
// twins and the comparison of their rulings, which the tests make over every rule-book case and
// every repetition of the corpus.

// The game played from the transformed start by the transformed moves. Nothing when a move is
// not legal there, which the board's symmetry rules out.
[[nodiscard]] std::optional<ReplayedGame> transformed(const ReplayedGame& game, Symmetry symmetry);
// A replayed record's twin: its game, recorded result and instructions transformed, the rest
// kept. Nothing when the replay has no game, or its twin is not legal.
[[nodiscard]] std::optional<RecordReplay> transformed(const RecordReplay& replay, Symmetry symmetry);
Outcome transformed(Outcome outcome, Symmetry symmetry);
RecordedResult transformed(RecordedResult result, Symmetry symmetry);

// One way in which a twin's rulings are not the game's. The values are the rulings' own data
// (enum names, rule ids, row indexes, plies; field=value where there are several fields), the
// game's put in the twin's terms (for a colour swap, an outcome or a violator names the other
// side), so that they are equal where the two agree.
struct RulingDifference {
    // What differs: "status", "not_ruled", "natural_limit", "ruling_count", "deciding",
    // "deciding_outcome", "plies", "outcome", "violator", "verdict_row", "rules", "occurrences",
    // "move_count", "move_classes", "move_term", and per side (the game's side, its twin's
    // counterpart) "red_conduct", "red_forbidden", "red_rules", "red_chases" and the same for black.
    std::string aspect;
    std::optional<std::size_t> ruling; // index in the rulings; none for the game as a whole
    int ply = 0; // the move's, for a move's classes or term
    std::string game; // the game's value
    std::string twin; // the twin's
};

// Where the twin's rulings differ from the game's: the deciding outcome, and for each ruling in
// record order its plies, outcome, violator, verdict, rules cited (as a set: the order of the
// chases they come from is board order, which the twin may turn round), occurrences, each
// move's classes and term, and each side's conduct, rules and chases by ply and row. Empty
// when the twin is ruled alike.
std::vector<RulingDifference> ruling_differences(
    const std::vector<Ruling>& game, const std::vector<Ruling>& twin, Symmetry symmetry);
// The same for whole games, with what the judge decides beside the rulings: the replay's
// status, the repetitions passed over and the natural limit.
std::vector<RulingDifference> ruling_differences(const GameRuling& game, const GameRuling& twin, Symmetry symmetry);

} // namespace xq
