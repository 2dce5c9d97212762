// Judging one game: the board, the repetitions that bear on the result, the record checked.
#include "xq/arbiter/game_ruling.hpp"

#include <algorithm>
#include <utility>

namespace xq {

GameRuling judge_game(int game, const SourceLocation& source, const RecordReplay& replay, const RuleSet& rules,
    const EpisodeFilter& wanted)
{
    GameRuling ruling;
    ruling.game = game;
    ruling.source = source;
    ruling.status = replay.status;
    ruling.read_whole = replay.read_whole;
    ruling.diagnostics = replay.diagnostics.items();
    ruling.replay = replay.game ? &*replay.game : nullptr;
    ruling.recorded_result = replay.recorded_result;
    if (replay.game)
        ruling.board = judge_board(*replay.game, rules);
    if (replay.status == GameStatus::Ok) {
        GameRepetitions repetitions = rule_on_repetitions(*replay.game, rules, wanted, replay.instructions);
        ruling.rulings = std::move(repetitions.rulings);
        ruling.not_ruled = std::move(repetitions.not_ruled);
        if (rules.natural_limit)
            ruling.natural_limit = natural_limit_reached(*replay.game, *rules.natural_limit);
    }
    ruling.deciding = deciding_ruling(ruling.rulings);
    return ruling;
}

bool bears_on_result(const RepetitionEpisode& episode, int plies, const RuleSet& rules)
{
    const bool some_conduct_loses_at_once
        = std::any_of(rules.conducts.begin(), rules.conducts.end(), [](const Conduct& c) { return c.loses_at_once; });
    const int first_loss = some_conduct_loses_at_once
        ? std::min(rules.repetition.ruling_at_occurrence, rules.repetition.violator_loses_at_occurrence)
        : rules.repetition.violator_loses_at_occurrence;
    return episode.last_repeating_ply == plies || episode.occurrences >= first_loss;
}

EpisodeFilter repetitions_ruled(RepetitionsRuled which, int plies, const RuleSet& rules)
{
    if (which == RepetitionsRuled::Every)
        return {};
    return [plies, &rules](const RepetitionEpisode& episode) { return bears_on_result(episode, plies, rules); };
}

RecordedResult result_of(Outcome outcome)
{
    switch (outcome) {
    case Outcome::RedLoses:
    case Outcome::RedMustChange:
        return RecordedResult::BlackWins;
    case Outcome::BlackLoses:
    case Outcome::BlackMustChange:
        return RecordedResult::RedWins;
    case Outcome::Draw:
        break;
    }
    return RecordedResult::Draw;
}

std::vector<RecordCheck> check_recorded_result(const GameRuling& game)
{
    std::vector<RecordCheck> checks;
    if (!game.replay)
        return checks;
    const int plies = game.replay->ply_count();
    for (std::size_t i = 0; i < game.rulings.size(); ++i) {
        const Ruling& r = game.rulings[i];
        const bool ends_record = r.episode.last_repeating_ply == plies;
        if (ends_record || r.loses())
            checks.push_back({ i, ends_record, game.recorded_result == result_of(r.outcome) });
        if (r.loses())
            break;
    }
    return checks;
}

} // namespace xq
