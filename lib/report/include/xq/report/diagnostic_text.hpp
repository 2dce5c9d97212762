// Diagnostics in the catalogue's language: each code's phrase filled from the fields.
#pragma once

#include <optional>
#include <string>

#include "xq/base/diagnostic.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq {

// A diagnostic's message in the catalogue's language: the phrase `diagnostic.<code>` (or
// `diagnostic.<code>.<form>`) filled from the diagnostic's fields. Some placeholders are the
// fields as they are (`ply`, `move`, `fen`); the others are worded from them:
//   {game}      `diagnostic.game`, `game_players` or `game_titled` from `game_number`,
//               `game_red`, `game_black`, `game_title`;
//   {side}      `diagnostic.side.<side>`;
//   {reason}    `diagnostic.illegal.<reason>`, filled from the same fields;
//   {motion}    `diagnostic.motion.<motion>`, with {argument} and {numeral} (the argument in
//               the mover's Chinese numerals);
//   {piece}, {blocker}  `diagnostic.kind.<side>.<kind>`; {blocker_piece} `piece.<side>.<kind>`;
//   {piece_file}, {blocker_file}, {file_numeral}  a file as the piece's side counts it in
//               Chinese notation (一..九 for Red, １..９ for Black);
//   {blocker_owner}  `diagnostic.owner.own` or `.enemy`;
//   {error}     `diagnostic.io.error.<errno name>`;
//   {expects}   `diagnostic.usage.expects.<option>`, from `option` without its dashes;
//   {rank_ordinal}  the rank's English ordinal ("3rd");
//   {length}    `diagnostic.length.one` or `.several`, from `plies`;
//   {rules}, {allowed}, {arguments}, {conditions}  a list: its items (one a line; a finding's
//               rules separated by ", ") joined with `list.separator`;
//   {english}   the diagnostic's English message, for English phrases whose words still come
//               from the library that found the problem.
// A field named `context` puts `diagnostic.context.<context>` in front ("game 1: FEN: "), unless
// the phrase quotes {english}, which holds it already.
// A diagnostic whose code the catalogue has no phrase for, or that lacks a field its phrase
// needs, keeps its English message.
std::string diagnostic_message(const Diagnostic& diagnostic, const MessageCatalogue& messages);

// The same, or nothing when the catalogue cannot word it (no phrase for the code, or a field
// its phrase needs missing).
[[nodiscard]] std::optional<std::string> catalogued_message(
    const Diagnostic& diagnostic, const MessageCatalogue& messages);

// format_diagnostic's gcc-style line with the message in the catalogue's language.
std::string format_diagnostic(const Diagnostic& diagnostic, const MessageCatalogue& messages);

// Whether the catalogue words the diagnostic (else its English message stands).
[[nodiscard]] bool has_catalogued_message(const Diagnostic& diagnostic);

} // namespace xq
