// The tactical searches: forced mates, exchanges, capture sequences, wins through checks.
#include "tactics.hpp"

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <unordered_map>

#include "xq/board/movegen.hpp"

namespace xq::detail {

namespace {

    // `replies` in the order the searches through them try them: a capture first, then a
    // king's step, then the rest. Taking the attacker or stepping away saves the side most
    // often, and one reply that saves it spares the search after every other.
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

    // Whether the side to move loses, whatever it replies (`replies`, its legal moves):
    // `wins(reply, taken, continuation)` holds after each reply (`taken` the piece the reply
    // captured, if any) and gives the winner's continuation there. `line` gets the first reply
    // of `replies` and its continuation, whatever order the replies are tried in.
    template <typename Wins>
    bool every_reply_loses(Position& pos, const MoveList& replies, const Wins& wins, std::vector<Move>& line)
    {
        std::vector<Move> first;
        for (const Move reply : in_reply_order(pos, replies)) {
            UndoInfo undo;
            pos.do_move(reply, undo);
            std::vector<Move> continuation;
            const bool won = wins(reply, undo.captured, continuation);
            pos.undo_move(reply, undo);
            if (!won)
                return false;
            if (reply == replies[0]) {
                first.push_back(reply);
                first.insert(first.end(), continuation.begin(), continuation.end());
            }
        }
        line = std::move(first);
        return true;
    }

    // Out of check, a move can check the enemy king only by landing where the moved piece
    // attacks it from (a rook anywhere on its file or rank, a horse a jump away, a pawn, advisor
    // or king next to it, an elephant two points diagonally), by landing on its file or rank
    // (a cannon's new screen) or by leaving a point on its file or rank or diagonally next to
    // it (opening a line, a horse's leg or an elephant's eye). Any other move leaves it out of
    // check, which spares making the move and looking for attackers.
    bool cannot_check(const Position& pos, Move m, Square enemy_king)
    {
        const int from_files = std::abs(m.from().file() - enemy_king.file());
        const int from_ranks = std::abs(m.from().rank() - enemy_king.rank());
        if (from_files == 0 || from_ranks == 0 || (from_files == 1 && from_ranks == 1))
            return false;
        const int to_files = std::abs(m.to().file() - enemy_king.file());
        const int to_ranks = std::abs(m.to().rank() - enemy_king.rank());
        if (to_files == 0 || to_ranks == 0)
            return false;
        switch (pos.piece_on(m.from()).type()) {
        case PieceType::Horse:
            return to_files + to_ranks != 3;
        case PieceType::Elephant:
            return to_files != 2 || to_ranks != 2;
        case PieceType::Chariot:
        case PieceType::Cannon:
            return true;
        default: // pawn, advisor, king
            return to_files > 1 || to_ranks > 1;
        }
    }

    // Whether the enemy of the side to move is out of check, with a king: then cannot_check
    // tells of each move.
    bool enemy_out_of_check(const Position& pos)
    {
        const Color enemy = ~pos.side_to_move();
        return pos.has_king(enemy) && !pos.in_check(enemy);
    }

    // Legal moves of the enemy of the side to move (out of check) that stay legal after any
    // move of the side to move that does not check and touches none of their points: where
    // they start and land, the points they pass over, a horse's leg, an elephant's eye. They
    // are moves away from the enemy king's lines, legal out of check whatever stands
    // elsewhere. After most moves that do not check, one of them shows that the enemy still
    // has a legal move without looking for one.
    class StandingReplies {
    public:
        explicit StandingReplies(const Position& pos)
        {
            const Position enemy_to_move = with_side_to_move(pos, ~pos.side_to_move());
            const LegalityTest legal(enemy_to_move, false);
            for (int i = 0; i < square_count && count_ < max_count; ++i) {
                const Square s(i);
                const Piece p = pos.piece_on(s);
                if (!p || p.color() == pos.side_to_move() || p.type() == PieceType::King)
                    continue;
                for (const Move reply : pseudo_legal_moves_from(pos, s))
                    if (legal.legal_without_scan(reply)) {
                        points_[count_++] = points_of(reply, p.type());
                        break;
                    }
            }
        }

        // Whether one of them is still legal after `m`, a move that does not check.
        bool one_survives(Move m) const
        {
            for (std::size_t i = 0; i < count_; ++i)
                if (!points_[i].test(static_cast<std::size_t>(m.from().index()))
                    && !points_[i].test(static_cast<std::size_t>(m.to().index())))
                    return true;
            return false;
        }

    private:
        using Points = std::bitset<square_count>;

        static Points points_of(Move m, PieceType type)
        {
            Points points;
            const Square from = m.from(), to = m.to();
            const int files = to.file() - from.file(), ranks = to.rank() - from.rank();
            points.set(static_cast<std::size_t>(from.index()));
            points.set(static_cast<std::size_t>(to.index()));
            if (type == PieceType::Chariot || type == PieceType::Cannon) {
                const int df = (files > 0) - (files < 0), dr = (ranks > 0) - (ranks < 0);
                for (int f = from.file() + df, r = from.rank() + dr; f != to.file() || r != to.rank(); f += df, r += dr)
                    points.set(static_cast<std::size_t>(Square(f, r).index()));
            } else if (type == PieceType::Horse) {
                const Square leg = std::abs(files) == 2 ? Square(from.file() + files / 2, from.rank())
                                                        : Square(from.file(), from.rank() + ranks / 2);
                points.set(static_cast<std::size_t>(leg.index()));
            } else if (type == PieceType::Elephant) {
                points.set(static_cast<std::size_t>(Square(from.file() + files / 2, from.rank() + ranks / 2).index()));
            }
            return points;
        }

        static constexpr std::size_t max_count = 3;
        std::array<Points, max_count> points_ {};
        std::size_t count_ = 0;
    };

    // What the side to move would gain by `capture`, a legal capture of a non-king piece,
    // counting the capturer as lost when the target's side can legally take back (the target
    // has a real protector).
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

    bool is_capture_of_non_king(const Position& pos, Move m)
    {
        const Piece target = pos.piece_on(m.to());
        return target && target.type() != PieceType::King;
    }

    int worth_of(Piece taken, const PieceWorth& worth) { return taken ? worth[index(taken.type())] : 0; }

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

    // Whether `m`, a pseudo-legal move of the side to move, is a capture by a piece of a kind that
    // may end a check-then-capture line, that may end the line (`end`), `balance` being what
    // both sides took before it. The cheap tests come first.
    bool ends_line(const Position& pos, Move m, int balance, const LineEnd& end, const ClassifierOptions& options)
    {
        if (!is_capture_of_non_king(pos, m) || !options.check_capture.takers[index(pos.piece_on(m.from()).type())]
            || (end.point && m.to() != *end.point)
            || std::find(end.already_won.begin(), end.already_won.end(), at(pos, m.to())) != end.already_won.end()
            || !pos.is_legal_pseudo(m))
            return false;
        const int ahead = balance + capture_gain(pos, m, options.piece_worth);
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
        for (const Move m : pseudo_legal_moves(pos))
            if (ends_line(pos, m, balance, end, options))
                return m;
        return std::nullopt;
    }

    // A check that takes a piece the side could win anyway takes nothing the checks win: under
    // check_capture.through_standing_capture it is a check of the line all the same, its capture
    // counted for nothing.
    bool takes_standing_piece(const Position& pos, Move check, const LineEnd& end, const ClassifierOptions& options)
    {
        return options.check_capture.through_standing_capture && is_capture_of_non_king(pos, check)
            && std::find(end.already_won.begin(), end.already_won.end(), at(pos, check.to())) != end.already_won.end();
    }

    // Whether a line of checks passes over `check` without playing it: under
    // check_capture.quiet_checks a capture that wins or trades even by itself is weighed as a
    // capture, not as a check of the line; and a move that cannot check is none.
    bool passed_over(const Position& pos, Move check, bool takes_standing, const ClassifierOptions& options,
        bool quiet_known, Square enemy_king)
    {
        return (options.check_capture.quiet_checks && is_capture_of_non_king(pos, check) && !takes_standing
                   && capture_gain(pos, check, options.piece_worth) >= 0)
            || (quiet_known && cannot_check(pos, check, enemy_king));
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
        // The legal checks in the order of the legal moves: a move is made first, since most are
        // no check, and only a check is asked whether it was legal.
        const Color checker = pos.side_to_move();
        const PieceWorth& worth = options.piece_worth;
        const bool quiet_known = enemy_out_of_check(pos);
        const Square enemy_king = pos.king_square(~checker);
        for (const Move check : pseudo_legal_moves(pos)) {
            if (alone && check.from() != *alone)
                continue;
            const bool takes_standing = takes_standing_piece(pos, check, end, options);
            if (passed_over(pos, check, takes_standing, options, quiet_known, enemy_king))
                continue;
            pos.do_move(check, undo);
            if (!(quiet_known ? pos.in_check_after(check) : pos.in_check()) || pos.in_check(checker)
                || (alone && !checks_alone(pos, check.to()))) {
                pos.undo_move(check, undo);
                continue;
            }
            const MoveList replies = legal_moves(pos, LegalityTest(pos, true));
            if (replies.empty()) {
                pos.undo_move(check, undo);
                continue;
            }
            const int after_check = balance + (takes_standing ? 0 : worth_of(undo.captured, worth));
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
        const Color checker = pos.side_to_move();
        const PieceWorth& worth = options.piece_worth;
        const bool quiet_known = enemy_out_of_check(pos);
        const Square enemy_king = pos.king_square(~checker);
        for (const Move check : pseudo_legal_moves(pos)) {
            // The checks forces_gain_by_checks follows, tested the same way.
            const bool takes_standing = takes_standing_piece(pos, check, end, options);
            if (passed_over(pos, check, takes_standing, options, quiet_known, enemy_king))
                continue;
            pos.do_move(check, undo);
            if (!(quiet_known ? pos.in_check_after(check) : pos.in_check()) || pos.in_check(checker)) {
                pos.undo_move(check, undo);
                continue;
            }
            const MoveList replies = legal_moves(pos, LegalityTest(pos, true));
            const int after_check = balance + (takes_standing ? 0 : worth_of(undo.captured, worth));
            std::vector<PieceAt> check_ends;
            bool every_answer_loses = !replies.empty();
            for (const Move reply : in_reply_order(pos, replies)) {
                UndoInfo reply_undo;
                pos.do_move(reply, reply_undo);
                const int after_reply = after_check - given_worth(reply_undo.captured, reply.to(), options);
                std::vector<PieceAt> reply_ends = line_ends_by_checks(pos, depth - 1, after_reply, end, options);
                for (const Move m : pseudo_legal_moves(pos))
                    if (std::find(reply_ends.begin(), reply_ends.end(), at(pos, m.to())) == reply_ends.end()
                        && ends_line(pos, m, after_reply, end, options))
                        reply_ends.push_back(at(pos, m.to()));
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
        int best = 0;
        for (const Move m : pseudo_legal_moves(pos))
            if (is_capture_of_non_king(pos, m)
                && (!starters_turn || m.to() == exclusions.point
                    || (options.material.sequence_any_piece_takes_back && m.to() == just_taken)
                    || options.material.sequence_takers[index(pos.piece_on(m.from()).type())])
                && std::find(leaves.begin(), leaves.end(), at(pos, m.to())) == leaves.end() && pos.is_legal_pseudo(m)) {
                const int taken = sequence_worth_of(pos, m.to(), options);
                UndoInfo undo;
                pos.do_move(m, undo);
                best = std::max(best, taken - best_capture_sequence(pos, depth - 1, m.to(), exclusions, options));
                pos.undo_move(m, undo);
            }
        return best;
    }

    // What `capture`, the end of a line of checks, wins once the captures that follow it anywhere
    // are made: the piece taken at its worth, as the line weighs it, less what the other side
    // then wins by a sequence of captures (neither side taking what `end` says it could win
    // anyway).
    int gain_with_following_captures(
        const Position& pos, Move capture, const LineEnd& end, const ClassifierOptions& options)
    {
        const SequenceExclusions exclusions { pos.side_to_move(), capture.to(), end.already_won, end.lost_anyway };
        const int taken = worth_of(pos.piece_on(capture.to()), options.piece_worth);
        Position after = pos;
        UndoInfo undo;
        after.do_move(capture, undo);
        return taken
            - best_capture_sequence(after, options.material.sequence_depth - 1, capture.to(), exclusions, options);
    }

} // namespace

bool mated_after(Position pos, Move capture, int depth)
{
    UndoInfo undo;
    pos.do_move(capture, undo);
    std::vector<Move> mate;
    return forces_mate(pos, depth, mate);
}

std::vector<PieceAt> pieces_won_at_once(const Position& pos, const PieceWorth& worth)
{
    std::vector<PieceAt> won;
    for (const Move capture : pseudo_legal_moves(pos))
        if (is_capture_of_non_king(pos, capture) && pos.is_legal_pseudo(capture)
            && capture_gain(pos, capture, worth) > 0)
            won.push_back(at(pos, capture.to()));
    return won;
}

// The positions (with the spared piece's point) a mate search has found no mate from, with
// the most moves it looked through there. Lines of checks reach one position by many orders
// of their moves (a rook checking from either side of a king that steps back and forth), and
// the search from it would find the same again: none within those moves, nor fewer.
class MatelessPositions {
public:
    bool known(const Position& pos, std::optional<Square> spared, int depth) const
    {
        const auto found = depths_.find(key_of(pos, spared));
        return found != depths_.end() && found->second >= depth;
    }

    void add(const Position& pos, std::optional<Square> spared, int depth)
    {
        int& known_depth = depths_[key_of(pos, spared)];
        known_depth = std::max(known_depth, depth);
    }

private:
    // The position's key with the spared point mixed in as the other side's king standing
    // there: the spared piece stands there, never that king, so no position reaches the key.
    static Key key_of(const Position& pos, std::optional<Square> spared)
    {
        return spared ? pos.key() ^ zobrist::piece_square(Piece(~pos.side_to_move(), PieceType::King), *spared)
                      : pos.key();
    }

    std::unordered_map<Key, int> depths_;
};

namespace {

    // forces_mate, skipping the positions `mateless` already knows and adding those it finds.
    bool forces_mate_within(Position& pos, int depth, std::vector<Move>& line, bool by_check,
        std::optional<Square> spared, MatelessPositions& mateless)
    {
        if (mateless.known(pos, spared, depth))
            return false;

        UndoInfo undo;
        const Color mover = pos.side_to_move();
        const LegalityTest legal(pos);
        const bool quiet_known = enemy_out_of_check(pos);
        const Square enemy_king = pos.king_square(~mover);
        // A mate by check never asks whether a move that does not check leaves a reply.
        const std::optional<StandingReplies> standing
            = quiet_known && !by_check ? std::optional<StandingReplies>(pos) : std::nullopt;
        for (const Move m : pseudo_legal_moves(pos)) {
            // A move that does not check wins only by leaving no legal move at all (and never when
            // the mate must come by check).
            const bool quiet = quiet_known && cannot_check(pos, m, enemy_king);
            if ((quiet && (by_check || standing->one_survives(m))) || (spared && m.to() == *spared))
                continue;
            pos.do_move(m, undo);
            // Whether the move checks is asked first (out of check, most moves need no attack
            // scan), and whether it was legal only of a move that can still win: most are neither.
            const bool checks = !quiet && (quiet_known ? pos.in_check_after(m) : pos.in_check());
            if ((!checks && (by_check || (standing && standing->one_survives(m))))
                || !(legal.legal_without_scan(m) || !pos.in_check(mover))) {
                pos.undo_move(m, undo);
                continue;
            }
            // A check that is to be followed up wants all the replies.
            const LegalityTest replying(pos, checks);
            const bool follow_up = depth > 1 && replying.in_check();
            const MoveList replies = follow_up ? legal_moves(pos, replying) : MoveList();
            if (follow_up ? replies.empty() : !has_legal_move(pos, replying)) {
                pos.undo_move(m, undo);
                line = { m };
                return true;
            }
            std::vector<Move> continuation;
            const bool mates = follow_up
                && every_reply_loses(
                    pos, replies,
                    [&](Move reply, Piece, std::vector<Move>& sub) {
                        // The spared piece is followed as it moves.
                        const std::optional<Square> still_spared
                            = spared && reply.from() == *spared ? std::optional<Square>(reply.to()) : spared;
                        return forces_mate_within(pos, depth - 1, sub, by_check, still_spared, mateless);
                    },
                    continuation);
            pos.undo_move(m, undo);
            if (mates) {
                line = { m };
                line.insert(line.end(), continuation.begin(), continuation.end());
                return true;
            }
        }
        mateless.add(pos, spared, depth);
        return false;
    }

} // namespace

// The positions found mateless, for mates by check and for any mate apart.
struct MateSearchMemory::Positions {
    MatelessPositions by_check;
    MatelessPositions any;
};

namespace {
    thread_local MateSearchMemory::Positions* remembered = nullptr;
}

MateSearchMemory::MateSearchMemory()
    : positions_(std::make_unique<Positions>())
    , outer_(remembered)
{
    remembered = positions_.get();
}

MateSearchMemory::~MateSearchMemory() { remembered = outer_; }

bool forces_mate(Position& pos, int depth, std::vector<Move>& line, bool by_check, std::optional<Square> spared)
{
    if (remembered)
        return forces_mate_within(
            pos, depth, line, by_check, spared, by_check ? remembered->by_check : remembered->any);
    MatelessPositions mateless;
    return forces_mate_within(pos, depth, line, by_check, spared, mateless);
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
    const SequenceExclusions exclusions { pos.side_to_move(), capture.to(), won_anyway, lost_anyway };
    const int taken = sequence_worth_of(pos, capture.to(), options);
    UndoInfo undo;
    pos.do_move(capture, undo);
    const int reply
        = best_capture_sequence(pos, options.material.sequence_depth - 1, capture.to(), exclusions, options);
    pos.undo_move(capture, undo);
    return taken - reply;
}

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
        for (const Move c : legal_moves(taken)) {
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
