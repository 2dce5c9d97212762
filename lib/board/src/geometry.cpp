// The step and ray tables of geometry.hpp, built at compile time.
#include "geometry.hpp"

namespace xq::geometry {

namespace {

    constexpr bool in_either_palace(int file, int rank)
    {
        return file >= 3 && file <= 5 && ((rank >= 0 && rank <= 2) || (rank >= 7 && rank <= 9));
    }

    constexpr bool same_half(int rank_a, int rank_b) { return (rank_a <= 4) == (rank_b <= 4); }

    constexpr int sq(int file, int rank) { return rank * file_count + file; }

    constexpr int magnitude(int n) { return n < 0 ? -n : n; }

    constexpr Tables build()
    {
        Tables t;
        constexpr int orth[4][2] = { { 0, 1 }, { 0, -1 }, { -1, 0 }, { 1, 0 } };
        constexpr int diag[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
        constexpr int horse[8][2]
            = { { 1, 2 }, { -1, 2 }, { 1, -2 }, { -1, -2 }, { 2, 1 }, { 2, -1 }, { -2, 1 }, { -2, -1 } };

        for (int s = 0; s < square_count; ++s) {
            const int f = s % file_count, r = s / file_count;
            const auto at = static_cast<std::size_t>(s);

            if (in_either_palace(f, r)) {
                for (const auto& d : orth)
                    if (in_either_palace(f + d[0], r + d[1]) && same_half(r, r + d[1]))
                        t.king[at].push(sq(f + d[0], r + d[1]));
                for (const auto& d : diag)
                    if (in_either_palace(f + d[0], r + d[1]) && same_half(r, r + d[1]))
                        t.advisor[at].push(sq(f + d[0], r + d[1]));
            }

            for (const auto& d : diag) {
                const int tf = f + 2 * d[0], tr = r + 2 * d[1];
                if (on_board(tf, tr) && same_half(r, tr))
                    t.elephant[at].push(sq(tf, tr), sq(f + d[0], r + d[1]));
            }

            for (const auto& d : horse) {
                const int tf = f + d[0], tr = r + d[1];
                if (!on_board(tf, tr))
                    continue;
                // The leg is the point next to the horse in the long direction of the jump.
                const int leg = magnitude(d[0]) == 2 ? sq(f + d[0] / 2, r) : sq(f, r + d[1] / 2);
                t.horse[at].push(sq(tf, tr), leg);
                // Seen from the target, the same jump backwards: the leg sits next to the horse.
                const int back_leg = magnitude(d[0]) == 2 ? sq(tf - d[0] / 2, tr) : sq(tf, tr - d[1] / 2);
                t.horse_attackers[at].push(sq(tf, tr), back_leg);
            }

            for (int c = 0; c < 2; ++c) {
                const int forward = c == 0 ? 1 : -1;
                const bool crossed = c == 0 ? r >= 5 : r <= 4;
                auto& steps = t.soldier[static_cast<std::size_t>(c)][at];
                if (on_board(f, r + forward))
                    steps.push(sq(f, r + forward));
                if (crossed) {
                    if (f > 0)
                        steps.push(sq(f - 1, r));
                    if (f < file_count - 1)
                        steps.push(sq(f + 1, r));
                }
                for (std::size_t i = 0; i < steps.size; ++i)
                    t.soldier_attackers[static_cast<std::size_t>(c)][steps.to[i]].push(s);
            }

            for (std::size_t d = 0; d < 4; ++d) {
                Ray& ray = t.rays[at][d];
                for (int tf = f + orth[d][0], tr = r + orth[d][1]; on_board(tf, tr); tf += orth[d][0], tr += orth[d][1])
                    ray.squares[ray.size++] = static_cast<std::uint8_t>(sq(tf, tr));
            }
        }
        return t;
    }

} // namespace

constinit const Tables built_tables = build();

} // namespace xq::geometry
