// Comparing rule books' rulings on a game: where their conduct and their losses differ.
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

    // The books that rule, grouped by the plies their deciding ruling judges, in the order of
    // each group's first book.
    std::vector<std::vector<std::size_t>> same_span_groups(
        const std::vector<BookRuling>& books, const std::vector<std::size_t>& ruling)
    {
        std::vector<std::vector<std::size_t>> groups;
        const auto span = [&](std::size_t i) {
            const RepetitionCycle& cycle = books[i].deciding()->episode.cycle;
            return std::pair { cycle.first_ply, cycle.last_ply };
        };
        for (const std::size_t i : ruling) {
            const auto group = std::find_if(groups.begin(), groups.end(),
                [&](const std::vector<std::size_t>& g) { return span(g.front()) == span(i); });
            if (group == groups.end())
                groups.push_back({ i });
            else
                group->push_back(i);
        }
        return groups;
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

    const std::vector<std::vector<std::size_t>> by_span = same_span_groups(judged, ruling);
    comparison.spans_differ = by_span.size() > 1;
    // Rulings on other moves are not judgements of the same conduct: comparing them would say
    // that one book allows what it never judged. The books that judge the same plies are
    // compared among themselves.
    for (const std::vector<std::size_t>& same : by_span) {
        if (same.size() < 2)
            continue;
        const std::size_t differences_before = comparison.conduct_differences.size();
        for (const Color side : { Color::Red, Color::Black })
            if (auto difference = conduct_difference(judged, same, side))
                comparison.conduct_differences.push_back(std::move(*difference));
        const Ruling& first = *judged[same.front()].deciding();
        const bool both_forbidden = first.red.forbidden && first.black.forbidden;
        if (comparison.conduct_differences.size() == differences_before && both_forbidden
            && std::any_of(same.begin(), same.end(),
                [&](std::size_t i) { return judged[i].deciding()->violator != first.violator; }))
            comparison.precedence_differs = true;
        if (!comparison.loss_difference)
            comparison.loss_difference = loss_difference(judged, same);
    }
    return comparison;
}

} // namespace xq
