// The JSON form of a written ruling: adjudicate's object for the game, with "document" added.

#include <sstream>

#include "ruling_json.hpp"
#include "xq/board/fen.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    void write_repetition(json_form::JsonWriter& out, const DocumentRepetition& r)
    {
        out.begin_object();
        out.member("heading", r.heading);
        out.member("plies", r.plies);
        out.member("outcome", r.outcome);
        out.member("ruled", r.ruled);
        out.member("decides", r.decides);
        out.member("in_full", r.in_full);
        out.member("start_fen", to_fen(r.start));
        out.member("start", r.start_sentence);
        out.key("moves");
        out.begin_array();
        for (const DocumentMove& m : r.moves) {
            out.begin_object();
            out.member("ply", m.ply);
            out.member("side", to_string(m.mover));
            out.member("side_name", m.side_name);
            out.member("move", to_iccs(m.move));
            out.member("text", m.text);
            out.member("classes", m.classes);
            out.member("class_names", m.class_names);
            if (!m.term.empty())
                out.member("term", m.term);
            out.member("reasons", m.reasons);
            out.member("rules", m.rules);
            out.end_object();
        }
        out.end_array();
        out.key("sides");
        out.begin_array();
        for (const DocumentSide& s : r.sides) {
            out.begin_object();
            out.member("side", to_string(s.side));
            out.member("conduct", s.conduct);
            out.member("forbidden", s.forbidden);
            out.member("sentences", s.sentences);
            out.member("in_short", s.in_short);
            out.end_object();
        }
        out.end_array();
        out.key("rules");
        out.begin_array();
        for (const QuotedRule& q : r.rules) {
            out.begin_object();
            out.member("id", q.id);
            out.member("heading", q.heading);
            out.member("text", q.text);
            out.member("diagrams", q.diagrams);
            out.member("decides", q.decides);
            out.member("why", q.why);
            out.end_object();
        }
        out.end_array();
        out.member("verdict", r.verdict);
        out.key("readings");
        out.begin_array();
        for (const ReadingRuling& c : r.readings) {
            out.begin_object();
            out.member("name", c.name);
            out.member("applied", c.enabled);
            out.member("changes_ruling", c.changes_ruling);
            out.member("other_outcome", to_string(c.other_outcome));
            out.end_object();
        }
        out.end_array();
        out.end_object();
    }

} // namespace

void write_document_json(std::ostream& out, const GameRuling& game, const RuleSet& rules,
    const RulingDocument& document, const MessageCatalogue& messages)
{
    std::vector<std::vector<std::string>> explanations;
    for (const DocumentRepetition& r : document.repetitions)
        if (r.ruled)
            explanations.push_back(ruling_explanation(r, messages));
    std::string text;
    json_form::JsonWriter writer(text);
    writer.begin_object();
    json_form::write_game_ruling_members(
        writer, game, rules, messages, to_string(game.status), json_form::game_source(game), explanations);
    writer.key("document");
    writer.begin_object();
    writer.member("language", document.language);
    writer.member("notation", to_string(document.notation));
    writer.member("notation_sentence", document.notation_sentence);
    writer.member("title", document.title);
    writer.member("appendix", document.appendix);
    writer.key("header");
    writer.begin_array();
    for (const HeaderField& f : document.header) {
        writer.begin_object();
        writer.member("key", f.key);
        writer.member("label", f.label);
        writer.member("value", f.value);
        writer.end_object();
    }
    writer.end_array();
    writer.member("summary", document.summary);
    writer.member("notes", document.notes);
    writer.key("repetitions");
    writer.begin_array();
    for (const DocumentRepetition& r : document.repetitions)
        write_repetition(writer, r);
    writer.end_array();
    writer.end_object();
    writer.end_object();
    out << text << '\n';
}

namespace {

    void write_book_ids(
        json_form::JsonWriter& out, const RuleBookComparison& comparison, const std::vector<std::size_t>& books)
    {
        out.begin_array();
        for (const std::size_t i : books)
            out.value(comparison.books[i].rules->id);
        out.end_array();
    }

    // A book's ruling as the comparison weighs it: the outcome, the rule cited first, the sides
    // whose conduct decides it, and each side's conduct; nulls without a ruling.
    void write_book(json_form::JsonWriter& out, const BookRuling& book)
    {
        const Ruling* ruling = book.deciding();
        out.begin_object();
        out.member("ruleset", book.rules->id);
        out.key("outcome");
        if (ruling)
            out.value(to_string(ruling->outcome));
        else
            out.null();
        out.member("violator", ruling && ruling->violator ? to_string(*ruling->violator) : "none");
        out.key("rule");
        if (ruling)
            out.value(book.first_rule());
        else
            out.null();
        out.key("deciding_sides");
        out.begin_array();
        for (const Color side : book.deciding_sides())
            out.value(to_string(side));
        out.end_array();
        out.key("sides");
        if (!ruling) {
            out.null();
        } else {
            out.begin_object();
            for (const Color side : { Color::Red, Color::Black }) {
                out.key(to_string(side));
                out.begin_object();
                out.member("conduct", ruling->side(side).conduct);
                out.member("forbidden", ruling->side(side).forbidden);
                out.end_object();
            }
            out.end_object();
        }
        out.end_object();
    }

    void write_comparison(
        json_form::JsonWriter& out, const RuleBookComparison& comparison, const ComparisonDocument& document)
    {
        out.begin_object();
        out.member("outcomes_differ", comparison.outcomes_differ);
        out.key("books");
        out.begin_array();
        for (const BookRuling& book : comparison.books)
            write_book(out, book);
        out.end_array();
        out.key("without_ruling");
        write_book_ids(out, comparison, comparison.without_ruling);
        out.key("conduct_differences");
        out.begin_array();
        for (const ConductDifference& d : comparison.conduct_differences) {
            out.begin_object();
            out.member("side", to_string(d.side));
            out.key("forbidden_under");
            write_book_ids(out, comparison, d.forbidden_under);
            out.key("allowed_under");
            write_book_ids(out, comparison, d.allowed_under);
            out.end_object();
        }
        out.end_array();
        out.member("precedence_differs", comparison.precedence_differs);
        out.key("loss_difference");
        if (const auto& loss = comparison.loss_difference) {
            out.begin_object();
            out.member("side", to_string(loss->side));
            out.key("lost_under");
            write_book_ids(out, comparison, loss->lost_under);
            out.key("must_change_under");
            write_book_ids(out, comparison, loss->must_change_under);
            out.end_object();
        } else {
            out.null();
        }
        out.member("spans_differ", comparison.spans_differ);
        out.key("document");
        out.begin_object();
        out.member("language", document.language);
        out.member("title", document.title);
        out.key("header");
        out.begin_array();
        for (const HeaderField& f : document.header) {
            out.begin_object();
            out.member("key", f.key);
            out.member("label", f.label);
            out.member("value", f.value);
            out.end_object();
        }
        out.end_array();
        out.member("heading", document.heading);
        out.member("books", document.books);
        out.member("differences", document.differences);
        out.end_object();
        out.end_object();
    }

} // namespace

void write_comparison_json(std::ostream& out, const RuleBookComparison& comparison, const ComparisonDocument& document,
    const MessageCatalogue& messages)
{
    if (comparison.books.empty())
        return;
    const GameRuling& game = comparison.books.front().game;
    std::string text;
    json_form::JsonWriter writer(text);
    writer.begin_object();
    writer.member("game", game.game);
    writer.member("source", json_form::game_source(game));
    writer.member("status", to_string(game.status));
    writer.key("rulesets");
    writer.begin_array();
    for (const BookRuling& book : comparison.books)
        writer.value(book.rules->id);
    writer.end_array();
    writer.key("comparison");
    write_comparison(writer, comparison, document);
    // Each book's object is the one it writes alone, less the line's end.
    writer.key("by_ruleset");
    writer.begin_array();
    for (std::size_t i = 0; i < comparison.books.size(); ++i) {
        std::ostringstream alone;
        const BookRuling& book = comparison.books[i];
        write_document_json(alone, book.game, *book.rules, document.rulings[i], messages);
        std::string object = std::move(alone).str();
        object.pop_back();
        writer.raw(object);
    }
    writer.end_array();
    writer.end_object();
    out << text << '\n';
}

} // namespace xq
