// The vocabulary of the facts of moves: what the classifier finds. Types only.
// The facts are threats, protection, blocks, offers and the classes of a move; the classifier
// (move_facts, with its options in classifier_options.hpp), the threat conditions and the
// rulesets that read them stand above.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/arbiter/repetition.hpp"
#include "xq/board/position.hpp"

namespace xq {

// A piece where it stands at the moment the fact is about.
struct PieceAt {
    Piece piece;
    Square square;
    bool operator==(const PieceAt&) const = default;
};
inline PieceAt at(const Position& pos, Square s) { return { pos.piece_on(s), s }; }

// How a piece's moves are cut down by the enemy: by a pin against its own king, or by the
// kings that would face each other.
enum class Restriction {
    None,
    Immobilised, // its only legal moves, if any, take a piece that pins it
    ConfinedToLine, // its only legal moves stay on one line
    Pinned, // some moves are illegal, but neither of the above
};
std::string_view to_string(Restriction r);

struct RestrictionFacts {
    Restriction kind = Restriction::None;
    // The enemy pieces that would attack the king if the piece moved off its allowed points
    // (a horse whose leg it stands on, a cannon it would unscreen, ...); empty for the kings
    // facing each other.
    std::vector<PieceAt> by;
    [[nodiscard]] bool by_horse_only() const;
    [[nodiscard]] bool by_cannon_only() const;
};

// How a capture threat came about.
enum class ThreatOrigin {
    Direct, // the moved piece attacks
    Discovered, // the moved piece stepped out of the attacker's way (line, horse leg)
    ScreenPlaced, // the moved piece became a cannon's screen
    ProtectionRemoved, // the attack stood before, but the move took away the target's real protection
    HiddenProtectionRemoved, // the attack stood before, but the move took away the target's hidden protection
    CaptureMadeLegal, // the attack stood before, but the capture was illegal then and the move made it legal
    CaptureMadeSafe, // the attack stood before, but the capture was mated or lost material then and the move made it
                     // safe
    ParticipantSaved, // the attack stood before and lost material then; the move saved a piece the capture needs
    // With ClassifierOptions::check_capture.is_chase: the capture that ends the line of the
    // move's new check-then-capture threat (MoveFacts::check_capture_line), the checks before
    // it forced
    ThroughChecks,
    Standing, // the moved piece attacked the target before the move too: no new threat
};
std::string_view to_string(ThreatOrigin origin);

// A capture threat by the mover on an enemy piece other than the king, with what the rules
// need to judge it. Standing threats are listed too, so that the rules can say why they are
// not chases; every other origin is a new threat.
struct Threat {
    PieceAt attacker;
    PieceAt target;
    ThreatOrigin origin = ThreatOrigin::Direct;
    // The mover, if it could move again, could capture without leaving its own king attacked.
    bool capture_legal = false;
    // Pieces of the target's side that attack the target's point now (protection judged in
    // the current position).
    std::vector<PieceAt> protectors;
    // Those that could legally recapture after the capture (protection judged after it).
    std::vector<PieceAt> real_protectors;
    // Protectors that could not legally recapture after the capture (pinned, exposing their
    // king, facing kings): a fake protection.
    std::vector<PieceAt> fake_protectors;
    // Some fake protector's recapture would leave the kings facing each other.
    bool fake_by_flying_general = false;
    bool target_crossed_river = false; // meaningful for soldiers
    // The attacker is the only piece of its side that can attack the other side: rooks,
    // horses, cannons and pawns across the river (a defender left with one such piece).
    bool sole_attacking_piece = false;
    // The target could legally capture the attacker back at once (the mutual attack of same
    // kinds of piece, when it is mutual); with ClassifierOptions::capture_back_unless_mated,
    // and not be mated for it.
    bool target_can_capture_back = false;
    // The mover's other pieces that attack the target's point too, legality aside.
    std::vector<PieceAt> fellow_attackers;
    // With ClassifierOptions::like_piece_trades, when the capture is legal: a fellow attacker of the target's kind that
    // the target could legally take at once without being mated for it (within mate_after_capture_depth), and without
    // which, sitting the exchange out, the exchange on the target's point (the attacker taking first) would win
    // nothing. Whatever the exchange wins, it wins through a trade of like pieces, which the
    // target's side may make or decline.
    std::optional<PieceAt> trading_fellow;
    // What the capture wins, in piece worth (ClassifierOptions::piece_worth), both 0 when it
    // is not legal. capture_gain: the target, less the attacker when the target's side can
    // legally take it back. exchange_gain: the complete exchange on the target's point, the
    // attacker taking first and then each side taking back with its least valuable piece that
    // can legally do so, or stopping where going on would lose.
    int capture_gain = 0;
    int exchange_gain = 0;
    // For a standing attack: what the complete exchange won before the move (the moved piece
    // taking from where it stood); a move can make a standing attack win where it did not.
    int exchange_gain_before = 0;
    // With ClassifierOptions::best_exchange: the complete exchange on the target's point, the
    // mover taking first with whichever of its pieces there wins most (the cheapest, as a rule):
    // what a move that adds an attacker to a point wins, whichever piece it moved. A piece of the
    // target's kind that the target can take in turn offers a trade and leads no capture.
    std::optional<int> best_exchange_gain;
    // With ClassifierOptions::material.sequence_depth: what the attacker's capture wins with the
    // captures anywhere on the board that follow it, each side in turn taking what wins it most or
    // stopping: an exchange that takes away a protector elsewhere, or opens a line to another
    // piece, wins what it lets through. What either side could win at once anyway is left out.
    std::optional<int> capture_sequence_gain;
    // Once the attacker has taken, the target's side forces mate (within
    // ClassifierOptions::mate_after_capture_depth of its moves): the capture would lose the game.
    bool mated_after_capture = false;
    // With ClassifierOptions::capture_opens_lines, when the exchange on the target's point wins:
    // a piece of the mover's that the attacker's capture lays open to the other side (which could
    // not take it before) by a capture whose complete exchange wins more; of several, the dearest.
    // The capture then costs more than it wins: the attacker is pinned to that piece.
    std::optional<PieceAt> lost_elsewhere;
    // With ClassifierOptions::protection.hidden_depth, when the target has no real protector
    // and the capture is legal: how the target's side, once the attacker has taken, takes back
    // on the target's point after checks, winning back at least as much along the line (the
    // checks, the replies between, the capture); empty when it cannot. A protection that shows
    // only once the piece is taken (a hidden protection).
    std::vector<Move> hidden_protection;
    RestrictionFacts attacker_restriction;
    RestrictionFacts target_restriction;
    // With ClassifierOptions::prior_attacks: the mover's attacks on the same target as they
    // stood in the position before the move (each judged there, its origin direct), so that
    // the rules can tell whether the target was chased already.
    std::vector<Threat> prior_attacks;
    // The mover's pieces that the target restricts (pins against their king, ...).
    std::vector<PieceAt> restricted_by_target;
    // For a threat through checks: whether some line of checks that wins material needs one of
    // the mover's pieces only, which makes every move of the line before its capture and gives
    // every check alone (no discovered check). The capture may be another piece's, which the
    // checks let through, as a move lets another piece capture.
    bool by_one_piece = false;
    // Within a cycle, the pieces followed as they move: the index of the square each stood on
    // at the cycle's start (classify_cycle sets them; -1 otherwise).
    int attacker_id = -1;
    int target_id = -1;

    [[nodiscard]] bool protected_now() const { return !protectors.empty(); }
    // The mover's pieces that attack the target's point, the attacker among them.
    int attackers_count() const { return 1 + static_cast<int>(fellow_attackers.size()); }
    // Protected, but by fewer pieces than attack it.
    [[nodiscard]] bool under_protected() const
    {
        return !protectors.empty() && static_cast<int>(protectors.size()) < attackers_count();
    }
    // The attacker's capture alone wins nothing, the exchange with the mover's other pieces does;
    // through checks, every line needs two or more pieces.
    [[nodiscard]] bool joint() const
    {
        return origin == ThreatOrigin::ThroughChecks ? !by_one_piece : exchange_gain > 0 && capture_gain <= 0;
    }
    [[nodiscard]] bool protected_after_capture() const { return !real_protectors.empty(); }
    [[nodiscard]] bool hidden_protected() const { return !hidden_protection.empty(); }
    [[nodiscard]] bool is_new() const { return origin != ThreatOrigin::Standing; }
};

// A line an enemy rook or cannon could travel before the move and cannot now.
struct BlockFacts {
    PieceAt blocked; // the enemy piece
    Square at; // where the moved piece now stands in its way
    // With ClassifierOptions::blocks.shield: the mover's pieces past `at` on that line that the
    // enemy piece could take before the move, by a legal capture that won material, and cannot
    // now; or the mover's king, where a move of the enemy piece that the block stops began a
    // mate by checks before the move and the enemy threatens none after it.
    std::vector<PieceAt> shielded;
};

// A cannon of the mover's that an enemy cannon can take because the moved piece became its
// screen: an exchange the move offers without putting the moved piece itself en prise.
struct ScreenOffer {
    PieceAt taker; // the enemy cannon
    PieceAt offered; // the mover's cannon
};

// A capture of one of the mover's pieces by an enemy piece of its kind whose complete exchange
// the move makes even, where it won before, or could not be made: a trade of like pieces the
// move offers without moving the piece offered. None is looked for when the mover was in check
// or gives check: the side in check answers it first.
struct EvenTrade {
    PieceAt taker; // the enemy piece
    PieceAt offered; // the mover's piece of the same kind
};

// What a move is, for the rules. The facts give check, kill, check-then-capture, exchange,
// offer and block; a chase (a threat that a chase rule counts) and idle (none of the others)
// are the ruleset's judgement (MoveRuling).
enum class MoveClass { Check, Kill, CheckThenCapture, Chase, Exchange, Offer, Block, Idle };
std::string_view to_string(MoveClass c);

// The facts of one move and the classes they give by themselves.
struct MoveFacts {
    int ply = 0;
    Move move;
    Color mover = Color::Red;
    PieceAt moved; // where it stood before the move
    Piece captured;

    std::vector<PieceAt> checkers; // after the move
    bool discovered_check = false;
    bool kill = false; // a mate threat: it would mate if it could move again
    std::vector<Move> kill_line; // the mover's moves of one such mate, and the replies between
    // With ClassifierOptions::kill_capture_first: the kill's shortest line begins by taking a
    // piece without mating at once, and no mating line spares that piece. What the move threatens
    // next is that capture; the mate follows it.
    bool kill_capture_first = false;
    // A new threat to check and then capture: it would win material by a series of checks and
    // a capture if it could move again (the capture not one it could make at once), and could
    // not have done so before the move. A checking move makes the threat itself when every
    // answer to its check leaves such a capture.
    bool check_then_capture = false;
    // The checks, the replies between, the capture; for a checking move, one answer and the
    // capture after it.
    std::vector<Move> check_capture_line;
    // Capture threats the move created (a chase only if a chase rule counts it), and the
    // moved piece's standing ones.
    std::vector<Threat> threats;
    [[nodiscard]] bool has_new_threat() const;
    std::vector<PieceAt> can_be_taken_by; // enemy pieces that can legally capture the moved piece
    bool moved_piece_protected = false; // a recapture would be legal if it were taken
    std::vector<ScreenOffer> screen_offers;
    // With ClassifierOptions::like_piece_trades (the moved piece's own trades aside).
    std::vector<EvenTrade> even_trades;
    std::vector<BlockFacts> blocks;
    bool evades_check = false;
    // Own pieces attacked before the move and not after; after a check, not attacked at all
    // (a capture that only the check makes illegal is put off, not ended).
    std::vector<PieceAt> evaded_threats;

    std::vector<MoveClass> classes; // in the order of MoveClass; never Chase or Idle

    [[nodiscard]] bool has(MoveClass c) const;
};

// How a capture is protected: by a recapture that can be made (real), by one that cannot
// (fake: illegal, or the protector's side is mated for it), or not at all.
enum class Protection { None, Real, Fake };

// The sign of what a capture or an exchange wins.
enum class Gain { Positive, Zero, Negative };

std::string_view to_string(Protection p);
std::string_view to_string(Gain g);

// What one side's moves amount to over a cycle. Pieces are followed as they move, and
// named by where they stood at the start of the cycle.
struct SideSummary {
    Color side = Color::Red;
    int moves = 0;
    int checks = 0;
    int kills = 0;
    int check_then_captures = 0;
    int threatening_moves = 0; // moves that created at least one new threat
    bool every_move_checks = false;
    bool every_move_checks_or_kills = false;
    bool every_move_threatens = false;
    // Enemy pieces threatened by a new threat on every move of this side.
    std::vector<PieceAt> threatened_on_every_move;
    // Own pieces that made threats over the cycle.
    std::vector<PieceAt> attackers;
    // Enemy pieces threatened at least once.
    std::vector<PieceAt> targets;
};

struct CycleFacts {
    RepetitionCycle cycle;
    Position start; // the position before the cycle's first ply
    std::vector<MoveFacts> moves;
    SideSummary red;
    SideSummary black;
    const SideSummary& side(Color c) const { return c == Color::Red ? red : black; }
};

} // namespace xq
