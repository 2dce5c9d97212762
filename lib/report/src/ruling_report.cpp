// adjudicate's JSON line for a game.
#include "xq/report/ruling_report.hpp"

#include "ruling_json.hpp"

namespace xq {

void write_ruling_json(
    std::ostream& out, const GameRuling& game, const RuleSet& rules, const MessageCatalogue& messages)
{
    std::string text;
    json_form::JsonWriter writer(text);
    writer.begin_object();
    json_form::write_game_ruling_members(
        writer, game, rules, messages, to_string(game.status), json_form::game_source(game));
    writer.end_object();
    out << text << '\n';
}

} // namespace xq
