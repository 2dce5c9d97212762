// Writing `xqarb watch`'s lines and JSON: moves, repetitions, events and their rules.
#include "xq/report/watch_report.hpp"

#include <algorithm>

#include "fact_phrases.hpp"
#include "rule_phrases.hpp"
#include "ruling_json.hpp"
#include "xq/board/fen.hpp"

namespace xq {

namespace {

    // The rules a ruling rests on, less the procedure of losing (cited by the loss line itself).
    std::vector<std::string> grounds(const Ruling& ruling, const RuleSet& rules)
    {
        std::vector<std::string> out = ruling.rules;
        std::erase(out, rules.repetition.loss_rule);
        return out;
    }

    std::string_view event_name(LiveEvent event)
    {
        switch (event) {
        case LiveEvent::RulingDue:
            return "ruling_due";
        case LiveEvent::Loss:
            return "loss";
        case LiveEvent::BoardEnd:
            return "board_end";
        case LiveEvent::NaturalLimit:
            return "natural_limit";
        case LiveEvent::None:
            break;
        }
        return "none";
    }

    // The outcome code of the move's event: the ruling's, or the board's loser's.
    std::string event_outcome(const MoveUpdate& update)
    {
        if (update.event == LiveEvent::BoardEnd)
            return std::string(to_string(*update.board_loser == Color::Red ? Outcome::RedLoses : Outcome::BlackLoses));
        if (update.event == LiveEvent::NaturalLimit)
            return std::string(to_string(Outcome::Draw));
        return std::string(to_string(update.ruling->outcome));
    }

} // namespace

std::string watch_move_line(
    const MoveUpdate& update, const Position& before, const MessageCatalogue& messages, DocumentNotation notation)
{
    const FactPhrases phrases(messages, notation);
    const std::string move = phrases.notate(before, update.move);
    if (!update.recurrence)
        return messages.format("watch.move",
            { { "ply", std::to_string(update.ply) }, { "move", move }, { "iccs", to_iccs(update.move) } });
    return messages.format("watch.move_repeating",
        { { "ply", std::to_string(update.ply) }, { "move", move }, { "iccs", to_iccs(update.move) },
            { "count", std::to_string(update.recurrence->count) },
            { "first", std::to_string(update.recurrence->previous_ply + 1) } });
}

std::string notate_move(const Position& before, Move move, const MessageCatalogue& messages, DocumentNotation notation)
{
    return FactPhrases(messages, notation).notate(before, move);
}

std::string watch_event_line(const MoveUpdate& update, const RuleSet& rules, const MessageCatalogue& messages)
{
    const FactPhrases phrases(messages, DocumentNotation::Wxf);
    if (update.event == LiveEvent::BoardEnd)
        return messages.format(update.checkmate ? "board.checkmate" : "board.stalemate",
            { { "side", phrases.side(*update.board_loser) },
                { "rule", update.checkmate ? rules.board.checkmate_rule : rules.board.stalemate_rule } });
    if (update.event == LiveEvent::NaturalLimit) {
        const NaturalLimitReached& limit = *update.natural_limit;
        return messages.format(limit.plies_not_counted > 0 ? "limit.natural_with_checks" : "limit.natural",
            { { "ply", std::to_string(limit.ply) }, { "plies", std::to_string(limit.limit_plies) },
                { "first", std::to_string(limit.first_ply) },
                { "not_counted", std::to_string(limit.plies_not_counted) }, { "rule", limit.rule } });
    }
    if (update.event == LiveEvent::None || !update.ruling)
        return std::string();
    const Ruling& r = *update.ruling;
    const OccurrenceAccount& o = r.occurrences;
    if (!r.violator)
        return messages.format("watch.draw_due", { { "rules", messages.list(r.rules) } });
    const std::string side = phrases.side(*r.violator);
    const std::string conduct = violator_conduct_text(r, rules, messages);
    const std::vector<std::string> cited = grounds(r, rules);
    if (update.event == LiveEvent::Loss) {
        if (o.loses_at <= o.ruling_at)
            return messages.format("watch.loses_at_once",
                { { "side", side }, { "conduct", conduct }, { "rules", messages.list(cited) },
                    { "loss_rule", rules.repetition.loss_rule } });
        return messages.format(o.instructed_ply >= 0 ? "watch.loses" : "watch.loses_uninstructed",
            { { "side", side }, { "conduct", conduct }, { "rules", messages.list(cited) },
                { "loss_rule", rules.repetition.loss_rule }, { "count", std::to_string(o.repeats_to_lose()) },
                { "from", std::to_string(o.counted_from_ply) } });
    }
    const SideRuling& violator = r.side(*r.violator);
    if (!violator.chased_on_every_move.empty())
        return messages.format("watch.must_change_chasing",
            { { "side", side }, { "conduct", conduct }, { "pieces", phrases.pieces(violator.chased_on_every_move) },
                { "rules", messages.list(cited) } });
    return messages.format(
        "watch.must_change", { { "side", side }, { "conduct", conduct }, { "rules", messages.list(cited) } });
}

void write_watch_move_json(std::ostream& out, const MoveUpdate& update, const Position& before, const Position& after,
    const RuleSet& rules, const MessageCatalogue& messages, DocumentNotation notation)
{
    const FactPhrases phrases(messages, notation);
    std::string text;
    json_form::JsonWriter object(text);
    object.begin_object();
    object.member("ply", update.ply);
    object.member("side", to_string(update.mover));
    object.member("move", to_iccs(update.move));
    object.member("text", phrases.notate(before, update.move));
    object.member("fen", to_fen(after));
    object.key("repetition");
    if (update.recurrence) {
        object.begin_object();
        object.member("stood", update.recurrence->count);
        object.member("first_ply", update.recurrence->previous_ply + 1);
        object.member("last_ply", update.ply);
        object.end_object();
    } else {
        object.null();
    }
    if (update.event != LiveEvent::None) {
        object.member("event", event_name(update.event));
        object.member("outcome", event_outcome(update));
        object.member("line", watch_event_line(update, rules, messages));
        if (update.ruling) {
            object.member("rules", update.ruling->rules);
            object.key("instructed_ply");
            object.ply_or_null(update.ruling->occurrences.instructed_ply);
        }
    }
    object.end_object();
    out << text << '\n';
}

void write_watch_answer_json(std::ostream& out, std::string_view key, const std::string& value, const std::string& line)
{
    std::string text;
    json_form::JsonWriter object(text);
    object.begin_object();
    object.member(key, value);
    object.member("line", line);
    object.end_object();
    out << text << '\n';
}

} // namespace xq
