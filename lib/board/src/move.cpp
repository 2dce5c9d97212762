// A move's ICCS coordinates, written and read.
#include "xq/board/move.hpp"

namespace xq {

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
