// A move as origin and destination squares, and its ICCS coordinates ("h2e2").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "xq/board/types.hpp"

namespace xq {

// A move is its origin and destination; what it captures is a property of the position.
class Move {
public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to)
        : bits_(static_cast<std::uint16_t>(from.index() | (to.index() << 7)))
    {
    }
    static constexpr Move none() { return Move(); }

    constexpr Square from() const { return Square(bits_ & 0x7f); }
    constexpr Square to() const { return Square(bits_ >> 7); }
    [[nodiscard]] constexpr bool is_none() const { return bits_ == 0; }
    constexpr std::uint16_t bits() const { return bits_; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t bits_ = 0;
};

// ICCS coordinates: "h2e2", lowercase, ranks 0..9.
std::string to_iccs(Move m);

// Reads "h2e2", "H2-E2" or "h2-e2": syntax only; whether the move is legal is the
// position's business. Returns nothing when the text is not of that shape.
[[nodiscard]] std::optional<Move> parse_iccs(std::string_view text);

} // namespace xq
