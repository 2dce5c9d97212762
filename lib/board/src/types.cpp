#include "xq/board/move.hpp"
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

std::string to_iccs(Square s)
{
    return { static_cast<char>('a' + s.file()), static_cast<char>('0' + s.rank()) };
}

std::string to_iccs(Move m) { return to_iccs(m.from()) + to_iccs(m.to()); }

std::optional<Move> parse_iccs(std::string_view text)
{
    auto square_at = [&](std::size_t i) -> std::optional<Square> {
        char f = text[i];
        if (f >= 'A' && f <= 'I')
            f = static_cast<char>(f - 'A' + 'a');
        const char r = text[i + 1];
        if (f < 'a' || f > 'i' || r < '0' || r > '9')
            return std::nullopt;
        return Square(f - 'a', r - '0');
    };
    std::size_t second = 2;
    if (text.size() == 5 && text[2] == '-')
        second = 3;
    else if (text.size() != 4)
        return std::nullopt;
    const auto from = square_at(0);
    const auto to = square_at(second);
    if (!from || !to || *from == *to)
        return std::nullopt;
    return Move(*from, *to);
}

} // namespace xq
