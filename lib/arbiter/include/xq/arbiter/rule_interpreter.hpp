// The rule interpreter, the one judge: cycles, board ends and a game's repetitions ruled as data.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "xq/arbiter/instruction.hpp"
#include "xq/arbiter/move_facts.hpp"
#include "xq/arbiter/ruleset.hpp"

namespace xq {

// The interpreter is the one judge: every class, counted chase, conduct, verdict, precedence
// and occurrence count of a ruling is decided here and returned as data. Nothing here is
// prose: the report layer puts the data into words from the message catalogues.

enum class Outcome { RedMustChange, BlackMustChange, RedLoses, BlackLoses, Draw };
std::string_view to_string(Outcome outcome); // "red_must_change", ...

// An index in one of the ruleset's tables (chase rows, conducts, verdict rows, ...), or none
// when no row applies.
class RowIndex {
public:
    constexpr RowIndex() = default;
    constexpr explicit RowIndex(std::size_t index)
        : index_(index)
    {
    }
    constexpr explicit operator bool() const { return index_.has_value(); }
    // The index; only of a row that applies.
    constexpr std::size_t operator*() const { return index_.value(); }
    bool operator==(const RowIndex&) const = default;
    auto operator<=>(const RowIndex&) const = default;

private:
    std::optional<std::size_t> index_;
};

// How the ruleset judges one threat of a move: the first chase row that applies.
struct ThreatRuling {
    RowIndex row {}; // in RuleSet::chase_rules; none when no row applies (it does not count then)
    bool counts = false; // a chase
    // An attack that is not new is worth mentioning only when it would have counted had it
    // been new: then the row that exempts it is what stands between it and a chase.
    bool worth_mentioning = false;
    // It counts only because its one protector could recapture only by letting the kings face.
    bool counts_by_flying_general = false;
};

// One move of the judged cycle under the ruleset.
struct MoveRuling {
    int ply = 0;
    Color mover = Color::Red;
    std::vector<MoveClass> classes; // in the order of MoveClass; Idle alone when it is none of the others
    std::vector<ThreatRuling> threats; // one per threat of the move's facts, in the same order
    // The book's word for the move: in RuleSet::move_terms; none when the ruleset has none.
    RowIndex term {};
    // The move rule that gave the classes: in RuleSet::move_rules; none when the facts did.
    // A move it makes no chase has no threat that counts.
    RowIndex move_rule {};
    [[nodiscard]] bool has(MoveClass c) const;
};

// A threat that the ruleset counts as a chase, and the row that says so.
struct CountedChase {
    int ply = 0;
    PieceAt attacker;
    PieceAt target;
    int attacker_id = -1; // the pieces followed through the cycle (see Threat::target_id)
    int target_id = -1;
    std::size_t row = 0; // index in RuleSet::chase_rules
    std::string rule;
    int grade = 1;
    std::vector<std::string> tags; // the row's
    bool counts_by_flying_general = false;
};

// What one side's moves amount to under the ruleset.
struct SideRuling {
    Color side = Color::Red;
    RowIndex conduct_row {}; // in RuleSet::conducts; none when no conduct fits
    std::string conduct; // the conduct's id, e.g. "perpetual_check"
    bool forbidden = false;
    std::vector<std::string> rules; // the rules that make the conduct what it is
    std::vector<PieceAt> chased_on_every_move; // named where they stood at the cycle's start
    std::vector<CountedChase> chases;
    // The chase rows under which the side's threats worth mentioning did not count, each once,
    // and their rules.
    std::vector<std::size_t> exempting_rows;
    std::vector<std::string> exempting_rules;
};

// Why a ruling cites a rule: whether the ruling needs it, by what it would be without it.
struct RuleCitation {
    std::string rule;
    // The cycle judged again with the rule's rows (chase, move, conduct and verdict rows) set
    // aside comes out otherwise: the rule decides.
    bool decides = false;
    Outcome without = Outcome::Draw; // the outcome with the rule's rows set aside
};

// The occurrences of the cycle's start position within the episode, and which of them count.
struct OccurrenceAccount {
    // Where the start position stands, counted: the ply after which it stands (0 for the
    // record's starting position), as long as the cycles between them are the violating cycle
    // played again (every stand, when no side violates).
    std::vector<int> counted_plies;
    int ruling_at = 2; // the occurrence that triggers a ruling (the ruleset's)
    int loses_at = 4; // the violator's occurrence that loses (the ruleset's)
    int ruling_ply = -1; // after which ply the triggering occurrence stands
    int loss_ply = -1; // after which ply the losing occurrence stands; -1 when not reached
    // Where the ruleset gives the violator a chance to change (loses_at > ruling_at): after
    // which ply the record shows it was told to change (-1 when it does not show it), the ply
    // its repeats count from (the instruction's, or the ruling's when the instruction came
    // earlier or is not shown) and how many cycles it repeated after that, up to the loss.
    int instructed_ply = -1;
    int counted_from_ply = -1;
    int repeats_after_instruction = 0;
    int repeats_to_lose() const { return loses_at - ruling_at; }
    // The first ply of a later cycle in which the violator played otherwise and did not
    // violate: it changed there; -1 when it did not.
    int changed_at_ply = -1;
    int count() const { return static_cast<int>(counted_plies.size()); }
};

// A contested reading, and the outcome the ruling would have with it turned the other way.
struct ReadingRuling {
    std::string name;
    bool enabled = false;
    Outcome other_outcome = Outcome::Draw;
    bool changes_ruling = false;
};

// A side that violated in the first cycle of a repetition and changed its moves before that
// cycle alone brought the position back as often as a ruling needs: the ruling is then on every
// ply up to the stand at which it fell due, the cycles of both kinds together.
struct ChangeBeforeRuling {
    Color side = Color::Red;
    RepetitionCycle first_cycle;
    int changed_at_ply = 0;
};

struct Ruling {
    RepetitionEpisode episode;
    std::optional<ChangeBeforeRuling> changed_before_due;
    // The facts of the judged moves, which the ruling's moves refer to.
    CycleFacts facts;
    std::vector<MoveRuling> moves; // one per move of facts.moves
    std::optional<Color> violator;
    Outcome outcome = Outcome::Draw;
    // Every rule the ruling cites: the rules that decide first, then the others the ruling
    // used, and last the procedure (change or lose, draw); `citations` says the same rules in
    // the same order with why each is cited.
    std::vector<std::string> rules;
    std::vector<RuleCitation> citations;
    RowIndex verdict_row {}; // in RuleSet::verdicts; none when no row matched
    std::string verdict_rule;
    OccurrenceAccount occurrences;
    SideRuling red;
    SideRuling black;
    std::vector<ReadingRuling> readings;
    const SideRuling& side(Color c) const { return c == Color::Red ? red : black; }
    [[nodiscard]] bool loses() const { return outcome == Outcome::RedLoses || outcome == Outcome::BlackLoses; }
    // Both sides' conduct is forbidden and the verdict row names one violator: the row's
    // description is the precedence of one violation over the other.
    [[nodiscard]] bool precedence() const { return violator && red.forbidden && black.forbidden; }
};

// How the ruleset, under `readings`, judges one threat of a move of `moved`.
ThreatRuling judge_threat(const Threat& threat, PieceType moved, const RuleSet& rules, const ReadingChoice& readings);

// The ruling on a cycle under the given readings: its moves, the sides' conduct, the verdict,
// the occurrences, the rules cited and the outcome each contested reading would give. The
// ruling, the outcome without each cited rule and the outcomes of the contested readings are
// all made by one function. With `later_cycles`, a later cycle that is not the first one
// played again is classified and judged too, to tell whether the violator changed (and when it
// changed before a ruling fell due, the span up to then is judged); without it, every stand of
// the start position counts.
Ruling judge_cycle(const CycleFacts& facts, const RepetitionEpisode& episode, const RuleSet& rules,
    const ReadingChoice& readings, const CycleClassifier* later_cycles = nullptr);

// The ruling on one repetition episode under the ruleset's readings (judge_cycle). Nothing
// when the position has not yet stood as often as the ruleset requires for a ruling.
// With `instructions`, the violator's loss counts from the instruction to it (OccurrenceAccount).
[[nodiscard]] std::optional<Ruling> rule_on_episode(const CycleFacts& facts, const RepetitionEpisode& episode,
    const RuleSet& rules, const CycleClassifier* later_cycles = nullptr, const Instructions& instructions = {});

// What the board itself decides, with the rule behind it: the loser by checkmate or by
// having no legal move, and notes where the record goes against a basic rule.
struct BoardNote {
    std::string code; // "black_moved_first"
    std::string rule;
};
struct BoardJudgement {
    std::optional<Color> loser;
    std::string rule;
    std::vector<BoardNote> notes;
};
BoardJudgement judge_board(const ReplayedGame& game, const RuleSet& rules);

// A span that stood often enough for a ruling but was not ruled on, and where it stands among
// the rulings: `rulings_before` of them come before it in record order.
struct NotRuled {
    RepetitionEpisode episode;
    std::size_t rulings_before = 0;
};

// A game's repetitions under a ruleset: the rulings and the spans not ruled on, each in record
// order.
struct GameRepetitions {
    std::vector<Ruling> rulings;
    std::vector<NotRuled> not_ruled;
};

// Finds the spans the ruleset judges (repetition.judged_span), classifies their moves and
// rules on each. With `wanted`, only the spans it accepts are classified and ruled on
// (classifying is the costly part; most repetitions of real games bear on nothing).
using EpisodeFilter = std::function<bool(const RepetitionEpisode& episode)>;
GameRepetitions rule_on_repetitions(const ReplayedGame& game, const RuleSet& rules, const EpisodeFilter& wanted = {},
    const Instructions& instructions = {});

// Every ruling on a game, in record order: rule_on_repetitions' rulings.
std::vector<Ruling> rule_on_game(const ReplayedGame& game, const RuleSet& rules, const EpisodeFilter& wanted = {},
    const Instructions& instructions = {});

// The outcome each of rule_on_game's rulings would have with `rule` set aside: made again from
// the game, as RuleCitation::decides asks it of every rule a ruling cites.
std::vector<Outcome> outcomes_without_rule(
    const ReplayedGame& game, const RuleSet& rules, std::string_view rule, const Instructions& instructions = {});

// The ruling that decides the game: the first that loses it for a side, else the last; none
// when there is no ruling. A later draw never undoes an earlier loss.
[[nodiscard]] std::optional<std::size_t> deciding_ruling(const std::vector<Ruling>& rulings);

} // namespace xq
