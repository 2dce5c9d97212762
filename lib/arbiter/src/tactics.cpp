#include "tactics.hpp"

#include <algorithm>
#include <optional>

#include "protection.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

namespace {

    // Whether the side to move loses, whatever it replies: `wins(taken, continuation)` holds
    // after each reply (`taken` the piece the reply captured, if any) and gives the winner's
    // continuation there. `line` gets one reply and its continuation.
    template <typename Wins>
    bool every_reply_loses(Position& pos, const Wins& wins, std::vector<Move>& line)
    {
        std::vector<Move> first;
        for (const Move reply : legal_moves(pos)) {
            UndoInfo undo;
            pos.do_move(reply, undo);
            std::vector<Move> continuation;
            const bool won = wins(undo.captured, continuation);
            pos.undo_move(reply, undo);
            if (!won)
                return false;
            if (first.empty()) {
                first.push_back(reply);
                first.insert(first.end(), continuation.begin(), continuation.end());
            }
        }
        line = std::move(first);
        return true;
    }

    // What the side to move would gain by `capture`, a legal capture of a non-king piece,
    // counting the capturer as lost when the target's side can legally take back.
    int capture_gain(const Position& pos, Move capture, const PieceWorth& worth)
    {
        const Piece target = pos.piece_on(capture.to());
        const Cover p = protection_of(pos, capture.from(), capture.to());
        if (!p.capture_legal)
            return 0;
        return worth[index(target.type())] - (p.real.empty() ? 0 : worth[index(pos.piece_on(capture.from()).type())]);
    }

    bool is_capture_of_non_king(const Position& pos, Move m)
    {
        const Piece target = pos.piece_on(m.to());
        return target && target.type() != PieceType::King;
    }

    int worth_of(Piece taken, const PieceWorth& worth) { return taken ? worth[index(taken.type())] : 0; }

    // A capture by the side to move that leaves it ahead, `balance` being what both sides took
    // before it. Pieces in `already_won` do not count: the side could win them anyway.
    std::optional<Move> new_winning_capture(
        const Position& pos, int balance, const std::vector<PieceAt>& already_won, const PieceWorth& worth)
    {
        // The legal moves in their order, each tested the cheap way first.
        for (const Move m : pseudo_legal_moves(pos))
            if (is_capture_of_non_king(pos, m)
                && std::find(already_won.begin(), already_won.end(), at(pos, m.to())) == already_won.end()
                && pos.is_legal_pseudo(m) && balance + capture_gain(pos, m, worth) > 0)
                return m;
        return std::nullopt;
    }

    // The pieces the side to move could win at once, on their points.
    std::vector<PieceAt> pieces_won_at_once(const Position& pos, const PieceWorth& worth)
    {
        std::vector<PieceAt> won;
        for (const Move capture : pseudo_legal_moves(pos))
            if (is_capture_of_non_king(pos, capture) && pos.is_legal_pseudo(capture) && capture_gain(pos, capture, worth) > 0)
                won.push_back(at(pos, capture.to()));
        return won;
    }

    // Material the side to move can win by force within `depth` of its own moves: every move
    // but the last a check that does not mate, the last a capture, and the balance of what
    // both sides take along the line (`balance` so far) positive at the end. Captures of
    // pieces in `already_won` (pieces it could win at once anyway, on their points) do not
    // end a line: the checks must be what wins them.
    bool forces_gain_by_checks(Position& pos, int depth, int balance, const std::vector<PieceAt>& already_won,
        const ClassifierOptions& options, std::vector<Move>& line)
    {
        if (depth < 2)
            return false;
        UndoInfo undo;
        // The legal checks in the order of the legal moves: a move is made first, since most are
        // no check, and only a check is asked whether it was legal.
        const Color checker = pos.side_to_move();
        const PieceWorth& worth = options.piece_worth;
        for (const Move check : pseudo_legal_moves(pos)) {
            if (options.check_capture_quiet_checks && pos.piece_on(check.to()))
                continue;
            pos.do_move(check, undo);
            if (!pos.in_check() || pos.in_check(checker) || !has_legal_move(pos)) {
                pos.undo_move(check, undo);
                continue;
            }
            const int after_check = balance + worth_of(undo.captured, worth);
            std::vector<Move> continuation;
            const bool gains = every_reply_loses(
                pos,
                [&](Piece taken_by_reply, std::vector<Move>& sub) {
                    const int after_reply = after_check - worth_of(taken_by_reply, worth);
                    if (const auto capture = new_winning_capture(pos, after_reply, already_won, worth)) {
                        sub = { *capture };
                        return true;
                    }
                    return forces_gain_by_checks(pos, depth - 1, after_reply, already_won, options, sub);
                },
                continuation);
            pos.undo_move(check, undo);
            if (gains) {
                line = { check };
                line.insert(line.end(), continuation.begin(), continuation.end());
                return true;
            }
        }
        return false;
    }

} // namespace

bool forces_mate(Position& pos, int depth, std::vector<Move>& line, bool by_check)
{
    UndoInfo undo;
    for (const Move m : legal_moves(pos)) {
        pos.do_move(m, undo);
        if (!has_legal_move(pos) && (!by_check || pos.in_check())) {
            pos.undo_move(m, undo);
            line = { m };
            return true;
        }
        std::vector<Move> continuation;
        const bool mates = depth > 1 && pos.in_check()
            && every_reply_loses(
                pos, [&](Piece, std::vector<Move>& sub) { return forces_mate(pos, depth - 1, sub, by_check); },
                continuation);
        pos.undo_move(m, undo);
        if (mates) {
            line = { m };
            line.insert(line.end(), continuation.begin(), continuation.end());
            return true;
        }
    }
    return false;
}

int exchange_gain(Position& pos, Move capture, const PieceWorth& worth)
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
        if ((!recapture || order < recapturer_order) && pos.is_legal_pseudo(Move(a, point))) {
            recapture = Move(a, point);
            recapturer_order = order;
        }
    }
    const int reply = recapture ? std::max(0, exchange_gain(pos, *recapture, worth)) : 0;
    pos.undo_move(capture, undo);
    return taken - reply;
}

bool wins_material_at_once(const Position& pos, const PieceWorth& worth)
{
    return !pieces_won_at_once(pos, worth).empty();
}

bool threatens_check_then_capture(Position pos, const ClassifierOptions& options, std::vector<Move>& line)
{
    return forces_gain_by_checks(
        pos, options.check_capture_depth, 0, pieces_won_at_once(pos, options.piece_worth), options, line);
}

bool every_answer_loses_material(
    const Position& before, Position checked, const ClassifierOptions& options, std::vector<Move>& line)
{
    const PieceWorth& worth = options.piece_worth;
    const std::vector<PieceAt> already_won = pieces_won_at_once(before, worth);
    return every_reply_loses(
        checked,
        [&](Piece taken_by_answer, std::vector<Move>& capture) {
            const auto won = new_winning_capture(checked, -worth_of(taken_by_answer, worth), already_won, worth);
            if (won)
                capture = { *won };
            return won.has_value();
        },
        line);
}

} // namespace xq::detail
