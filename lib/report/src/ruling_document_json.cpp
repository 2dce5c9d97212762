// The JSON form of a written ruling: adjudicate's object for the game, with "document" added.

#include "ruling_json.hpp"
#include "xq/board/fen.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    void write_repetition(json_form::JsonWriter& out, const DocumentRepetition& r)
    {
        out.begin_object();
        out.member("heading", r.heading);
        out.member("plies", r.plies);
        out.member("outcome", r.outcome);
        out.member("decides", r.decides);
        out.member("in_full", r.in_full);
        out.member("start_fen", to_fen(r.start));
        out.member("start", r.start_sentence);
        out.key("moves");
        out.begin_array();
        for (const DocumentMove& m : r.moves) {
            out.begin_object();
            out.member("ply", m.ply);
            out.member("side", to_string(m.mover));
            out.member("side_name", m.side_name);
            out.member("move", to_iccs(m.move));
            out.member("text", m.text);
            out.member("classes", m.classes);
            out.member("class_names", m.class_names);
            if (!m.term.empty())
                out.member("term", m.term);
            out.member("reasons", m.reasons);
            out.member("rules", m.rules);
            out.end_object();
        }
        out.end_array();
        out.key("sides");
        out.begin_array();
        for (const DocumentSide& s : r.sides) {
            out.begin_object();
            out.member("side", to_string(s.side));
            out.member("conduct", s.conduct);
            out.member("forbidden", s.forbidden);
            out.member("sentences", s.sentences);
            out.member("in_short", s.in_short);
            out.end_object();
        }
        out.end_array();
        out.key("rules");
        out.begin_array();
        for (const QuotedRule& q : r.rules) {
            out.begin_object();
            out.member("id", q.id);
            out.member("heading", q.heading);
            out.member("text", q.text);
            out.member("diagrams", q.diagrams);
            out.end_object();
        }
        out.end_array();
        out.member("verdict", r.verdict);
        out.key("readings");
        out.begin_array();
        for (const ReadingRuling& c : r.readings) {
            out.begin_object();
            out.member("name", c.name);
            out.member("applied", c.enabled);
            out.member("changes_ruling", c.changes_ruling);
            out.member("other_outcome", to_string(c.other_outcome));
            out.end_object();
        }
        out.end_array();
        out.end_object();
    }

} // namespace

void write_document_json(std::ostream& out, const GameRuling& game, const RuleSet& rules,
    const RulingDocument& document, const MessageCatalogue& messages)
{
    std::string text;
    json_form::JsonWriter writer(text);
    writer.begin_object();
    json_form::write_game_ruling_members(writer, game, rules, messages, to_string(game.status), json_form::game_source(game));
    writer.key("document");
    writer.begin_object();
    writer.member("language", document.language);
    writer.member("notation", to_string(document.notation));
    writer.member("notation_sentence", document.notation_sentence);
    writer.member("title", document.title);
    writer.key("header");
    writer.begin_array();
    for (const HeaderField& f : document.header) {
        writer.begin_object();
        writer.member("key", f.key);
        writer.member("label", f.label);
        writer.member("value", f.value);
        writer.end_object();
    }
    writer.end_array();
    writer.member("summary", document.summary);
    writer.member("notes", document.notes);
    writer.key("repetitions");
    writer.begin_array();
    for (const DocumentRepetition& r : document.repetitions)
        write_repetition(writer, r);
    writer.end_array();
    writer.end_object();
    writer.end_object();
    out << text << '\n';
}

} // namespace xq
