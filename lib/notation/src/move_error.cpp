#include "xq/notation/move_error.hpp"

#include "move_errors.hpp"
#include "move_token.hpp"
#include "xq/base/utf8.hpp"
#include "xq/board/fen.hpp"

namespace xq {

std::string_view to_string(MoveErrorKind kind)
{
    switch (kind) {
    case MoveErrorKind::Syntax:
        return "syntax";
    case MoveErrorKind::Illegal:
        return "illegal";
    case MoveErrorKind::Ambiguous:
        return "ambiguous";
    }
    return "unknown";
}

std::string_view diagnostic_code(MoveErrorKind kind)
{
    switch (kind) {
    case MoveErrorKind::Syntax:
        return "notation.syntax";
    case MoveErrorKind::Illegal:
        return "notation.illegal";
    case MoveErrorKind::Ambiguous:
        return "notation.ambiguous";
    }
    return "notation.unknown";
}

namespace detail {

    namespace {
        // The text may hold anything when it does not come through a reader (a library caller's
        // string): what a terminal should not get is shown escaped.
        std::string quoted(std::string_view text) { return "'" + utf8::escape_for_display(trim(text)) + "'"; }
    }

    MoveError syntax_error(
        std::string_view text, std::string_view notation, std::string_view reason)
    {
        return { MoveErrorKind::Syntax,
            quoted(text) + " is not " + std::string(notation) + ": " + utf8::escape_for_display(reason), {} };
    }

    MoveError illegal_move(std::string_view text, const Position& pos, std::string_view reason)
    {
        return { MoveErrorKind::Illegal,
            quoted(text) + " is not legal here: " + std::string(reason)
                + " (position: " + to_fen(pos) + ")",
            {} };
    }

    MoveError ambiguous_move(std::string_view text, const Position& pos, std::string_view reason,
        std::vector<Move> candidates)
    {
        std::string listed;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            if (i > 0)
                listed += i + 1 == candidates.size() ? " or " : ", ";
            listed += to_iccs(candidates[i]);
        }
        return { MoveErrorKind::Ambiguous,
            quoted(text) + " is ambiguous: " + std::string(reason) + " (" + listed
                + ") (position: " + to_fen(pos) + ")",
            std::move(candidates) };
    }

} // namespace detail

} // namespace xq
