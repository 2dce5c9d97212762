#include "xq/report/forbidden_report.hpp"

#include "fact_phrases.hpp"
#include "ruling_json.hpp"
#include "xq/board/fen.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    // What the violator's moves amount to, in the catalogue's language: its conduct row's
    // description.
    std::string conduct_text(const Ruling& ruling, const RuleSet& rules, const MessageCatalogue& messages)
    {
        const SideRuling& side = ruling.side(*ruling.violator);
        if (side.conduct_row < 0)
            return side.conduct;
        const Conduct& conduct = rules.conducts[static_cast<std::size_t>(side.conduct_row)];
        return messages.localised(conduct.translations, "description", conduct.description);
    }

} // namespace

void write_forbidden_text(std::ostream& out, const ReplayedGame& game, const ForbiddenMoves& forbidden,
    const RuleSet& rules, const MessageCatalogue& messages, DocumentNotation notation)
{
    const FactPhrases phrases(messages, notation);
    const Position& position = game.current();
    out << messages.format("forbidden.position", { { "fen", to_fen(position) }, { "plies", std::to_string(game.ply_count()) } })
        << '\n';
    const std::string side = phrases.side(forbidden.side);
    if (forbidden.moves.empty()) {
        out << messages.format("forbidden.none",
                   { { "side", side }, { "legal", std::to_string(forbidden.legal_moves) }, { "ruleset", messages.book_name(rules) } })
            << '\n';
        return;
    }
    out << messages.format("forbidden.summary",
               { { "side", side }, { "count", std::to_string(forbidden.moves.size()) },
                   { "legal", std::to_string(forbidden.legal_moves) }, { "ruleset", messages.book_name(rules) } })
        << '\n';
    for (const ForbiddenMove& f : forbidden.moves) {
        out << "  "
            << messages.format("forbidden.move",
                   { { "move", phrases.notate(position, f.move) }, { "iccs", to_iccs(f.move) },
                       { "outcome", messages.format("outcome." + std::string(to_string(f.ruling.outcome))) },
                       { "conduct", conduct_text(f.ruling, rules, messages) },
                       { "rules", messages.list(f.ruling.rules) } })
            << '\n';
    }
}

void write_forbidden_json(std::ostream& out, const ReplayedGame& game, const ForbiddenMoves& forbidden,
    const RuleSet& rules, const MessageCatalogue& messages, DocumentNotation notation)
{
    const FactPhrases phrases(messages, notation);
    const Position& position = game.current();
    std::string text;
    json_form::JsonWriter answer(text);
    answer.begin_object();
    answer.member("fen", to_fen(position));
    answer.member("plies", game.ply_count());
    answer.member("side", to_string(forbidden.side));
    answer.member("ruleset", rules.id);
    answer.member("legal_moves", forbidden.legal_moves);
    answer.key("forbidden");
    answer.begin_array();
    for (const ForbiddenMove& f : forbidden.moves) {
        answer.begin_object();
        answer.member("move", to_iccs(f.move));
        answer.member("text", phrases.notate(position, f.move));
        answer.member("outcome", to_string(f.ruling.outcome));
        answer.member("conduct", f.ruling.side(*f.ruling.violator).conduct);
        answer.member("conduct_text", conduct_text(f.ruling, rules, messages));
        answer.member("rules", f.ruling.rules);
        answer.key("ruling");
        json_form::write_ruling(answer, f.ruling, rules, ruling_explanation(f.ruling, rules, messages));
        answer.end_object();
    }
    answer.end_array();
    answer.end_object();
    out << text << '\n';
}

} // namespace xq
