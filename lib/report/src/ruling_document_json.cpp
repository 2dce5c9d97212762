// The JSON form of a written ruling: adjudicate's object for the game, with "document" added.

#include "ruling_json.hpp"
#include "xq/board/fen.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    using json_form::Json;

    Json repetition_json(const DocumentRepetition& r)
    {
        Json moves = Json::array();
        for (const DocumentMove& m : r.moves)
            moves.push_back(Json { { "ply", m.ply }, { "side", to_string(m.mover) }, { "side_name", m.side_name },
                { "move", to_iccs(m.move) }, { "text", m.text }, { "classes", m.classes },
                { "class_names", m.class_names }, { "reasons", m.reasons }, { "rules", m.rules } });
        Json sides = Json::array();
        for (const DocumentSide& s : r.sides)
            sides.push_back(Json { { "side", to_string(s.side) }, { "conduct", s.conduct },
                { "forbidden", s.forbidden }, { "sentences", s.sentences }, { "in_short", s.in_short } });
        Json rules = Json::array();
        for (const QuotedRule& q : r.rules)
            rules.push_back(
                Json { { "id", q.id }, { "heading", q.heading }, { "text", q.text }, { "diagrams", q.diagrams } });
        Json readings = Json::array();
        for (const ReadingRuling& c : r.readings)
            readings.push_back(Json { { "name", c.name }, { "applied", c.enabled },
                { "changes_ruling", c.changes_ruling }, { "other_outcome", to_string(c.other_outcome) } });
        return Json {
            { "heading", r.heading },
            { "plies", r.plies },
            { "outcome", r.outcome },
            { "decides", r.decides },
            { "in_full", r.in_full },
            { "start_fen", to_fen(r.start) },
            { "start", r.start_sentence },
            { "moves", moves },
            { "sides", sides },
            { "rules", rules },
            { "verdict", r.verdict },
            { "readings", readings },
        };
    }

} // namespace

void write_document_json(std::ostream& out, const GameRuling& game, const RuleSet& rules,
    const RulingDocument& document, const MessageCatalogue& messages)
{
    Json header = Json::array();
    for (const HeaderField& f : document.header)
        header.push_back(Json { { "key", f.key }, { "label", f.label }, { "value", f.value } });
    Json repetitions = Json::array();
    for (const DocumentRepetition& r : document.repetitions)
        repetitions.push_back(repetition_json(r));
    std::string text;
    json_form::JsonWriter writer(text);
    writer.begin_object();
    json_form::write_game_ruling_members(writer, game, rules, messages, to_string(game.status), json_form::game_source(game));
    writer.member("document",
        Json {
            { "language", document.language },
            { "notation", to_string(document.notation) },
            { "notation_sentence", document.notation_sentence },
            { "title", document.title },
            { "header", header },
            { "summary", document.summary },
            { "notes", document.notes },
            { "repetitions", repetitions },
        });
    writer.end_object();
    out << text << '\n';
}

} // namespace xq
