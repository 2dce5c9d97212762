// How the notation readers word their errors, in one place so that all notations read alike.
#include "move_errors.hpp"

#include <cstdlib>

#include "move_token.hpp"
#include "xq/base/utf8.hpp"
#include "xq/board/fen.hpp"

namespace xq {

namespace detail {

    namespace {
        // The text may hold anything when it does not come through a reader (a library caller's
        // string): what a terminal should not get is shown escaped.
        std::string quoted(std::string_view text) { return "'" + utf8::escape_for_display(trim(text)) + "'"; }
    } // namespace

    bool has_move_shape(const Position& pos, Square from, Square to)
    {
        const Piece piece = pos.piece_on(from);
        const int files = std::abs(to.file() - from.file());
        const int ranks = std::abs(to.rank() - from.rank());
        if (piece.is_none() || files + ranks == 0)
            return false;
        switch (piece.type()) {
        case PieceType::Horse:
            return (files == 1 && ranks == 2) || (files == 2 && ranks == 1);
        case PieceType::Elephant:
            return files == 2 && ranks == 2;
        case PieceType::Advisor:
            return files == 1 && ranks == 1;
        case PieceType::Chariot:
        case PieceType::Cannon:
            return files == 0 || ranks == 0;
        case PieceType::King:
        case PieceType::Soldier:
            break;
        }
        return files + ranks == 1;
    }

    void add_piece_fields(DiagnosticFields& fields, const std::string& role, const Position& pos, Square square)
    {
        const Piece p = pos.piece_on(square);
        fields.push_back({ role, std::string(to_string(p.type())) });
        fields.push_back({ role + "_side", std::string(to_string(p.color())) });
        fields.push_back({ role + "_square", to_iccs(square) });
    }

    Explanation blocking_reason(const Position& pos, Move m, const std::function<std::string(Square)>& square_name)
    {
        const Square from = m.from();
        const Square to = m.to();
        const Piece mover = pos.piece_on(from);
        const auto named = [&](Square s) {
            const Piece p = pos.piece_on(s);
            return std::string(to_string(p.color())) + " " + std::string(prose_name(p.type()));
        };
        const auto blocked = [&](std::string reason, Square point, std::string english) {
            DiagnosticFields fields { { "reason", std::move(reason) } };
            add_piece_fields(fields, "blocker", pos, point);
            return Explanation { std::move(english), std::move(fields) };
        };
        const int file_step = (to.file() > from.file()) - (to.file() < from.file());
        const int rank_step = (to.rank() > from.rank()) - (to.rank() < from.rank());
        if (mover.type() == PieceType::Horse || mover.type() == PieceType::Elephant) {
            // The horse's leg is the point next to it on the long side of its L; the elephant's
            // eye is the middle of its diagonal.
            const bool long_on_file = std::abs(to.rank() - from.rank()) == 2;
            const Square point = mover.type() == PieceType::Elephant
                ? Square(from.file() + file_step, from.rank() + rank_step)
                : long_on_file ? Square(from.file(), from.rank() + rank_step)
                               : Square(from.file() + file_step, from.rank());
            if (!pos.empty(point)) {
                const bool horse = mover.type() == PieceType::Horse;
                return blocked(horse ? "leg_blocked" : "eye_blocked", point,
                    std::string(horse ? ": its leg at " : ": its eye at ") + square_name(point) + " is blocked by the "
                        + named(point));
            }
        }
        if (mover.type() == PieceType::Chariot || mover.type() == PieceType::Cannon) {
            std::vector<Square> between;
            for (Square s(from.file() + file_step, from.rank() + rank_step); s != to;
                 s = Square(s.file() + file_step, s.rank() + rank_step))
                if (!pos.empty(s))
                    between.push_back(s);
            const bool captures = !pos.empty(to) && pos.piece_on(to).color() != mover.color();
            if (mover.type() == PieceType::Chariot || !captures) {
                if (!between.empty())
                    return blocked("path_blocked", between.front(),
                        ": the " + named(between.front()) + " on " + square_name(between.front())
                            + " stands in its way");
            } else if (between.empty()) {
                return { ": a cannon captures only by jumping over one piece, and none stands between",
                    { { "reason", "no_screen" } } };
            } else if (between.size() > 1) {
                return { ": " + std::to_string(between.size())
                        + " pieces stand between, and a cannon captures by jumping over exactly one",
                    { { "reason", "many_screens" }, { "screens", std::to_string(between.size()) } } };
            }
        }
        if (!pos.empty(to) && pos.piece_on(to).color() == mover.color())
            return blocked("own_piece_on_target", to,
                ": its own " + std::string(prose_name(pos.piece_on(to).type())) + " stands on " + square_name(to));
        return {};
    }

    MoveError syntax_error(std::string_view text, std::string_view notation, std::string_view reason)
    {
        return { MoveErrorKind::Syntax,
            quoted(text) + " is not " + std::string(notation) + ": " + utf8::escape_for_display(reason), {},
            { { "move", utf8::escape_for_display(trim(text)) } } };
    }

    MoveError illegal_move(std::string_view text, const Position& pos, std::string_view reason, DiagnosticFields fields)
    {
        MoveError error { MoveErrorKind::Illegal,
            quoted(text) + " is not legal here: " + std::string(reason) + " (position: " + to_fen(pos) + ")", {},
            std::move(fields) };
        error.reason.push_back({ "move", utf8::escape_for_display(trim(text)) });
        return error;
    }

    MoveError ambiguous_move(
        std::string_view text, const Position& pos, std::string_view reason, std::vector<Move> candidates)
    {
        std::string listed;
        std::string iccs_list; // for a catalogue, without English words
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            if (i > 0) {
                listed += i + 1 == candidates.size() ? " or " : ", ";
                iccs_list += ' ';
            }
            listed += to_iccs(candidates[i]);
            iccs_list += to_iccs(candidates[i]);
        }
        return { MoveErrorKind::Ambiguous,
            quoted(text) + " is ambiguous: " + std::string(reason) + " (" + listed + ") (position: " + to_fen(pos)
                + ")",
            std::move(candidates), { { "move", utf8::escape_for_display(trim(text)) }, { "candidates", iccs_list } } };
    }

} // namespace detail

} // namespace xq
