// Drawing the board as SVG: lines, river, palaces, pieces and arrows bowed apart.
#include "xq/report/board_svg.hpp"

#include <cmath>
#include <cstdio>
#include <string_view>

#include "xml_text.hpp"
#include "xq/report/board_diagram.hpp"

namespace xq {

namespace {

    // Points are `step` apart; the margin holds the coordinates clear of the pieces.
    constexpr int step = 40;
    constexpr int margin = 46;
    constexpr int width = 2 * margin + (file_count - 1) * step;
    constexpr int height = 2 * margin + (rank_count - 1) * step;
    constexpr double piece_radius = 17;
    // The pieces' characters, the river and the Chinese file numbers: Debian's Chinese fonts,
    // then those of Windows and macOS, so that a browser anywhere finds one.
    constexpr std::string_view chinese_fonts = "'Noto Serif CJK SC', 'Noto Sans CJK SC', 'WenQuanYi Zen Hei', "
                                               "'AR PL UMing CN', 'SimSun', 'Microsoft YaHei', 'Songti SC', "
                                               "'PingFang SC', serif";

    int x_of(int file) { return margin + file * step; }
    int y_of(int rank) { return margin + (rank_count - 1 - rank) * step; } // Black's side at the top

    std::string number(double v)
    {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.1f", v);
        return buffer;
    }

    std::string line(int x1, int y1, int x2, int y2)
    {
        return "<line x1=\"" + std::to_string(x1) + "\" y1=\"" + std::to_string(y1) + "\" x2=\"" + std::to_string(x2)
            + "\" y2=\"" + std::to_string(y2) + "\"/>";
    }

    std::string text(int x, int y, const std::string& content, const std::string& attributes = "")
    {
        return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\"" + attributes + ">" + content
            + "</text>";
    }

    std::string grid()
    {
        std::string out = "<g stroke=\"#5a3b1a\" stroke-width=\"1.2\" fill=\"none\">";
        out += "<rect x=\"" + std::to_string(margin) + "\" y=\"" + std::to_string(margin) + "\" width=\""
            + std::to_string(width - 2 * margin) + "\" height=\"" + std::to_string(height - 2 * margin)
            + "\" stroke-width=\"2\"/>";
        for (int rank = 0; rank < rank_count; ++rank)
            out += line(x_of(0), y_of(rank), x_of(file_count - 1), y_of(rank));
        // Inner files stop at the river; the edge files are the rectangle's sides.
        for (int file = 1; file + 1 < file_count; ++file) {
            out += line(x_of(file), y_of(0), x_of(file), y_of(4));
            out += line(x_of(file), y_of(5), x_of(file), y_of(9));
        }
        for (const int low : { 0, 7 }) {
            out += line(x_of(3), y_of(low), x_of(5), y_of(low + 2));
            out += line(x_of(5), y_of(low), x_of(3), y_of(low + 2));
        }
        return out + "</g>";
    }

    std::string labels(BoardStyle style, ChineseScript script)
    {
        std::string out = "<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#5a3b1a\" text-anchor=\"middle\">";
        if (style == BoardStyle::Chinese) {
            // Red's files, counted from Red's right (file i), and Black's, from Black's right (file a).
            static constexpr const char* red_numbers[] = { "九", "八", "七", "六", "五", "四", "三", "二", "一" };
            out += "</g><g font-family=\"" + std::string(chinese_fonts)
                + "\" font-size=\"15\" fill=\"#5a3b1a\" "
                  "text-anchor=\"middle\">";
            for (int file = 0; file < file_count; ++file) {
                out += text(x_of(file), height - 14, red_numbers[file]);
                out += text(x_of(file), 25, std::to_string(file + 1));
            }
        } else {
            for (int file = 0; file < file_count; ++file) {
                const std::string name(1, static_cast<char>('a' + file));
                out += text(x_of(file), height - 10, name);
                out += text(x_of(file), 18, name);
            }
            for (int rank = 0; rank < rank_count; ++rank) {
                out += text(12, y_of(rank) + 4, std::to_string(rank));
                out += text(width - 12, y_of(rank) + 4, std::to_string(rank));
            }
        }
        const int river_y = (y_of(4) + y_of(5)) / 2 + 7;
        out += "</g><g font-family=\"" + std::string(chinese_fonts)
            + "\" font-size=\"20\" fill=\"#5a3b1a\" text-anchor=\"middle\">";
        out += text(x_of(2), river_y, "楚 河")
            + text(x_of(6), river_y, script == ChineseScript::Traditional ? "漢 界" : "汉 界");
        return out + "</g>";
    }

    std::string pieces(const Position& pos, ChineseScript script)
    {
        std::string out
            = "<g font-size=\"21\" text-anchor=\"middle\" font-family=\"" + std::string(chinese_fonts) + "\">";
        for (int i = 0; i < square_count; ++i) {
            const Square s(i);
            const Piece p = pos.piece_on(s);
            if (!p)
                continue;
            const char* colour = p.color() == Color::Red ? "#b00000" : "#111111";
            out += "<circle cx=\"" + std::to_string(x_of(s.file())) + "\" cy=\"" + std::to_string(y_of(s.rank()))
                + "\" r=\"" + number(piece_radius) + "\" fill=\"#f6e7c8\" stroke=\"" + colour
                + "\" stroke-width=\"1.6\"/>";
            out += text(x_of(s.file()), y_of(s.rank()) + 7, std::string(piece_glyph(p, script)),
                std::string(" fill=\"") + colour + "\"");
        }
        return out + "</g>";
    }

    struct Point {
        double x = 0, y = 0;
    };

    Point operator+(Point a, Point b) { return { a.x + b.x, a.y + b.y }; }
    Point operator-(Point a, Point b) { return { a.x - b.x, a.y - b.y }; }
    Point operator*(Point a, double k) { return { a.x * k, a.y * k }; }
    double length(Point a) { return std::hypot(a.x, a.y); }
    Point unit(Point a) { return a * (1 / length(a)); }
    Point right_of(Point a) { return { -a.y, a.x }; } // on the screen, whose y grows downwards

    constexpr double label_radius = 9;

    // An arrow as a quadratic curve bowed to the right of the move: it leaves the piece's disc
    // on that side and ends just short of the destination, so that a one-point move is not
    // hidden by the discs and a move and the move back bow apart.
    struct ArrowCurve {
        Point start, control, tip;
        bool short_move = false; // one point: too short to carry its label on it

        Point at(double t) const { return start * ((1 - t) * (1 - t)) + control * (2 * (1 - t) * t) + tip * (t * t); }
    };

    ArrowCurve curve_of(const Move& move)
    {
        const Point from { double(x_of(move.from().file())), double(y_of(move.from().rank())) };
        const Point to { double(x_of(move.to().file())), double(y_of(move.to().rank())) };
        const double distance = length(to - from);
        const Point along = unit(to - from), side = right_of(along);
        // Short moves bow more, so that their curve clears the two discs.
        const double bow = distance < 1.5 * step ? 0.75 * step : 0.35 * step;
        const Point start = from + unit(along + side) * (piece_radius + 1);
        const Point end = to + unit(side * 1.2 - along) * (piece_radius * 0.5);
        return { start, (start + end) * 0.5 + side * bow, end, distance < 1.5 * step };
    }

    std::string arrow_path(const ArrowCurve& c, const char* colour)
    {
        const double head = 10;
        const Point back = unit(c.tip - c.control); // the direction the arrow arrives in
        const Point base = c.tip - back * head;
        const Point wing = right_of(back) * 5;
        std::string out = "<path d=\"M" + number(c.start.x) + "," + number(c.start.y) + " Q" + number(c.control.x) + ","
            + number(c.control.y) + " " + number(base.x) + "," + number(base.y) + "\" fill=\"none\" stroke=\"" + colour
            + "\" stroke-width=\"3\" stroke-linecap=\"round\"/>";
        const Point left = base + wing, right = base - wing;
        out += "<polygon points=\"" + number(c.tip.x) + "," + number(c.tip.y) + " " + number(left.x) + ","
            + number(left.y) + " " + number(right.x) + "," + number(right.y) + "\" fill=\"" + colour + "\"/>";
        return out;
    }

    // Where a label goes: the first place along its curve (its middle first) that overlaps no
    // label placed before, or for a one-point move just outside its curve, which the label
    // would hide; failing that, further out from the curve's middle.
    Point label_place(const ArrowCurve& c, const std::vector<Point>& taken)
    {
        const auto is_free = [&](Point p) {
            for (const Point& other : taken)
                if (length(p - other) < 2 * label_radius + 1)
                    return false;
            return true;
        };
        const Point middle = c.at(0.5);
        const Point outwards = unit(middle - (c.start + c.tip) * 0.5);
        if (!c.short_move)
            for (const double t : { 0.5, 0.35, 0.65, 0.2, 0.8 })
                if (is_free(c.at(t)))
                    return c.at(t);
        for (int k = 0;; ++k) {
            const Point p = middle + outwards * ((c.short_move ? label_radius + 2 : 0) + k * 2 * label_radius);
            if (is_free(p))
                return p;
        }
    }

    // The arrow's curve in `curves`, its label in `labels`, drawn later on top of every curve.
    void draw_arrow(const BoardArrow& a, std::string& curves, std::string& labels, std::vector<Point>& labels_placed)
    {
        const char* colour = a.side == Color::Red ? "#d01010" : "#1f3a93";
        const ArrowCurve c = curve_of(a.move);
        curves += "<g opacity=\"0.85\">" + arrow_path(c, colour) + "</g>";
        if (a.label.empty())
            return;
        const Point at = label_place(c, labels_placed);
        labels_placed.push_back(at);
        labels += "<g><circle cx=\"" + number(at.x) + "\" cy=\"" + number(at.y) + "\" r=\"" + number(label_radius)
            + "\" fill=\"#ffffff\" stroke=\"" + colour + "\" stroke-width=\"1.5\"/><text x=\"" + number(at.x)
            + "\" y=\"" + number(at.y + 3.2) + "\" font-family=\"sans-serif\" font-size=\""
            + (a.label.size() > 2 ? "7.5" : "9.5") + "\" text-anchor=\"middle\" fill=\"" + colour + "\">"
            + xml_escaped(a.label) + "</text></g>";
    }

} // namespace

std::string board_svg(
    const Position& pos, const std::vector<BoardArrow>& arrows, BoardStyle style, ChineseScript script)
{
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + std::to_string(width) + " "
        + std::to_string(height) + "\" width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height)
        + "\" role=\"img\">";
    out += "<rect width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) + "\" fill=\"#f3dca8\"/>";
    out += grid() + labels(style, script) + pieces(pos, script);
    // The labels go on top of every arrow, so that no arrow crosses a number.
    std::vector<Point> labels_placed;
    std::string curves, label_marks;
    for (const BoardArrow& a : arrows)
        draw_arrow(a, curves, label_marks, labels_placed);
    out += curves + label_marks;
    return out + "</svg>";
}

} // namespace xq
