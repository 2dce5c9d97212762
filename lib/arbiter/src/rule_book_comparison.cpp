#include "xq/arbiter/rule_book_comparison.hpp"

#include <algorithm>

namespace xq {

std::optional<Outcome> BookRuling::outcome() const
{
    const Ruling* ruling = deciding();
    return ruling ? std::optional<Outcome>(ruling->outcome) : std::nullopt;
}

std::string BookRuling::first_rule() const
{
    const Ruling* ruling = deciding();
    return ruling && !ruling->rules.empty() ? ruling->rules.front() : std::string();
}

std::vector<Color> BookRuling::deciding_sides() const
{
    const Ruling* ruling = deciding();
    if (!ruling)
        return {};
    if (ruling->violator && !ruling->side(~*ruling->violator).forbidden)
        return { *ruling->violator };
    return { Color::Red, Color::Black };
}

namespace {

    // The books that rule, by index.
    std::vector<std::size_t> ruling_books(const std::vector<BookRuling>& books)
    {
        std::vector<std::size_t> ruling;
        for (std::size_t i = 0; i < books.size(); ++i)
            if (books[i].deciding())
                ruling.push_back(i);
        return ruling;
    }

    std::optional<ConductDifference> conduct_difference(
        const std::vector<BookRuling>& books, const std::vector<std::size_t>& ruling, Color side)
    {
        ConductDifference difference { side, {}, {} };
        for (const std::size_t i : ruling)
            (books[i].deciding()->side(side).forbidden ? difference.forbidden_under : difference.allowed_under)
                .push_back(i);
        if (difference.forbidden_under.empty() || difference.allowed_under.empty())
            return std::nullopt;
        return difference;
    }

    // With one violator under every book that rules: the books that say it has lost, and those
    // that say it must change, when they disagree.
    std::optional<LossDifference> loss_difference(
        const std::vector<BookRuling>& books, const std::vector<std::size_t>& ruling)
    {
        const std::optional<Color> violator = books[ruling.front()].deciding()->violator;
        if (!violator)
            return std::nullopt;
        LossDifference difference { *violator, {}, {} };
        for (const std::size_t i : ruling) {
            const Ruling& r = *books[i].deciding();
            if (r.violator != violator)
                return std::nullopt;
            (r.loses() ? difference.lost_under : difference.must_change_under).push_back(i);
        }
        if (difference.lost_under.empty() || difference.must_change_under.empty())
            return std::nullopt;
        return difference;
    }

} // namespace

RuleBookComparison compare_rule_books(int game, const SourceLocation& source, const RecordReplay& replay,
    std::span<const RuleSet> books, RepetitionsRuled which)
{
    RuleBookComparison comparison;
    const int plies = replay.game ? replay.game->ply_count() : 0;
    for (const RuleSet& rules : books)
        comparison.books.push_back(
            { &rules, judge_game(game, source, replay, rules, repetitions_ruled(which, plies, rules)) });
    const std::vector<BookRuling>& judged = comparison.books;
    if (judged.empty())
        return comparison;

    comparison.outcomes_differ = std::any_of(judged.begin(), judged.end(),
        [&](const BookRuling& book) { return book.outcome() != judged.front().outcome(); });
    const std::vector<std::size_t> ruling = ruling_books(judged);
    if (ruling.empty())
        return comparison;
    for (std::size_t i = 0; i < judged.size(); ++i)
        if (!judged[i].deciding())
            comparison.without_ruling.push_back(i);

    const Ruling& first = *judged[ruling.front()].deciding();
    comparison.spans_differ = std::any_of(ruling.begin(), ruling.end(), [&](std::size_t i) {
        const RepetitionCycle& cycle = judged[i].deciding()->episode.cycle;
        return cycle.first_ply != first.episode.cycle.first_ply || cycle.last_ply != first.episode.cycle.last_ply;
    });
    // Rulings on other moves are not judgements of the same conduct: comparing them would say
    // that one book allows what it never judged.
    if (comparison.spans_differ)
        return comparison;
    for (const Color side : { Color::Red, Color::Black })
        if (auto difference = conduct_difference(judged, ruling, side))
            comparison.conduct_differences.push_back(std::move(*difference));
    const bool both_forbidden = first.red.forbidden && first.black.forbidden;
    comparison.precedence_differs = comparison.conduct_differences.empty() && both_forbidden
        && std::any_of(ruling.begin(), ruling.end(),
            [&](std::size_t i) { return judged[i].deciding()->violator != first.violator; });
    comparison.loss_difference = loss_difference(judged, ruling);
    return comparison;
}

} // namespace xq
