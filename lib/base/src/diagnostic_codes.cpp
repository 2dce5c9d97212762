// The list of catalogued diagnostic phrases and their placeholders, which the loader checks.
#include "xq/base/diagnostic_codes.hpp"

#include <algorithm>
#include <string>

namespace xq {

namespace {

    // rulesets/messages/README.md describes each; en.json and zh.json hold each (the loader
    // checks both against this list).
    constexpr CataloguedPhrase phrases[] = {
        { "notation.illegal", "game ply side move reason fen" },
        { "notation.ambiguous", "game ply side move candidates fen english" },
        { "notation.syntax", "game ply side move english" },
        { "context.game_fen", "game" },
        { "fen.empty", "" },
        { "fen.rank-count", "ranks" },
        { "fen.bad-char", "character rank iccs_rank rank_ordinal" },
        { "fen.rank-width.wide", "rank iccs_rank rank_ordinal" },
        { "fen.rank-width.narrow", "rank iccs_rank rank_ordinal files" },
        { "fen.no-side", "" },
        { "fen.side", "text" },
        { "fen.bad-field", "text" },
        { "io.open.file", "error english" },
        { "io.open.directory", "" },
        { "adjudicate.nothing-to-rule.none", "game length" },
        { "adjudicate.nothing-to-rule.one", "game length" },
        { "adjudicate.nothing-to-rule.several", "game length count" },
        { "length.one", "" },
        { "length.several", "plies" },
        { "game", "number" },
        { "game_players", "number red black" },
        { "game_titled", "number title" },
        { "side.red", "" },
        { "side.black", "" },
        { "owner.own", "" },
        { "owner.enemy", "" },
        { "kind.red.king", "" },
        { "kind.red.advisor", "" },
        { "kind.red.elephant", "" },
        { "kind.red.horse", "" },
        { "kind.red.chariot", "" },
        { "kind.red.cannon", "" },
        { "kind.red.soldier", "" },
        { "kind.black.king", "" },
        { "kind.black.advisor", "" },
        { "kind.black.elephant", "" },
        { "kind.black.horse", "" },
        { "kind.black.chariot", "" },
        { "kind.black.cannon", "" },
        { "kind.black.soldier", "" },
        { "motion.sideways", "" },
        { "motion.across", "argument numeral" },
        { "motion.advance_steps", "argument numeral" },
        { "motion.advance_to_file", "argument numeral" },
        { "motion.retreat_steps", "argument numeral" },
        { "motion.retreat_to_file", "argument numeral" },
        { "illegal.no_piece_on_file", "piece side file file_numeral" },
        { "illegal.cannot", "piece piece_square piece_file motion" },
        { "illegal.exposes_king", "piece piece_square piece_file motion" },
        { "illegal.king_into_check", "piece piece_square piece_file motion" },
        { "illegal.leg_blocked", "piece piece_square piece_file motion blocker blocker_piece blocker_square blocker_file blocker_owner" },
        { "illegal.eye_blocked", "piece piece_square piece_file motion blocker blocker_piece blocker_square blocker_file blocker_owner" },
        { "illegal.path_blocked", "piece piece_square piece_file motion blocker blocker_piece blocker_square blocker_file blocker_owner" },
        { "illegal.own_piece_on_target", "piece piece_square piece_file motion blocker blocker_piece blocker_square blocker_file blocker_owner" },
        { "illegal.no_screen", "piece piece_square piece_file motion" },
        { "illegal.many_screens", "piece piece_square piece_file motion screens" },
        { "illegal.other", "detail" },
        { "io.error.ENOENT", "" },
        { "io.error.EACCES", "" },
        { "io.error.other", "" },
        { "validate.result-contradicts-board.checkmate", "recorded_text recorded_words loser loser_words on_board_text on_board_words" },
        { "validate.result-contradicts-board.stalemate", "recorded_text recorded_words loser loser_words on_board_text on_board_words" },
        { "validate.repetition-ruling.ends_without_result", "first last outcome outcome_words rules" },
        { "validate.repetition-ruling.ends_otherwise", "first last outcome outcome_words rules result_text result_words" },
        { "validate.repetition-ruling.goes_on", "first last outcome outcome_words rules result_text result_words" },
        { "validate.natural-limit.goes_on", "limit rule ply first plies" },
        { "validate.natural-limit.goes_on_not_counted", "limit rule ply first not_counted plies" },
        { "validate.natural-limit.without_result", "limit rule ply first" },
        { "validate.natural-limit.without_result_not_counted", "limit rule ply first not_counted" },
        { "validate.natural-limit.otherwise", "limit rule ply first result_text result_words" },
        { "validate.natural-limit.otherwise_not_counted", "limit rule ply first not_counted result_text result_words" },
    };

} // namespace

std::span<const CataloguedPhrase> catalogued_diagnostic_phrases() { return phrases; }

const CataloguedPhrase* catalogued_phrase(std::string_view code, std::string_view form)
{
    const std::string key = form.empty() ? std::string(code) : std::string(code) + "." + std::string(form);
    const auto found = std::find_if(std::begin(phrases), std::end(phrases),
        [&](const CataloguedPhrase& p) { return p.key == key; });
    return found == std::end(phrases) ? nullptr : found;
}

} // namespace xq
