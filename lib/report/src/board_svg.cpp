#include "xq/report/board_svg.hpp"

#include <cmath>
#include <cstdio>

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

    std::string labels()
    {
        std::string out = "<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#5a3b1a\" text-anchor=\"middle\">";
        for (int file = 0; file < file_count; ++file) {
            const std::string name(1, static_cast<char>('a' + file));
            out += text(x_of(file), height - 10, name);
            out += text(x_of(file), 18, name);
        }
        for (int rank = 0; rank < rank_count; ++rank) {
            out += text(12, y_of(rank) + 4, std::to_string(rank));
            out += text(width - 12, y_of(rank) + 4, std::to_string(rank));
        }
        const int river_y = (y_of(4) + y_of(5)) / 2 + 7;
        out += "</g><g font-family=\"serif\" font-size=\"20\" fill=\"#5a3b1a\" text-anchor=\"middle\">";
        out += text(x_of(2), river_y, "楚 河") + text(x_of(6), river_y, "汉 界");
        return out + "</g>";
    }

    std::string pieces(const Position& pos)
    {
        std::string out
            = "<g font-size=\"21\" text-anchor=\"middle\" font-family=\"'Noto Serif CJK SC', 'Noto Sans CJK "
              "SC', 'WenQuanYi Zen Hei', 'AR PL UMing CN', serif\">";
        for (int i = 0; i < square_count; ++i) {
            const Square s(i);
            const Piece p = pos.piece_on(s);
            if (!p)
                continue;
            const char* colour = p.color() == Color::Red ? "#b00000" : "#111111";
            out += "<circle cx=\"" + std::to_string(x_of(s.file())) + "\" cy=\"" + std::to_string(y_of(s.rank()))
                + "\" r=\"" + number(piece_radius) + "\" fill=\"#f6e7c8\" stroke=\"" + colour
                + "\" stroke-width=\"1.6\"/>";
            out += text(x_of(s.file()), y_of(s.rank()) + 7, std::string(piece_glyph(p)),
                std::string(" fill=\"") + colour + "\"");
        }
        return out + "</g>";
    }

    // An arrow from the edge of the piece that moves to just short of its destination, moved a
    // little to the right of its direction, so that a move and the move back stay apart.
    std::string arrow(const BoardArrow& a)
    {
        const double x1 = x_of(a.move.from().file()), y1 = y_of(a.move.from().rank());
        const double x2 = x_of(a.move.to().file()), y2 = y_of(a.move.to().rank());
        const double length = std::hypot(x2 - x1, y2 - y1);
        const double ux = (x2 - x1) / length, uy = (y2 - y1) / length; // along the move
        const double nx = -uy, ny = ux; // to its right on the screen
        const double shift = 5, head = 11;
        const double sx = x1 + ux * piece_radius * 0.6 + nx * shift, sy = y1 + uy * piece_radius * 0.6 + ny * shift;
        const double tx = x2 - ux * 4 + nx * shift, ty = y2 - uy * 4 + ny * shift; // the tip
        const double bx = tx - ux * head, by = ty - uy * head; // the head's base
        const char* colour = a.side == Color::Red ? "#d01010" : "#1f3a93";
        std::string out = "<g opacity=\"0.8\"><line x1=\"" + number(sx) + "\" y1=\"" + number(sy) + "\" x2=\""
            + number(bx) + "\" y2=\"" + number(by) + "\" stroke=\"" + colour
            + "\" stroke-width=\"3.5\" stroke-linecap=\"round\"/>";
        out += "<polygon points=\"" + number(tx) + "," + number(ty) + " " + number(bx + nx * 5.5) + ","
            + number(by + ny * 5.5) + " " + number(bx - nx * 5.5) + "," + number(by - ny * 5.5) + "\" fill=\"" + colour
            + "\"/>";
        if (!a.label.empty()) {
            const double lx = sx + (bx - sx) * 0.3, ly = sy + (by - sy) * 0.3;
            out += "<circle cx=\"" + number(lx) + "\" cy=\"" + number(ly) + "\" r=\"8\" fill=\"#ffffff\" stroke=\""
                + colour + "\" stroke-width=\"1.5\"/><text x=\"" + number(lx) + "\" y=\"" + number(ly + 3.5)
                + "\" font-family=\"sans-serif\" font-size=\"9.5\" text-anchor=\"middle\" fill=\"" + colour + "\">"
                + xml_escaped(a.label) + "</text>";
        }
        return out + "</g>";
    }

} // namespace

std::string board_svg(const Position& pos, const std::vector<BoardArrow>& arrows)
{
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + std::to_string(width) + " "
        + std::to_string(height) + "\" width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height)
        + "\" role=\"img\">";
    out += "<rect width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) + "\" fill=\"#f3dca8\"/>";
    out += grid() + labels() + pieces(pos);
    for (const BoardArrow& a : arrows)
        out += arrow(a);
    return out + "</svg>";
}

} // namespace xq
