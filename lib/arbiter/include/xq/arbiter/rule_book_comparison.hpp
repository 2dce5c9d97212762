// One game judged under several rule books side by side, and where their rulings part.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xq/arbiter/game_ruling.hpp"

namespace xq {

// One game judged under several rulesets side by side (`adjudicate --ruleset axf,cxa`): each
// book's own ruling on the game, exactly as judge_game gives it under that book alone, and
// where the books part. An arbiter at an event with players from different federations is
// asked this: would the other book have ruled otherwise, and why.

// One book's ruling on the game.
struct BookRuling {
    const RuleSet* rules = nullptr;
    GameRuling game;

    const Ruling* deciding() const { return game.deciding_ruling(); }
    // The outcome of the ruling that decides the game; none when the book has no ruling to make.
    [[nodiscard]] std::optional<Outcome> outcome() const;
    // The rule that decides first (the deciding ruling's first citation); empty without a ruling.
    std::string first_rule() const;
    // The sides whose conduct decides the outcome, red first: the violator alone when the other
    // side's conduct is allowed; both when both are forbidden (the precedence decides) or when
    // neither is (a draw because no side violates). None without a ruling.
    std::vector<Color> deciding_sides() const;
};

// A side whose moves some books forbid and others allow (in the rulings that decide the game).
struct ConductDifference {
    Color side = Color::Red;
    std::vector<std::size_t> forbidden_under; // indexes in RuleBookComparison::books
    std::vector<std::size_t> allowed_under;
};

// The books' violator is the same, but some say it has lost and others that it must change:
// its conduct loses at once under one book, or the record reaches one book's losing occurrence.
struct LossDifference {
    Color side = Color::Red;
    std::vector<std::size_t> lost_under;
    std::vector<std::size_t> must_change_under;
};

struct RuleBookComparison {
    std::vector<BookRuling> books; // in the order given
    // The outcome that decides the game (or having none) is not the same under every book.
    bool outcomes_differ = false;
    // Books without a ruling while another has one: the position has not stood as often as
    // they require (repetition.ruling_at_occurrence), or, ruling only on the repetitions that
    // bear on the result, none does under them (their GameRuling::not_ruled). Empty when the
    // game could not be replayed.
    std::vector<std::size_t> without_ruling;
    // The rulings that decide the game judge different plies (the books decide by other
    // episodes, or judge other spans: repetition.judged_span). The books' judgements of the
    // sides' conduct are then on other moves: the three below compare only the books that
    // judge the same plies.
    bool spans_differ = false;
    // Of the books with a ruling on the same plies: the sides judged forbidden by some and
    // allowed by others, red first.
    std::vector<ConductDifference> conduct_differences;
    // Of the books with a ruling on the same plies: each side's moves are forbidden or allowed
    // alike under every book, both sides' are forbidden, and the books name different
    // violators (or none): their verdict tables rank the two violations differently.
    bool precedence_differs = false;
    std::optional<LossDifference> loss_difference;
};

// Judges the game under each of `books` (as judge_game, ruling on `which` repetitions under
// each book) and compares the rulings that decide it. `books` and `replay` must outlive the
// result.
RuleBookComparison compare_rule_books(int game, const SourceLocation& source, const RecordReplay& replay,
    std::span<const RuleSet> books, RepetitionsRuled which = RepetitionsRuled::Every);

} // namespace xq
