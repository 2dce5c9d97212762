// The vocabulary of move notation, under the readers and writers of each.
#pragma once

namespace xq {

// The three notations a move text is written in.
enum class Notation { Iccs, Wxf, Chinese };

// How a coordinate text numbers the ranks. ICCS, UCCI, Pikafish and most data sets count
// 0-9 from Red's back rank (h2e2); Fairy-Stockfish's UCI, cutechess and the SAN of some sites
// count 1-10 (h3e3, h3h10). Nothing in a single move tells them apart reliably, so the caller
// decides per game (a record that never uses rank 0 but uses 10 counts 1-10).
enum class IccsRanks { ZeroToNine, OneToTen };

} // namespace xq
