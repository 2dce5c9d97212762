// Material and exchanges: what a capture wins by the exchange on its point, and by the captures
// that follow it anywhere on the board.
#include "exchange.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "searching.hpp"

namespace xq::detail {

namespace {

    // What each side of a sequence of captures leaves alone: the pieces it could win at once
    // anyway, and for the starter, captures off the first capture's point by others than the
    // sequence's takers.
    struct SequenceExclusions {
        Color starter;
        Square point;
        const std::vector<PieceAt>& starter_leaves;
        const std::vector<PieceAt>& other_leaves;
    };

    // What taking the piece on `s` wins in a sequence of captures.
    int sequence_worth_of(const Position& pos, Square s, const ClassifierOptions& options)
    {
        const Piece taken = pos.piece_on(s);
        if (!options.material.sequence_counts_uncrossed_soldiers && is_uncrossed_soldier(taken, s))
            return 0;
        return worth_of(taken, options.piece_worth);
    }

    // What the side to move wins at most by the captures of a sequence within `depth` plies, or
    // 0 by stopping, the other side having just taken on `just_taken`. The starter takes off the
    // first capture's point only with the sequence's takers, unless it takes back on
    // `just_taken` under material.sequence_any_piece_takes_back.
    int best_capture_sequence(Position& pos, int depth, Square just_taken, const SequenceExclusions& exclusions,
        const ClassifierOptions& options)
    {
        if (depth <= 0)
            return 0;
        const bool starters_turn = pos.side_to_move() == exclusions.starter;
        const std::vector<PieceAt>& leaves = starters_turn ? exclusions.starter_leaves : exclusions.other_leaves;
        // A capture wins at most what it takes, the other side's best answer being worth 0 or
        // more: the captures are tried from the dearest piece down, until one takes no more than
        // the best found. Only the best is asked for, so the order changes no answer.
        std::array<std::pair<int, Move>, max_moves> captures;
        std::size_t count = 0;
        for (const Move m : pseudo_legal_captures(pos))
            if (is_capture_of_non_king(pos, m)
                && (!starters_turn || m.to() == exclusions.point
                    || (options.material.sequence_any_piece_takes_back && m.to() == just_taken)
                    || options.material.sequence_takers[index(pos.piece_on(m.from()).type())])
                && std::find(leaves.begin(), leaves.end(), at(pos, m.to())) == leaves.end())
                captures[count++] = { sequence_worth_of(pos, m.to(), options), m };
        std::sort(captures.begin(), captures.begin() + static_cast<std::ptrdiff_t>(count),
            [](const auto& a, const auto& b) { return a.first > b.first; });
        int best = 0;
        for (std::size_t i = 0; i < count && captures[i].first > best; ++i) {
            const auto [taken, m] = captures[i];
            if (!pos.is_legal_pseudo(m))
                continue;
            UndoInfo undo;
            pos.do_move(m, undo);
            best = std::max(best, taken - best_capture_sequence(pos, depth - 1, m.to(), exclusions, options));
            pos.undo_move(m, undo);
        }
        return best;
    }

} // namespace

std::vector<PieceAt> pieces_won_at_once(const Position& pos, const PieceWorth& worth)
{
    std::vector<PieceAt> won;
    for (const Move capture : pseudo_legal_captures(pos))
        if (is_capture_of_non_king(pos, capture) && pos.is_legal_pseudo(capture)
            && capture_gain(pos, capture, worth) > 0)
            won.push_back(at(pos, capture.to()));
    return won;
}

int exchange_gain(Position& pos, Move capture, const PieceWorth& worth, std::optional<Square> sitting_out)
{
    const Square point = capture.to();
    const int taken = worth_of(pos.piece_on(point), worth);
    UndoInfo undo;
    pos.do_move(capture, undo);
    // The least valuable piece that can legally take back; the king last, since it can only
    // when nothing would take it in turn.
    std::optional<Move> recapture;
    int recapturer_order = 0;
    for (const Square a : pos.attackers_to(point, pos.side_to_move())) {
        const Piece p = pos.piece_on(a);
        const int order = p.type() == PieceType::King ? 1000 : worth_of(p, worth);
        if (a != sitting_out && (!recapture || order < recapturer_order) && pos.is_legal_pseudo(Move(a, point))) {
            recapture = Move(a, point);
            recapturer_order = order;
        }
    }
    const int reply = recapture ? std::max(0, exchange_gain(pos, *recapture, worth, sitting_out)) : 0;
    pos.undo_move(capture, undo);
    return taken - reply;
}

int capture_sequence_gain(Position& pos, Move capture, const ClassifierOptions& options,
    const std::vector<PieceAt>& won_anyway, const std::vector<PieceAt>& lost_anyway)
{
    const int taken = sequence_worth_of(pos, capture.to(), options);
    UndoInfo undo;
    pos.do_move(capture, undo);
    const int reply = captures_won_back(pos, capture.to(), options, won_anyway, lost_anyway);
    pos.undo_move(capture, undo);
    return taken - reply;
}

int captures_won_back(Position& pos, Square just_taken, const ClassifierOptions& options,
    const std::vector<PieceAt>& won_anyway, const std::vector<PieceAt>& lost_anyway)
{
    const SequenceExclusions exclusions { ~pos.side_to_move(), just_taken, won_anyway, lost_anyway };
    return best_capture_sequence(pos, options.material.sequence_depth - 1, just_taken, exclusions, options);
}

} // namespace xq::detail
