// The PDF layout of written rulings: the HTML layout set on A4 pages by cairo, pango and librsvg.
// Pango sets the text (fonts found by fontconfig and embedded as subsets) and librsvg the board,
// which is the SVG the HTML shows. Each ruling starts on a new page and numbers its own pages
// "page N of M": it is signed and filed on its own.
//
// The document is first cut into blocks that are never split (a line of text, a table row,
// a board), then the blocks are set on pages, then drawn: the page count is known before the
// first footer is drawn.
//
// The libraries are loaded when the first PDF is written, not with the program: loading them
// and the two score they need cost every command about 20 ms of CPU at its start, more than
// checking a few hundred records.

#include <cairo-pdf.h>
#include <cairo.h>
#include <dlfcn.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>

#include <algorithm>
#include <array>
#include <bit>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>

#include "xq/report/board_svg.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

// Each function this file calls, as a pointer of its own type under its own name: the calls
// below find the pointer before the library's declaration.
// (One function a line, which clang-format cannot keep.)
// clang-format off
#define XQ_PDF_FUNCTIONS(X) \
    X(cairo_create) \
    X(cairo_destroy) \
    X(cairo_fill) \
    X(cairo_line_to) \
    X(cairo_move_to) \
    X(cairo_rectangle) \
    X(cairo_set_line_width) \
    X(cairo_set_source_rgb) \
    X(cairo_show_page) \
    X(cairo_stroke) \
    X(cairo_surface_destroy) \
    X(cairo_surface_finish) \
    X(cairo_surface_status) \
    X(cairo_pdf_surface_create_for_stream) \
    X(cairo_pdf_surface_set_metadata) \
    X(pango_cairo_context_set_resolution) \
    X(pango_cairo_font_map_new) \
    X(pango_cairo_show_layout) \
    X(pango_cairo_show_layout_line) \
    X(pango_cairo_update_context) \
    X(pango_context_set_language) \
    X(pango_font_description_free) \
    X(pango_font_description_from_string) \
    X(pango_font_description_set_size) \
    X(pango_font_description_set_style) \
    X(pango_font_description_set_weight) \
    X(pango_font_map_create_context) \
    X(pango_language_from_string) \
    X(pango_layout_get_iter) \
    X(pango_layout_get_line_count) \
    X(pango_layout_get_size) \
    X(pango_layout_iter_free) \
    X(pango_layout_iter_get_baseline) \
    X(pango_layout_iter_get_line_extents) \
    X(pango_layout_iter_get_line_readonly) \
    X(pango_layout_iter_next_line) \
    X(pango_layout_new) \
    X(pango_layout_set_alignment) \
    X(pango_layout_set_font_description) \
    X(pango_layout_set_text) \
    X(pango_layout_set_width) \
    X(pango_layout_set_wrap) \
    X(rsvg_handle_new_from_data) \
    X(rsvg_handle_render_document) \
    X(g_clear_error) \
    X(g_object_unref)
// clang-format on
#define XQ_PDF_FUNCTION_POINTER(name) decltype(&::name) name = nullptr;
    XQ_PDF_FUNCTIONS(XQ_PDF_FUNCTION_POINTER)
#undef XQ_PDF_FUNCTION_POINTER

    // Loads the libraries once and finds each function in them: empty, or what is missing (the
    // dynamic loader's own words, which name the library or the function).
    const std::string& pdf_libraries_problem()
    {
        static const std::string problem = []() -> std::string {
            constexpr std::array libraries = { "libcairo.so.2", "libpango-1.0.so.0", "libpangocairo-1.0.so.0",
                "librsvg-2.so.2", "libgobject-2.0.so.0", "libglib-2.0.so.0" };
            std::array<void*, libraries.size()> handles {};
            for (std::size_t i = 0; i < libraries.size(); ++i)
                if (!(handles[i] = dlopen(libraries[i], RTLD_NOW | RTLD_LOCAL))) {
                    const char* reason = dlerror();
                    return reason ? reason : libraries[i];
                }
            const auto find = [&](const char* name) -> void* {
                for (void* handle : handles)
                    if (void* function = dlsym(handle, name))
                        return function;
                return nullptr;
            };
            std::string missing;
#define XQ_PDF_FIND_FUNCTION(name)                                                                                     \
    if (!(name = std::bit_cast<decltype(name)>(find(#name))) && missing.empty())                                       \
        missing = std::string("no function ") + #name + " in the PDF libraries";
            XQ_PDF_FUNCTIONS(XQ_PDF_FIND_FUNCTION)
#undef XQ_PDF_FIND_FUNCTION
            return missing;
        }();
        return problem;
    }
#undef XQ_PDF_FUNCTIONS

    constexpr double mm = 72.0 / 25.4; // cairo's PDF unit is the point
    constexpr double page_width = 210 * mm, page_height = 297 * mm;
    constexpr double margin_left = 15 * mm, margin_top = 14 * mm, margin_bottom = 16 * mm;
    constexpr double body_width = page_width - 2 * margin_left;
    constexpr double body_bottom = page_height - margin_bottom;
    // The board as in the HTML (92 mm wide), in the proportions of board_svg's drawing.
    constexpr double board_width = 92 * mm, board_height = board_width * 452.0 / 412.0;

    struct GObjectUnref {
        void operator()(gpointer object) const { g_object_unref(object); }
    };

    // Text laid out at its width, and its ink (0 is black).
    struct Text {
        std::shared_ptr<PangoLayout> layout;
        double grey = 0;
        PangoLayout* get() const { return layout.get(); }
    };

    struct TextStyle {
        double size = 10; // points
        bool bold = false;
        bool italic = false;
        double grey = 0.07; // the ink, 0 black
    };

    // A piece of the document that is never split across pages.
    struct Block {
        double height = 0;
        double space_before = 0;
        bool keep_with_next = false; // a heading: moves to the next page with what follows
        std::function<void(cairo_t*, double top)> draw;
    };

    struct Cell {
        std::string text;
        TextStyle style;
    };

    class PdfWriter {
    public:
        PdfWriter(cairo_t* cr, const MessageCatalogue& m)
            : m_(m)
            , chinese_(m.chinese())
            , script_(m.script())
            , font_map_(pango_cairo_font_map_new(), GObjectUnref())
            , context_(pango_font_map_create_context(font_map_.get()), GObjectUnref())
        {
            pango_cairo_update_context(cr, context_.get());
            // Points are the PDF's units: a 10 pt font must be 10 units high, not 96/72 of it.
            pango_cairo_context_set_resolution(context_.get(), 72);
            pango_context_set_language(context_.get(),
                pango_language_from_string(!chinese_            ? "en"
                        : script_ == ChineseScript::Traditional ? "zh-hk"
                                                                : "zh-cn"));
        }

        // The blocks of one ruling, in the order of the HTML.
        std::vector<Block> blocks(const RulingDocument& d)
        {
            blocks_.clear();
            if (!d.book_heading.empty())
                banner(d.book_heading);
            heading(d.title, 16, blocks_.empty() ? 0 : 2 * mm);
            underline_title();
            header(d.header);
            summary(d.summary);
            for (const std::string& note : d.notes)
                paragraph(note, {}, 0, 1.5 * mm);
            if (d.repetitions.size() > 1)
                episodes(d);
            for (const DocumentRepetition* r : in_reading_order(d))
                repetition(*r, d);
            // A ruling beside other books' rulings is signed once, at the end of the comparison.
            if (!d.appendix.empty()) {
                heading(m_.format("appendix.heading"), 12.5, 5 * mm);
                for (const std::string& line : d.appendix)
                    paragraph(line, {}, 0, 1.2 * mm);
            }
            if (d.book_heading.empty())
                close();
            return std::move(blocks_);
        }

        // The blocks that end a comparison of rule books.
        std::vector<Block> closing()
        {
            blocks_.clear();
            close();
            return std::move(blocks_);
        }

        // The comparison of a game's rulings under several books, as in the HTML: the title,
        // the header, each book's line, and whether and where they differ in a frame.
        std::vector<Block> blocks(const ComparisonDocument& d)
        {
            blocks_.clear();
            heading(d.title, 16, 0);
            underline_title();
            header(d.header);
            heading(d.heading, 12.5, 5 * mm);
            for (const std::string& book : d.books)
                paragraph("• " + book, {}, 0, 1.2 * mm);
            summary(d.differences);
            return std::move(blocks_);
        }

        // "page N of M", centred under the body.
        void footer(cairo_t* cr, int page, int pages)
        {
            const Text layout = make_layout(
                m_.format("document.page", { { "page", std::to_string(page) }, { "pages", std::to_string(pages) } }),
                { 8.5, false, false, 0.27 }, body_width);
            pango_layout_set_alignment(layout.get(), PANGO_ALIGN_CENTER);
            draw_layout(cr, layout, margin_left, page_height - margin_bottom + 5 * mm);
        }

    private:
        const MessageCatalogue& m_;
        bool chinese_;
        ChineseScript script_;
        // A font map of its own rather than pango's default, which lives to the end of the
        // process: what it caches is freed with the writer.
        std::unique_ptr<PangoFontMap, GObjectUnref> font_map_;
        std::unique_ptr<PangoContext, GObjectUnref> context_;
        std::vector<Block> blocks_;

        // The fonts as the HTML names them, Chinese first for Chinese; fontconfig falls back
        // along the list, so the Debian fonts of scripts/install-deps.sh are last.
        std::string families() const
        {
            if (!chinese_)
                return "Noto Serif, DejaVu Serif, Noto Serif CJK SC, WenQuanYi Zen Hei, serif";
            return script_ == ChineseScript::Traditional
                ? "Noto Serif CJK TC, Source Han Serif TC, PMingLiU, WenQuanYi Zen Hei, serif"
                : "Noto Serif CJK SC, Source Han Serif SC, SimSun, WenQuanYi Zen Hei, serif";
        }

        Text make_layout(const std::string& text, const TextStyle& style, double width) const
        {
            const Text layout { std::shared_ptr<PangoLayout>(pango_layout_new(context_.get()), GObjectUnref()),
                style.grey };
            PangoFontDescription* font = pango_font_description_from_string(families().c_str());
            pango_font_description_set_size(font, static_cast<gint>(style.size * PANGO_SCALE));
            pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
            pango_font_description_set_style(font, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
            pango_layout_set_font_description(layout.get(), font);
            pango_font_description_free(font);
            pango_layout_set_width(layout.get(), static_cast<int>(width * PANGO_SCALE));
            // Long paths and names break anywhere rather than run off the margin.
            pango_layout_set_wrap(layout.get(), PANGO_WRAP_WORD_CHAR);
            pango_layout_set_text(layout.get(), text.c_str(), static_cast<int>(text.size()));
            return layout;
        }

        static double height_of(const Text& layout)
        {
            int width = 0, height = 0;
            pango_layout_get_size(layout.get(), &width, &height);
            return static_cast<double>(height) / PANGO_SCALE;
        }

        static void draw_layout(cairo_t* cr, const Text& layout, double x, double y)
        {
            cairo_set_source_rgb(cr, layout.grey, layout.grey, layout.grey);
            cairo_move_to(cr, x, y);
            pango_cairo_show_layout(cr, layout.get());
        }

        // A paragraph, one block per line, so that it can run on to the next page.
        // `keep_with_next`: no line of it ends a page, so that it stays with what follows.
        void paragraph(const std::string& text, const TextStyle& style, double indent, double space_before,
            bool rule_on_left = false, bool keep_with_next = false)
        {
            const Text layout = make_layout(text, style, body_width - indent);
            PangoLayoutIter* iter = pango_layout_get_iter(layout.get());
            bool first = true;
            do {
                PangoRectangle logical;
                pango_layout_iter_get_line_extents(iter, nullptr, &logical);
                const double baseline = static_cast<double>(pango_layout_iter_get_baseline(iter)) / PANGO_SCALE;
                const double line_top = static_cast<double>(logical.y) / PANGO_SCALE;
                const double x = margin_left + indent + static_cast<double>(logical.x) / PANGO_SCALE;
                PangoLayoutLine* line = pango_layout_iter_get_line_readonly(iter);
                Block block;
                block.height = static_cast<double>(logical.height) / PANGO_SCALE;
                block.space_before = first ? space_before : 0;
                block.keep_with_next = keep_with_next;
                block.draw = [layout, line, x, offset = baseline - line_top, rule_on_left, indent,
                                 height = block.height](cairo_t* cr, double top) {
                    cairo_set_source_rgb(cr, layout.grey, layout.grey, layout.grey);
                    cairo_move_to(cr, x, top + offset);
                    pango_cairo_show_layout_line(cr, line);
                    if (rule_on_left) {
                        cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
                        cairo_set_line_width(cr, 1.5);
                        cairo_move_to(cr, margin_left + indent - 3 * mm, top);
                        cairo_line_to(cr, margin_left + indent - 3 * mm, top + height);
                        cairo_stroke(cr);
                    }
                };
                blocks_.push_back(std::move(block));
                first = false;
            } while (pango_layout_iter_next_line(iter));
            pango_layout_iter_free(iter);
        }

        // A rule under the heading just added, as under the HTML's h1.
        void underline_title()
        {
            blocks_.back().draw
                = [draw = blocks_.back().draw, height = blocks_.back().height](cairo_t* cr, double top) {
                      draw(cr, top);
                      cairo_set_source_rgb(cr, 0.07, 0.07, 0.07);
                      cairo_set_line_width(cr, 1.5);
                      cairo_move_to(cr, margin_left, top + height + 1);
                      cairo_line_to(cr, margin_left + body_width, top + height + 1);
                      cairo_stroke(cr);
                  };
        }

        // The name of a ruling's book over its title, on grey, as the HTML's p.book.
        void banner(const std::string& text)
        {
            constexpr double padding = 1.5 * mm;
            const Text layout = make_layout(text, { 12.5, true }, body_width - 6 * mm);
            Block block;
            block.height = height_of(layout) + 2 * padding;
            block.keep_with_next = true;
            block.draw = [layout, height = block.height](cairo_t* cr, double top) {
                cairo_set_source_rgb(cr, 0.91, 0.91, 0.91);
                cairo_rectangle(cr, margin_left, top, body_width, height);
                cairo_fill(cr);
                draw_layout(cr, layout, margin_left + 3 * mm, top + padding);
            };
            blocks_.push_back(std::move(block));
        }

        void heading(const std::string& text, double size, double space_before)
        {
            const Text layout = make_layout(text, { size, true }, body_width);
            Block block;
            block.height = height_of(layout) + 1.5 * mm;
            block.space_before = space_before;
            block.keep_with_next = true;
            block.draw = [layout](cairo_t* cr, double top) { draw_layout(cr, layout, margin_left, top); };
            blocks_.push_back(std::move(block));
        }

        // A row of cells `widths` wide, with a rule under it.
        void table_row(const std::vector<Cell>& cells, const std::vector<double>& widths, double space_before,
            bool keep_with_next = false)
        {
            constexpr double padding = 1.5 * mm, vertical = 0.8 * mm;
            std::vector<Text> layouts;
            double height = 0;
            for (std::size_t i = 0; i < cells.size(); ++i) {
                layouts.push_back(make_layout(cells[i].text, cells[i].style, widths[i] - 2 * padding));
                height = std::max(height, height_of(layouts.back()));
            }
            Block block;
            block.height = height + 2 * vertical;
            block.space_before = space_before;
            block.keep_with_next = keep_with_next;
            block.draw = [layouts, widths, height = block.height](cairo_t* cr, double top) {
                double x = margin_left;
                for (std::size_t i = 0; i < layouts.size(); ++i) {
                    draw_layout(cr, layouts[i], x + padding, top + vertical);
                    x += widths[i];
                }
                cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
                cairo_set_line_width(cr, 0.5);
                cairo_move_to(cr, margin_left, top + height);
                cairo_line_to(cr, x, top + height);
                cairo_stroke(cr);
            };
            blocks_.push_back(std::move(block));
        }

        static constexpr double header_label_width = 24 * mm;

        // Short fields two to a line, the long ones across, as in the HTML.
        void header(const std::vector<HeaderField>& fields)
        {
            constexpr double label_width = header_label_width, half = body_width / 2;
            const TextStyle label_style { 9.5, true }, value_style { 9.5 };
            std::vector<std::pair<Text, Text>> line;
            const auto flush = [&] {
                if (line.empty())
                    return;
                double height = 0;
                for (const auto& [label, value] : line)
                    height = std::max({ height, height_of(label), height_of(value) });
                Block block;
                block.height = height + 0.6 * mm;
                block.space_before = blocks_.back().keep_with_next ? 1.5 * mm : 0; // under the title's rule
                block.draw = [line](cairo_t* cr, double top) {
                    double left = margin_left; // a line holds one or two label-value pairs side by side
                    for (const auto& [label, value] : line) {
                        draw_layout(cr, label, left, top);
                        draw_layout(cr, value, left + label_width, top);
                        left += half;
                    }
                };
                blocks_.push_back(std::move(block));
                line.clear();
            };
            for (const HeaderField& f : fields) {
                Text label = make_layout(f.label, label_style, label_width - 2 * mm);
                Text value = make_layout(f.value, value_style, half - label_width - 2 * mm);
                // A value longer than three lines in half the width (a 4 KB name) goes across, as
                // the long fields do.
                const bool wide = f.long_value() || pango_layout_get_line_count(value.get()) > 3;
                if (wide) {
                    flush();
                    wide_field(label, make_layout(f.value, value_style, body_width - label_width - 2 * mm));
                    continue;
                }
                line.emplace_back(std::move(label), std::move(value));
                if (line.size() == 2)
                    flush();
            }
            flush();
        }

        // A header field across the body, a block for each line of its value, so that a value
        // longer than a page runs on to the next one rather than off the bottom of this one.
        void wide_field(const Text& label, const Text& value)
        {
            PangoLayoutIter* iter = pango_layout_get_iter(value.get());
            bool more_lines = true;
            double set_height = 0;
            for (bool first = true; more_lines; first = false) {
                PangoRectangle logical;
                pango_layout_iter_get_line_extents(iter, nullptr, &logical);
                const double baseline = static_cast<double>(pango_layout_iter_get_baseline(iter)) / PANGO_SCALE;
                const double line_top = static_cast<double>(logical.y) / PANGO_SCALE;
                PangoLayoutLine* line = pango_layout_iter_get_line_readonly(iter);
                more_lines = pango_layout_iter_next_line(iter);
                Block block;
                block.height = static_cast<double>(logical.height) / PANGO_SCALE;
                set_height += block.height;
                // The last line makes room for a label that wraps to more lines than the value.
                if (!more_lines)
                    block.height += std::max(0.0, height_of(label) - set_height) + 0.6 * mm;
                block.space_before = first && blocks_.back().keep_with_next ? 1.5 * mm : 0; // under the title's rule
                block.draw = [label = first ? std::optional<Text>(label) : std::nullopt, value, line,
                                 offset = baseline - line_top](cairo_t* cr, double top) {
                    if (label)
                        draw_layout(cr, *label, margin_left, top);
                    cairo_set_source_rgb(cr, value.grey, value.grey, value.grey);
                    cairo_move_to(cr, margin_left + header_label_width, top + offset);
                    pango_cairo_show_layout_line(cr, line);
                };
                blocks_.push_back(std::move(block));
            }
            pango_layout_iter_free(iter);
        }

        // The ruling in one sentence and any disagreement with the record, in a frame.
        void summary(const std::vector<std::string>& sentences)
        {
            if (sentences.empty())
                return;
            constexpr double padding = 3 * mm;
            std::vector<Text> layouts;
            double height = 0;
            for (std::size_t i = 0; i < sentences.size(); ++i) {
                layouts.push_back(make_layout(
                    sentences[i], i == 0 ? TextStyle { 11.5, true } : TextStyle { 10 }, body_width - 2 * padding));
                height += height_of(layouts.back()) + (i ? 1.5 * mm : 0);
            }
            Block block;
            block.height = height + 2 * padding;
            block.space_before = 3 * mm;
            block.draw = [layouts, height = block.height](cairo_t* cr, double top) {
                cairo_set_source_rgb(cr, 0.07, 0.07, 0.07);
                cairo_set_line_width(cr, 1);
                cairo_rectangle(cr, margin_left, top, body_width, height);
                cairo_stroke(cr);
                double y = top + padding;
                for (const Text& layout : layouts) {
                    draw_layout(cr, layout, margin_left + padding, y);
                    y += height_of(layout) + 1.5 * mm;
                }
            };
            blocks_.push_back(std::move(block));
        }

        void episodes(const RulingDocument& d)
        {
            heading(m_.format("summary.heading"), 12.5, 5 * mm);
            const std::vector<double> widths { 8 * mm, 27 * mm, 54 * mm, 54 * mm, body_width - 143 * mm };
            const TextStyle head { 8.5, true }, plain { 8.5 };
            std::vector<Cell> cells;
            for (const char* column :
                { "column.repetition", "column.plies", "header.red", "header.black", "column.outcome" })
                cells.push_back({ m_.format(column), head });
            table_row(cells, widths, 0, true);
            for (std::size_t i = 0; i < d.repetitions.size(); ++i) {
                const DocumentRepetition& r = d.repetitions[i];
                const TextStyle style = r.decides ? head : plain;
                table_row({ { std::to_string(i + 1), style }, { r.plies, style },
                              { std::string(r.in_short(Color::Red)), style },
                              { std::string(r.in_short(Color::Black)), style }, { r.outcome, style } },
                    widths, 0);
            }
            if (std::any_of(d.repetitions.begin(), d.repetitions.end(),
                    [](const DocumentRepetition& r) { return r.ruled && !r.in_full; }))
                paragraph(m_.format("summary.in_brief"), { 9, false, !chinese_, 0.2 }, 0, 1.5 * mm);
        }

        void board(const DocumentRepetition& r)
        {
            std::vector<BoardArrow> arrows;
            for (const DocumentMove& move : r.moves)
                arrows.push_back({ move.move, move.mover, std::to_string(move.ply) });
            const std::string svg
                = board_svg(r.start, arrows, chinese_ ? BoardStyle::Chinese : BoardStyle::International, script_);
            Block block;
            block.height = board_height;
            block.space_before = 2 * mm;
            block.keep_with_next = true; // with its caption
            block.draw = [svg](cairo_t* cr, double top) {
                GError* error = nullptr;
                RsvgHandle* handle
                    = rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &error);
                // board_svg's output is well-formed (a test checks it); a failure here is a bug.
                if (!handle) {
                    g_clear_error(&error);
                    return;
                }
                const RsvgRectangle viewport { margin_left + (body_width - board_width) / 2, top, board_width,
                    board_height };
                rsvg_handle_render_document(handle, cr, &viewport, &error);
                g_clear_error(&error);
                g_object_unref(handle);
            };
            blocks_.push_back(std::move(block));
            paragraph(
                m_.format("board.arrows") + " " + m_.format("board.legend"), { 8.5, false, false, 0.2 }, 0, 1 * mm);
        }

        void moves(const DocumentRepetition& r)
        {
            const std::vector<double> widths { 11 * mm, 15 * mm, 21 * mm, 22 * mm, body_width - 69 * mm };
            const TextStyle head { 9.5, true }, plain { 9.5 }, bold { 9.5, true };
            std::vector<Cell> cells;
            for (const char* column :
                { "column.ply", "column.side", "column.move", "column.classes", "column.reasons" })
                cells.push_back({ m_.format(column), head });
            table_row(cells, widths, 1.5 * mm, true);
            for (const DocumentMove& move : r.moves) {
                std::string reasons;
                for (const std::string& reason : move.reasons)
                    reasons += (reasons.empty() ? "• " : "\n• ") + reason;
                table_row({ { std::to_string(move.ply), plain }, { move.side_name, plain }, { move.text, bold },
                              { move.classes_shown, plain }, { reasons, plain } },
                    widths, 0);
            }
        }

        void repetition(const DocumentRepetition& r, const RulingDocument& d)
        {
            heading(r.heading, 12.5, 5 * mm);
            // A repetition set out in full starts where its board fits: on the page it begins
            // on, or on a fresh one, its heading never left at the foot of the page before.
            paragraph(r.start_sentence, {}, 0, 0, false, r.in_full);
            if (r.in_full) {
                board(r);
                heading(m_.format("cycle.heading"), 11, 4 * mm);
                paragraph(d.notation_sentence, {}, 0, 0, false, true);
                moves(r);
                heading(m_.format("conduct.heading"), 11, 4 * mm);
            }
            for (const DocumentSide& side : r.sides)
                paragraph(m_.paragraph(side.sentences), {}, 0, 1.2 * mm);
            if (r.in_full) {
                heading(d.rules_heading, 11, 4 * mm);
                for (const QuotedRule& rule : r.rules) {
                    heading(rule.heading, 10, 2.5 * mm);
                    paragraph(rule.text, {}, 8 * mm, 0, true);
                    if (!rule.diagrams_line.empty())
                        paragraph(rule.diagrams_line, { 9, false, false, 0.2 }, 8 * mm, 0.5 * mm, true);
                    paragraph(rule.why, { 9, false, !chinese_ }, 8 * mm, 0.5 * mm, false);
                }
                heading(m_.format("verdict.heading"), 11, 4 * mm);
            }
            for (std::size_t i = 0; i < r.verdict.size(); ++i)
                paragraph(r.verdict[i], i == 0 ? TextStyle { 11, true } : TextStyle {}, 0, 1.2 * mm);
        }

        // The lines to sign on and the footer that end a document.
        void close()
        {
            signature();
            paragraph(m_.format("document.footer"), { 8.5, false, false, 0.27 }, 0, 3 * mm);
        }

        // Three lines to sign on, side by side, never split.
        void signature()
        {
            constexpr double gap = 8 * mm, width = (body_width - 2 * gap) / 3;
            std::vector<Text> labels;
            for (const char* line : { "signature.arbiter", "signature.signature", "signature.date" })
                labels.push_back(make_layout(m_.format(line), { 9 }, width));
            Block block;
            block.height = height_of(labels.front()) + 1 * mm;
            block.space_before = 12 * mm;
            block.draw = [labels](cairo_t* cr, double top) {
                for (std::size_t i = 0; i < labels.size(); ++i) {
                    const double x = margin_left + static_cast<double>(i) * (width + gap);
                    cairo_set_source_rgb(cr, 0.07, 0.07, 0.07);
                    cairo_set_line_width(cr, 0.75);
                    cairo_move_to(cr, x, top);
                    cairo_line_to(cr, x + width, top);
                    cairo_stroke(cr);
                    draw_layout(cr, labels[i], x, top + 1 * mm);
                }
            };
            blocks_.push_back(std::move(block));
        }
    };

    // Where each block goes: its page and its top. A block that does not fit goes to the next
    // page, and takes with it the headings (keep_with_next) just before it.
    struct Placement {
        int page = 0;
        double top = 0;
    };

    std::vector<Placement> paginate(const std::vector<Block>& blocks)
    {
        std::vector<Placement> placed(blocks.size());
        int page = 0;
        double y = margin_top;
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            // The height of this block and of those it must stay with.
            double needed = blocks[i].space_before + blocks[i].height;
            for (std::size_t j = i; blocks[j].keep_with_next && j + 1 < blocks.size(); ++j)
                needed += blocks[j + 1].space_before + blocks[j + 1].height;
            // A chain taller than a page could never be kept together: only the block itself is.
            if (needed > body_bottom - margin_top)
                needed = blocks[i].space_before + blocks[i].height;
            const bool at_top = y == margin_top;
            if (!at_top && y + needed > body_bottom) {
                ++page;
                y = margin_top;
            } else if (!at_top) {
                y += blocks[i].space_before;
            }
            placed[i] = { page, y };
            y += blocks[i].height;
        }
        return placed;
    }

    cairo_status_t write_to_stream(void* closure, const unsigned char* data, unsigned int length)
    {
        auto& out = *static_cast<std::ostream*>(closure);
        out.write(reinterpret_cast<const char*>(data), length);
        return out ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
    }

} // namespace

namespace {

    // Each part (a ruling, a comparison) from a new page, numbering its own pages.
    bool write_parts_pdf(std::ostream& out, const DocumentMetadata& metadata, const MessageCatalogue& m,
        const std::function<void(PdfWriter&, const std::function<void(const std::vector<Block>&)>&)>& parts)
    {
        if (!pdf_libraries_problem().empty())
            return false; // nothing is written: the caller asked pdf_libraries_missing() first
        cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(write_to_stream, &out, page_width, page_height);
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, metadata.title.c_str());
        if (!metadata.subject.empty())
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, metadata.subject.c_str());
        if (!metadata.author.empty())
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, metadata.author.c_str());
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "xqarb");
        cairo_t* cr = cairo_create(surface);
        PdfWriter writer(cr, m);
        parts(writer, [&](const std::vector<Block>& blocks) {
            const std::vector<Placement> placed = paginate(blocks);
            const int pages = placed.empty() ? 1 : placed.back().page + 1;
            int page = 0;
            for (std::size_t i = 0; i < blocks.size(); ++i) {
                for (; page < placed[i].page; ++page) {
                    writer.footer(cr, page + 1, pages);
                    cairo_show_page(cr);
                }
                blocks[i].draw(cr, placed[i].top);
            }
            writer.footer(cr, page + 1, pages);
            cairo_show_page(cr);
        });
        cairo_destroy(cr);
        cairo_surface_finish(surface);
        const bool written = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS;
        cairo_surface_destroy(surface);
        return written && out.good();
    }

} // namespace

std::string pdf_libraries_missing() { return pdf_libraries_problem(); }

bool write_documents_pdf(std::ostream& out, const std::vector<RulingDocument>& documents, const MessageCatalogue& m)
{
    if (documents.empty())
        return true; // a PDF must have a page
    return write_parts_pdf(out, documents.front().metadata, m, [&](PdfWriter& writer, const auto& set_on_pages) {
        for (const RulingDocument& document : documents)
            set_on_pages(writer.blocks(document));
    });
}

bool write_comparisons_pdf(
    std::ostream& out, const std::vector<ComparisonDocument>& documents, const MessageCatalogue& m)
{
    if (documents.empty())
        return true;
    // The game named as the first book's ruling names it, under the comparison's title.
    DocumentMetadata metadata { documents.front().title, {}, {} };
    if (!documents.front().rulings.empty()) {
        metadata = documents.front().rulings.front().metadata;
        metadata.subject.clear();
    }
    return write_parts_pdf(out, metadata, m, [&](PdfWriter& writer, const auto& set_on_pages) {
        for (const ComparisonDocument& document : documents) {
            std::vector<Block> part = writer.blocks(document);
            for (const RulingDocument& ruling : document.rulings) {
                set_on_pages(std::move(part));
                part = writer.blocks(ruling);
            }
            std::vector<Block> end = writer.closing();
            std::move(end.begin(), end.end(), std::back_inserter(part));
            set_on_pages(std::move(part));
        }
    });
}

} // namespace xq
