// JSON forms of the arbiter's facts, shared by the report writers.
// Field names are part of the tool's interface: keep them stable.
#pragma once

#include "json.hpp"
#include "xq/arbiter/move_facts.hpp"

namespace xq::json_form {

class JsonWriter;

Json piece_at(const PieceAt& p);
void write_piece_at(JsonWriter& out, const PieceAt& p);
// The facts of a move with the reasons they give in words.
Json move_facts(const MoveFacts& facts, const std::vector<std::string>& reasons);
Json side_summary(const SideSummary& summary);
Json cycle(const RepetitionEpisode& episode);
void write_cycle(JsonWriter& out, const RepetitionEpisode& episode);

} // namespace xq::json_form
