// Drawing the board as text: letters, Chinese glyphs, and the full-width drawing with lines.
#include "xq/report/board_diagram.hpp"

namespace xq {

namespace {

    std::string chinese_piece(Piece p)
    {
        constexpr const char* red[piece_type_count] = { "帅", "仕", "相", "马", "车", "炮", "兵" };
        constexpr const char* black[piece_type_count] = { "将", "士", "象", "马", "车", "炮", "卒" };
        return (p.color() == Color::Red ? red : black)[index(p.type())];
    }

} // namespace

std::string board_diagram(const Position& pos, PieceLetters letters)
{
    // Chinese characters are two columns wide in a terminal, so Latin points get padded to match.
    const bool wide = letters == PieceLetters::Chinese;
    std::string out;
    for (int rank = rank_count - 1; rank >= 0; --rank) {
        out += std::to_string(rank) + "  ";
        for (int file = 0; file < file_count; ++file) {
            const Piece p = pos.piece_on(Square(file, rank));
            if (!p)
                out += wide ? "\xef\xbc\x8b" : "+"; // fullwidth plus
            else
                out += wide ? chinese_piece(p) : std::string(1, to_fen_char(p));
            if (file + 1 < file_count)
                out += wide ? "" : " ";
        }
        out += '\n';
        if (rank == 5)
            out += wide ? "   ~~~~~~~~~~~~~~~~~~\n" : "   ~~~~~~~~~~~~~~~~~\n";
    }
    out += wide ? "   ａｂｃｄｅｆｇｈｉ\n" : "   a b c d e f g h i\n";
    return out;
}

std::string_view piece_glyph(Piece p, ChineseScript script)
{
    constexpr std::string_view red[piece_type_count] = { "帅", "仕", "相", "傌", "俥", "炮", "兵" };
    constexpr std::string_view black[piece_type_count] = { "将", "士", "象", "马", "车", "砲", "卒" };
    constexpr std::string_view traditional_red[piece_type_count] = { "帥", "仕", "相", "傌", "俥", "炮", "兵" };
    constexpr std::string_view traditional_black[piece_type_count] = { "將", "士", "象", "馬", "車", "砲", "卒" };
    if (script == ChineseScript::Traditional)
        return (p.color() == Color::Red ? traditional_red : traditional_black)[index(p.type())];
    return (p.color() == Color::Red ? red : black)[index(p.type())];
}

std::string board_drawing(const Position& pos, BoardStyle style, ChineseScript script)
{
    // Every character below is full width: points and pieces sit on even cells, the lines
    // between them on odd cells.
    const bool chinese = style == BoardStyle::Chinese;
    const std::string top
        = chinese ? "   １　２　３　４　５　６　７　８　９\n" : "   ａ　ｂ　ｃ　ｄ　ｅ　ｆ　ｇ　ｈ　ｉ\n";
    const std::string bottom = chinese ? "   九　八　七　六　五　四　三　二　一\n" : top;
    const auto rank_label = [&](int rank) { return chinese ? std::string(" ") : std::to_string(rank); };
    std::string out = top;
    for (int rank = rank_count - 1; rank >= 0; --rank) {
        out += rank_label(rank) + "  ";
        for (int file = 0; file < file_count; ++file) {
            const Piece p = pos.piece_on(Square(file, rank));
            out += p ? std::string(piece_glyph(p, script)) : "＋";
            if (file + 1 < file_count)
                out += "－";
        }
        out += chinese ? "\n" : "  " + std::to_string(rank) + "\n";
        if (rank == 0)
            break;
        if (rank == 5) {
            out += script == ChineseScript::Traditional ? "   ｜　　楚　河　　　　　漢　界　　｜\n"
                                                        : "   ｜　　楚　河　　　　　汉　界　　｜\n";
            continue;
        }
        // Between this rank and the next one down: the palace diagonals run d-f across
        // ranks 9-7 and 2-0, '＼' from the upper left, '／' from the upper right.
        const bool palace = rank >= 8 || (rank >= 1 && rank <= 2);
        const bool falling = rank == 9 || rank == 2;
        out += "   ";
        for (int file = 0; file < file_count; ++file) {
            out += "｜";
            if (file + 1 == file_count)
                break;
            if (palace && file == 3)
                out += falling ? "＼" : "／";
            else if (palace && file == 4)
                out += falling ? "／" : "＼";
            else
                out += "　";
        }
        out += "\n";
    }
    return out + bottom;
}

} // namespace xq
