// Why a move text is not a move: syntax, illegal or ambiguous, with message and fields.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "xq/base/diagnostic.hpp"
#include "xq/board/move.hpp"

namespace xq {

// Why a move text could not be turned into a move, in python-chess's three kinds:
//   Syntax    the text is not a move in the notation at all ("C2x5");
//   Illegal   it reads as a move, but no legal move of the position fits it ("C2=5" with no
//             cannon on file 2);
//   Ambiguous several legal moves fit it ("H7+5" when both horses on file 7 can go to file 5).
enum class MoveErrorKind { Syntax, Illegal, Ambiguous };

struct MoveError {
    MoveErrorKind kind = MoveErrorKind::Syntax;
    // For people: quotes the text and says why; illegal and ambiguous texts also show the
    // position's FEN, ambiguous ones the candidate moves in ICCS.
    std::string message;
    // The legal moves an ambiguous text fits; empty for the other kinds.
    std::vector<Move> candidates;
    // The same for a catalogue to word: `move` the text; for an illegal one, `reason` names
    // why (the phrase `diagnostic.illegal.<reason>`, diagnostic_codes.hpp lists each with its
    // fields) and the other fields fill it (`piece`, `motion`, `argument`, `blocker`...); for
    // an ambiguous one, `candidates` in ICCS.
    DiagnosticFields reason = {};
};

std::string_view to_string(MoveErrorKind kind); // "syntax", "illegal", "ambiguous"

// The stable diagnostic code of the kind: "notation.syntax", "notation.illegal",
// "notation.ambiguous".
std::string_view diagnostic_code(MoveErrorKind kind);

} // namespace xq
