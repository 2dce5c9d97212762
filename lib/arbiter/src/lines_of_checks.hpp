// Lines of checks that win material: check-then-capture threats, the ways of counting what they
// won, and hidden protection (a take-back after checks). Private to the arbiter's move facts.
#pragma once

#include <vector>

#include "xq/arbiter/classifier_options.hpp"
#include "xq/arbiter/facts.hpp"
#include "xq/board/position.hpp"

namespace xq::detail {

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
