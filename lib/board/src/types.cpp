// FEN letters, prose names and ICCS square names of the board's vocabulary.
#include "xq/board/types.hpp"

namespace xq {

namespace {
    constexpr char fen_letters[piece_type_count + 1] = "KABNRCP";
}

char to_fen_char(Piece p)
{
    if (p.is_none())
        return '.';
    const char upper = fen_letters[index(p.type())];
    return p.color() == Color::Red ? upper : static_cast<char>(upper - 'A' + 'a');
}

std::optional<Piece> piece_from_fen_char(char c)
{
    const bool red = c >= 'A' && c <= 'Z';
    const char upper = red ? c : static_cast<char>(c - 'a' + 'A');
    const Color color = red ? Color::Red : Color::Black;
    switch (upper) {
    case 'K':
        return Piece(color, PieceType::King);
    case 'A':
        return Piece(color, PieceType::Advisor);
    case 'B':
    case 'E':
        return Piece(color, PieceType::Elephant);
    case 'N':
    case 'H':
        return Piece(color, PieceType::Horse);
    case 'R':
        return Piece(color, PieceType::Chariot);
    case 'C':
        return Piece(color, PieceType::Cannon);
    case 'P':
        return Piece(color, PieceType::Soldier);
    default:
        return std::nullopt;
    }
}

std::string_view to_string(PieceType t) { return piece_type_names[index(t)]; }

std::string_view prose_name(PieceType t)
{
    constexpr std::string_view names[piece_type_count]
        = { "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn" };
    return names[index(t)];
}

std::string_view to_string(Color c) { return c == Color::Red ? "red" : "black"; }

std::string to_iccs(Square s) { return { static_cast<char>('a' + s.file()), static_cast<char>('0' + s.rank()) }; }

} // namespace xq
