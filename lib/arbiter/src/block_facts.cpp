// Blocks: a move that stands in an enemy line, and under blocks.shield only one that shields.
#include "block_facts.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "exchange.hpp"
#include "mate_search.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

namespace {

    // Whether `first`, by the side to move in `pos`, begins a mate as a kill is found: it checks
    // (or, unless the mate must come by check, leaves no legal move), and after every answer the
    // side forces mate within `depth` - 1 more moves.
    bool begins_mate(Position pos, Move first, int depth, bool by_check)
    {
        if (!is_legal(pos, first))
            return false;
        UndoInfo undo;
        pos.do_move(first, undo);
        if (!pos.in_check())
            return !by_check && !has_legal_move(pos);
        const MoveList answers = legal_moves(pos);
        if (answers.empty())
            return true;
        if (depth < 2)
            return false;
        for (const Move answer : answers) {
            UndoInfo answered;
            pos.do_move(answer, answered);
            std::vector<Move> line;
            const bool mates = detail::forces_mate(pos, depth - 1, line, by_check);
            pos.undo_move(answer, answered);
            if (!mates)
                return false;
        }
        return true;
    }

    // Whether the move parries a mate by standing in the way of an enemy rook or cannon: one of
    // the piece's moves that the move stops (`stopped`) began a mate before it, and after it the
    // enemy threatens no mate. Every stopped move is tried, so no order of search decides.
    bool parries_mate_along(const MoveAtHand& m, const std::vector<Move>& stopped)
    {
        if (m.options.kill.depth <= 0 || m.before.in_check() || stopped.empty())
            return false;
        const Position before = with_side_to_move(m.before, m.enemy());
        const bool mated_before = std::any_of(stopped.begin(), stopped.end(), [&](Move first) {
            return begins_mate(before, first, m.options.kill.depth, m.options.kill.mates_by_check);
        });
        if (!mated_before)
            return false;
        Position after = m.after;
        std::vector<Move> line;
        return !detail::forces_mate(after, m.options.kill.depth, line, m.options.kill.mates_by_check);
    }

} // namespace

void block_facts(MoveAtHand& m)
{
    if (m.facts.captured)
        return;
    const Square to = m.to();
    // Only a block that may shield asks what the blocked capture won.
    std::optional<Position> enemy_to_move;
    for (int i = 0; i < square_count; ++i) {
        const Square s(i);
        const Piece p = m.before.piece_on(s);
        if (!p || p.color() != m.enemy() || (p.type() != PieceType::Chariot && p.type() != PieceType::Cannon))
            continue;
        if (s.file() != to.file() && s.rank() != to.rank())
            continue;
        const MoveList was = pseudo_legal_moves_from(m.before, s), now = pseudo_legal_moves_from(m.after, s);
        const int df = (to.file() > s.file()) - (to.file() < s.file());
        const int dr = (to.rank() > s.rank()) - (to.rank() < s.rank());
        bool blocked = false;
        std::vector<PieceAt> shielded;
        std::vector<Move> stopped;
        for (int f = to.file() + df, r = to.rank() + dr; on_board(f, r); f += df, r += dr) {
            const Square past(f, r);
            if (!was.contains(Move(s, past)) || now.contains(Move(s, past)))
                continue;
            blocked = true;
            stopped.push_back(Move(s, past));
            // The moved piece itself, stepping along the line, is not shielded: it moved. Nor is
            // a piece whose capture was illegal or won nothing: the block stops no threat.
            const Move capture(s, past);
            const Piece taken = m.before.piece_on(past);
            if (!m.options.blocks.shield || past == m.from() || !taken || taken.color() != m.mover()
                || taken.type() == PieceType::King)
                continue;
            if (!enemy_to_move)
                enemy_to_move = with_side_to_move(m.before, m.enemy());
            if (enemy_to_move->is_legal_pseudo(capture)
                && detail::exchange_gain(*enemy_to_move, capture, m.options.piece_worth) > 0)
                shielded.push_back(at(m.before, past));
        }
        if (m.options.blocks.shield && blocked && shielded.empty() && parries_mate_along(m, stopped))
            shielded.push_back(at(m.before, m.before.king_square(m.mover())));
        if (m.options.blocks.shield && shielded.empty())
            blocked = false;
        if (blocked)
            m.facts.blocks.push_back({ at(m.before, s), to, shielded });
    }
}

} // namespace xq::detail
