#include "xq/report/ruling_report.hpp"

#include "facts_json.hpp"
#include "ruling_json.hpp"
#include "xq/board/fen.hpp"

namespace xq {

namespace {

    using json_form::Json;

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
            { "description", s.description },
            { "rules", s.rules },
            { "chased_on_every_move", chased },
            { "chases", chases },
        };
    }

    Json ruling_json(const Ruling& r)
    {
        return Json {
            { "outcome", to_string(r.outcome) },
            { "violator", r.violator ? Json(to_string(*r.violator)) : Json("none") },
            { "rules", r.rules },
            { "cycle", json_form::cycle(r.episode) },
            { "last_repeating_ply", r.episode.last_repeating_ply },
            { "sides", Json { { "red", side_json(r.red) }, { "black", side_json(r.black) } } },
            { "explanation", r.explanation },
        };
    }

    Json board_json(const GameRuling& game, const RuleSet& rules)
    {
        if (!game.replay)
            return nullptr;
        const BoardJudgement b = judge_board(*game.replay, rules);
        if (!b.loser && b.notes.empty())
            return nullptr;
        return Json { { "loser", b.loser ? Json(to_string(*b.loser)) : Json(nullptr) },
            { "rule", b.rule.empty() ? Json(nullptr) : Json(b.rule) }, { "notes", b.notes } };
    }

} // namespace

Json json_form::game_ruling(const GameRuling& game, const RuleSet& rules)
{
    Json diagnostics = Json::array();
    for (const Diagnostic& d : game.diagnostics)
        diagnostics.push_back(format_diagnostic(d));
    Json rulings = Json::array();
    for (const Ruling& r : game.rulings)
        rulings.push_back(ruling_json(r));
    Json doc {
        { "game", game.game },
        { "source", game.source.source + ":" + std::to_string(game.source.line) },
        { "status", to_string(game.status) },
        { "diagnostics", diagnostics },
        { "ruleset", rules.id },
        { "plies", game.replay ? game.replay->ply_count() : 0 },
        { "final_fen", game.replay ? Json(to_fen(game.replay->current())) : Json(nullptr) },
        { "board_end", game.replay ? to_string(game.replay->end()) : "none" },
        { "recorded_result", to_string(game.recorded_result) },
        { "board_ruling", board_json(game, rules) },
        { "ruling", game.rulings.empty() ? Json(nullptr) : ruling_json(game.rulings.back()) },
        { "rulings", rulings },
    };
    return doc;
}

void write_ruling_json(std::ostream& out, const GameRuling& game, const RuleSet& rules)
{
    out << json_form::game_ruling(game, rules).dump() << '\n';
}

} // namespace xq
