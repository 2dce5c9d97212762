// The options of the move classifier, one struct per topic, as a ruleset's `classification`
// has one sub-object per topic (rulesets/README.md). Types only.
#pragma once

#include <array>
#include <optional>

#include "xq/board/types.hpp"

namespace xq {

// What each kind of piece is worth, indexed by PieceType (the king's entry is unused), for
// telling a capture that wins material from an even trade.
using PieceWorth = std::array<int, piece_type_count>;
constexpr PieceWorth default_piece_worth = { 0, 2, 2, 4, 9, 4, 1 };

// Which kinds of piece, indexed by PieceType, do something; all of them by default.
using PieceKinds = std::array<bool, piece_type_count>;
constexpr PieceKinds every_piece_kind = { true, true, true, true, true, true, true };

// Material and exchanges: how captures, exchanges and sequences of captures are weighed.
struct MaterialOptions {
    // Plies, the first capture included, of the sequences of captures anywhere on the board that
    // weigh a threat's capture (Threat::capture_sequence_gain) and what a capture costs under
    // new_threats.capture_made_safe; 0 weighs neither.
    int sequence_depth = 0;
    // The kinds of piece with which the capturing side takes again in such a sequence off the
    // first capture's point (any piece takes back on it, as in an exchange): a book may hold that
    // some pieces (the king, the pawns) win material by themselves, so that an exchange that only
    // lets them take elsewhere wins nothing.
    PieceKinds sequence_takers = every_piece_kind;
    // In such a sequence the capturing side takes back with any piece on the point where the
    // other side has just taken, not only with sequence_takers: a take-back protects the piece
    // just taken, as any piece takes back in an exchange. Whom the takers leave out may not win
    // material by their own attacks, yet they protect.
    bool sequence_any_piece_takes_back = false;
    // A pawn on its own side of the river counts at its piece worth when taken in such a
    // sequence; off, for nothing (a book may give it no material value).
    bool sequence_counts_uncrossed_soldiers = true;
    // Threat::target_can_capture_back only when the target's side is not mated for taking back
    // (within protection.mate_after_capture_depth): a piece that would be mated for leaving its
    // point attacks nothing back, and offers no exchange.
    bool capture_back_unless_mated = false;
    // Threat::target_can_capture_back only when the target's side, taking back, loses no
    // material by it: the attacker's side cannot retake on the point with a check after which
    // every answer loses material. A piece that takes back at such a cost offers no exchange.
    bool capture_back_unless_losing = false;
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
};

// Protection: when a recapture protects, and protections that show only after a capture.
struct ProtectionOptions {
    // Moves of the target's side in a mate found after a capture (Threat::mated_after_capture):
    // 0 leaves it unsearched (never mated).
    int mate_after_capture_depth = 0;
    // A protector whose recapture would let the attacker's side force mate (within
    // mate_after_capture_depth) protects nothing: it is a fake protector
    // (Threat::fake_protectors), as one that cannot legally take back. Taking back would cost
    // the game, so the attacker's capture wins the piece.
    bool unless_mated = false;
    // Moves of the target's side in a line of checks that takes back on the point what a
    // capture took (Threat::hidden_protection), the capture ending it included: 2 finds one check
    // and a capture; 0 or 1 turns the search off. An attack that stood before the move on a piece
    // protected so then, and not now (nor really), is the move's new threat (origin
    // HiddenProtectionRemoved).
    int hidden_depth = 0;
};

// Which threats are the move's: attacks that stood before the move, and that the move makes
// legal or safe to carry out.
struct NewThreatOptions {
    // An attack that stood before the move, with a capture that was illegal then and legal
    // after it, is the move's new threat (origin CaptureMadeLegal); off, it is not the move's.
    bool capture_made_legal = false;
    // An attack that stood before the move, whose capture would have been mated then (within
    // protection.mate_after_capture_depth) or lost as much elsewhere, and is not after it, is the
    // move's new threat (origin CaptureMadeSafe): the move is what lets the attacker take. Not
    // after a checking move, nor when the mover was in check or to be mated or to lose material
    // anyway: the move then parried a threat.
    bool capture_made_safe = false;
    // Under capture_made_safe, a move that saves the piece it moves, which the other side could
    // win at once, makes a standing capture safe all the same when that piece takes part in the
    // capture (it captures, or without it on the board the capture is illegal or its exchange
    // wins less): the capture could not be made before without losing a piece that it needs
    // (origin ParticipantSaved).
    bool capture_made_safe_by_saved_participant = false;
    // Under capture_made_safe_by_saved_participant, the saved piece takes part in the capture
    // also when it holds the target on its point: after the move the target cannot take the
    // attacker back (the capture is illegal, or mated within
    // protection.mate_after_capture_depth), and without the saved piece on the board it could.
    // The attack is no longer a mutual one.
    bool saved_participant_holds_target = false;
    // Under capture_made_safe_by_saved_participant, the other side "could win" the moved piece
    // when a capture of it wins by its complete exchange, not only by itself.
    bool saved_participant_won_by_exchange = false;
    // Under capture_made_safe, a capture also costs (and was not safe) when the other side then
    // has a kill: it forces mate by a check or a series of checks within kill.depth (as the
    // class Kill is found, with kill.mates_by_check), not only within
    // protection.mate_after_capture_depth.
    bool capture_cost_counts_kills = false;
    // Under capture_made_safe, a move that parries the other side's mate makes a standing capture
    // safe all the same when that capture is new since the mate threat: before the other side's
    // last move (the one that made the threat) it could not be made without being mated (or
    // was illegal, or the target not there). A parry that restores a capture the threat had
    // stopped makes nothing new; one that makes safe a capture which came with the threat does.
    // Only where that earlier position is known (classify_move's `before_last`).
    bool capture_made_safe_by_parry_of_new_capture = false;
    // Under capture_made_safe, a capture also costs when it lays a piece of the mover's open to
    // the other side's checks: a line of checks (within check_capture.depth, as a
    // check-then-capture threat is found) then wins at least what the capture won, ending in a
    // piece that the other side could not win before the capture, at once or by such a line. A
    // loss that stands whether or not the capture is made is no cost of it.
    bool capture_cost_counts_check_captures = false;
    // Under capture_made_safe, with material.sequence_depth, what a standing capture costs after
    // the move leaves out the pieces the other side could win at once both before the move and
    // after it: the capture neither causes that loss nor saves what it would take, so the loss
    // is no cost of the capture (before the move it still counts: a move that ends it parries).
    bool capture_cost_leaves_standing_losses = false;
    // Under capture_made_safe, with material.sequence_depth, a mover that was to lose material
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
    // List each threat's prior attacks (Threat::prior_attacks).
    bool prior_attacks = false;
};

// Kills: mate threats.
struct KillOptions {
    // Moves of the mover in a kill's mating line: 1 finds mates in one; each further move
    // must be a check (a kill "at once or through a series of checks").
    int depth = 3;
    // The last move of a kill's mating line must check too (a checkmate), instead of leaving
    // the opponent without a legal move whether in check or not.
    bool mates_by_check = false;
    // A kill that takes, on every mating line, a piece of the other side's which the move leaves
    // attacked by a piece of the mover's of the same kind (an attack that did not stand before
    // the move), and which can take that piece back at once without losing by it, is no kill:
    // the move offers that trade of like pieces, and the mate is what the capture the trade
    // forestalls would bring. Losing by the take-back: the mover then forces mate (within
    // protection.mate_after_capture_depth, or by checks within depth), or retakes on the point
    // with a check after which every answer loses material.
    bool through_offered_exchange = false;
    // Look at what a kill's mating lines begin with: MoveFacts::kill_capture_first.
    bool capture_first = false;
};

// Check then capture: material won through checks.
struct CheckCaptureOptions {
    // Moves of the mover in a check-then-capture line, the capture included: 2 finds one
    // check and a capture; 0 or 1 turns the search off.
    int depth = 3;
    // The kinds of piece whose capture can end a check-then-capture line: a book may hold that
    // some pieces (the king, the pawns) win material by themselves, so that checks making way for
    // their capture threaten nothing.
    PieceKinds takers = every_piece_kind;
    // A check of a check-then-capture line takes nothing for nothing: a check whose capture
    // wins or trades even by itself is a capture to be weighed as one, not a way to win
    // material through checks; one whose capture loses by itself is a sacrifice that checks.
    bool quiet_checks = false;
    // Under quiet_checks, a check that takes a piece the mover could win at once anyway (before
    // the line) is a check of the line all the same, its capture worth nothing to the line:
    // taking what stood to be taken wins nothing new, and the check it gives may still win
    // other material.
    bool through_standing_capture = false;
    // The capture that ends a check-then-capture line wins only what it still wins once the
    // captures that follow it anywhere on the board are made (within material.sequence_depth):
    // a check answered by a move that lays the checker open wins nothing by a capture that
    // leaves the checker to be taken.
    bool weighs_following_captures = false;
    // What a pawn across the river that the other side takes from the mover along a
    // check-then-capture line costs the line, when not its piece_worth: a book may let a crossed
    // pawn's worth float, so that giving one up for a piece wins nothing.
    std::optional<int> crossed_soldier_given_worth;
    // Under material.capture_opens_lines, a pawn on its own side of the river that the capture
    // ending a check-then-capture line lays open to the other side is no loss (a book may give
    // it no material value; the line's own capture still counts it at its worth).
    bool ignores_uncrossed_soldiers = false;
    // A piece the mover could win at once before its move is not what the checks of its
    // check-then-capture threat win: taking it is no new chase.
    bool not_won_anyway = false;
    // A check-then-capture threat is new when it wins a piece that no line through checks won
    // before the move (on the point where the line takes it), instead of only when the mover had
    // no such threat at all: a capture that stood before is no new chase, another one is.
    bool new_by_target = false;
    // A check-then-capture threat is a threat of the move like any capture threat, to be
    // judged by the chase rows: the capture that ends its line, of origin ThroughChecks, what
    // the line wins its gain, joint when no line that wins needs one of the mover's pieces only.
    bool is_chase = false;
};

// Blocks.
struct BlockOptions {
    // A move blocks only where it shields (BlockFacts::shielded): it stops a winning capture of
    // a piece of the mover's, or a mate by checks. A piece that merely stands in a line's way
    // stops nothing.
    bool shield = false;
};

// The switches of the searches, by topic. Several are parts of one concept of a rule book, which
// one key of a ruleset's `classification` sets together (classification_keys() names them: a
// standing capture made safe, uncrossed pawns without worth, material won through checks weighed
// by the complete exchange, ...); the tests turn them one at a time.
struct ClassifierOptions {
    PieceWorth piece_worth = default_piece_worth;
    MaterialOptions material;
    ProtectionOptions protection;
    NewThreatOptions new_threats;
    KillOptions kill;
    CheckCaptureOptions check_capture;
    BlockOptions blocks;
};

} // namespace xq
