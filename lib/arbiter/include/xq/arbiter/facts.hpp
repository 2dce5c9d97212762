// The vocabulary of the facts of moves: what the classifier finds, and its options. Types only.
// The facts are threats, protection, blocks, offers and the classes of a move; the classifier
// (move_facts), the threat conditions and the rulesets that read them stand above.
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
    // With ClassifierOptions::check_capture_is_chase: the capture that ends the line of the
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
    // With ClassifierOptions::capture_sequence_depth: what the attacker's capture wins with the
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
    // With ClassifierOptions::hidden_protection_depth, when the target has no real protector
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
    // With ClassifierOptions::blocks_shield: the mover's pieces past `at` on that line that the
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

// What each kind of piece is worth, indexed by PieceType (the king's entry is unused), for
// telling a capture that wins material from an even trade.
using PieceWorth = std::array<int, piece_type_count>;
constexpr PieceWorth default_piece_worth = { 0, 2, 2, 4, 9, 4, 1 };

// The switches of the searches. Several are parts of one concept of a rule book, which one key
// of a ruleset's `classification` sets together (classification_keys() names them: a standing
// capture made safe, uncrossed pawns without worth, material won through checks weighed by the
// complete exchange, ...); the tests turn them one at a time.
struct ClassifierOptions {
    // Moves of the mover in a kill's mating line: 1 finds mates in one; each further move
    // must be a check (a kill "at once or through a series of checks").
    int kill_depth = 3;
    // The last move of a kill's mating line must check too (a checkmate), instead of leaving
    // the opponent without a legal move whether in check or not.
    bool kill_mates_by_check = false;
    // A kill that takes, on every mating line, a piece of the other side's which the move leaves
    // attacked by a piece of the mover's of the same kind (an attack that did not stand before
    // the move), and which can take that piece back at once without losing by it, is no kill: the move offers that
    // trade of like pieces, and the mate is what the capture the trade forestalls would bring. Losing by the take-back:
    // the mover then forces mate (within mate_after_capture_depth, or by checks within kill_depth), or retakes on the
    // point with a check after which every answer loses material.
    bool kill_through_offered_exchange = false;
    // Look at what a kill's mating lines begin with: MoveFacts::kill_capture_first.
    bool kill_capture_first = false;
    // Moves of the target's side in a mate found after a capture (Threat::mated_after_capture):
    // 0 leaves it unsearched (never mated).
    int mate_after_capture_depth = 0;
    // Moves of the mover in a check-then-capture line, the capture included: 2 finds one
    // check and a capture; 0 or 1 turns the search off.
    int check_capture_depth = 3;
    // A check of a check-then-capture line takes nothing for nothing: a check whose capture
    // wins or trades even by itself is a capture to be weighed as one, not a way to win
    // material through checks; one whose capture loses by itself is a sacrifice that checks.
    bool check_capture_quiet_checks = false;
    // Under check_capture_quiet_checks, a check that takes a piece the mover could win at once
    // anyway (before the line) is a check of the line all the same, its capture worth nothing
    // to the line: taking what stood to be taken wins nothing new, and the check it gives may
    // still win other material.
    bool check_capture_through_standing_capture = false;
    // What a pawn across the river that the other side takes from the mover along a
    // check-then-capture line costs the line, when not its piece_worth: a book may let a crossed
    // pawn's worth float, so that giving one up for a piece wins nothing.
    std::optional<int> check_capture_crossed_soldier_given_worth;
    // A piece the mover could win at once before its move is not what the checks of its
    // check-then-capture threat win: taking it is no new chase.
    bool check_capture_not_won_anyway = false;
    // Under capture_opens_lines, a pawn on its own side of the river that the capture ending a
    // check-then-capture line lays open to the other side is no loss (a book may give it no
    // material value; the line's own capture still counts it at its worth).
    bool check_capture_ignores_uncrossed_soldiers = false;
    // A check-then-capture threat is new when it wins a piece that no line through checks won
    // before the move (on the point where the line takes it), instead of only when the mover had
    // no such threat at all: a capture that stood before is no new chase, another one is.
    bool check_capture_new_by_target = false;
    // A check-then-capture threat is a threat of the move like any capture threat, to be
    // judged by the chase rows: the capture that ends its line, of origin ThroughChecks, what
    // the line wins its gain, joint when no line that wins needs one of the mover's pieces only.
    bool check_capture_is_chase = false;
    // The kinds of piece whose capture can end a check-then-capture line, by PieceType: a book
    // may hold that some pieces (the king, the pawns) win material by themselves, so that
    // checks making way for their capture threaten nothing.
    std::array<bool, piece_type_count> check_capture_takers = { true, true, true, true, true, true, true };
    PieceWorth piece_worth = default_piece_worth;
    // An attack that stood before the move, with a capture that was illegal then and legal
    // after it, is the move's new threat (origin CaptureMadeLegal); off, it is not the move's.
    bool capture_made_legal = false;
    // An attack that stood before the move, whose capture would have been mated then (within
    // mate_after_capture_depth) or lost as much elsewhere, and is not after it, is the move's new
    // threat (origin CaptureMadeSafe): the move is what lets the attacker take. Not after a
    // checking move, nor when the mover was in check or to be mated or to lose material anyway:
    // the move then parried a threat.
    bool capture_made_safe = false;
    // Under capture_made_safe, a move that saves the piece it moves, which the other side could
    // win at once, makes a standing capture safe all the same when that piece takes part in the
    // capture (it captures, or without it on the board the capture is illegal or its exchange
    // wins less): the capture could not be made before without losing a piece that it needs
    // (origin ParticipantSaved).
    bool capture_made_safe_by_saved_participant = false;
    // Under capture_made_safe_by_saved_participant, the saved piece takes part in the capture
    // also when it holds the target on its point: after the move the target cannot take the
    // attacker back (the capture is illegal, or mated within mate_after_capture_depth), and
    // without the saved piece on the board it could. The attack is no longer a mutual one.
    bool saved_participant_holds_target = false;
    // Under capture_made_safe_by_saved_participant, the other side "could win" the moved piece
    // when a capture of it wins by its complete exchange, not only by itself.
    bool saved_participant_won_by_exchange = false;
    // Under capture_made_safe, a capture also costs (and was not safe) when the other side then
    // has a kill: it forces mate by a check or a series of checks within kill_depth (as the
    // class Kill is found, with kill_mates_by_check), not only within mate_after_capture_depth.
    bool capture_cost_counts_kills = false;
    // Under capture_made_safe, a move that parries the other side's mate makes a standing capture
    // safe all the same when that capture is new since the mate threat: before the other side's
    // last move (the one that made the threat) it could not be made without being mated (or
    // was illegal, or the target not there). A parry that restores a capture the threat had stopped
    // makes nothing new; one that makes safe a capture which came with the threat does. Only
    // where that earlier position is known (classify_move's `before_last`).
    bool capture_made_safe_by_parry_of_new_capture = false;
    // Under capture_made_safe, a capture also costs when it lays a piece of the mover's open to
    // the other side's checks: a line of checks (within check_capture_depth, as a
    // check-then-capture threat is found) then wins at least what the capture won, ending in a
    // piece that the other side could not win before the capture, at once or by such a line. A
    // loss that stands whether or not the capture is made is no cost of it.
    bool capture_cost_counts_check_captures = false;
    // Under capture_made_safe, with capture_sequence_depth, what a standing capture costs after
    // the move leaves out the pieces the other side could win at once both before the move and
    // after it: the capture neither causes that loss nor saves what it would take, so the loss
    // is no cost of the capture (before the move it still counts: a move that ends it parries).
    bool capture_cost_leaves_standing_losses = false;
    // Under capture_made_safe, with capture_sequence_depth, a mover that was to lose material
    // anyway still makes a standing capture safe when the moved piece newly protects another
    // piece of its side that takes part in the capture (without it the capture would be illegal
    // or win less, as without a cannon's screen; the attacker, which leaves its point, and a
    // piece that shields the king aside), and the capture lost material before the move even
    // with the pieces the other side could win at once then left out: the move protects what
    // the capture itself laid open, whatever else it parries.
    bool capture_made_safe_by_protected_participant = false;
    // Under capture_made_safe, a pawn on its own side of the river that the other side could take
    // at once is no material the mover was losing anyway: a move that makes a standing capture
    // safe while only such pawns hang does not merely parry a threat.
    bool capture_made_safe_ignores_uncrossed_soldiers = false;
    // Threat::target_can_capture_back only when the target's side is not mated for taking back
    // (within mate_after_capture_depth): a piece that would be mated for leaving its point
    // attacks nothing back, and offers no exchange.
    bool capture_back_unless_mated = false;
    // Threat::target_can_capture_back only when the target's side, taking back, loses no
    // material by it: the attacker's side cannot retake on the point with a check after which
    // every answer loses material. A piece that takes back at such a cost offers no exchange.
    bool capture_back_unless_losing = false;
    // A protector whose recapture would let the attacker's side force mate (within
    // mate_after_capture_depth) protects nothing: it is a fake protector
    // (Threat::fake_protectors), as one that cannot legally take back. Taking back would cost
    // the game, so the attacker's capture wins the piece.
    bool protection_unless_mated = false;
    // Moves of the target's side in a line of checks that takes back on the point what a
    // capture took (Threat::hidden_protection), the capture ending it included: 2 finds one check and a
    // capture; 0 or 1 turns the search off. An attack that stood before the move on a piece
    // protected so then, and not now (nor really), is the move's new threat (origin
    // HiddenProtectionRemoved).
    int hidden_protection_depth = 0;
    // Look for the mover's pieces that a capture lays open to a more costly capture
    // (Threat::lost_elsewhere), and let no check-then-capture line end in a capture that lays
    // a piece open to as costly a one.
    bool capture_opens_lines = false;
    // Weigh the complete exchange on a threat's point led by each of the mover's pieces there
    // (Threat::best_exchange_gain).
    bool best_exchange = false;
    // Look for a fellow attacker of each threat's target that is of the target's kind, that the
    // target could take, and without which the exchange on the point wins nothing
    // (Threat::trading_fellow), and for the trades of like pieces that the move makes even
    // (MoveFacts::even_trades); a move making such a new threat, or such a trade, offers an
    // exchange (MoveClass::Exchange).
    bool like_piece_trades = false;
    // Plies, the first capture included, of the sequences of captures anywhere on the board that
    // weigh a threat's capture (Threat::capture_sequence_gain) and what a capture costs under
    // capture_made_safe; 0 weighs neither.
    int capture_sequence_depth = 0;
    // The kinds of piece, by PieceType, with which the capturing side takes again in such a
    // sequence off the first capture's point (any piece takes back on it, as in an exchange): a
    // book may hold that some pieces (the king, the pawns) win material by themselves, so that an
    // exchange that only lets them take elsewhere wins nothing.
    std::array<bool, piece_type_count> capture_sequence_takers = { true, true, true, true, true, true, true };
    // In such a sequence the capturing side takes back with any piece on the point where the
    // other side has just taken, not only with capture_sequence_takers: a take-back protects the
    // piece just taken, as any piece takes back in an exchange. Whom the takers leave out may
    // not win material by their own attacks, yet they protect.
    bool capture_sequence_any_piece_takes_back = false;
    // A pawn on its own side of the river counts at its piece worth when taken in such a
    // sequence; off, for nothing (a book may give it no material value).
    bool capture_sequence_counts_uncrossed_soldiers = true;
    // The capture that ends a check-then-capture line wins only what it still wins once the
    // captures that follow it anywhere on the board are made (within capture_sequence_depth):
    // a check answered by a move that lays the checker open wins nothing by a capture that
    // leaves the checker to be taken.
    bool check_capture_weighs_following_captures = false;
    // List each threat's prior attacks (Threat::prior_attacks).
    bool prior_attacks = false;
    // A move blocks only where it shields (BlockFacts::shielded): it stops a winning capture of
    // a piece of the mover's, or a mate by checks. A piece that merely stands in a line's way
    // stops nothing.
    bool blocks_shield = false;
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
