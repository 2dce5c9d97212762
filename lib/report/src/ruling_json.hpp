// The JSON object adjudicate writes for a game, for the writers that extend it (validate's rows).
// The same things go by the same field names in each.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "facts_json.hpp"
#include "json_writer.hpp"
#include "xq/arbiter/game_ruling.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq::json_form {

// A ruling's object, as "ruling" and "rulings" hold it, with its explanation (ruling_explanation).
void write_ruling(
    JsonWriter& out, const Ruling& ruling, const RuleSet& rules, const std::vector<std::string>& explanation);

// Where the game starts: its file and line.
std::string game_source(const GameRuling& game);

// The members of adjudicate's object for a game, into an object the caller has begun and
// goes on with. `status` and `source` are the game's (to_string(game.status) and
// game_source(game)), or what a writer that extends the object puts in their place.
// `explanations`, one per ruling, are those the caller has already (a document's); without
// them the rulings are explained here.
void write_game_ruling_members(JsonWriter& out, const GameRuling& game, const RuleSet& rules,
    const MessageCatalogue& messages, std::string_view status, std::string_view source,
    std::span<const std::vector<std::string>> explanations = {});

} // namespace xq::json_form
