// The written comparison of a game's rulings under several rule books.
// Each book's ruling is built as it is on its own; the comparison's sentences put the arbiter's
// RuleBookComparison into words, quoting each book in its own terms (its numbering, its conduct
// descriptions).

#include <algorithm>

#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    std::string side_name(Color side, const MessageCatalogue& m)
    {
        return m.format(side == Color::Red ? "side.red" : "side.black");
    }

    std::string outcome_text(Outcome outcome, const MessageCatalogue& m)
    {
        return m.format("outcome." + std::string(to_string(outcome)));
    }

    // Some of the books, by name, joined.
    std::string book_names(
        const RuleBookComparison& comparison, const std::vector<std::size_t>& books, const MessageCatalogue& m)
    {
        std::vector<std::string> names;
        for (const std::size_t i : books)
            names.push_back(m.book_name(*comparison.books[i].rules));
        return m.join(names);
    }

    // Some of the books, each with the rule by which it judges `side`'s moves as it does.
    std::string books_with_rule(const RuleBookComparison& comparison, const std::vector<std::size_t>& books, Color side,
        const MessageCatalogue& m)
    {
        std::vector<std::string> named;
        for (const std::size_t i : books) {
            const BookRuling& book = comparison.books[i];
            const std::vector<std::string>& rules = book.deciding()->side(side).rules;
            named.push_back(rules.empty() ? m.book_name(*book.rules)
                                          : m.format("compare.book_rule",
                                              { { "name", m.book_name(*book.rules) }, { "rule", rules.front() } }));
        }
        return m.join(named);
    }

    const DocumentRepetition* deciding_repetition(const RulingDocument& ruling)
    {
        const auto found = std::find_if(ruling.repetitions.begin(), ruling.repetitions.end(),
            [](const DocumentRepetition& r) { return r.decides; });
        return found == ruling.repetitions.end() ? nullptr : &*found;
    }

    // A book's ruling in one paragraph: the outcome and the rule cited first, in the book's
    // own numbering, then what the moves of the sides that decide it amount to, in the words
    // of the book's ruling.
    std::string book_line(const BookRuling& book, const RulingDocument& ruling, const MessageCatalogue& m)
    {
        const RuleSet& rules = *book.rules;
        const std::string title = m.localised(rules.translations, "title", rules.title);
        const DocumentRepetition* deciding = deciding_repetition(ruling);
        const std::optional<Outcome> outcome = book.outcome();
        if (!outcome || !deciding)
            return m.format("compare.book_no_ruling", { { "name", m.book_name(rules) }, { "title", title } });
        const std::string first = book.first_rule();
        const auto quoted = std::find_if(
            deciding->rules.begin(), deciding->rules.end(), [&](const QuotedRule& q) { return q.id == first; });
        const std::string rule = quoted == deciding->rules.end()
            ? first
            : m.format(quoted->names_itself ? "compare.rule_named" : "compare.rule",
                { { "number", quoted->number }, { "title", quoted->title }, { "id", quoted->id } });
        std::vector<std::string> sentences { m.format("compare.book",
            { { "name", m.book_name(rules) }, { "title", title }, { "outcome", outcome_text(*outcome, m) },
                { "rule", rule } }) };
        for (const Color side : book.deciding_sides())
            for (const DocumentSide& s : deciding->sides)
                if (s.side == side && !s.sentences.empty())
                    sentences.push_back(s.sentences.front());
        return m.paragraph(sentences);
    }

    // Whether the books agree, then each point where they part.
    std::vector<std::string> differences(const RuleBookComparison& comparison, const MessageCatalogue& m)
    {
        std::vector<std::string> sentences;
        if (comparison.books.empty())
            return sentences;
        const std::optional<Outcome> first = comparison.books.front().outcome();
        if (comparison.outcomes_differ)
            sentences.push_back(m.format("compare.differ"));
        else if (first)
            sentences.push_back(m.format("compare.agree", { { "outcome", outcome_text(*first, m) } }));
        else
            sentences.push_back(m.format("compare.agree_no_ruling"));
        for (const ConductDifference& d : comparison.conduct_differences)
            sentences.push_back(m.format("compare.conduct_differs",
                { { "side", side_name(d.side, m) },
                    { "forbidden_under", books_with_rule(comparison, d.forbidden_under, d.side, m) },
                    { "allowed_under", books_with_rule(comparison, d.allowed_under, d.side, m) } }));
        for (const std::size_t i : comparison.without_ruling) {
            const BookRuling& book = comparison.books[i];
            const RuleSet& rules = *book.rules;
            if (!book.game.not_ruled.empty())
                sentences.push_back(m.format("compare.none_bears", { { "ruleset", m.book_name(rules) } }));
            else
                sentences.push_back(m.format("compare.no_ruling_yet",
                    { { "ruleset", m.book_name(rules) },
                        { "count", std::to_string(rules.repetition.ruling_at_occurrence) } }));
        }
        if (comparison.precedence_differs)
            sentences.push_back(m.format("compare.precedence_differs"));
        if (const auto& loss = comparison.loss_difference)
            sentences.push_back(m.format("compare.loss_differs",
                { { "side", side_name(loss->side, m) }, { "lost_under", book_names(comparison, loss->lost_under, m) },
                    { "must_change_under", book_names(comparison, loss->must_change_under, m) } }));
        if (comparison.spans_differ) {
            std::vector<std::string> spans;
            for (const BookRuling& book : comparison.books)
                if (const Ruling* r = book.deciding())
                    spans.push_back(m.format("compare.span",
                        { { "ruleset", m.book_name(*book.rules) },
                            { "first", std::to_string(r->episode.cycle.first_ply) },
                            { "last", std::to_string(r->episode.cycle.last_ply) } }));
            sentences.push_back(m.format("compare.spans_differ", { { "spans", m.join(spans) } }));
        }
        return sentences;
    }

    // The game's header as each ruling gives it, with the rulesets compared in place of the
    // one ruleset and its edition.
    std::vector<HeaderField> header(const std::vector<RulingDocument>& rulings, const MessageCatalogue& m)
    {
        std::vector<HeaderField> fields;
        std::vector<std::string> rulesets;
        for (const RulingDocument& ruling : rulings)
            for (const HeaderField& f : ruling.header)
                if (f.key == "ruleset")
                    rulesets.push_back(f.value);
        if (rulings.empty())
            return fields;
        for (const HeaderField& f : rulings.front().header)
            if (f.key != "ruleset" && f.key != "edition")
                fields.push_back(f);
        fields.push_back({ "rulesets", m.format("compare.header_rulesets"), m.join(rulesets) });
        return fields;
    }

} // namespace

ComparisonDocument build_comparison_document(const RuleBookComparison& comparison, const GameRecord& record,
    const MessageCatalogue& messages, const DocumentOptions& options)
{
    ComparisonDocument document;
    document.language = messages.language();
    document.title = messages.format("compare.title");
    document.heading = messages.format("compare.heading");
    for (const BookRuling& book : comparison.books) {
        RulingDocument ruling = build_ruling_document(book.game, record, *book.rules, messages, options);
        ruling.book_heading = messages.format("compare.part",
            { { "title", messages.localised(book.rules->translations, "title", book.rules->title) },
                { "id", book.rules->id } });
        document.books.push_back(book_line(book, ruling, messages));
        document.rulings.push_back(std::move(ruling));
    }
    document.header = header(document.rulings, messages);
    document.differences = differences(comparison, messages);
    return document;
}

} // namespace xq
