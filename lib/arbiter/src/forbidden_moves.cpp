#include "xq/arbiter/forbidden_moves.hpp"

#include <algorithm>

#include "xq/arbiter/repetition.hpp"
#include "xq/board/movegen.hpp"

namespace xq {

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
        Position after = game.current();
        UndoInfo undo;
        after.do_move(move, undo);
        // Only a position that stood before can open or extend a repetition: the other moves
        // need no ruling, which keeps the query fast.
        if (!std::binary_search(seen.begin(), seen.end(), after.key()))
            continue;
        ReplayedGame continued = game;
        continued.play_legal(move);
        const int last_ply = continued.ply_count();
        const std::vector<Ruling> rulings = rule_on_game(continued, rules,
            [last_ply](const RepetitionEpisode& episode) { return episode.last_repeating_ply == last_ply; });
        for (const Ruling& ruling : rulings)
            if (ruling.episode.last_repeating_ply == last_ply && ruling.violator == result.side) {
                result.moves.push_back({ move, ruling });
                break;
            }
    }
    return result;
}

} // namespace xq
