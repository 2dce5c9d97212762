// A game followed move by move as it is played (xqarb watch): a repetition judged as it comes.
#pragma once

#include <optional>
#include <unordered_map>
#include <vector>

#include "xq/arbiter/instruction.hpp"
#include "xq/arbiter/natural_limit.hpp"
#include "xq/arbiter/replay.hpp"
#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/arbiter/ruleset.hpp"

namespace xq {

// A game followed as it is played (xqarb watch): the arbiter's view after each move. The
// positions that stood and where are kept as the game goes, so a move to a new position costs
// a table look-up; only a move that brings a position back is judged, and then only the
// repetition it continues.

// The position after a ply has stood before: `count` times in all, the last time before this
// one after ply `previous_ply` (the cycle is previous_ply + 1 .. ply).
struct Recurrence {
    int count = 0;
    int previous_ply = 0;
};

// What the arbiter must do after a move.
enum class LiveEvent {
    None,
    RulingDue, // a repetition stood often enough for a ruling: a violator must be told to change, or a draw stands
    Loss, // the violator repeated its cycle as often as the ruleset allows after the instruction
    BoardEnd, // checkmate, or no legal move
    NaturalLimit, // the ruleset's natural move limit draws the game
};

struct MoveUpdate {
    int ply = 0;
    Move move;
    Color mover = Color::Red;
    std::optional<Recurrence> recurrence;
    // The ruling on the repetition the move continues, when one has fallen due in it.
    std::optional<Ruling> ruling;
    LiveEvent event = LiveEvent::None;
    std::optional<Color> board_loser; // with BoardEnd
    bool checkmate = false; // with BoardEnd: mate, else no legal move
    std::optional<NaturalLimitReached> natural_limit; // with NaturalLimit
};

class LiveGame {
public:
    // `rules` must outlive the game.
    LiveGame(const Position& start, const RuleSet& rules);
    LiveGame(const Position&, RuleSet&&) = delete;

    // Plays a move matched against the legal moves of current().
    MoveUpdate play(Move move);
    // Takes the last move back (with the instructions given after it); false when there is none.
    [[nodiscard]] bool undo();
    // The arbiter told `side` to change its moves, now: after the last ply.
    void instruct(Color side);
    // An instruction given earlier, as a record shows it.
    void add_instruction(const Instruction& instruction) { instructions_.push_back(instruction); }

    const ReplayedGame& game() const { return game_; }
    const Position& current() const { return game_.current(); }
    int ply_count() const { return game_.ply_count(); }
    const Instructions& instructions() const { return instructions_; }
    // The violator named by the last ruling that fell due, for an instruction that names none.
    [[nodiscard]] std::optional<Color> last_violator() const { return last_violator_; }

private:
    const RuleSet& rules_;
    ReplayedGame game_;
    Instructions instructions_;
    // Where each position stood, in order (position numbers as in ReplayedGame).
    std::unordered_map<Key, std::vector<int>> stands_;
    std::optional<Color> last_violator_;
};

} // namespace xq
