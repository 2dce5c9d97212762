// A move text in any notation: which notation it is written in, and the move it names.
#pragma once

#include <optional>
#include <string_view>
#include <variant>

#include "xq/board/position.hpp"
#include "xq/notation/move_error.hpp"
#include "xq/notation/notation.hpp"

namespace xq {

// The notation a single move text is written in, judged by its characters alone: Chinese if
// it has Chinese characters, ICCS if it is two squares (h2e2, H2-E2, h3h10), WXF if it starts
// as a WXF token does (C2=5, +P=4, 33=4, Ｃ２＝５). The three shapes do not overlap. Nothing
// when it looks like none of them.
[[nodiscard]] std::optional<Notation> detect_notation(std::string_view text);

struct MoveTextOptions {
    // The notation the record declares (for instance by a [Format] tag): tried first. A text
    // written recognisably in another notation is still read in that one, since real files
    // mix them; a text that fits none is reported as a syntax error of this notation.
    std::optional<Notation> expected;
    // What ICCS digits mean; decided per game, never per move (see IccsRanks).
    IccsRanks iccs_ranks = IccsRanks::ZeroToNine;
};

// A move text in any of the three notations, matched against the legal moves of `pos`.
[[nodiscard]] std::variant<Move, MoveError> parse_move(
    const Position& pos, std::string_view text, const MoveTextOptions& options = {});

} // namespace xq
