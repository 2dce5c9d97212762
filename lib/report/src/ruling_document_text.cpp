// The text and Markdown layouts of a written ruling.

#include <algorithm>
#include <sstream>

#include "xq/base/utf8.hpp"
#include "xq/report/board_diagram.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    // Paper and terminals both hold 80 columns; the text is wrapped a little short of that.
    constexpr std::size_t line_width = 78;

    // The code point starting at text[i] and its length in bytes (the text is valid UTF-8: it
    // comes from the catalogue, the ruleset and decoded records).
    std::pair<char32_t, std::size_t> code_point_at(std::string_view text, std::size_t i)
    {
        const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
        const unsigned char lead = byte(i);
        const std::size_t length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
        if (length == 1 || i + length > text.size())
            return { lead, 1 };
        char32_t c = lead & (0x7f >> length);
        for (std::size_t k = 1; k < length; ++k)
            c = (c << 6) | (byte(i + k) & 0x3f);
        return { c, length };
    }

    // East Asian wide and full-width characters take two columns.
    bool is_wide(char32_t c)
    {
        return (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3)
            || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60)
            || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x20000 && c <= 0x3fffd);
    }

    std::size_t display_width(std::string_view text)
    {
        std::size_t width = 0;
        for (std::size_t i = 0; i < text.size();) {
            const auto [c, length] = code_point_at(text, i);
            width += is_wide(c) ? 2 : 1;
            i += length;
        }
        return width;
    }

    std::string padded(const std::string& text, std::size_t width)
    {
        const std::size_t w = display_width(text);
        return w >= width ? text : text + std::string(width - w, ' ');
    }

    // Punctuation that must not begin a line (Chinese, and the ASCII that English text puts
    // right after a Chinese term: "(长捉)."), and that must not end one.
    bool closes(char32_t c)
    {
        return c == U'，' || c == U'。' || c == U'：' || c == U'；' || c == U'、' || c == U'）' || c == U'？'
            || c == U'！' || c == U'”' || c == U'」' || c == U')' || c == U',' || c == U'.' || c == U':' || c == U';';
    }
    bool opens(char32_t c) { return c == U'（' || c == U'“' || c == U'「'; }

    // A run of text that is never broken, and whether a space stood before it.
    struct Segment {
        std::string text;
        std::size_t width = 0;
        bool space_before = false;
    };

    // Lines may break at spaces, and next to wide characters (Chinese has no spaces), but not
    // before closing or after opening punctuation.
    std::vector<Segment> segments_of(std::string_view text)
    {
        std::vector<Segment> out;
        bool space = false, last_wide = false, last_opens = false;
        for (std::size_t i = 0; i < text.size();) {
            const auto [c, length] = code_point_at(text, i);
            const std::string_view bytes = text.substr(i, length);
            i += length;
            if (c == U' ') {
                space = true;
                continue;
            }
            const bool wide = is_wide(c);
            if (out.empty() || space || ((wide || last_wide) && !closes(c) && !last_opens))
                out.push_back({ {}, 0, space });
            out.back().text += bytes;
            out.back().width += wide ? 2 : 1;
            space = false;
            last_wide = wide;
            last_opens = opens(c);
        }
        return out;
    }

    // `text` in lines of at most line_width columns, each starting with `indent` spaces.
    std::string wrapped(std::string_view text, std::size_t indent)
    {
        const std::string margin(indent, ' ');
        std::string out, line = margin;
        std::size_t width = indent;
        bool line_empty = true;
        for (const Segment& s : segments_of(text)) {
            std::size_t gap = s.space_before && !line_empty ? 1 : 0;
            if (!line_empty && width + gap + s.width > line_width) {
                out += line + '\n';
                line = margin;
                width = indent;
                gap = 0;
            }
            line += std::string(gap, ' ') + s.text;
            width += gap + s.width;
            line_empty = false;
        }
        return out + line + '\n';
    }

    std::string underlined(const std::string& title, char rule)
    {
        return title + '\n' + std::string(display_width(title), rule) + '\n';
    }

    // Lines to sign on, one per label, the labels padded to one width.
    BoardStyle board_style(const MessageCatalogue& m)
    {
        return m.chinese() ? BoardStyle::Chinese : BoardStyle::International;
    }

    std::vector<std::pair<std::string, std::string>> signature_lines(const MessageCatalogue& m)
    {
        return { { m.format("signature.arbiter"), std::string(40, '_') },
            { m.format("signature.signature"), std::string(40, '_') },
            { m.format("signature.date"), std::string(20, '_') } };
    }

    // The lines to sign on and the footer that end a document.
    void write_closing_text(std::ostream& out, const MessageCatalogue& m)
    {
        out << '\n';
        const auto signature = signature_lines(m);
        std::size_t signature_width = 0;
        for (const auto& [label, blank] : signature)
            signature_width = std::max(signature_width, display_width(label));
        for (const auto& [label, blank] : signature)
            out << '\n' << padded(label, signature_width + 2) << blank << '\n';
        out << '\n' << wrapped(m.format("document.footer"), 0);
    }

    // Markdown: the characters that would start markup inside running text or a table cell.
    std::string escaped(std::string_view text)
    {
        std::string out;
        for (const char c : text) {
            if (std::string_view("\\`*_[]<>|#").find(c) != std::string_view::npos)
                out += '\\';
            out += c;
        }
        return out;
    }

    void write_closing_markdown(std::ostream& out, const MessageCatalogue& m)
    {
        out << "\n---\n\n| | |\n| --- | --- |\n";
        for (const auto& [label, blank] : signature_lines(m))
            out << "| " << escaped(label) << " | " << escaped(blank) << " |\n";
        out << "\n*" << escaped(m.format("document.footer")) << "*\n";
    }

    // The header's fields, a line each, the values in a column after the longest label.
    void write_header_text(std::ostream& out, const std::vector<HeaderField>& header)
    {
        std::size_t label_width = 0;
        for (const HeaderField& f : header)
            label_width = std::max(label_width, display_width(f.label));
        for (const HeaderField& f : header) {
            const std::string first = padded(f.label, label_width + 2);
            const std::string value = wrapped(f.value, label_width + 2);
            out << first << value.substr(label_width + 2);
        }
    }

    void write_header_markdown(std::ostream& out, const std::vector<HeaderField>& header)
    {
        out << "| | |\n| --- | --- |\n";
        for (const HeaderField& f : header)
            out << "| **" << escaped(f.label) << "** | " << escaped(f.value) << " |\n";
    }

    void write_document_lines(std::ostream& out, const RulingDocument& document, const MessageCatalogue& m)
    {
        // A book's ruling among others: a banner naming the book, so that each ruling's start stands out.
        if (!document.book_heading.empty())
            out << std::string(line_width, '#') << '\n'
                << wrapped(document.book_heading, 0) << std::string(line_width, '#') << "\n\n";
        out << underlined(document.title, '=') << '\n';
        write_header_text(out, document.header);
        if (!document.summary.empty())
            out << '\n';
        for (const std::string& sentence : document.summary)
            out << wrapped(sentence, 0);
        for (const std::string& note : document.notes)
            out << '\n' << wrapped(note, 0);
        if (document.repetitions.size() > 1) {
            out << '\n' << underlined(m.format("summary.heading"), '-');
            for (std::size_t i = 0; i < document.repetitions.size(); ++i) {
                const DocumentRepetition& r = document.repetitions[i];
                out << wrapped(
                    m.format("summary.episode",
                        { { "number", std::to_string(i + 1) }, { "plies", r.plies }, { "outcome", r.outcome } }),
                    0);
                for (const DocumentSide& side : r.sides)
                    out << wrapped(m.format("summary.episode_side",
                                       { { "side", m.format(side.side == Color::Red ? "header.red" : "header.black") },
                                           { "conduct", side.in_short } }),
                        4);
            }
            if (std::any_of(document.repetitions.begin(), document.repetitions.end(),
                    [](const DocumentRepetition& r) { return r.ruled && !r.in_full; }))
                out << '\n' << wrapped(m.format("summary.in_brief"), 0);
        }

        for (const DocumentRepetition* in_order : in_reading_order(document)) {
            const DocumentRepetition& r = *in_order;
            out << '\n' << underlined(r.heading, '-') << '\n' << wrapped(r.start_sentence, 0);
            if (!r.in_full) {
                for (const DocumentSide& side : r.sides)
                    out << wrapped(m.paragraph(side.sentences), 0);
                for (const std::string& sentence : r.verdict)
                    out << wrapped(sentence, 0);
                continue;
            }
            out << '\n'
                << board_drawing(r.start, board_style(m), m.script()) << wrapped(m.format("board.legend"), 0) << '\n';

            out << underlined(m.format("cycle.heading"), '~') << wrapped(document.notation_sentence, 0) << '\n';
            std::size_t side_width = 0, move_width = 0;
            for (const DocumentMove& move : r.moves) {
                side_width = std::max(side_width, display_width(move.side_name));
                move_width = std::max(move_width, display_width(move.text));
            }
            for (const DocumentMove& move : r.moves) {
                std::string ply = std::to_string(move.ply);
                ply.insert(0, ply.size() < 5 ? 5 - ply.size() : 0, ' ');
                out << ply << "  " << padded(move.side_name, side_width + 2) << padded(move.text, move_width + 2)
                    << move.classes_shown << '\n';
                for (const std::string& reason : move.reasons)
                    out << wrapped(reason, 9);
            }

            out << '\n' << underlined(m.format("conduct.heading"), '~');
            for (const DocumentSide& side : r.sides)
                out << wrapped(m.paragraph(side.sentences), 0);

            out << '\n' << underlined(document.rules_heading, '~');
            for (const QuotedRule& rule : r.rules) {
                out << wrapped(rule.heading, 0) << wrapped(rule.text, 4);
                if (!rule.diagrams_line.empty())
                    out << wrapped(rule.diagrams_line, 4);
                out << wrapped(rule.why, 4);
            }

            out << '\n' << underlined(m.format("verdict.heading"), '~');
            for (const std::string& sentence : r.verdict)
                out << wrapped(sentence, 0);
        }
        if (!document.appendix.empty()) {
            out << '\n' << underlined(m.format("appendix.heading"), '-');
            for (const std::string& line : document.appendix)
                out << wrapped(line, 0);
        }
        // A ruling beside other books' rulings is signed once, at the end of the comparison.
        if (document.book_heading.empty())
            write_closing_text(out, m);
    }

} // namespace

// Text is for the terminal: a bidirectional control in a name may not reorder its lines.
void write_document_text(std::ostream& out, const RulingDocument& document, const MessageCatalogue& m)
{
    std::ostringstream text;
    write_document_lines(text, document, m);
    out << utf8::escape_bidi_controls(text.str());
}

void write_document_markdown(std::ostream& out, const RulingDocument& document, const MessageCatalogue& m)
{
    if (!document.book_heading.empty())
        out << "# " << escaped(document.book_heading) << "\n\n";
    out << "# " << escaped(document.title) << "\n\n";
    write_header_markdown(out, document.header);
    if (!document.summary.empty())
        out << "\n**" << escaped(document.summary.front()) << "**\n";
    for (std::size_t i = 1; i < document.summary.size(); ++i)
        out << '\n' << escaped(document.summary[i]) << '\n';
    for (const std::string& note : document.notes)
        out << '\n' << escaped(note) << '\n';
    if (document.repetitions.size() > 1) {
        out << "\n## " << escaped(m.format("summary.heading")) << "\n\n| " << escaped(m.format("column.repetition"))
            << " | " << escaped(m.format("column.plies")) << " | " << escaped(m.format("header.red")) << " | "
            << escaped(m.format("header.black")) << " | " << escaped(m.format("column.outcome"))
            << " |\n| ---: | --- | --- | --- | --- |\n";
        for (std::size_t i = 0; i < document.repetitions.size(); ++i) {
            const DocumentRepetition& r = document.repetitions[i];
            const std::string strong = r.decides ? "**" : "";
            out << "| " << i + 1 << " | " << escaped(r.plies) << " | " << escaped(r.in_short(Color::Red)) << " | "
                << escaped(r.in_short(Color::Black)) << " | " << strong << escaped(r.outcome) << strong << " |\n";
        }
        if (std::any_of(document.repetitions.begin(), document.repetitions.end(),
                [](const DocumentRepetition& r) { return r.ruled && !r.in_full; }))
            out << '\n' << escaped(m.format("summary.in_brief")) << '\n';
    }

    for (const DocumentRepetition* in_order : in_reading_order(document)) {
        const DocumentRepetition& r = *in_order;
        out << "\n## " << escaped(r.heading) << "\n\n" << escaped(r.start_sentence) << "\n";
        if (!r.in_full) {
            for (const DocumentSide& side : r.sides)
                out << "\n" << escaped(m.paragraph(side.sentences)) << '\n';
            for (const std::string& sentence : r.verdict)
                out << '\n' << escaped(sentence) << '\n';
            continue;
        }
        out << "\n```text\n"
            << board_drawing(r.start, board_style(m), m.script()) << "```\n\n"
            << escaped(m.format("board.legend")) << "\n";

        out << "\n### " << escaped(m.format("cycle.heading")) << "\n\n"
            << escaped(document.notation_sentence) << "\n\n| " << escaped(m.format("column.ply")) << " | "
            << escaped(m.format("column.side")) << " | " << escaped(m.format("column.move")) << " | "
            << escaped(m.format("column.classes")) << " | " << escaped(m.format("column.reasons"))
            << " |\n| ---: | --- | --- | --- | --- |\n";
        for (const DocumentMove& move : r.moves) {
            std::string reasons;
            for (const std::string& reason : move.reasons)
                reasons += (reasons.empty() ? "" : "<br>") + escaped(reason);
            out << "| " << move.ply << " | " << escaped(move.side_name) << " | " << escaped(move.text) << " | "
                << escaped(move.classes_shown) << " | " << reasons << " |\n";
        }

        out << "\n### " << escaped(m.format("conduct.heading")) << "\n\n";
        for (const DocumentSide& side : r.sides)
            out << "- " << escaped(m.paragraph(side.sentences)) << '\n';

        out << "\n### " << escaped(document.rules_heading) << '\n';
        for (const QuotedRule& rule : r.rules) {
            out << "\n**" << escaped(rule.heading) << "**\n\n> " << escaped(rule.text) << '\n';
            if (!rule.diagrams_line.empty())
                out << ">\n> " << escaped(rule.diagrams_line) << '\n';
            out << "\n*" << escaped(rule.why) << "*\n";
        }

        out << "\n### " << escaped(m.format("verdict.heading")) << "\n\n";
        for (const std::string& sentence : r.verdict)
            out << escaped(sentence) << "\n\n";
    }
    if (!document.appendix.empty()) {
        out << "\n## " << escaped(m.format("appendix.heading")) << "\n\n";
        for (const std::string& line : document.appendix)
            out << escaped(line) << "\n\n";
    }
    if (document.book_heading.empty())
        write_closing_markdown(out, m);
}

void write_comparison_text(std::ostream& out, const ComparisonDocument& document, const MessageCatalogue& m)
{
    std::ostringstream header;
    header << underlined(document.title, '=') << '\n';
    write_header_text(header, document.header);
    out << utf8::escape_bidi_controls(header.str());
    out << '\n' << underlined(document.heading, '-');
    for (const std::string& book : document.books)
        out << wrapped(book, 0) << '\n';
    out << wrapped(m.paragraph(document.differences), 0);
    for (const RulingDocument& ruling : document.rulings) {
        out << '\n';
        write_document_text(out, ruling, m);
    }
    write_closing_text(out, m);
}

void write_comparison_markdown(std::ostream& out, const ComparisonDocument& document, const MessageCatalogue& m)
{
    out << "# " << escaped(document.title) << "\n\n";
    write_header_markdown(out, document.header);
    out << "\n## " << escaped(document.heading) << "\n\n";
    for (const std::string& book : document.books)
        out << "- " << escaped(book) << '\n';
    out << "\n**" << escaped(m.paragraph(document.differences)) << "**\n";
    for (const RulingDocument& ruling : document.rulings) {
        out << '\n';
        write_document_markdown(out, ruling, m);
    }
    write_closing_markdown(out, m);
}

} // namespace xq
