// Playing a live game: a table of positions that stood, and a ruling when one comes back.
#include "xq/arbiter/live_game.hpp"

#include <algorithm>

namespace xq {

LiveGame::LiveGame(const Position& start, const RuleSet& rules)
    : rules_(rules)
    , game_(start)
{
    stands_[start.key()].push_back(0);
}

MoveUpdate LiveGame::play(Move move)
{
    MoveUpdate update;
    update.mover = game_.current().side_to_move();
    update.move = move;
    game_.play_legal(move);
    update.ply = game_.ply_count();
    std::vector<int>& stood = stands_[game_.current().key()];
    if (!stood.empty())
        update.recurrence = Recurrence { static_cast<int>(stood.size()) + 1, stood.back() };
    stood.push_back(update.ply);

    if (update.recurrence) {
        // Only the repetition that ends with this move is classified and ruled on.
        const int ply = update.ply;
        std::vector<Ruling> rulings = rule_on_game(
            game_, rules_, [ply](const RepetitionEpisode& e) { return e.last_repeating_ply == ply; }, instructions_);
        const auto current = std::find_if(
            rulings.begin(), rulings.end(), [ply](const Ruling& r) { return r.episode.last_repeating_ply == ply; });
        if (current != rulings.end() && current->occurrences.ruling_ply >= 0) {
            if (current->occurrences.loss_ply == ply)
                update.event = LiveEvent::Loss;
            else if (current->occurrences.ruling_ply == ply)
                update.event = LiveEvent::RulingDue;
            if (update.event != LiveEvent::None)
                last_violator_ = current->violator;
            update.ruling = std::move(*current);
        }
    }
    // The count cannot reach the limit before as many plies have been played.
    if (rules_.natural_limit && update.ply >= rules_.natural_limit->plies)
        if (auto reached = natural_limit_reached(game_, *rules_.natural_limit); reached && reached->ply == update.ply) {
            update.event = LiveEvent::NaturalLimit;
            update.natural_limit = std::move(reached);
        }
    if (const std::optional<Color> loser = game_.loser_on_board()) {
        update.event = LiveEvent::BoardEnd;
        update.board_loser = loser;
        update.checkmate = game_.end() == BoardEnd::Checkmate;
    }
    return update;
}

bool LiveGame::undo()
{
    if (game_.ply_count() == 0)
        return false;
    const int last = game_.ply_count();
    ReplayedGame shorter(game_.start());
    shorter.reserve(static_cast<std::size_t>(last));
    for (int p = 1; p < last; ++p)
        shorter.play_legal(game_.ply(p).move);
    std::vector<int>& stood = stands_[game_.current().key()];
    stood.pop_back();
    if (stood.empty())
        stands_.erase(game_.current().key());
    game_ = std::move(shorter);
    std::erase_if(instructions_, [&](const Instruction& i) { return i.ply >= last; });
    return true;
}

void LiveGame::instruct(Color side) { instructions_.push_back({ side, game_.ply_count() }); }

} // namespace xq
