// The facts of a move in the catalogue's words, shared by the written ruling and by replay.
// Both then say the same thing the same way. Facts only: whether a threat is a chase, and
// whether a move is idle, is the interpreter's judgement, which the written ruling adds.
#pragma once

#include <string>
#include <vector>

#include "xq/arbiter/move_facts.hpp"
#include "xq/report/document_notation.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq {

enum class MaterialFacts { Omitted, InWords, InFigures };

class FactPhrases {
public:
    FactPhrases(const MessageCatalogue& messages, DocumentNotation notation)
        : m_(messages)
        , notation_(notation)
    {
    }

    std::string notate(const Position& pos, Move move) const;
    std::string side(Color c) const;
    // A recorded result in the catalogue's words (result.*): "1-0 (Red wins)", 红胜（1-0）.
    std::string result(RecordedResult result) const;
    // "black horse on d7"
    std::string piece(PieceAt p) const;
    // "the red rook on h9 and the red pawn on h7", joined as the catalogue joins lists
    std::string pieces(const std::vector<PieceAt>& list) const;
    // How a threat arose and what the rules look at in it, as one list. With material facts,
    // also whether taking wins material, whether that needs other pieces, how many protect the
    // target against how many attackers, and a mate after the capture: in figures (what the
    // capture and the exchange win, by piece worth) for replay, in words for a signed document,
    // whose appendix gives the figures (material_arithmetic).
    std::string threat_facts(const Threat& t, MaterialFacts material = MaterialFacts::InFigures) const;
    // What taking wins, in piece worth: the capture, the complete exchange, and the better
    // exchange or capture sequence where they differ. Empty when the capture is not legal.
    std::string material_arithmetic(const Threat& t) const;

    // What the move does to the enemy king: its check, mate threat and check-then-capture
    // threat, each with its line in the notation. `before` is the position the move is made in.
    std::vector<std::string> king_reasons(const Position& before, const MoveFacts& f) const;
    // The exchange or offer the move makes, and the lines it blocks.
    std::vector<std::string> offer_and_block_reasons(const MoveFacts& f) const;
    // What the move answers: a check, threats to its own pieces.
    std::vector<std::string> evasion_reasons(const MoveFacts& f) const;

private:
    const MessageCatalogue& m_;
    DocumentNotation notation_;

    std::string restriction(const RestrictionFacts& r, std::string_view plain_key, std::string_view by_key) const;
    // A threatened line (a kill's mate, a check-then-capture) in the notation, from the position
    // after the move with `first_to_move` to move: the mover again for a threat, the other
    // side for the answer to a check.
    std::string line_after(const Position& after, Color first_to_move, const std::vector<Move>& moves) const;
};

} // namespace xq
