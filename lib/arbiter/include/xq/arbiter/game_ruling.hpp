// Everything the arbiter decides about one game, and how it bears on the recorded result.
#pragma once

#include <optional>
#include <vector>

#include "xq/arbiter/natural_limit.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/base/diagnostic.hpp"

namespace xq {

// Everything the arbiter decides about one game: what the board decides, a ruling per
// repetition episode, and which of them decides the game. Reports render it as it is.
struct GameRuling {
    int game = 1; // 1-based index in its file
    SourceLocation source; // file and line where the game starts
    GameStatus status = GameStatus::Ok;
    bool read_whole = true; // as RecordReplay::read_whole
    std::vector<Diagnostic> diagnostics;
    const ReplayedGame* replay = nullptr; // null when the game could not be set up
    RecordedResult recorded_result = RecordedResult::Unknown;
    std::optional<BoardJudgement> board; // when the game was set up
    std::vector<Ruling> rulings; // one per repetition episode judged, in record order
    std::optional<std::size_t> deciding; // index in rulings: deciding_ruling(rulings)
    // The repetitions that stood often enough for a ruling but were not ruled on (judge_game's
    // `wanted` passed them over), in record order.
    std::vector<NotRuled> not_ruled;
    // Where the record reaches the ruleset's natural limit, when it has one and the game
    // replayed to its end.
    std::optional<NaturalLimitReached> natural_limit;

    const Ruling* deciding_ruling() const { return deciding ? &rulings[*deciding] : nullptr; }
};

// Judges a replayed game: the board always, the repetitions only when every move replayed.
// `wanted` limits the episodes ruled on, as for rule_on_repetitions. The violators' losses count
// from the instructions to change that `replay` holds. `replay` must outlive the result.
GameRuling judge_game(int game, const SourceLocation& source, const RecordReplay& replay, const RuleSet& rules,
    const EpisodeFilter& wanted = {});

// Whether a repetition of a game of `plies` plies bears on its result: the record ends in it, or
// it lasts long enough for a side to lose by it (the ruleset's violator_loses_at_occurrence, or
// its ruling_at_occurrence where a conduct loses at once). The game moved on from the others, by
// a change or by a move nobody had to make, before anyone could lose by them: the result does
// not depend on them.
[[nodiscard]] bool bears_on_result(const RepetitionEpisode& episode, int plies, const RuleSet& rules);

// Which repetitions of a game are ruled on: those that bear on the result, or every one.
enum class RepetitionsRuled { BearingOnResult, Every };
// The filter for judge_game that rules on `which` repetitions of a game of `plies` plies;
// `rules` must outlive it.
EpisodeFilter repetitions_ruled(RepetitionsRuled which, int plies, const RuleSet& rules);

// The result a ruling gives the game: the violator loses whether it has lost already or must
// still change (a record that stops there shows it did not); without a violator, a draw.
RecordedResult result_of(Outcome outcome);

// A ruling that bears on the recorded result, and whether the record agrees with it.
struct RecordCheck {
    std::size_t ruling = 0; // index in GameRuling::rulings
    bool ends_record = false; // the record ends repeating its cycle (else a side lost by it earlier)
    bool agrees = true;
};

// The rulings the recorded result must agree with: those the record ends in or a side loses
// by, up to the first loss, which decides the game (later repetitions bear on nothing).
[[nodiscard]] std::vector<RecordCheck> check_recorded_result(const GameRuling& game);

} // namespace xq
