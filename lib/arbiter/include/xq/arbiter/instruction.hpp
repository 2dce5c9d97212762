// The arbiter's instructions to change moves: facts of the game, kept in the Instructed tag.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/base/diagnostic.hpp"
#include "xq/board/types.hpp"

namespace xq {

// The arbiter's instruction to a side to change its moves, as a fact of the game: given after
// ply `ply` (0: before the first move). Under rulesets whose violator loses only after being
// told to change, the loss counts from it (see OccurrenceAccount).
struct Instruction {
    Color side = Color::Red;
    int ply = 0;
    friend bool operator==(const Instruction&, const Instruction&) = default;
};
using Instructions = std::vector<Instruction>;

// The PGN tag that carries a game's instructions (docs/instructions.md): its value is each
// instruction as `side@ply`, separated by spaces, e.g. [Instructed "red@96 black@130"].
inline constexpr std::string_view instructed_tag_name = "Instructed";

// "red@96" (or "black@0"; the side in any case): nothing when it is not that.
[[nodiscard]] std::optional<Instruction> parse_instruction(std::string_view text);
// "red@96"
std::string to_string(const Instruction& instruction);

// The instructions of a tag value, in the order given; a word that is not one is left out and
// reported against `location` (its problem is the tag's, not the game's).
[[nodiscard]] Instructions parse_instructions(
    std::string_view value, const std::string& game_name, const SourceLocation& location, Diagnostics& diagnostics);

// The tag value for `instructions`: each as `side@ply`, in ply order, separated by spaces.
std::string instructed_tag_value(Instructions instructions);

// The first instruction to `side` given at or after ply `from` and at or before ply `to`: the
// one that counts for a repetition that stands over those plies.
[[nodiscard]] std::optional<Instruction> instruction_within(
    const Instructions& instructions, Color side, int from, int to);

} // namespace xq
