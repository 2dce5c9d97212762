#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "xq/arbiter/record_replay.hpp"
#include "xq/arbiter/replay.hpp"
#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/base/diagnostic.hpp"

namespace xq {

// One game as adjudicate reports it.
struct GameRuling {
    int game = 1; // 1-based index in its file
    SourceLocation source; // file and line where the game starts
    GameStatus status = GameStatus::Ok;
    std::vector<Diagnostic> diagnostics;
    const ReplayedGame* replay = nullptr; // null when the game could not be set up
    RecordedResult recorded_result = RecordedResult::Unknown;
    std::vector<Ruling> rulings; // one per repetition episode, in record order
};

// One JSON object on one line (field names are part of the interface; see README).
void write_ruling_json(std::ostream& out, const GameRuling& game, const RuleSet& rules);

} // namespace xq
