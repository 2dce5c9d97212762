#include "xq/arbiter/game_ruling.hpp"

namespace xq {

GameRuling judge_game(int game, const SourceLocation& source, const RecordReplay& replay, const RuleSet& rules,
    const EpisodeFilter& wanted)
{
    GameRuling ruling;
    ruling.game = game;
    ruling.source = source;
    ruling.status = replay.status;
    ruling.diagnostics = replay.diagnostics.items();
    ruling.replay = replay.game ? &*replay.game : nullptr;
    ruling.recorded_result = replay.recorded_result;
    if (replay.game)
        ruling.board = judge_board(*replay.game, rules);
    if (replay.status == GameStatus::Ok)
        ruling.rulings = rule_on_game(*replay.game, rules, wanted);
    ruling.deciding = deciding_ruling(ruling.rulings);
    return ruling;
}

} // namespace xq
