// The move classifier: the facts of a move, and of every move of a repetition cycle, cached.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "xq/arbiter/classifier_options.hpp"
#include "xq/arbiter/facts.hpp"
#include "xq/arbiter/repetition.hpp"
#include "xq/board/position.hpp"

namespace xq {

// The facts of move m in `before` (m must be legal there). `before_last`, when known, is the
// position before the other side's last move (which led to `before`).
MoveFacts classify_move(
    const Position& before, Move m, const ClassifierOptions& options = {}, const Position* before_last = nullptr);

CycleFacts classify_cycle(
    const ReplayedGame& game, const RepetitionCycle& cycle, const ClassifierOptions& options = {});

// Classifies the cycles of one game, each move from each position once. The game's other
// repetitions, and the later cycles of an episode that are judged again under every contested
// reading, bring the same moves back; classifying them is most of what a ruling costs.
class CycleClassifier {
public:
    // Both must outlive the classifier, so neither may be a temporary.
    CycleClassifier(const ReplayedGame& game, const ClassifierOptions& options);
    CycleClassifier(const ReplayedGame&, ClassifierOptions&&) = delete;
    CycleClassifier(ReplayedGame&&, const ClassifierOptions&) = delete;

    const ReplayedGame& game() const { return game_; }
    CycleFacts classify(const RepetitionCycle& cycle) const;

private:
    const MoveFacts& facts_of(const Position& before, Move m, const Position* before_last) const;

    const ReplayedGame& game_;
    const ClassifierOptions& options_;
    // By the keys of the position the move is played from and of the one before the other
    // side's last move (0 when not asked for), and the move.
    mutable std::map<std::tuple<Key, Key, std::uint16_t>, MoveFacts> known_;
};

} // namespace xq
