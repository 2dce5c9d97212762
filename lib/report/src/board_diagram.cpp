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

} // namespace xq
