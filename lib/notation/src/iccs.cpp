// Reading and writing ICCS coordinates against the legal moves, and explaining illegal ones.
#include "xq/notation/iccs.hpp"

#include <optional>

#include "move_errors.hpp"
#include "move_readers.hpp"
#include "xq/board/movegen.hpp"

namespace xq {

namespace {

    int rank_base(IccsRanks ranks) { return ranks == IccsRanks::ZeroToNine ? 0 : 1; }

    std::string rank_range(IccsRanks ranks) { return ranks == IccsRanks::ZeroToNine ? "0-9" : "1-10"; }

    std::string square_name(Square s, IccsRanks ranks)
    {
        return static_cast<char>('a' + s.file()) + std::to_string(s.rank() + rank_base(ranks));
    }

    // A square written as a file letter and a rank of one or two digits, at text[i]; i moves
    // past it. Ranks are checked by the caller, which knows the base.
    struct WrittenSquare {
        int file;
        int rank;
    };

    std::optional<WrittenSquare> read_square(std::string_view text, std::size_t& i)
    {
        if (i >= text.size())
            return std::nullopt;
        char letter = text[i];
        if (letter >= 'A' && letter <= 'Z')
            letter = static_cast<char>(letter - 'A' + 'a');
        if (letter < 'a' || letter > 'i')
            return std::nullopt;
        std::size_t end = i + 1;
        int rank = 0;
        while (end < text.size() && end < i + 3 && text[end] >= '0' && text[end] <= '9')
            rank = rank * 10 + (text[end++] - '0');
        if (end == i + 1)
            return std::nullopt;
        i = end;
        return WrittenSquare { letter - 'a', rank };
    }

    // The two squares of the text, or why it is not ICCS.
    std::variant<Move, std::string> read_iccs(const detail::CleanMoveToken& cleaned, IccsRanks ranks)
    {
        std::string token;
        for (const char32_t c : cleaned.code_points()) {
            if (c >= 0x80)
                return std::string("coordinates are ASCII letters and digits");
            token.push_back(static_cast<char>(c));
        }
        if (!token.empty() && token.back() == '+')
            token.pop_back();
        std::size_t i = 0;
        const auto from = read_square(token, i);
        if (i < token.size() && token[i] == '-')
            ++i;
        const auto to = read_square(token, i);
        if (!from || !to || i != token.size())
            return std::string("expected two squares, such as h2e2 or H2-E2");
        const int base = rank_base(ranks);
        for (const WrittenSquare& s : { *from, *to })
            if (s.rank < base || s.rank > base + rank_count - 1)
                return "rank " + std::to_string(s.rank) + " does not exist with ranks " + rank_range(ranks)
                    + (ranks == IccsRanks::ZeroToNine && s.rank == 10 ? " (the record may count ranks 1-10)" : "");
        const Square origin(from->file, from->rank - base);
        const Square destination(to->file, to->rank - base);
        if (origin == destination)
            return std::string("the two squares are the same");
        return Move(origin, destination);
    }

    std::string explain_illegal(const Position& pos, Move m, IccsRanks ranks)
    {
        const Piece piece = pos.piece_on(m.from());
        const std::string origin = square_name(m.from(), ranks);
        if (piece.is_none())
            return "there is no piece on " + origin;
        const std::string name = std::string(to_string(piece.color())) + " " + std::string(prose_name(piece.type()));
        if (piece.color() != pos.side_to_move())
            return "the piece on " + origin + " is a " + name + ", and " + std::string(to_string(pos.side_to_move()))
                + " is to move";
        const std::string what = "the " + std::string(prose_name(piece.type())) + " on " + origin;
        const std::string reason = what + " cannot go to " + square_name(m.to(), ranks);
        if (!pseudo_legal_moves_from(pos, m.from()).contains(m))
            return reason
                + (detail::has_move_shape(pos, m.from(), m.to())
                        ? detail::blocking_reason(pos, m, [ranks](Square s) { return square_name(s, ranks); }).english
                        : std::string());
        return reason
            + (piece.type() == PieceType::King ? " without moving into check" : " without leaving its king in check");
    }

} // namespace

std::variant<Move, MoveError> parse_iccs_move(const Position& pos, std::string_view text, IccsRanks ranks)
{
    return detail::parse_iccs_move(pos, text, detail::CleanMoveToken(text), ranks);
}

std::variant<Move, MoveError> detail::parse_iccs_move(
    const Position& pos, std::string_view text, const CleanMoveToken& token, IccsRanks ranks)
{
    const auto read = read_iccs(token, ranks);
    if (const auto* reason = std::get_if<std::string>(&read))
        return detail::syntax_error(text, "an ICCS move (ranks " + rank_range(ranks) + ")", *reason);
    const Move m = std::get<Move>(read);
    if (!is_legal(pos, m)) {
        const std::string why = explain_illegal(pos, m, ranks);
        return detail::illegal_move(text, pos, why, { { "reason", "other" }, { "detail", why } });
    }
    return m;
}

std::string to_iccs(Move m, IccsRanks ranks) { return square_name(m.from(), ranks) + square_name(m.to(), ranks); }

} // namespace xq
