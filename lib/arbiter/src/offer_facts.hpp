// Offers: the pieces a move offers, and the trades of like pieces it makes even.
// Private to the move classifier.
#pragma once

#include "move_at_hand.hpp"

namespace xq::detail {

// Can the moved piece be taken, and would it be avenged? And exchanges offered through a
// screen: the moved piece now stands between an enemy cannon and a cannon of its own side
// that the enemy cannon can legally take, and could not before. Other pieces a new screen
// lays open are no offer the rules weigh: the screen usually answers a check or chases,
// and the taker would often lose more than it took.
void offer_facts(MoveAtHand& m);

// Trades of like pieces the move makes even: the other side's captures of the mover's
// pieces, other than the moved one, by pieces of their kind, whose complete exchange wins
// nothing and loses nothing now and did not before (or that it could not make then). A
// trade the move offers through a screen is that offer already.
void even_trade_facts(MoveAtHand& m);

} // namespace xq::detail
