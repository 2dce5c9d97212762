// Writing `xqarb forbidden`'s answers: the forbidden moves, and a tried move and its replies.
#include "xq/report/forbidden_report.hpp"

#include "fact_phrases.hpp"
#include "rule_phrases.hpp"
#include "ruling_json.hpp"
#include "xq/board/fen.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq {

namespace {

    // The array of forbidden moves of `position`, one object each, for the answer and for the
    // replies to a tried move alike.
    void write_forbidden_moves(json_form::JsonWriter& out, const Position& position, const ForbiddenMoves& forbidden,
        const RuleSet& rules, const MessageCatalogue& messages, const FactPhrases& phrases)
    {
        out.begin_array();
        for (const ForbiddenMove& f : forbidden.moves) {
            out.begin_object();
            out.member("move", to_iccs(f.move));
            out.member("text", phrases.notate(position, f.move));
            out.member("outcome", to_string(f.ruling.outcome));
            out.member("conduct", f.ruling.side(*f.ruling.violator).conduct);
            out.member("conduct_text", violator_conduct_text(f.ruling, rules, messages));
            out.member("rules", f.ruling.rules);
            out.key("ruling");
            json_form::write_ruling(out, f.ruling, rules, ruling_explanation(f.ruling, rules, messages));
            out.end_object();
        }
        out.end_array();
    }

} // namespace

void write_forbidden_text(std::ostream& out, const ReplayedGame& game, const ForbiddenMoves& forbidden,
    const RuleSet& rules, const MessageCatalogue& messages, DocumentNotation notation)
{
    const FactPhrases phrases(messages, notation);
    const Position& position = game.current();
    out << messages.format(
        "forbidden.position", { { "fen", to_fen(position) }, { "plies", std::to_string(game.ply_count()) } })
        << '\n';
    const std::string side = phrases.side(forbidden.side);
    if (forbidden.moves.empty()) {
        out << messages.format("forbidden.none",
            { { "side", side }, { "legal", std::to_string(forbidden.legal_moves) },
                { "ruleset", messages.book_name(rules) } })
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
                       { "conduct", violator_conduct_text(f.ruling, rules, messages) },
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
    write_forbidden_moves(answer, position, forbidden, rules, messages, phrases);
    answer.end_object();
    out << text << '\n';
}

namespace {

    // The position after the tried move, for naming the replies.
    Position position_after(const ReplayedGame& game, Move move)
    {
        Position after = game.current();
        UndoInfo undo;
        after.do_move(move, undo);
        return after;
    }

} // namespace

void write_tried_move_text(std::ostream& out, const ReplayedGame& game, const TriedMove& tried, const RuleSet& rules,
    const MessageCatalogue& messages, DocumentNotation notation)
{
    const FactPhrases phrases(messages, notation);
    const Position& position = game.current();
    const std::string move = phrases.notate(position, tried.move);
    const std::string iccs = to_iccs(tried.move);
    const std::string ply = std::to_string(tried.repeats_ply);
    const std::string mover = phrases.side(position.side_to_move());
    if (tried.forbidden) {
        const Ruling& r = *tried.ruling;
        out << messages.format("forbidden.try_forbidden",
            { { "move", move }, { "iccs", iccs },
                { "outcome", messages.format("outcome." + std::string(to_string(r.outcome))) },
                { "rules", messages.list(r.rules) }, { "ply", ply }, { "side", mover },
                { "conduct", violator_conduct_text(r, rules, messages) } })
            << '\n';
        return;
    }
    if (tried.ruling)
        out << messages.format("forbidden.try_allowed",
            { { "move", move }, { "iccs", iccs }, { "ply", ply }, { "side", mover },
                { "outcome", messages.format("outcome." + std::string(to_string(tried.ruling->outcome))) } })
            << '\n';
    else if (tried.repeats_ply >= 0)
        out << messages.format("forbidden.try_repeats", { { "move", move }, { "iccs", iccs }, { "ply", ply } }) << '\n';
    else
        out << messages.format("forbidden.try_new", { { "move", move }, { "iccs", iccs } }) << '\n';
    const ForbiddenMoves& replies = *tried.replies;
    const std::string side = phrases.side(replies.side);
    if (replies.moves.empty()) {
        out << messages.format(
            "forbidden.try_replies_none", { { "side", side }, { "legal", std::to_string(replies.legal_moves) } })
            << '\n';
        return;
    }
    const Position after = position_after(game, tried.move);
    std::vector<std::string> moves;
    for (const ForbiddenMove& f : replies.moves)
        moves.push_back(messages.format(
            "forbidden.try_reply", { { "move", phrases.notate(after, f.move) }, { "iccs", to_iccs(f.move) } }));
    out << messages.format("forbidden.try_replies",
        { { "side", side }, { "count", std::to_string(replies.moves.size()) },
            { "legal", std::to_string(replies.legal_moves) }, { "moves", messages.list(moves) } })
        << '\n';
}

void write_tried_move_json(std::ostream& out, const ReplayedGame& game, const TriedMove& tried, const RuleSet& rules,
    const MessageCatalogue& messages, DocumentNotation notation)
{
    const FactPhrases phrases(messages, notation);
    const Position& position = game.current();
    std::string text;
    json_form::JsonWriter answer(text);
    answer.begin_object();
    answer.member("fen", to_fen(position));
    answer.member("plies", game.ply_count());
    answer.member("side", to_string(position.side_to_move()));
    answer.member("ruleset", rules.id);
    answer.member("move", to_iccs(tried.move));
    answer.member("text", phrases.notate(position, tried.move));
    answer.member("allowed", !tried.forbidden);
    answer.key("repeats_ply");
    answer.ply_or_null(tried.repeats_ply);
    answer.key("ruling");
    if (tried.ruling)
        json_form::write_ruling(answer, *tried.ruling, rules, ruling_explanation(*tried.ruling, rules, messages));
    else
        answer.null();
    answer.key("forbidden_replies");
    if (tried.replies)
        write_forbidden_moves(answer, position_after(game, tried.move), *tried.replies, rules, messages, phrases);
    else
        answer.null();
    answer.end_object();
    out << text << '\n';
}

} // namespace xq
