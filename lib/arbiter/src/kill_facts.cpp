// Kills: the mate a move threatens, and the kills a rule book does not count.
#include "kill_facts.hpp"

#include <algorithm>
#include <vector>

#include "mate_search.hpp"
#include "taking_back.hpp"

namespace xq::detail {

namespace {

    // Whether the move offers a trade of like pieces on `t`: a piece of the mover's, of the kind
    // on `t`, attacks it since the move (a mutual attack that stood before is no offer of this
    // move's), and the piece on `t` can take it first without losing by it.
    bool offers_trade_on(const MoveAtHand& m, Square t)
    {
        const SquareList attackers_before = m.before.attackers_to(t, m.mover());
        for (const Square a : m.after.attackers_to(t, m.mover())) {
            const bool stood = std::find(attackers_before.begin(), attackers_before.end(), a) != attackers_before.end();
            if (!stood && m.after.piece_on(a).type() == m.after.piece_on(t).type()
                && takes_back_safely(m.after, Move(t, a), m.options))
                return true;
        }
        return false;
    }

    // Whether the kill found goes only through a trade the move offers: every mating line takes
    // a piece of the other side's on which the move offers a trade (kill.through_offered_exchange).
    bool kill_through_offered_exchange(const MoveAtHand& m, Position& again)
    {
        for (int i = 0; i < square_count; ++i) {
            const Square t(i);
            const Piece target = m.after.piece_on(t);
            if (!target || target.color() != m.enemy() || target.type() == PieceType::King || !offers_trade_on(m, t))
                continue;
            std::vector<Move> line;
            if (!detail::forces_mate(again, m.options.kill.depth, line, m.options.kill.mates_by_check, t))
                return true;
        }
        return false;
    }

    // Whether the kill found begins by a capture (MoveFacts::kill_capture_first): its shortest
    // line begins by taking a piece without mating at once, and no mating line spares that piece.
    bool kill_begins_by_capture(const MoveAtHand& m, Position& again)
    {
        const std::vector<Move>& line = m.facts.kill_line;
        if (line.size() < 3 || !again.piece_on(line.front().to()))
            return false;
        std::vector<Move> sparing;
        return !detail::forces_mate(
            again, m.options.kill.depth, sparing, m.options.kill.mates_by_check, line.front().to());
    }

} // namespace

void kill_facts(MoveAtHand& m)
{
    if (!m.facts.checkers.empty() || m.options.kill.depth <= 0)
        return;
    Position again = with_side_to_move(m.after, m.mover());
    m.facts.kill = detail::forces_mate(again, m.options.kill.depth, m.facts.kill_line, m.options.kill.mates_by_check);
    // The line shown is a shortest one: a search through more moves than the mate needs may
    // find one that wastes them (a rook checking back and forth).
    std::vector<Move> shorter;
    for (int depth = (static_cast<int>(m.facts.kill_line.size()) + 1) / 2 - 1;
         m.facts.kill && depth > 0 && detail::forces_mate(again, depth, shorter, m.options.kill.mates_by_check);
         --depth)
        m.facts.kill_line = shorter;
    if (m.facts.kill && m.options.kill.through_offered_exchange && kill_through_offered_exchange(m, again)) {
        m.facts.kill = false;
        m.facts.kill_line.clear();
    }
    m.facts.kill_capture_first = m.facts.kill && m.options.kill.capture_first && kill_begins_by_capture(m, again);
}

} // namespace xq::detail
