// What the arbiter's searches share (searching.hpp).
#include "searching.hpp"

namespace xq::detail {

MoveList in_reply_order(const Position& pos, const MoveList& replies)
{
    const auto rank = [&](Move reply) {
        if (pos.piece_on(reply.to()))
            return 0;
        return pos.piece_on(reply.from()).type() == PieceType::King ? 1 : 2;
    };
    MoveList ordered;
    for (int r = 0; r < 3; ++r)
        for (const Move reply : replies)
            if (rank(reply) == r)
                ordered.push(reply);
    return ordered;
}

int capture_gain(const Position& pos, Move capture, const PieceWorth& worth)
{
    const Square target = capture.to();
    const int gain = worth[index(pos.piece_on(target).type())];
    Position after = pos;
    UndoInfo undo;
    after.do_move(capture, undo);
    for (const Square s : after.attackers_to(target, after.side_to_move()))
        if (after.is_legal_pseudo(Move(s, target)))
            return gain - worth[index(after.piece_on(target).type())];
    return gain;
}

} // namespace xq::detail
