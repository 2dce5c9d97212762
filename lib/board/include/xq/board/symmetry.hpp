// The board's two symmetries: the mirror image (files a<->i) and the colour swap (red<->black).
#pragma once

#include "xq/board/move.hpp"
#include "xq/board/position.hpp"
#include "xq/board/types.hpp"

namespace xq {

// The rules know neither left from right nor red from black: a position, its mirror image and
// its colour swap are the same position to them, and a game played in one is the same game in
// the others. Each transform is its own inverse.
enum class Symmetry { Mirror, ColourSwap };

// The mirror image keeps ranks and colours and turns file x into file 8 - x.
constexpr Square mirrored(Square s) { return Square(file_count - 1 - s.file(), s.rank()); }
constexpr Move mirrored(Move m) { return Move(mirrored(m.from()), mirrored(m.to())); }
Position mirrored(const Position& pos);

// The colour swap gives each piece to the other side and turns rank r into rank 9 - r, so
// that each side's pieces stand on their own half again; the other side is to move. Files keep
// their letters: Red's a-file is Black's a-file seen from Red's side.
constexpr Square colour_swapped(Square s) { return Square(s.file(), rank_count - 1 - s.rank()); }
constexpr Move colour_swapped(Move m) { return Move(colour_swapped(m.from()), colour_swapped(m.to())); }
constexpr Piece colour_swapped(Piece p) { return p.is_none() ? p : Piece(~p.color(), p.type()); }
// The counters are kept: the twin is as far into its game as the original.
Position colour_swapped(const Position& pos);

// The transform `symmetry` names.
constexpr Square transformed(Square s, Symmetry symmetry)
{
    return symmetry == Symmetry::Mirror ? mirrored(s) : colour_swapped(s);
}
constexpr Move transformed(Move m, Symmetry symmetry)
{
    return symmetry == Symmetry::Mirror ? mirrored(m) : colour_swapped(m);
}
constexpr Color transformed(Color c, Symmetry symmetry) { return symmetry == Symmetry::Mirror ? c : ~c; }
Position transformed(const Position& pos, Symmetry symmetry);

std::string_view to_string(Symmetry symmetry); // "mirror", "colour_swap"

} // namespace xq
