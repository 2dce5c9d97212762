// What `xqarb replay` shows of a game: moves, positions and facts, as text or JSON.
#pragma once

#include <optional>
#include <ostream>
#include <vector>

#include "xq/arbiter/move_facts.hpp"
#include "xq/arbiter/replay.hpp"
#include "xq/report/board_diagram.hpp"
#include "xq/report/message_catalogue.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

// Everything `xqarb replay` shows of one game.
struct ReplayReport {
    const ReplayedGame* game = nullptr;
    RecordedResult recorded_result = RecordedResult::Unknown;
    std::vector<RepetitionEpisode> episodes;
    // One per episode when the moves were classified, else empty.
    std::vector<CycleFacts> cycle_facts;
    // Show the board after this many plies (0 = the start).
    std::optional<int> board_at_ply;
    PieceLetters letters = PieceLetters::Latin;
    DocumentNotation notation = DocumentNotation::Iccs; // of the moves and the lines in reasons
    bool show_cycles = false;
};

// The reasons given for the facts of classified moves are in the catalogue's language; the
// facts are the moves' own, with no ruleset's judgement (a threat is not called a chase).
void write_replay_text(std::ostream& out, const ReplayReport& report, const MessageCatalogue& messages);
// One JSON object on one line.
void write_replay_json(std::ostream& out, const ReplayReport& report, const MessageCatalogue& messages);

} // namespace xq
