// The HTML layout of written rulings: one self-contained file, each ruling an A4 <article>.
// Each ruling's <article> starts on a new A4 page. The markup is also well-formed XML (every
// element closed, no named entities), so XML tools can check it.

#include <algorithm>

#include "xml_text.hpp"
#include "xq/report/board_svg.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    // Printed on A4 by a browser: a board is never split, a heading stays with what follows,
    // long names and paths wrap, and nothing forces a page break after the last ruling (which
    // printed a blank page). The header, the one-sentence ruling and the first board fit on
    // page 1. Chinese text puts Chinese fonts first (Windows, macOS, then Debian's), so that
    // punctuation and digits take the Chinese forms.
    constexpr const char* style = R"(
@page { size: A4; margin: 14mm 15mm 16mm 15mm; }
body { font-family: "Noto Serif", "DejaVu Serif", "Times New Roman", "Noto Serif CJK SC", "SimSun", "Songti SC",
  "WenQuanYi Zen Hei", serif; font-size: 10pt; line-height: 1.35; color: #111; margin: 0 auto; max-width: 180mm;
  padding: 8mm 0; overflow-wrap: anywhere; }
html:lang(zh) body { font-family: "Noto Serif CJK SC", "Source Han Serif SC", "SimSun", "NSimSun", "Songti SC",
  "STSong", "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", serif; }
html:lang(zh-Hant) body { font-family: "Noto Serif CJK TC", "Source Han Serif TC", "PMingLiU", "MingLiU", "Songti TC",
  "Noto Sans CJK TC", "Microsoft JhengHei", "PingFang TC", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", serif; }
@media print { body { padding: 0; max-width: none; } }
article + article { break-before: page; }
article + article.closing { break-before: auto; }
h1 { font-size: 16pt; margin: 0 0 2.5mm 0; border-bottom: 1.5pt solid #111; }
h2 { font-size: 12.5pt; margin: 5mm 0 1.5mm 0; break-after: avoid; }
h3 { font-size: 11pt; margin: 4mm 0 1.5mm 0; break-after: avoid; }
h4 { font-size: 10pt; margin: 2.5mm 0 1mm 0; break-after: avoid; }
p { margin: 1.2mm 0; }
table { border-collapse: collapse; }
dl.header { display: grid; grid-template-columns: auto 1fr auto 1fr; gap: 0.4mm 4mm; margin: 0; font-size: 9.5pt; }
dl.header dt { font-weight: bold; white-space: nowrap; }
dl.header dd { margin: 0; }
dl.header dt.wide { grid-column: 1; }
dl.header dd.wide { grid-column: span 3; }
.summary { margin: 3mm 0; padding: 1.5mm 3mm; border: 1pt solid #111; break-inside: avoid; }
.summary p.verdict { font-weight: bold; font-size: 11.5pt; }
table.moves { width: 100%; font-size: 9.5pt; }
table.episodes { width: 100%; font-size: 8.5pt; }
table.moves th, table.moves td, table.episodes th, table.episodes td { border-bottom: 0.5pt solid #999;
  padding: 0.8mm 1.5mm; vertical-align: top; text-align: left; }
table.moves tr, table.episodes tr { break-inside: avoid; }
table.moves td.ply, table.episodes td.number { text-align: right; }
table.moves th, table.moves td.side, table.episodes td.plies, table.episodes td.outcome { white-space: nowrap; }
table.moves td.move { white-space: nowrap; font-weight: bold; }
table.episodes tr.decides td { font-weight: bold; }
table.moves ul { margin: 0; padding-left: 4mm; }
figure.board { margin: 2mm 0; text-align: center; break-inside: avoid; }
div.opening { break-inside: avoid; }
figure.board svg { width: 92mm; height: auto; }
figcaption { font-size: 8.5pt; color: #333; margin-top: 1mm; text-align: left; }
blockquote { margin: 0 0 2mm 5mm; padding-left: 3mm; border-left: 1.5pt solid #999; }
blockquote p { margin: 0.5mm 0; }
p.diagrams { font-size: 9pt; color: #333; }
p.why-cited { font-size: 9pt; font-style: italic; color: #333; margin: 0 0 2mm 8mm; }
html:lang(zh) p.why-cited { font-style: normal; }
.verdict p.outcome { font-weight: bold; font-size: 11pt; }
p.brief { font-style: italic; color: #333; }
html:lang(zh) p.brief { font-style: normal; }
.signature { margin-top: 8mm; display: flex; gap: 8mm; break-inside: avoid; }
.signature div { flex: 1; border-top: 0.75pt solid #111; padding-top: 1mm; font-size: 9pt; }
p.footer { font-size: 8.5pt; color: #444; margin-top: 3mm; }
)";

    // Only in a file of rulings under several rule books: the banner naming each ruling's book,
    // and the comparison's lines.
    constexpr const char* comparison_style = R"(p.book { font-size: 12.5pt; font-weight: bold; margin: 0 0 3mm 0;
  padding: 1.5mm 3mm; background: #e8e8e8; }
ul.books li { margin: 1.2mm 0; }
)";

    // A CSS string holding `text`.
    std::string css_string(std::string_view text)
    {
        std::string out = "\"";
        for (const char c : text) {
            // Backslash-escaped, and in hex what would break the XML around the style sheet.
            if (c == '"' || c == '\\')
                out += '\\';
            if (c == '<' || c == '&')
                out += c == '<' ? "\\3c " : "\\26 ";
            else
                out += c;
        }
        return out + "\"";
    }

    // "page N of M" at the foot of each printed page, in the catalogue's words: the numbers are
    // CSS counters, so the phrase is cut at its placeholders.
    std::string page_number_style(const MessageCatalogue& m)
    {
        const std::string phrase = m.format("document.page", { { "page", "\x01" }, { "pages", "\x02" } });
        std::string content;
        std::string piece;
        for (const char c : phrase) {
            if (c != '\x01' && c != '\x02') {
                piece += c;
                continue;
            }
            if (!piece.empty())
                content += css_string(piece) + " ";
            content += c == '\x01' ? "counter(page) " : "counter(pages) ";
            piece.clear();
        }
        if (!piece.empty())
            content += css_string(piece);
        return "@page { @bottom-center { content: " + content + "; font-size: 8.5pt; color: #444; } }\n";
    }

    std::string paragraph(const std::string& text, const char* css_class = nullptr)
    {
        return std::string("<p") + (css_class ? std::string(" class=\"") + css_class + "\"" : "") + ">"
            + xml_escaped(text) + "</p>\n";
    }

    std::string board_figure(const DocumentRepetition& r, const MessageCatalogue& m)
    {
        std::vector<BoardArrow> arrows;
        for (const DocumentMove& move : r.moves)
            arrows.push_back({ move.move, move.mover, std::to_string(move.ply) });
        const BoardStyle numbering = m.chinese() ? BoardStyle::Chinese : BoardStyle::International;
        return "<figure class=\"board\">" + board_svg(r.start, arrows, numbering, m.script()) + "\n<figcaption>"
            + xml_escaped(m.format("board.arrows")) + " " + xml_escaped(m.format("board.legend"))
            + "</figcaption></figure>\n";
    }

    // The lines to sign on and the footer that end a document.
    void write_closing(std::ostream& out, const MessageCatalogue& m)
    {
        out << "<div class=\"signature\">";
        for (const char* line : { "signature.arbiter", "signature.signature", "signature.date" })
            out << "<div>" << xml_escaped(m.format(line)) << "</div>";
        out << "</div>\n" << paragraph(m.format("document.footer"), "footer");
    }

    void write_moves(std::ostream& out, const DocumentRepetition& r, const MessageCatalogue& m)
    {
        out << "<table class=\"moves\"><thead><tr>";
        for (const char* column : { "column.ply", "column.side", "column.move", "column.classes", "column.reasons" })
            out << "<th>" << xml_escaped(m.format(column)) << "</th>";
        out << "</tr></thead><tbody>\n";
        for (const DocumentMove& move : r.moves) {
            out << "<tr><td class=\"ply\">" << move.ply << "</td><td class=\"side\">" << xml_escaped(move.side_name)
                << "</td><td class=\"move\">" << xml_escaped(move.text) << "</td><td>"
                << xml_escaped(move.classes_shown) << "</td><td><ul>";
            for (const std::string& reason : move.reasons)
                out << "<li>" << xml_escaped(reason) << "</li>";
            out << "</ul></td></tr>\n";
        }
        out << "</tbody></table>\n";
    }

    void write_repetition(
        std::ostream& out, const DocumentRepetition& r, const RulingDocument& d, const MessageCatalogue& m)
    {
        // Set out in full, the heading, where the cycle starts and the board print together: on
        // the page they begin on, or on a fresh one.
        out << "<section class=\"repetition " << (r.in_full ? "full" : "brief") << "\">\n"
            << (r.in_full ? "<div class=\"opening\">\n" : "") << "<h2>" << xml_escaped(r.heading) << "</h2>\n"
            << paragraph(r.start_sentence);
        if (r.in_full) {
            out << board_figure(r, m) << "</div>\n<h3>" << xml_escaped(m.format("cycle.heading")) << "</h3>\n"
                << paragraph(d.notation_sentence);
            write_moves(out, r, m);
            out << "<h3>" << xml_escaped(m.format("conduct.heading")) << "</h3>\n";
        }
        for (const DocumentSide& side : r.sides)
            out << paragraph(m.paragraph(side.sentences));

        if (r.in_full) {
            out << "<h3>" << xml_escaped(d.rules_heading) << "</h3>\n";
            for (const QuotedRule& rule : r.rules) {
                out << "<h4>" << xml_escaped(rule.heading) << "</h4>\n<blockquote>" << paragraph(rule.text);
                if (!rule.diagrams_line.empty())
                    out << paragraph(rule.diagrams_line, "diagrams");
                out << "</blockquote>\n" << paragraph(rule.why, "why-cited");
            }
            out << "<h3>" << xml_escaped(m.format("verdict.heading")) << "</h3>\n";
        }
        out << "<div class=\"verdict\">\n";
        for (std::size_t i = 0; i < r.verdict.size(); ++i)
            out << paragraph(r.verdict[i], i == 0 ? "outcome" : nullptr);
        out << "</div>\n</section>\n";
    }

    // Short fields two to a line, the long ones (the record's path, the ruleset) across.
    void write_header(std::ostream& out, const std::vector<HeaderField>& header)
    {
        out << "<dl class=\"header\">\n";
        for (const HeaderField& f : header)
            out << (f.long_value() ? "<dt class=\"wide\">" : "<dt>") << xml_escaped(f.label) << "</dt>"
                << (f.long_value() ? "<dd class=\"wide\">" : "<dd>") << xml_escaped(f.value) << "</dd>\n";
        out << "</dl>\n";
    }

    // The table of a game's repetitions, the deciding one in bold.
    void write_episodes(std::ostream& out, const RulingDocument& document, const MessageCatalogue& m)
    {
        out << "<h2>" << xml_escaped(m.format("summary.heading")) << "</h2>\n<table class=\"episodes\"><thead><tr>";
        for (const char* column :
            { "column.repetition", "column.plies", "header.red", "header.black", "column.outcome" })
            out << "<th>" << xml_escaped(m.format(column)) << "</th>";
        out << "</tr></thead><tbody>\n";
        for (std::size_t i = 0; i < document.repetitions.size(); ++i) {
            const DocumentRepetition& r = document.repetitions[i];
            out << "<tr" << (r.decides ? " class=\"decides\"" : "") << "><td class=\"number\">" << i + 1
                << "</td><td class=\"plies\">" << xml_escaped(r.plies) << "</td>";
            for (const Color side : { Color::Red, Color::Black })
                out << "<td>" << xml_escaped(r.in_short(side)) << "</td>";
            out << "<td class=\"outcome\">" << xml_escaped(r.outcome) << "</td></tr>\n";
        }
        out << "</tbody></table>\n";
        if (std::any_of(document.repetitions.begin(), document.repetitions.end(),
                [](const DocumentRepetition& r) { return r.ruled && !r.in_full; }))
            out << paragraph(m.format("summary.in_brief"), "brief");
    }

} // namespace

void write_html_head(std::ostream& out, const MessageCatalogue& m, bool comparisons)
{
    out << "<!DOCTYPE html>\n<html lang=\"" << xml_escaped(m.language())
        << "\" xmlns=\"http://www.w3.org/1999/xhtml\">\n"
        << "<head>\n<meta charset=\"utf-8\"/>\n<title>"
        << xml_escaped(m.format(comparisons ? "compare.title" : "document.title")) << "</title>\n<style>" << style
        << (comparisons ? comparison_style : "") << page_number_style(m) << "</style>\n</head>\n<body>\n";
}

void write_document_html(std::ostream& out, const RulingDocument& document, const MessageCatalogue& m)
{
    out << "<article>\n";
    if (!document.book_heading.empty())
        out << paragraph(document.book_heading, "book");
    out << "<h1>" << xml_escaped(document.title) << "</h1>\n";
    write_header(out, document.header);
    if (!document.summary.empty()) {
        out << "<div class=\"summary\">\n";
        for (std::size_t i = 0; i < document.summary.size(); ++i)
            out << paragraph(document.summary[i], i == 0 ? "verdict" : nullptr);
        out << "</div>\n";
    }
    for (const std::string& note : document.notes)
        out << paragraph(note);
    if (document.repetitions.size() > 1)
        write_episodes(out, document, m);
    for (const DocumentRepetition* r : in_reading_order(document))
        write_repetition(out, *r, document, m);
    // A ruling beside other books' rulings is signed once, at the end of the comparison.
    if (!document.appendix.empty()) {
        out << "<h2>" << xml_escaped(m.format("appendix.heading")) << "</h2>\n";
        for (const std::string& line : document.appendix)
            out << paragraph(line);
    }
    if (document.book_heading.empty())
        write_closing(out, m);
    out << "</article>\n";
}

void write_comparison_html(std::ostream& out, const ComparisonDocument& document, const MessageCatalogue& m)
{
    out << "<article class=\"comparison\">\n<h1>" << xml_escaped(document.title) << "</h1>\n";
    write_header(out, document.header);
    out << "<h2>" << xml_escaped(document.heading) << "</h2>\n<ul class=\"books\">\n";
    for (const std::string& book : document.books)
        out << "<li>" << xml_escaped(book) << "</li>\n";
    out << "</ul>\n<div class=\"summary\">\n";
    for (std::size_t i = 0; i < document.differences.size(); ++i)
        out << paragraph(document.differences[i], i == 0 ? "verdict" : nullptr);
    out << "</div>\n</article>\n";
    for (const RulingDocument& ruling : document.rulings)
        write_document_html(out, ruling, m);
    out << "<article class=\"closing\">\n";
    write_closing(out, m);
    out << "</article>\n";
}

void write_html_tail(std::ostream& out) { out << "</body>\n</html>\n"; }

} // namespace xq
