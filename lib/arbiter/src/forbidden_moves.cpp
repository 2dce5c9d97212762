// Trying each legal move at a game's end and ruling on the repetition it would make.
#include "xq/arbiter/forbidden_moves.hpp"

#include <algorithm>

#include "xq/arbiter/repetition.hpp"
#include "xq/board/movegen.hpp"

namespace xq {

namespace {

    // The ruling on the repetition that `move`, played at the end of `game`, ends there: the
    // episode a game ending after it would be ruled on for. Nothing when none is ruled on.
    std::optional<Ruling> ruling_ending_with(const ReplayedGame& game, Move move, const RuleSet& rules)
    {
        ReplayedGame continued = game;
        continued.play_legal(move);
        const int last_ply = continued.ply_count();
        const std::vector<Ruling> rulings = rule_on_game(continued, rules,
            [last_ply](const RepetitionEpisode& episode) { return episode.last_repeating_ply == last_ply; });
        for (const Ruling& ruling : rulings)
            if (ruling.episode.last_repeating_ply == last_ply)
                return ruling;
        return std::nullopt;
    }

    Key key_after(const Position& position, Move move)
    {
        Position after = position;
        UndoInfo undo;
        after.do_move(move, undo);
        return after.key();
    }

} // namespace

ForbiddenMoves forbidden_moves(const ReplayedGame& game, const RuleSet& rules)
{
    ForbiddenMoves result;
    result.side = game.current().side_to_move();
    std::vector<Key> seen;
    for (int position = 0; position <= game.ply_count(); ++position)
        seen.push_back(game.key_at(position));
    std::sort(seen.begin(), seen.end());

    const MoveList legal = legal_moves(game.current());
    result.legal_moves = legal.size();
    for (const Move move : legal) {
        // Only a position that stood before can open or extend a repetition: the other moves
        // need no ruling, which keeps the query fast.
        if (!std::binary_search(seen.begin(), seen.end(), key_after(game.current(), move)))
            continue;
        if (auto ruling = ruling_ending_with(game, move, rules); ruling && ruling->violator == result.side)
            result.moves.push_back({ move, std::move(*ruling) });
    }
    return result;
}

TriedMove try_move(const ReplayedGame& game, Move move, const RuleSet& rules)
{
    TriedMove tried;
    tried.move = move;
    const Key after = key_after(game.current(), move);
    for (int position = game.ply_count(); position >= 0 && tried.repeats_ply < 0; --position)
        if (game.key_at(position) == after)
            tried.repeats_ply = position;
    if (tried.repeats_ply >= 0)
        tried.ruling = ruling_ending_with(game, move, rules);
    tried.forbidden = tried.ruling && tried.ruling->violator == game.current().side_to_move();
    if (!tried.forbidden) {
        ReplayedGame continued = game;
        continued.play_legal(move);
        tried.replies = forbidden_moves(continued, rules);
    }
    return tried;
}

} // namespace xq
