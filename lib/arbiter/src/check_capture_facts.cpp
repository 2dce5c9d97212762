// Check then capture: material a move threatens to win through checks, and under
// check_capture.is_chase the threat of the piece its line takes.
#include "check_capture_facts.hpp"

#include <array>
#include <vector>

#include "exchange.hpp"
#include "lines_of_checks.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

void check_then_capture_facts(MoveAtHand& m)
{
    MoveFacts& f = m.facts;
    if (m.options.check_capture.depth <= 1)
        return;
    if (!f.checkers.empty()) {
        f.check_then_capture = has_legal_move(m.after)
            && detail::every_answer_loses_material(m.before, m.after, m.options, f.check_capture_line);
    } else if (!f.kill) {
        const Position mover_again = with_side_to_move(m.after, m.mover());
        const std::vector<PieceAt> won_before = m.options.check_capture.not_won_anyway
            ? detail::pieces_won_at_once(m.before, m.options.piece_worth)
            : std::vector<PieceAt>();
        // Under check_capture.is_chase, whether one piece wins, as a count of what was won
        // before leaves material to win.
        const auto weigh_pieces_needed = [&](const std::vector<PieceAt>& won_anyway) {
            m.check_capture_by_one_piece = m.check_capture_by_one_piece
                || (m.options.check_capture.is_chase
                    && detail::wins_through_checks_of_one_piece(mover_again, m.options, won_anyway));
        };
        const bool threatens
            = detail::threatens_check_then_capture(mover_again, m.options, won_before, f.check_capture_line);
        if (!m.options.check_capture.new_by_target) {
            std::vector<Move> standing_line;
            f.check_then_capture
                = threatens && !detail::threatens_check_then_capture(m.before, m.options, {}, standing_line);
            if (f.check_then_capture)
                weigh_pieces_needed(won_before);
        } else if (threatens) {
            // New under some way of counting what the checks won before; the line shown is
            // the first count's that leaves one. A line of one piece is a line, so the later
            // counts are asked only for that. A count of nothing leaves the line found above.
            for (const std::vector<PieceAt>& won_through_checks :
                detail::ways_won_through_checks(m.before, m.options)) {
                std::vector<PieceAt> won_anyway = won_before;
                won_anyway.insert(won_anyway.end(), won_through_checks.begin(), won_through_checks.end());
                if (!f.check_then_capture) {
                    f.check_then_capture = won_through_checks.empty()
                        || detail::threatens_check_then_capture(
                            mover_again, m.options, won_anyway, f.check_capture_line);
                    if (!f.check_then_capture)
                        continue;
                }
                weigh_pieces_needed(won_anyway);
                if (!m.options.check_capture.is_chase || m.check_capture_by_one_piece)
                    break;
            }
        }
    }
    if (!f.check_then_capture)
        f.check_capture_line.clear();
}

void through_checks_threat(MoveAtHand& m)
{
    const MoveFacts& f = m.facts;
    if (!m.options.check_capture.is_chase || !f.check_then_capture || !f.checkers.empty())
        return;
    Position pos = with_side_to_move(m.after, m.mover());
    // Where each piece on the board stood after the move, followed along the line.
    std::array<Square, square_count> stood;
    for (int i = 0; i < square_count; ++i)
        stood[static_cast<std::size_t>(i)] = Square(i);
    const auto stood_at = [&](Square s) { return stood[static_cast<std::size_t>(s.index())]; };
    Threat threat;
    threat.origin = ThreatOrigin::ThroughChecks;
    threat.capture_legal = true;
    threat.by_one_piece = m.check_capture_by_one_piece;
    int gain = 0;
    for (const Move move : f.check_capture_line) {
        const bool by_mover = pos.side_to_move() == m.mover();
        if (move == f.check_capture_line.back()) {
            threat.attacker = at(m.after, stood_at(move.from()));
            threat.target = at(m.after, stood_at(move.to()));
        }
        UndoInfo undo;
        pos.do_move(move, undo);
        stood[static_cast<std::size_t>(move.to().index())] = stood_at(move.from());
        const int taken = undo.captured ? m.options.piece_worth[index(undo.captured.type())] : 0;
        gain += by_mover ? taken : -taken;
    }
    threat.target_crossed_river = !on_own_side(m.enemy(), threat.target.square);
    threat.capture_gain = threat.exchange_gain = gain;
    m.facts.threats.push_back(threat);
}

} // namespace xq::detail
