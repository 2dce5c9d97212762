#pragma once

#include <optional>
#include <vector>

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
    std::vector<Diagnostic> diagnostics;
    const ReplayedGame* replay = nullptr; // null when the game could not be set up
    RecordedResult recorded_result = RecordedResult::Unknown;
    std::optional<BoardJudgement> board; // when the game was set up
    std::vector<Ruling> rulings; // one per repetition episode judged, in record order
    std::optional<std::size_t> deciding; // index in rulings: deciding_ruling(rulings)

    const Ruling* deciding_ruling() const { return deciding ? &rulings[*deciding] : nullptr; }
};

// Judges a replayed game: the board always, the repetitions only when every move replayed.
// `wanted` limits the episodes ruled on, as for rule_on_game. `replay` must outlive the result.
GameRuling judge_game(int game, const SourceLocation& source, const RecordReplay& replay, const RuleSet& rules,
    const EpisodeFilter& wanted = {});

} // namespace xq
