// The written ruling an arbiter signs, and the comparison of rule books: models and layouts.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "xq/arbiter/game_ruling.hpp"
#include "xq/arbiter/rule_book_comparison.hpp"
#include "xq/records/game_record.hpp"
#include "xq/report/document_notation.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq {

// A written ruling: what an arbiter signs and hands to the players and the appeals committee.
// The model holds every sentence already in the catalogue's language; the writers below only
// lay it out (text for the terminal, Markdown, HTML with SVG boards, JSON).

// One line of the header: "Event", "7th World Championship".
struct HeaderField {
    std::string key; // "event", "round", ... as in the JSON
    std::string label;
    std::string value;
    // A field whose value runs long (the event, the record's path, the ruleset and its
    // edition): printed layouts give it a whole line and set the others two to a line.
    [[nodiscard]] bool long_value() const
    {
        return key == "event" || key == "record" || key == "ruleset" || key == "edition" || key == "rulesets";
    }
};

// A move of the cycle, with what it is under the ruleset and why: the interpreter's classes
// and, for each threat worth a word, the chase row that counts or exempts it.
struct DocumentMove {
    int ply = 0;
    Color mover = Color::Red;
    std::string side_name; // the mover in the catalogue's words
    Move move;
    std::string text; // in the document's notation
    std::vector<std::string> classes; // "check", "chase", ... ("idle" when none of the others)
    std::vector<std::string> class_names; // the same in the catalogue's words
    std::string term; // the rule book's word for the move (its move_terms), empty when it has none
    std::string classes_shown; // the classes as the document gives them: with the book's word first
    std::vector<std::string> reasons; // one sentence per fact
    std::vector<std::string> rules; // the rules of the chase rows its reasons cite, in order
    // What its captures would win, in figures, where its reasons say so in words: one line per
    // threat, for the document's appendix.
    std::vector<std::string> material_arithmetic;
};

// What one side's moves amount to, in sentences.
struct DocumentSide {
    Color side = Color::Red;
    std::string conduct; // the conduct id, empty when none fits
    bool forbidden = false;
    std::vector<std::string> sentences;
    std::string in_short; // the conduct and whether it is allowed, for the table of episodes
};

// A rule quoted from the ruleset.
struct QuotedRule {
    std::string id;
    std::string number; // as the ruleset gives it in the language: "18", "Article 24.13", "第18条"
    std::string title;
    // A definition, a basic rule or an appendix rule names itself ("Definition 2", "Appendix
    // rule 1"); a detail rule is numbered only ("18": "Rule 18").
    bool names_itself = false;
    std::string heading; // "Rule 18: A rook may not chase an unprotected cannon (AXF-18)"
    std::string text;
    std::vector<int> diagrams;
    std::string diagrams_line; // empty without diagrams
    // Whether the ruling needs it (RuleCitation::decides), and why the ruling cites it, in a
    // phrase: "Decides: without it, Red would not have to change its moves.", or what it
    // applies to.
    bool decides = false;
    std::string why;
};

// One repetition episode and its ruling. A game with several sets out in full only the one
// that decides it, unless asked for all; the others keep their heading, start, conducts and
// verdict, and have no moves and quote no rules. A repetition not ruled on (it bears on nothing)
// has only its heading, plies, start and, as its outcome, that it is not ruled on: it is a line
// of the table of episodes, not a section.
struct DocumentRepetition {
    std::string heading;
    std::string plies; // "41-48", for the table of episodes
    std::string outcome; // in words
    bool ruled = true;
    bool decides = false;
    bool in_full = true;
    Position start; // where the cycle starts
    std::string start_sentence;
    std::vector<DocumentMove> moves;
    std::vector<DocumentSide> sides; // red, then black; none when not ruled on

    // A side's conduct in short, for the table of episodes; empty when not ruled on.
    std::string_view in_short(Color side) const
    {
        for (const DocumentSide& s : sides)
            if (s.side == side)
                return s.in_short;
        return {};
    }
    std::vector<QuotedRule> rules;
    // Sentences: the outcome, when it was due, the precedence, what follows, the readings.
    std::vector<std::string> verdict;
    std::vector<ReadingRuling> readings;
};

// What a file format that keeps it (PDF) says of the document: a title naming the game, the
// ruling as its subject, and the arbiter as its author when the record names one.
struct DocumentMetadata {
    std::string title; // "Ruling: Xu Songhao – Wu Guilin, 7th World Xiangqi Championship, M3"
    std::string subject;
    std::string author; // the record's Arbiter tag; empty without one
};

struct RulingDocument {
    // Over a ruling set beside other books' rulings on the same game, the heading that names its
    // ruleset; empty for a ruling on its own.
    std::string book_heading;
    std::string language;
    DocumentNotation notation = DocumentNotation::Wxf;
    std::string notation_sentence; // which notation the moves are in
    std::string title;
    std::vector<HeaderField> header;
    // The ruling in one sentence, then any disagreement with the recorded result; empty
    // without a ruling.
    std::vector<std::string> summary;
    // Sentences when there is no ruling to give, and what the board decided.
    std::vector<std::string> notes;
    std::vector<DocumentRepetition> repetitions;
    // The heading of the rules a repetition quotes, saying when they are a translation.
    std::string rules_heading;
    // The figures behind the words "wins material": how pieces are counted, then what each
    // move's captures would win. Empty when the ruleset weighs no material.
    std::vector<std::string> appendix;
    DocumentMetadata metadata;
};

struct DocumentOptions {
    DocumentNotation notation = DocumentNotation::Wxf;
    bool every_repetition_in_full = false; // else only the deciding one
};

// The written ruling on one game. `messages` gives the language; the ruleset's texts are
// taken in that language where it has them, else in English.
RulingDocument build_ruling_document(const GameRuling& game, const GameRecord& record, const RuleSet& rules,
    const MessageCatalogue& messages, const DocumentOptions& options = {});

// A note of the board's judgement (BoardNote::code) in words.
std::string board_note(const BoardNote& note, const MessageCatalogue& messages);

// The repetitions ruled on in the order a document sets them out: the deciding one first,
// then the others in record order.
std::vector<const DocumentRepetition*> in_reading_order(const RulingDocument& document);

// A ruling's explanation, in the same words as its document: where the cycle starts, what
// each side's moves amount to, and the verdict.
std::vector<std::string> ruling_explanation(
    const Ruling& ruling, const RuleSet& rules, const MessageCatalogue& messages);
// The same sentences, taken from the repetition's document instead of being put into words again.
std::vector<std::string> ruling_explanation(const DocumentRepetition& repetition, const MessageCatalogue& messages);

// Plain text with a Unicode board, for the terminal and for printing.
void write_document_text(std::ostream& out, const RulingDocument& document, const MessageCatalogue& messages);
void write_document_markdown(std::ostream& out, const RulingDocument& document, const MessageCatalogue& messages);
// One JSON object on one line: adjudicate's fields (see write_ruling_json) and "document".
void write_document_json(std::ostream& out, const GameRuling& game, const RuleSet& rules,
    const RulingDocument& document, const MessageCatalogue& messages);
// A self-contained HTML file (inline CSS and SVG boards, nothing loaded from elsewhere) that
// prints on A4: the head, then one section per document, then the tail.
// `comparisons`: the file holds rulings under several rule books (write_comparison_html).
void write_html_head(std::ostream& out, const MessageCatalogue& messages, bool comparisons = false);
void write_document_html(std::ostream& out, const RulingDocument& document, const MessageCatalogue& messages);
void write_html_tail(std::ostream& out);
// PDF on A4 with the HTML's content and layout: a vector board, the fonts embedded, each ruling
// from a new page with its own "page N of M". Nothing is written without a document (a PDF
// needs a page). Returns whether everything was written.
// The PDF libraries (cairo, pango, librsvg) are loaded when first needed, not with the program:
// empty when they can be, else why not, in the dynamic loader's words.
std::string pdf_libraries_missing();
[[nodiscard]] bool write_documents_pdf(
    std::ostream& out, const std::vector<RulingDocument>& documents, const MessageCatalogue& m);

// A game's rulings under several rule books (adjudicate --ruleset axf,cxa): the comparison up
// front, each book's verdict in one line with the conducts that decide it and the rule it
// cites first, then whether and where the books differ; then each book's written ruling in
// full, under a heading naming the book.
struct ComparisonDocument {
    std::string language;
    std::string title;
    std::vector<HeaderField> header; // the game's fields and the rulesets compared
    std::string heading;
    std::vector<std::string> books; // a paragraph per book, in the order given
    std::vector<std::string> differences; // whether the books differ, then where
    std::vector<RulingDocument> rulings; // one per book, each with its book_heading
};

ComparisonDocument build_comparison_document(const RuleBookComparison& comparison, const GameRecord& record,
    const MessageCatalogue& messages, const DocumentOptions& options = {});

void write_comparison_text(std::ostream& out, const ComparisonDocument& document, const MessageCatalogue& messages);
void write_comparison_markdown(std::ostream& out, const ComparisonDocument& document, const MessageCatalogue& messages);
// After write_html_head: the comparison, then each book's ruling, each from a new page.
void write_comparison_html(std::ostream& out, const ComparisonDocument& document, const MessageCatalogue& messages);
// One JSON object on one line: the game, `comparison` (the structured comparison and its
// sentences) and `by_ruleset`, each element the object write_document_json writes for the
// book alone.
void write_comparison_json(std::ostream& out, const RuleBookComparison& comparison, const ComparisonDocument& document,
    const MessageCatalogue& messages);
// As write_documents_pdf: for each game the comparison, then each book's ruling, each from a
// new page and numbering its own pages.
[[nodiscard]] bool write_comparisons_pdf(
    std::ostream& out, const std::vector<ComparisonDocument>& documents, const MessageCatalogue& m);

} // namespace xq
