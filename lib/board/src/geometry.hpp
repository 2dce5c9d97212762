// Precomputed step tables: where each piece may go from each square, and what must be empty.
// That square is the horse's leg or the elephant's eye. Private to the board library.
#pragma once

#include <array>
#include <cstdint>

#include "xq/board/types.hpp"

namespace xq::geometry {

struct Steps {
    std::uint8_t size = 0;
    std::array<std::uint8_t, 8> to {};
    // The square that must be empty for the step (horse leg, elephant eye); unused otherwise.
    std::array<std::uint8_t, 8> via {};

    constexpr void push(int target, int blocker = 0)
    {
        to[size] = static_cast<std::uint8_t>(target);
        via[size] = static_cast<std::uint8_t>(blocker);
        ++size;
    }
};

struct Ray {
    std::uint8_t size = 0;
    std::array<std::uint8_t, 9> squares {}; // nearest first
};

struct Tables {
    std::array<Steps, square_count> king;
    std::array<Steps, square_count> advisor;
    std::array<Steps, square_count> elephant;
    std::array<Steps, square_count> horse;
    // Horse squares from which a horse reaches the square, with that horse's leg.
    std::array<Steps, square_count> horse_attackers;
    std::array<std::array<Steps, square_count>, 2> soldier;
    // Squares from which a soldier of the colour reaches the square.
    std::array<std::array<Steps, square_count>, 2> soldier_attackers;
    // Up (towards rank 9), down, left, right.
    std::array<std::array<Ray, 4>, square_count> rays;
};

// Built at compile time: a look-up is a plain load, where a function-local static cost a
// guard check on every one (3% of adjudicate's instructions).
extern const Tables built_tables;
inline const Tables& tables() { return built_tables; }

} // namespace xq::geometry
