// The mirror image and the colour swap of a position.
#include "xq/board/symmetry.hpp"

namespace xq {

namespace {

    // Every piece moved to `square(s)` and recoloured by `piece(p)`; `side` to move, the
    // counters kept. The key follows from the placement.
    template <typename SquareMap, typename PieceMap>
    Position remapped(const Position& pos, SquareMap square, PieceMap piece, Color side)
    {
        Position twin;
        for (int index = 0; index < square_count; ++index) {
            const Square s(index);
            if (const Piece p = pos.piece_on(s))
                twin.put_piece(square(s), piece(p));
        }
        twin.set_side_to_move(side);
        twin.set_counters(pos.halfmove_clock(), pos.fullmove_number());
        return twin;
    }

} // namespace

Position mirrored(const Position& pos)
{
    return remapped(
        pos, [](Square s) { return mirrored(s); }, [](Piece p) { return p; }, pos.side_to_move());
}

Position colour_swapped(const Position& pos)
{
    return remapped(
        pos, [](Square s) { return colour_swapped(s); }, [](Piece p) { return colour_swapped(p); },
        ~pos.side_to_move());
}

Position transformed(const Position& pos, Symmetry symmetry)
{
    return symmetry == Symmetry::Mirror ? mirrored(pos) : colour_swapped(pos);
}

std::string_view to_string(Symmetry symmetry) { return symmetry == Symmetry::Mirror ? "mirror" : "colour_swap"; }

} // namespace xq
