// The JSON object adjudicate writes for a game, shared by every writer that extends it.
#include "ruling_json.hpp"

#include "facts_json.hpp"
#include "xq/board/fen.hpp"
#include "xq/report/diagnostic_text.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    using json_form::Json;

    void write_side(json_form::JsonWriter& out, const SideRuling& s)
    {
        out.begin_object();
        out.member("conduct", s.conduct);
        out.member("forbidden", s.forbidden);
        out.member("rules", s.rules);
        out.key("chased_on_every_move");
        out.begin_array();
        for (const PieceAt& p : s.chased_on_every_move)
            json_form::write_piece_at(out, p);
        out.end_array();
        out.key("chases");
        out.begin_array();
        for (const CountedChase& c : s.chases) {
            out.begin_object();
            out.member("ply", c.ply);
            out.key("attacker");
            json_form::write_piece_at(out, c.attacker);
            out.key("target");
            json_form::write_piece_at(out, c.target);
            out.member("rule", c.rule);
            out.end_object();
        }
        out.end_array();
        out.end_object();
    }

    void write_occurrences(
        json_form::JsonWriter& out, const OccurrenceAccount& o, const std::optional<ChangeBeforeRuling>& change)
    {
        out.begin_object();
        out.member("counted", o.count());
        out.member("ruling_at", o.ruling_at);
        out.key("ruling_ply");
        out.ply_or_null(o.ruling_ply);
        out.member("loses_at", o.loses_at);
        out.key("loss_ply");
        out.ply_or_null(o.loss_ply);
        out.key("changed_at_ply");
        out.ply_or_null(o.changed_at_ply);
        out.key("instructed_ply");
        out.ply_or_null(o.instructed_ply);
        out.key("loss_counted_from_ply");
        out.ply_or_null(o.counted_from_ply);
        out.key("changed_before_due");
        if (change) {
            out.begin_object();
            out.member("side", to_string(change->side));
            out.member("first_ply", change->first_cycle.first_ply);
            out.member("last_ply", change->first_cycle.last_ply);
            out.member("changed_at_ply", change->changed_at_ply);
            out.end_object();
        } else {
            out.null();
        }
        out.end_object();
    }

} // namespace

void json_form::write_ruling(
    JsonWriter& out, const Ruling& r, const RuleSet& rules, const std::vector<std::string>& explanation)
{
    out.begin_object();
    out.member("outcome", to_string(r.outcome));
    out.member("violator", r.violator ? to_string(*r.violator) : "none");
    out.member("rules", r.rules);
    out.key("citations");
    out.begin_array();
    for (const RuleCitation& c : r.citations) {
        out.begin_object();
        out.member("rule", c.rule);
        out.member("decides", c.decides);
        out.member("without", to_string(c.without));
        out.end_object();
    }
    out.end_array();
    out.key("verdict_row");
    if (r.verdict_row)
        out.value(rules.verdicts[*r.verdict_row].id);
    else
        out.null();
    out.member("precedence", r.precedence());
    out.key("cycle");
    write_cycle(out, r.episode);
    out.member("last_repeating_ply", r.episode.last_repeating_ply);
    out.key("occurrences");
    write_occurrences(out, r.occurrences, r.changed_before_due);
    out.key("sides");
    out.begin_object();
    out.key("red");
    write_side(out, r.red);
    out.key("black");
    write_side(out, r.black);
    out.end_object();
    out.member("explanation", explanation);
    out.end_object();
}

namespace {

    Json board_json(const GameRuling& game, const MessageCatalogue& messages)
    {
        if (!game.board || (!game.board->loser && game.board->notes.empty()))
            return nullptr;
        const BoardJudgement& b = *game.board;
        Json notes = Json::array();
        for (const BoardNote& note : b.notes)
            notes.push_back(board_note(note, messages));
        return Json { { "loser", b.loser ? Json(to_string(*b.loser)) : Json(nullptr) },
            { "rule", b.rule.empty() ? Json(nullptr) : Json(b.rule) }, { "notes", notes } };
    }

} // namespace

std::string json_form::game_source(const GameRuling& game)
{
    // A binary record file has no lines.
    return game.source.line > 0 ? game.source.source + ":" + std::to_string(game.source.line) : game.source.source;
}

void json_form::write_game_ruling_members(JsonWriter& out, const GameRuling& game, const RuleSet& rules,
    const MessageCatalogue& messages, std::string_view status, std::string_view source,
    std::span<const std::vector<std::string>> explanations)
{
    // Written once each, for "ruling" and "rulings" both.
    std::vector<std::string> rulings;
    rulings.reserve(game.rulings.size());
    for (std::size_t i = 0; i < game.rulings.size(); ++i) {
        JsonWriter ruling(rulings.emplace_back());
        if (i < explanations.size())
            write_ruling(ruling, game.rulings[i], rules, explanations[i]);
        else
            write_ruling(ruling, game.rulings[i], rules, ruling_explanation(game.rulings[i], rules, messages));
    }
    out.member("game", game.game);
    out.member("source", source);
    out.member("status", status);
    out.key("diagnostics");
    out.begin_array();
    for (const Diagnostic& d : game.diagnostics)
        out.value(format_diagnostic(d, messages));
    out.end_array();
    out.member("ruleset", rules.id);
    out.member("plies", game.replay ? game.replay->ply_count() : 0);
    out.key("final_fen");
    if (game.replay)
        out.value(to_fen(game.replay->current()));
    else
        out.null();
    out.member("board_end", game.replay ? to_string(game.replay->end()) : "none");
    out.member("recorded_result", to_string(game.recorded_result));
    out.key("board_ruling");
    out.value(board_json(game, messages));
    out.key("natural_limit");
    if (const auto& limit = game.natural_limit) {
        out.begin_object();
        out.member("ply", limit->ply);
        out.member("first_ply", limit->first_ply);
        out.member("limit_plies", limit->limit_plies);
        out.member("plies_not_counted", limit->plies_not_counted);
        out.member("rule", limit->rule);
        out.end_object();
    } else {
        out.null();
    }
    out.key("ruling");
    if (game.deciding)
        out.raw(rulings[*game.deciding]);
    else
        out.null();
    out.key("rulings");
    out.begin_array();
    for (const std::string& r : rulings)
        out.raw(r);
    out.end_array();
    out.key("not_ruled");
    out.begin_array();
    for (const NotRuled& n : game.not_ruled) {
        out.begin_object();
        out.key("cycle");
        write_cycle(out, n.episode);
        out.member("last_repeating_ply", n.episode.last_repeating_ply);
        out.end_object();
    }
    out.end_array();
}

} // namespace xq
