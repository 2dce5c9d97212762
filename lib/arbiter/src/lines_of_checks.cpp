// Lines of checks that win material: check-then-capture threats, the ways of counting what they
// won, and hidden protection (a take-back after checks).
#include "lines_of_checks.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "exchange.hpp"
#include "mate_search.hpp"
#include "searching.hpp"

namespace xq::detail {

namespace {

    // What a piece the other side takes from the line's side on `s` costs a check-then-capture
    // line: its worth, or for a pawn across the river its floating worth when the options give one.
    int given_worth(Piece taken, Square s, const ClassifierOptions& options)
    {
        if (options.check_capture.crossed_soldier_given_worth && taken && taken.type() == PieceType::Soldier
            && !is_uncrossed_soldier(taken, s))
            return *options.check_capture.crossed_soldier_given_worth;
        return worth_of(taken, options.piece_worth);
    }

    // What the dearer tests of a line's end answered, by position, capture and the margin or
    // threshold asked: whether the other side then forces mate, whether the capture lays a
    // piece open, whether the captures that follow win back too much. The first two do not
    // depend on what the line counts as won anyway, so every search for the same end, however
    // it counts, shares them: the search for one line and the search for all its ends go
    // through the same positions.
    class EndTests {
    public:
        template <typename Test> bool answer(const Position& pos, Move capture, int margin, bool mate, const Test& test)
        {
            const Asked asked { pos.key(),
                static_cast<std::uint32_t>(capture.from().index() * square_count + capture.to().index())
                    | static_cast<std::uint32_t>(mate) << 16 | static_cast<std::uint32_t>(margin + 1024) << 17 };
            if (const auto found = answers_.find(asked); found != answers_.end())
                return found->second;
            const bool answer = test();
            answers_.emplace(asked, answer);
            return answer;
        }

    private:
        using Asked = std::pair<Key, std::uint32_t>;
        struct AskedHash {
            std::size_t operator()(const Asked& a) const
            {
                return static_cast<std::size_t>(a.first ^ (a.second * 0x9E3779B97F4A7C15ULL));
            }
        };
        std::unordered_map<Asked, bool, AskedHash> answers_;
    };

    // The moves a line of checks weighs in a position, whatever it counts as won: the checks of
    // the side to move that leave the other side an answer, with those answers, and the captures
    // that may end a line by their kind and legality alone (of a piece other than the king, by
    // one of check_capture.takers), with what each gains. Each list is found as far as a search
    // asks, in the order of the moves, and kept by position for every search of an end and its
    // copies: the ways of counting what checks won search the same positions again and again.
    class LineMoves {
    public:
        struct Check {
            Move move;
            Piece captured;
            bool takes_non_king = false;
            int capture_gain = 0; // of a capture of a piece other than the king
            MoveList answers; // legal, in the order of the legal moves
        };
        struct Capture {
            Move move;
            int gain = 0; // capture_gain
        };

        // The `i`-th check in `pos` (restored), or nullptr when there are fewer.
        const Check* check(Position& pos, std::size_t i, const ClassifierOptions& options)
        {
            Scan<Check>& scan = checks_[pos.key()];
            if (!scan.generated) {
                scan.moves = pseudo_legal_moves(pos);
                scan.generated = true;
            }
            if (i < scan.found.size() || scan.scanned == scan.moves.size())
                return i < scan.found.size() ? &scan.found[i] : nullptr;
            const Color checker = pos.side_to_move();
            const bool quiet_known = enemy_out_of_check(pos);
            const Square enemy_king = pos.king_square(~checker);
            while (scan.found.size() <= i && scan.scanned < scan.moves.size()) {
                const Move m = scan.moves[scan.scanned++];
                if (quiet_known && cannot_check(pos, m, enemy_king))
                    continue;
                UndoInfo undo;
                pos.do_move(m, undo);
                if (!(quiet_known ? pos.in_check_after(m) : pos.in_check()) || pos.in_check(checker)) {
                    pos.undo_move(m, undo);
                    continue;
                }
                Check found;
                found.move = m;
                found.captured = undo.captured;
                found.answers = legal_moves(pos, LegalityTest(pos, true));
                pos.undo_move(m, undo);
                if (found.answers.empty())
                    continue;
                found.takes_non_king = is_capture_of_non_king(pos, m);
                if (found.takes_non_king)
                    found.capture_gain = capture_gain(pos, m, options.piece_worth);
                scan.found.push_back(std::move(found));
            }
            return i < scan.found.size() ? &scan.found[i] : nullptr;
        }

        // The `i`-th capture in `pos` that may end a line by its kind and legality, or nullptr.
        const Capture* capture(const Position& pos, std::size_t i, const ClassifierOptions& options)
        {
            Scan<Capture>& scan = captures_[pos.key()];
            if (!scan.generated) {
                scan.moves = pseudo_legal_captures(pos);
                scan.generated = true;
            }
            while (scan.found.size() <= i && scan.scanned < scan.moves.size()) {
                const Move m = scan.moves[scan.scanned++];
                if (is_capture_of_non_king(pos, m) && options.check_capture.takers[index(pos.piece_on(m.from()).type())]
                    && pos.is_legal_pseudo(m))
                    scan.found.push_back({ m, capture_gain(pos, m, options.piece_worth) });
            }
            return i < scan.found.size() ? &scan.found[i] : nullptr;
        }

    private:
        // A deque, so that what a search holds stays where it is while a search deeper in the
        // same line, back in the same position, finds more.
        template <typename Found> struct Scan {
            MoveList moves;
            bool generated = false;
            int scanned = 0;
            std::deque<Found> found;
        };
        std::unordered_map<Key, Scan<Check>> checks_;
        std::unordered_map<Key, Scan<Capture>> captures_;
    };

    // What may end a line of checks: a capture that leaves the side at least `enough` ahead,
    // of none of the pieces in `already_won` (it could win them anyway), on `point` if given;
    // with `weigh_lines_opened`, one that lays nothing open that loses as much (lays_open);
    // with `weigh_following_captures`, one that stays that far ahead once the captures that
    // follow it are made, the other side taking none of `lost_anyway` (it could win them
    // anyway, line or none); with `mated_within`, one after which the other side does not
    // force mate within that many of its moves.
    struct LineEnd {
        int enough = 1;
        std::vector<PieceAt> already_won;
        std::optional<Square> point;
        bool weigh_lines_opened = false;
        bool weigh_following_captures = false;
        std::vector<PieceAt> lost_anyway;
        int mated_within = 0;
        // Shared by the copies of an end, which all weigh lines under the same options.
        std::shared_ptr<EndTests> tests = std::make_shared<EndTests>();
        std::shared_ptr<LineMoves> moves = std::make_shared<LineMoves>();
        // What the captures that follow a capture win back, while already_won and lost_anyway
        // stay as they are: a copy that changes them starts afresh.
        std::shared_ptr<EndTests> following = std::make_shared<EndTests>();
    };

    // The line's end, for a line the side to move in `pos` starts: the pieces either side could
    // win at once there are not what the line wins or costs.
    LineEnd line_end_from(const Position& pos, const ClassifierOptions& options)
    {
        LineEnd end;
        end.already_won = pieces_won_at_once(pos, options.piece_worth);
        end.weigh_lines_opened = options.material.capture_opens_lines;
        end.mated_within = options.protection.mate_after_capture_depth;
        end.weigh_following_captures
            = options.check_capture.weighs_following_captures && options.material.sequence_depth > 0;
        if (end.weigh_following_captures)
            end.lost_anyway = pieces_won_at_once(with_side_to_move(pos, ~pos.side_to_move()), options.piece_worth);
        return end;
    }

    bool lays_open(const Position& pos, Move capture, int margin, const ClassifierOptions& options);
    int gain_with_following_captures(
        const Position& pos, Move capture, const LineEnd& end, const ClassifierOptions& options);

    // Whether `capture`, one that may end a line by its kind and legality (LineMoves), may end the
    // line (`end`), `balance` being what both sides took before it. The cheap tests come first.
    bool ends_line(const Position& pos, const LineMoves::Capture& capture, int balance, const LineEnd& end,
        const ClassifierOptions& options)
    {
        const Move m = capture.move;
        if ((end.point && m.to() != *end.point)
            || std::find(end.already_won.begin(), end.already_won.end(), at(pos, m.to())) != end.already_won.end())
            return false;
        const int ahead = balance + capture.gain;
        if (ahead < end.enough)
            return false;
        // The dearer tests last: lays_open looks for hidden protection, a search of its own.
        if (end.weigh_following_captures && end.following->answer(pos, m, end.enough - balance, false, [&] {
                return gain_with_following_captures(pos, m, end, options) < end.enough - balance;
            }))
            return false;
        if (end.mated_within > 0
            && end.tests->answer(pos, m, 0, true, [&] { return mated_after(pos, m, end.mated_within); }))
            return false;
        const int margin = ahead - end.enough;
        return !end.weigh_lines_opened
            || !end.tests->answer(pos, m, margin, false, [&] { return lays_open(pos, m, margin, options); });
    }

    // A capture by the side to move that may end the line (ends_line), the first in the order
    // of the legal moves.
    std::optional<Move> new_winning_capture(
        const Position& pos, int balance, const LineEnd& end, const ClassifierOptions& options)
    {
        for (std::size_t i = 0; const LineMoves::Capture* capture = end.moves->capture(pos, i, options); ++i)
            if (ends_line(pos, *capture, balance, end, options))
                return capture->move;
        return std::nullopt;
    }

    // What both sides have taken once a line plays `check`, `balance` before it; nothing when the
    // line passes over it. A check that takes a piece the side could win anyway takes nothing the
    // checks win: under check_capture.through_standing_capture it is a check of the line all the
    // same, its capture counted for nothing. Under check_capture.quiet_checks any other capture
    // that wins or trades even by itself is weighed as a capture, not as a check of the line. (A
    // move that cannot check is no LineMoves check.)
    std::optional<int> balance_after_check(
        const LineMoves::Check& check, int balance, const LineEnd& end, const ClassifierOptions& options)
    {
        const bool takes_standing = options.check_capture.through_standing_capture && check.takes_non_king
            && std::find(end.already_won.begin(), end.already_won.end(), PieceAt { check.captured, check.move.to() })
                != end.already_won.end();
        if (options.check_capture.quiet_checks && check.takes_non_king && !takes_standing && check.capture_gain >= 0)
            return std::nullopt;
        return balance + (takes_standing ? 0 : worth_of(check.captured, options.piece_worth));
    }

    // Whether the king of the side to move is checked by the piece on `checker` and by no other.
    bool checks_alone(const Position& pos, Square checker)
    {
        const SquareList checkers = pos.attackers_to(pos.king_square(pos.side_to_move()), ~pos.side_to_move());
        return checkers.size == 1 && checkers.squares[0] == checker;
    }

    // Material the side to move can win by force within `depth` of its own moves: every move
    // but the last a check that does not mate, the last a capture, and the balance of what
    // both sides take along the line (`balance` so far) enough at the end, the capture one that
    // may end it (`end`): pieces it could win at once anyway are not what the checks win. With
    // `alone`, the piece there (followed as it moves) makes every move of the line before the
    // capture and gives every check by itself; the capture may be any piece's.
    bool forces_gain_by_checks(Position& pos, int depth, int balance, const LineEnd& end,
        const ClassifierOptions& options, std::vector<Move>& line, std::optional<Square> alone = std::nullopt)
    {
        if (depth < 2)
            return false;
        UndoInfo undo;
        for (std::size_t i = 0; const LineMoves::Check* found = end.moves->check(pos, i, options); ++i) {
            const Move check = found->move;
            if (alone && check.from() != *alone)
                continue;
            const std::optional<int> played = balance_after_check(*found, balance, end, options);
            if (!played)
                continue;
            pos.do_move(check, undo);
            if (alone && !checks_alone(pos, check.to())) {
                pos.undo_move(check, undo);
                continue;
            }
            const MoveList& replies = found->answers;
            const int after_check = *played;
            // The piece alone is followed as it moves.
            const std::optional<Square> still_alone = alone ? std::optional<Square>(check.to()) : std::nullopt;
            std::vector<Move> continuation;
            const bool gains = every_reply_loses(
                pos, replies,
                [&](Move reply, Piece taken_by_reply, std::vector<Move>& sub) {
                    const int after_reply = after_check - given_worth(taken_by_reply, reply.to(), options);
                    if (const auto capture = new_winning_capture(pos, after_reply, end, options)) {
                        sub = { *capture };
                        return true;
                    }
                    return forces_gain_by_checks(pos, depth - 1, after_reply, end, options, sub, still_alone);
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

    void add_unique(std::vector<PieceAt>& pieces, const PieceAt& p)
    {
        if (std::find(pieces.begin(), pieces.end(), p) == pieces.end())
            pieces.push_back(p);
    }

    // The pieces (on the points where they are taken) that some line of forces_gain_by_checks
    // ends by taking, within `depth` of the side's own moves: every check after which every
    // answer loses material, and after each answer every capture that may end the line and
    // every piece a longer line takes. Every check, answer and capture is weighed, so the
    // pieces do not depend on the order in which the moves are tried.
    std::vector<PieceAt> line_ends_by_checks(
        Position& pos, int depth, int balance, const LineEnd& end, const ClassifierOptions& options)
    {
        std::vector<PieceAt> ends;
        if (depth < 2)
            return ends;
        UndoInfo undo;
        for (std::size_t i = 0; const LineMoves::Check* found = end.moves->check(pos, i, options); ++i) {
            // The checks forces_gain_by_checks follows, weighed the same way.
            const Move check = found->move;
            const std::optional<int> played = balance_after_check(*found, balance, end, options);
            if (!played)
                continue;
            pos.do_move(check, undo);
            const MoveList& replies = found->answers;
            const int after_check = *played;
            std::vector<PieceAt> check_ends;
            bool every_answer_loses = true;
            for (const Move reply : in_reply_order(pos, replies)) {
                UndoInfo reply_undo;
                pos.do_move(reply, reply_undo);
                const int after_reply = after_check - given_worth(reply_undo.captured, reply.to(), options);
                std::vector<PieceAt> reply_ends = line_ends_by_checks(pos, depth - 1, after_reply, end, options);
                for (std::size_t c = 0; const LineMoves::Capture* capture = end.moves->capture(pos, c, options); ++c)
                    if (std::find(reply_ends.begin(), reply_ends.end(), at(pos, capture->move.to())) == reply_ends.end()
                        && ends_line(pos, *capture, after_reply, end, options))
                        reply_ends.push_back(at(pos, capture->move.to()));
                pos.undo_move(reply, reply_undo);
                every_answer_loses = !reply_ends.empty();
                if (!every_answer_loses)
                    break;
                for (const PieceAt& p : reply_ends)
                    add_unique(check_ends, p);
            }
            pos.undo_move(check, undo);
            if (every_answer_loses)
                for (const PieceAt& p : check_ends)
                    add_unique(ends, p);
        }
        return ends;
    }

    // Follows every way of counting pieces as won through checks from `won` on: one piece that
    // a line ends by taking at a time, until no line is left; adds each way's pieces to `ways`
    // (in a canonical order, each way once). `tried` holds the counts already followed.
    void follow_ways_won_through_checks(const Position& pos, const ClassifierOptions& options, const LineEnd& first,
        std::vector<PieceAt> won, std::vector<std::vector<PieceAt>>& tried, std::vector<std::vector<PieceAt>>& ways)
    {
        const auto canonical = [](std::vector<PieceAt> pieces) {
            std::sort(pieces.begin(), pieces.end(), [](const PieceAt& a, const PieceAt& b) {
                return std::pair(a.square.index(), a.piece.code()) < std::pair(b.square.index(), b.piece.code());
            });
            return pieces;
        };
        won = canonical(std::move(won));
        if (std::find(tried.begin(), tried.end(), won) != tried.end())
            return;
        tried.push_back(won);
        LineEnd end = first;
        end.already_won.insert(end.already_won.end(), won.begin(), won.end());
        end.following = std::make_shared<EndTests>();
        Position searched = pos;
        // Most often no line is left: the search for one line, which stops at the first answer
        // that saves the other side, says so at less cost than the search for every end.
        std::vector<Move> line;
        const std::vector<PieceAt> ends
            = forces_gain_by_checks(searched, options.check_capture.depth, 0, end, options, line)
            ? line_ends_by_checks(searched, options.check_capture.depth, 0, end, options)
            : std::vector<PieceAt>();
        if (ends.empty()) {
            ways.push_back(won);
            return;
        }
        for (const PieceAt& p : ends) {
            std::vector<PieceAt> more = won;
            more.push_back(p);
            follow_ways_won_through_checks(pos, options, first, std::move(more), tried, ways);
        }
    }

    // What `capture`, the end of a line of checks, wins once the captures that follow it anywhere
    // are made: the piece taken at its worth, as the line weighs it, less what the other side
    // then wins by a sequence of captures (neither side taking what `end` says it could win
    // anyway).
    int gain_with_following_captures(
        const Position& pos, Move capture, const LineEnd& end, const ClassifierOptions& options)
    {
        const int taken = worth_of(pos.piece_on(capture.to()), options.piece_worth);
        Position after = pos;
        UndoInfo undo;
        after.do_move(capture, undo);
        return taken - captures_won_back(after, capture.to(), options, end.already_won, end.lost_anyway);
    }

} // namespace

bool threatens_check_then_capture(
    Position pos, const ClassifierOptions& options, const std::vector<PieceAt>& won_anyway, std::vector<Move>& line)
{
    LineEnd end = line_end_from(pos, options);
    end.already_won.insert(end.already_won.end(), won_anyway.begin(), won_anyway.end());
    return forces_gain_by_checks(pos, options.check_capture.depth, 0, end, options, line);
}

bool wins_through_checks_of_one_piece(
    Position pos, const ClassifierOptions& options, const std::vector<PieceAt>& won_anyway)
{
    LineEnd end = line_end_from(pos, options);
    end.already_won.insert(end.already_won.end(), won_anyway.begin(), won_anyway.end());
    for (int i = 0; i < square_count; ++i) {
        const Piece p = pos.piece_on(Square(i));
        if (!p || p.color() != pos.side_to_move() || p.type() == PieceType::King)
            continue;
        std::vector<Move> line;
        if (forces_gain_by_checks(pos, options.check_capture.depth, 0, end, options, line, Square(i)))
            return true;
    }
    return false;
}

namespace {

    // Whether `capture`, legal for the side to move in `pos`, lays a piece of that side open to
    // a capture whose complete exchange wins the other side more than `margin`, a piece the
    // other side could not win before (take with a winning exchange, past any hidden protection):
    // the capturer protected it, in the open or hidden, or shut a line on it. Under
    // check_capture.ignores_uncrossed_soldiers, a pawn on its own side of the river is no loss.
    bool lays_open(const Position& pos, Move capture, int margin, const ClassifierOptions& options)
    {
        const PieceWorth& worth = options.piece_worth;
        Position taken = pos;
        UndoInfo undo;
        taken.do_move(capture, undo);
        const Position other_first = with_side_to_move(pos, taken.side_to_move());
        for (const Move c : legal_captures(taken)) {
            if (!is_capture_of_non_king(taken, c) || c.to() == capture.to()
                || (options.check_capture.ignores_uncrossed_soldiers
                    && is_uncrossed_soldier(taken.piece_on(c.to()), c.to())))
                continue;
            Position after = taken;
            if (exchange_gain(after, c, worth) <= margin)
                continue;
            Position before = other_first;
            const bool won_before = before.piece_on(c.to()) == taken.piece_on(c.to()) && is_legal(before, c)
                && exchange_gain(before, c, worth) > 0 && hidden_protection(other_first, c, options).empty();
            if (!won_before && hidden_protection(taken, c, options).empty())
                return true;
        }
        return false;
    }

} // namespace

std::vector<Move> hidden_protection(Position pos, Move capture, const ClassifierOptions& options)
{
    std::vector<Move> line;
    if (options.protection.hidden_depth < 2)
        return line;
    const int lost = worth_of(pos.piece_on(capture.to()), options.piece_worth);
    UndoInfo undo;
    pos.do_move(capture, undo);
    // Taking back weighs material only: any piece may take, and a check that takes counts
    // with what it takes, as a recapture would.
    ClassifierOptions taking_back = options;
    taking_back.check_capture.quiet_checks = false;
    taking_back.check_capture.through_standing_capture = false;
    taking_back.check_capture.crossed_soldier_given_worth.reset();
    taking_back.check_capture.takers.fill(true);
    LineEnd end;
    end.enough = 0;
    end.point = capture.to();
    end.mated_within = options.protection.mate_after_capture_depth;
    if (!forces_gain_by_checks(pos, options.protection.hidden_depth, -lost, end, taking_back, line))
        line.clear();
    return line;
}

std::vector<std::vector<PieceAt>> ways_won_through_checks(const Position& pos, const ClassifierOptions& options)
{
    std::vector<std::vector<PieceAt>> tried, ways;
    follow_ways_won_through_checks(pos, options, line_end_from(pos, options), {}, tried, ways);
    return ways;
}

bool lays_open_to_checks(Position pos, Move capture, int at_least, const ClassifierOptions& options)
{
    // What the other side could win before the capture, at once or through checks (either
    // way of counting what the checks win), the capture does not lay open.
    const Position other_first = with_side_to_move(pos, ~pos.side_to_move());
    const std::vector<PieceAt> won_at_once = pieces_won_at_once(other_first, options.piece_worth);
    const std::vector<std::vector<PieceAt>> ways = ways_won_through_checks(other_first, options);
    UndoInfo undo;
    pos.do_move(capture, undo);
    const LineEnd after = line_end_from(pos, options);
    return std::any_of(ways.begin(), ways.end(), [&](const std::vector<PieceAt>& won_through_checks) {
        LineEnd end = after;
        end.following = std::make_shared<EndTests>();
        end.enough = std::max(1, at_least);
        end.already_won.insert(end.already_won.end(), won_at_once.begin(), won_at_once.end());
        end.already_won.insert(end.already_won.end(), won_through_checks.begin(), won_through_checks.end());
        std::vector<Move> line;
        return forces_gain_by_checks(pos, options.check_capture.depth, 0, end, options, line);
    });
}

bool every_answer_loses_material(
    const Position& before, Position checked, const ClassifierOptions& options, std::vector<Move>& line)
{
    const LineEnd end = line_end_from(before, options);
    return every_reply_loses(
        checked, legal_moves(checked),
        [&](Move answer, Piece taken_by_answer, std::vector<Move>& capture) {
            const auto won
                = new_winning_capture(checked, -given_worth(taken_by_answer, answer.to(), options), end, options);
            if (won)
                capture = { *won };
            return won.has_value();
        },
        line);
}

} // namespace xq::detail
