#include "xq/report/ruling_report.hpp"

#include "facts_json.hpp"
#include "ruling_json.hpp"
#include "xq/board/fen.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    using json_form::Json;

    Json ply_or_null(int ply) { return ply >= 0 ? Json(ply) : Json(nullptr); }

    Json side_json(const SideRuling& s)
    {
        Json chased = Json::array();
        for (const PieceAt& p : s.chased_on_every_move)
            chased.push_back(json_form::piece_at(p));
        Json chases = Json::array();
        for (const CountedChase& c : s.chases)
            chases.push_back(Json { { "ply", c.ply }, { "attacker", json_form::piece_at(c.attacker) },
                { "target", json_form::piece_at(c.target) }, { "rule", c.rule } });
        return Json {
            { "conduct", s.conduct },
            { "forbidden", s.forbidden },
            { "rules", s.rules },
            { "exemptions_decide", s.exemptions_decide },
            { "chased_on_every_move", chased },
            { "chases", chases },
        };
    }

    Json occurrences_json(const OccurrenceAccount& o)
    {
        return Json {
            { "counted", o.count() },
            { "ruling_at", o.ruling_at },
            { "ruling_ply", ply_or_null(o.ruling_ply) },
            { "loses_at", o.loses_at },
            { "loss_ply", ply_or_null(o.loss_ply) },
            { "changed_at_ply", ply_or_null(o.changed_at_ply) },
        };
    }

} // namespace

Json json_form::ruling(const Ruling& r, const RuleSet& rules, const MessageCatalogue& messages)
{
    return Json {
        { "outcome", to_string(r.outcome) },
        { "violator", r.violator ? Json(to_string(*r.violator)) : Json("none") },
        { "rules", r.rules },
        { "verdict_row",
            r.verdict_row >= 0 ? Json(rules.verdicts[static_cast<std::size_t>(r.verdict_row)].id) : Json(nullptr) },
        { "precedence", r.precedence() },
        { "cycle", json_form::cycle(r.episode) },
        { "last_repeating_ply", r.episode.last_repeating_ply },
        { "occurrences", occurrences_json(r.occurrences) },
        { "sides", Json { { "red", side_json(r.red) }, { "black", side_json(r.black) } } },
        { "explanation", ruling_explanation(r, rules, messages) },
    };
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
    const MessageCatalogue& messages, std::string_view status, std::string_view source)
{
    std::vector<Json> rulings;
    rulings.reserve(game.rulings.size());
    for (const Ruling& r : game.rulings)
        rulings.push_back(json_form::ruling(r, rules, messages));
    out.member("game", game.game);
    out.member("source", source);
    out.member("status", status);
    out.key("diagnostics");
    out.begin_array();
    for (const Diagnostic& d : game.diagnostics)
        out.value(format_diagnostic(d));
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
    if (const Json board = board_json(game, messages); board.is_null())
        out.null();
    else
        out.value(board);
    out.key("ruling");
    if (game.deciding)
        out.value(rulings[*game.deciding]);
    else
        out.null();
    out.key("rulings");
    out.begin_array();
    for (const Json& r : rulings)
        out.value(r);
    out.end_array();
}

void write_ruling_json(
    std::ostream& out, const GameRuling& game, const RuleSet& rules, const MessageCatalogue& messages)
{
    std::string text;
    json_form::JsonWriter writer(text);
    writer.begin_object();
    json_form::write_game_ruling_members(writer, game, rules, messages, to_string(game.status), json_form::game_source(game));
    writer.end_object();
    out << text << '\n';
}

} // namespace xq
