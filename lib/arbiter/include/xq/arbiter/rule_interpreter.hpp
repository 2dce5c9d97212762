#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "xq/arbiter/move_facts.hpp"
#include "xq/arbiter/ruleset.hpp"

namespace xq {

enum class Outcome { RedMustChange, BlackMustChange, RedLoses, BlackLoses, Draw };
std::string_view to_string(Outcome outcome); // "red_must_change", ...

// A threat that the ruleset counts as a chase, and the rule that says so.
struct CountedChase {
    int ply = 0;
    PieceAt attacker;
    PieceAt target;
    int attacker_id = -1; // the pieces followed through the cycle (see Threat::target_id)
    int target_id = -1;
    std::string rule;
    int grade = 1;
    // The target counted as unprotected because its protector would face the kings.
    bool fake_by_flying_general = false;
};

// What one side's moves amount to under the ruleset.
struct SideRuling {
    Color side = Color::Red;
    std::string conduct; // the conduct id, e.g. "perpetual_check"
    std::string description; // the conduct's description from the ruleset
    bool forbidden = false;
    std::vector<std::string> rules; // the rules that make the conduct what it is
    std::vector<PieceAt> chased_on_every_move; // named where they stood at the cycle's start
    std::vector<CountedChase> chases;
    // The rules under which the side's other threats did not count (attacks by the king,
    // protected targets, ...), each once.
    std::vector<std::string> exempting_rules;
};

struct Ruling {
    RepetitionEpisode episode;
    // The facts of the judged moves, kept so that a written ruling can show every move and
    // the ruling can be made again under another reading of the rules.
    CycleFacts facts;
    std::optional<Color> violator;
    Outcome outcome = Outcome::Draw;
    std::vector<std::string> rules; // every rule that decided the ruling, violator's first
    std::string verdict_rule;
    SideRuling red;
    SideRuling black;
    std::vector<std::string> explanation; // sentences, in order
    const SideRuling& side(Color c) const { return c == Color::Red ? red : black; }
};

// How the ruleset judges one threat: the first chase rule that applies, and whether it
// counts; nothing when no row applies (it does not count then). An attack that is not new
// is worth mentioning only when it would have counted had it been new: then the row that
// exempts it is what stands between it and a chase.
struct ThreatJudgement {
    bool counts = false;
    const ChaseRule* row = nullptr;
    bool worth_mentioning = false;
};
ThreatJudgement judge_threat(const Threat& threat, PieceType moved, const RuleSet& rules);

// The ruling on one repetition episode, from the facts of its cycle. Nothing when the
// position has not yet stood as often as the ruleset requires for a ruling.
std::optional<Ruling> rule_on_episode(const CycleFacts& facts, const RepetitionEpisode& episode, const RuleSet& rules);

// What the board itself decides, with the rule behind it: the loser by checkmate or by
// having no legal move, and notes where the record goes against a basic rule.
struct BoardJudgement {
    std::optional<Color> loser;
    std::string rule;
    std::vector<std::string> notes;
};
BoardJudgement judge_board(const ReplayedGame& game, const RuleSet& rules);

// Every ruling on a game, in record order: finds the spans the ruleset judges
// (repetition.judged_span), classifies their moves and rules on each.
// With `wanted`, only the spans it accepts are classified and ruled on (classifying is the
// costly part; validation wants only the spans that can bear on the result).
using EpisodeFilter = std::function<bool(const RepetitionEpisode& episode)>;
std::vector<Ruling> rule_on_game(const ReplayedGame& game, const RuleSet& rules, const EpisodeFilter& wanted = {});

} // namespace xq
