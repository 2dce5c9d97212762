// The HTML layout of written rulings: one self-contained file, each ruling an <article> that
// starts on a new A4 page. The markup is also well-formed XML (every element closed, no
// named entities), so XML tools can check it.

#include "xml_text.hpp"
#include "xq/report/board_svg.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    constexpr const char* style = R"(
@page { size: A4; margin: 16mm 15mm 18mm 15mm; }
body { font-family: "Noto Serif", "DejaVu Serif", "Noto Serif CJK SC", "WenQuanYi Zen Hei", serif;
  font-size: 10.5pt; line-height: 1.4; color: #111; margin: 0 auto; max-width: 180mm; padding: 8mm 0; }
article { break-after: page; }
article:last-of-type { break-after: auto; }
h1 { font-size: 17pt; margin: 0 0 4mm 0; border-bottom: 1.5pt solid #111; }
h2 { font-size: 13pt; margin: 6mm 0 2mm 0; break-after: avoid; }
h3 { font-size: 11pt; margin: 5mm 0 2mm 0; break-after: avoid; }
h4 { font-size: 10.5pt; margin: 3mm 0 1mm 0; break-after: avoid; }
table { border-collapse: collapse; }
table.header th { text-align: left; padding: 0.5mm 5mm 0.5mm 0; vertical-align: top; white-space: nowrap; }
table.header td { padding: 0.5mm 0; }
table.moves { width: 100%; font-size: 9.5pt; }
table.moves th, table.moves td { border-bottom: 0.5pt solid #999; padding: 1mm 1.5mm; vertical-align: top; text-align: left; }
table.moves tr { break-inside: avoid; }
table.moves td.ply { text-align: right; }
table.moves th, table.moves td.side { white-space: nowrap; }
table.moves td.move { white-space: nowrap; font-weight: bold; }
table.moves ul { margin: 0; padding-left: 4mm; }
figure.board { margin: 3mm 0; text-align: center; break-inside: avoid; }
figure.board svg { width: 110mm; height: auto; }
figcaption { font-size: 8.5pt; color: #333; margin-top: 1mm; }
blockquote { margin: 0 0 2mm 5mm; padding-left: 3mm; border-left: 1.5pt solid #999; }
blockquote p { margin: 0.5mm 0; }
p.diagrams { font-size: 9pt; color: #333; }
.verdict p { margin: 1.5mm 0; }
.verdict p.outcome { font-weight: bold; font-size: 11.5pt; }
.signature { margin-top: 12mm; display: flex; gap: 8mm; break-inside: avoid; }
.signature div { flex: 1; border-top: 0.75pt solid #111; padding-top: 1mm; font-size: 9pt; }
p.footer { font-size: 8.5pt; color: #444; margin-top: 4mm; }
)";

    std::string paragraph(const std::string& text, const char* css_class = nullptr)
    {
        return std::string("<p") + (css_class ? std::string(" class=\"") + css_class + "\"" : "") + ">"
            + xml_escaped(text) + "</p>\n";
    }

    void write_repetition(
        std::ostream& out, const DocumentRepetition& r, const std::string& notation_sentence, const MessageCatalogue& m)
    {
        out << "<section class=\"repetition\">\n<h2>" << xml_escaped(r.heading) << "</h2>\n"
            << paragraph(r.start_sentence);
        std::vector<BoardArrow> arrows;
        for (const DocumentMove& move : r.moves)
            arrows.push_back({ move.move, move.mover, std::to_string(move.ply) });
        out << "<figure class=\"board\">" << board_svg(r.start, arrows) << "\n<figcaption>"
            << xml_escaped(m.format("board.arrows")) << " " << xml_escaped(m.format("board.legend"))
            << "</figcaption></figure>\n";

        out << "<h3>" << xml_escaped(m.format("cycle.heading")) << "</h3>\n"
            << paragraph(notation_sentence) << "<table class=\"moves\"><thead><tr>";
        for (const char* column : { "column.ply", "column.side", "column.move", "column.classes", "column.reasons" })
            out << "<th>" << xml_escaped(m.format(column)) << "</th>";
        out << "</tr></thead><tbody>\n";
        for (const DocumentMove& move : r.moves) {
            out << "<tr><td class=\"ply\">" << move.ply << "</td><td class=\"side\">" << xml_escaped(move.side_name)
                << "</td><td class=\"move\">" << xml_escaped(move.text) << "</td><td>"
                << xml_escaped(m.list(move.class_names)) << "</td><td><ul>";
            for (const std::string& reason : move.reasons)
                out << "<li>" << xml_escaped(reason) << "</li>";
            out << "</ul></td></tr>\n";
        }
        out << "</tbody></table>\n";

        out << "<h3>" << xml_escaped(m.format("conduct.heading")) << "</h3>\n";
        for (const DocumentSide& side : r.sides)
            out << paragraph(m.paragraph(side.sentences));

        out << "<h3>" << xml_escaped(m.format("rules.heading")) << "</h3>\n";
        for (const QuotedRule& rule : r.rules) {
            out << "<h4>" << xml_escaped(rule.heading) << "</h4>\n<blockquote>" << paragraph(rule.text);
            if (!rule.diagrams_line.empty())
                out << paragraph(rule.diagrams_line, "diagrams");
            out << "</blockquote>\n";
        }

        out << "<h3>" << xml_escaped(m.format("verdict.heading")) << "</h3>\n<div class=\"verdict\">\n";
        for (std::size_t i = 0; i < r.verdict.size(); ++i)
            out << paragraph(r.verdict[i], i == 0 ? "outcome" : nullptr);
        out << "</div>\n</section>\n";
    }

} // namespace

void write_html_head(std::ostream& out, const MessageCatalogue& m)
{
    out << "<!DOCTYPE html>\n<html lang=\"" << xml_escaped(m.language())
        << "\" xmlns=\"http://www.w3.org/1999/xhtml\">\n"
        << "<head>\n<meta charset=\"utf-8\"/>\n<title>" << xml_escaped(m.format("document.title"))
        << "</title>\n<style>" << style << "</style>\n</head>\n<body>\n";
}

void write_document_html(std::ostream& out, const RulingDocument& document, const MessageCatalogue& m)
{
    out << "<article>\n<h1>" << xml_escaped(document.title) << "</h1>\n<table class=\"header\"><tbody>\n";
    for (const HeaderField& f : document.header)
        out << "<tr><th>" << xml_escaped(f.label) << "</th><td>" << xml_escaped(f.value) << "</td></tr>\n";
    out << "</tbody></table>\n";
    for (const std::string& note : document.notes)
        out << paragraph(note);
    for (const DocumentRepetition& r : document.repetitions)
        write_repetition(out, r, document.notation_sentence, m);
    out << "<div class=\"signature\">";
    for (const char* line : { "signature.arbiter", "signature.signature", "signature.date" })
        out << "<div>" << xml_escaped(m.format(line)) << "</div>";
    out << "</div>\n" << paragraph(m.format("document.footer"), "footer") << "</article>\n";
}

void write_html_tail(std::ostream& out) { out << "</body>\n</html>\n"; }

} // namespace xq
