// Material and exchanges: what a capture wins by the exchange on its point, and by the captures
// that follow it anywhere on the board. Private to the arbiter's move facts.
#pragma once

#include <optional>
#include <vector>

#include "xq/arbiter/classifier_options.hpp"
#include "xq/arbiter/facts.hpp"
#include "xq/board/position.hpp"

namespace xq::detail {

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

// What the side to move in `pos` wins back, in piece worth, by the captures that follow the
// other side's capture on `just_taken` (capture_sequence_gain less what that capture took): the
// other side counts none of `won_anyway`, the side to move takes none of `lost_anyway`.
int captures_won_back(Position& pos, Square just_taken, const ClassifierOptions& options,
    const std::vector<PieceAt>& won_anyway, const std::vector<PieceAt>& lost_anyway);

// The pieces the side to move could win by a capture at once, on their points.
std::vector<PieceAt> pieces_won_at_once(const Position& pos, const PieceWorth& worth);

} // namespace xq::detail
