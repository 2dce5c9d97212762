// Forced mates, exchanges and capture sequences: the searches the move classifier runs.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "xq/arbiter/classifier_options.hpp"
#include "xq/arbiter/facts.hpp"

// The tactical searches behind kills and check-then-capture threats. Private to the arbiter's
// move facts.
namespace xq::detail {

// A mate the side to move can force within `depth` of its own moves, every move before
// the last a check. Leaving the opponent no legal move is a win whether or not it is check,
// unless `by_check`: then the last move must check too. The enemy piece on `spared`, if any, is
// never taken along the line (it is followed as it moves).
bool forces_mate(Position& pos, int depth, std::vector<Move>& line, bool by_check = false,
    std::optional<Square> spared = std::nullopt);

// While one lives, forces_mate remembers across its calls on this thread the positions it found
// no mate from: the searches for one cycle's moves (kills, what captures cost) meet the same
// positions again and again. A search only skips what would fail, so the answers and lines are
// the same without it. Memories nest; the innermost serves.
class MateSearchMemory {
public:
    MateSearchMemory();
    ~MateSearchMemory();
    MateSearchMemory(const MateSearchMemory&) = delete;
    MateSearchMemory& operator=(const MateSearchMemory&) = delete;

    struct Positions;

private:
    std::unique_ptr<Positions> positions_;
    Positions* outer_;
};

// Whether `capture`, legal for the side to move in `pos`, lets the other side force mate
// within `depth` of its moves.
bool mated_after(Position pos, Move capture, int depth);

// What the side to move wins by `capture`, a legal capture, and the exchange on the captured
// point after it: each side takes back with its least valuable piece that can legally do so,
// or stops where going on would lose. In piece worth; a king takes only last. The piece on
// `sitting_out`, if any, stays where it stands and takes no part.
int exchange_gain(
    Position& pos, Move capture, const PieceWorth& worth, std::optional<Square> sitting_out = std::nullopt);

// What the side to move wins by `capture`, a legal capture, and the captures anywhere on the
// board that follow it within options.material.sequence_depth plies, the first included: each
// side in turn takes what wins it most or stops, whatever its captures lay open or let through.
// After its first capture the side to move takes off that capture's point only with
// options.material.sequence_takers (under options.material.sequence_any_piece_takes_back, any
// piece takes back where the other side has just taken), and none of `won_anyway`: what it
// could win at once anyway is not the capture's gain; nor does the other side take any of
// `lost_anyway`, what it could win at once anyway being no cost of the capture. In piece worth
// (a pawn on its own side of the river worth nothing unless
// options.material.sequence_counts_uncrossed_soldiers); checks aside.
int capture_sequence_gain(Position& pos, Move capture, const ClassifierOptions& options,
    const std::vector<PieceAt>& won_anyway, const std::vector<PieceAt>& lost_anyway);

// The pieces the side to move could win by a capture at once, on their points.
std::vector<PieceAt> pieces_won_at_once(const Position& pos, const PieceWorth& worth);

// Whether the side to move can win material by checking first, `line` one way to do it. Taking
// a piece it could win at once, or one of `won_anyway`, ends no line: the checks must be what
// wins the material. With ClassifierOptions::capture_opens_lines, nor does a capture that lays
// a piece open to a capture winning the other side as much, a piece it could not win before.
bool threatens_check_then_capture(
    Position pos, const ClassifierOptions& options, const std::vector<PieceAt>& won_anyway, std::vector<Move>& line);

// Whether the side to move can win material by checking first (threatens_check_then_capture)
// with one piece: it makes every move of the line before the capture and gives every check
// alone (no discovered check); the capture may be another piece's, which its check lets through.
bool wins_through_checks_of_one_piece(
    Position pos, const ClassifierOptions& options, const std::vector<PieceAt>& won_anyway);

// How the other side, once `capture` (legal for the side to move in `pos`) is made, takes back
// on its point within ClassifierOptions::protection.hidden_depth of its moves, every move but
// the last a check, winning back at least as much along the line: a protection that shows
// only once the piece is taken (Threat::hidden_protection). Empty when it cannot, or when the
// depth is below 2.
std::vector<Move> hidden_protection(Position pos, Move capture, const ClassifierOptions& options);

// The ways of counting the pieces the side to move can win by checking first, each where a line
// takes it: the pieces that lines end by taking, one line after another (each counted as won
// once a line takes it), until no other line is left. Where lines of checks fork (one piece
// lost after one answer, another after another), counting one piece ends the fork, and the
// count goes on as many ways as there are pieces to count first. Each way lists its pieces in
// one canonical order; none of it depends on the order in which moves are tried.
std::vector<std::vector<PieceAt>> ways_won_through_checks(const Position& pos, const ClassifierOptions& options);

// Whether `capture`, legal for the side to move in `pos`, lets the other side win through checks
// (threatens_check_then_capture, within ClassifierOptions::check_capture.depth) at least
// `at_least` in piece worth, by a line that ends in a piece it could not win before the
// capture, at once or through checks: the capture lays that piece open, as a capture may lay
// one open to a capture at once.
bool lays_open_to_checks(Position pos, Move capture, int at_least, const ClassifierOptions& options);

// Whether every answer to a check leaves the checking side a capture that wins material it
// could not win before the check (`before`, the checking side to move), and that lays nothing
// open as threatens_check_then_capture says: `checked` is the position after the check. `line`
// gets one answer and the capture after it.
bool every_answer_loses_material(
    const Position& before, Position checked, const ClassifierOptions& options, std::vector<Move>& line);

} // namespace xq::detail
