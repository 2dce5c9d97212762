// The entry points of the ICCS, WXF and Chinese readers inside the notation library.
#pragma once

#include <optional>
#include <string_view>
#include <variant>

#include "move_token.hpp"
#include "xq/board/position.hpp"
#include "xq/notation/move_error.hpp"
#include "xq/notation/notation.hpp"

// The readers of the three notations, given the token already cleaned: parse_move cleans a
// move once for both telling its notation and reading it. `text` is the token as written, for
// the messages. Private to the notation library.

namespace xq::detail {

std::optional<Notation> detect_notation(const CleanMoveToken& token);

std::variant<Move, MoveError> parse_iccs_move(
    const Position& pos, std::string_view text, const CleanMoveToken& token, IccsRanks ranks);
std::variant<Move, MoveError> parse_wxf(const Position& pos, std::string_view text, const CleanMoveToken& token);
std::variant<Move, MoveError> parse_chinese(const Position& pos, std::string_view text, const CleanMoveToken& token);

} // namespace xq::detail
