// Validation of one game: its findings, its status (ok to unreadable), and the row it gives.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/arbiter/game_ruling.hpp"
#include "xq/records/game_record.hpp"

namespace xq {

// What validation says of one game, from the most serious to none. A game can have several
// findings; its status is the most serious of them, in this order:
//  - Unreadable: the record itself has an error (an unterminated comment, a token too long, a
//    bad FEN, a move that is not notation at all), or the file cannot be read or is not a
//    game record. The record may not hold what was played, so neither the board nor the
//    repetitions are judged (a wrong ruling is worse than none).
//  - IllegalMove: a move is not legal, or not unique, in its position; no judgement either.
//  - ResultContradictsBoard: the board shows a mate or stalemate and the recorded result gives
//    the game to the other side (or calls it a draw). The board is a fact, so this comes
//    before a ruling, which interprets.
//  - RepetitionRuling: a repetition ruling goes against the record: the record ends in a
//    repetition and its result is not what the ruling gives (a draw for a draw, a loss for the
//    side that violates, whether it must still change or has already lost) or is `*`; or a
//    ruling says a side lost by repeating and the record gives another result.
//  - NaturalLimit: the record passes the ruleset's natural limit (so many plies without a
//    capture draw the game) and goes on, or ends there with a result other than a draw.
// DamagedText: bytes the encoding cannot explain, read as U+FFFD; the game was checked as read.
enum class ValidationStatus {
    Ok,
    Unreadable,
    IllegalMove,
    ResultContradictsBoard,
    RepetitionRuling,
    NaturalLimit,
    DamagedText
};

// "ok", "unreadable", "illegal_move", "result_contradicts_board", "repetition_ruling",
// "natural_limit", "damaged_text"
std::string_view to_string(ValidationStatus status);

inline constexpr std::array<ValidationStatus, 7> all_validation_statuses { ValidationStatus::Ok,
    ValidationStatus::Unreadable, ValidationStatus::IllegalMove, ValidationStatus::ResultContradictsBoard,
    ValidationStatus::RepetitionRuling, ValidationStatus::NaturalLimit, ValidationStatus::DamagedText };

// The more serious of two statuses (see the order above).
ValidationStatus graver(ValidationStatus a, ValidationStatus b);

struct Finding {
    ValidationStatus kind = ValidationStatus::Unreadable;
    int ply = 0; // the ply it concerns, 0 for none (or the start position)
    std::string message; // a diagnostic in the gcc format, or a sentence
    // The diagnostic the message formats, when it is one: a report words it in its language.
    std::optional<Diagnostic> diagnostic = std::nullopt;
};

// The parts of a ruling a row shows.
struct RulingSummary {
    Outcome outcome = Outcome::Draw;
    std::optional<Color> violator;
    std::vector<std::string> rules;
    RepetitionCycle cycle;
    int last_repeating_ply = 0;
};

// One row of a validation: a game, or a file that could not be read (game 0). Everything in it
// except check_time is the same on every run.
struct GameValidation {
    std::string file;
    std::size_t game = 0; // 1-based index in its file; 0 for a row about the file itself
    std::uint32_t line = 0; // where the game starts; 0 for a file
    std::string description; // describe_game(), or "the file itself"
    std::string event, red, black, date; // the tags as written, empty when absent
    int plies = 0; // plies replayed (up to the failing one)
    ValidationStatus status = ValidationStatus::Ok;
    std::vector<Finding> findings; // in the order found: reading, board, repetitions
    int failed_ply = 0; // the ply that could not be replayed, 0 if none
    RecordedResult recorded_result = RecordedResult::Unknown;
    // The side mated or stalemated in the final position; only judged for games replayed to
    // their end without an error.
    std::optional<Color> loser_on_board;
    std::size_t repetitions = 0; // repetition episodes found, ruled on or not
    // The ruling that decides the game among those made (see check_game): the first by which a
    // side loses, else the last.
    std::optional<RulingSummary> ruling;
    // Whether the recorded result is what the rulings give: nothing when no ruling bears on
    // it (the record goes on after every repetition and nobody lost by one).
    std::optional<bool> ruling_agrees;
    std::chrono::nanoseconds check_time {}; // reading excluded; varies from run to run
};

// A checked game with what the checks worked from, for writers that show more than the row
// (the JSON form shares adjudicate's fields). Only the row is kept after it is written.
struct CheckedGame {
    GameValidation row;
    // Absent for a row about a file. On the heap, so that `judged.replay` still points into it
    // after the CheckedGame moves.
    std::unique_ptr<const RecordReplay> replay;
    // The arbiter's judgement, as adjudicate makes it, of the repetitions that bear on the
    // result (none unless the game was judged), with every diagnostic of the game (or the file).
    GameRuling judged;
};

// Replays a game, judges the end on the board against the recorded result, rules on the
// repetitions that bear on the result (bears_on_result) and sees whether the result agrees
// with the rulings, as adjudicate does by default. The others are counted but not ruled on.
// Once a side has lost by repeating, the game is decided: the result is checked against that
// loss, not against later repetitions.
// Locations inside the record without a source name are taken to be in the record's file.
[[nodiscard]] CheckedGame check_game(const GameRecord& record, const RuleSet& rules);

// Whether a file's own diagnostics, outside any game, are findings: an error (it cannot be
// opened or read), or damaged text between games.
[[nodiscard]] bool has_file_findings(const Diagnostics& file_diagnostics);

// The row for a file with has_file_findings: a finding per error (Unreadable) and per damaged
// text (DamagedText).
[[nodiscard]] CheckedGame check_file_problems(const std::string& file, const Diagnostics& file_diagnostics);

} // namespace xq
