// Who could recapture a piece, and what stops it moving: the protection the move facts weigh.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "xq/arbiter/facts.hpp"
#include "xq/arbiter/restriction.hpp"

// Protection and restriction: who could recapture a piece, and how the enemy cuts a piece's
// moves down. Private to the arbiter's move facts.
namespace xq::detail {

// Whether `s` lies strictly between `a` and `b` on one file or rank.
bool between(Square a, Square b, Square s);

// Protection of `target` against a capture by `attacker`, the attacker's side to move.
// `checkers` are the pieces that check the defender after the attacker's move: the
// defender answers that check before any capture, so a recapture that is illegal only
// because they still check is a real protection, not one the check took away. With
// `mated_within` above 0, a legal recapture after which the attacker's side forces mate within
// that many of its moves is a fake protection too: the protector cannot take back for it. Not
// after a check (`checkers`): the defender answers it first.
struct Cover {
    bool capture_legal = false;
    std::vector<PieceAt> protectors, real, fake;
    bool fake_by_flying_general = false;
};
Cover protection_of(const Position& attacker_to_move, Square attacker, Square target,
    const std::vector<PieceAt>& checkers = {}, int mated_within = 0);

// Own non-king pieces the enemy could legally capture, the enemy to move.
std::vector<Square> attacked_pieces(const Position& enemy_to_move);

// How the enemy restricts each of `side`'s pieces but the king, worked out on first use.
using Restrictions = std::vector<std::pair<PieceAt, RestrictionFacts>>;
const Restrictions& restrictions_of(const Position& pos, Color side, std::optional<Restrictions>& cache);

} // namespace xq::detail
