#include "xq/report/replay_report.hpp"

#include "fact_phrases.hpp"
#include "facts_json.hpp"
#include "xq/board/fen.hpp"

namespace xq {

namespace {

    // `move_text` is the move in the report's notation.
    std::string ply_line(const PlyRecord& p, int number, const std::string& move_text)
    {
        std::string line = std::to_string(number);
        line.insert(0, line.size() < 4 ? 4 - line.size() : 0, ' ');
        line += "  " + std::string(to_string(p.mover)) + (p.mover == Color::Red ? "    " : "  ");
        line += move_text + "  " + std::string(prose_name(p.moved.type()));
        if (p.captured)
            line += " takes " + std::string(prose_name(p.captured.type()));
        if (p.gives_check)
            line += ", check";
        return line;
    }

    // The reasons for each move of a cycle, from its facts alone.
    std::vector<std::vector<std::string>> cycle_reasons(
        const CycleFacts& facts, const MessageCatalogue& messages, DocumentNotation notation)
    {
        const FactPhrases phrases(messages, notation);
        std::vector<std::vector<std::string>> out;
        Position pos = facts.start;
        for (const MoveFacts& f : facts.moves) {
            std::vector<std::string> reasons;
            const auto add = [&](const std::vector<std::string>& more) {
                reasons.insert(reasons.end(), more.begin(), more.end());
            };
            if (f.classes.empty() && !f.has_new_threat())
                reasons.push_back(messages.format("reason.no_fact"));
            add(phrases.king_reasons(pos, f));
            for (const Threat& t : f.threats)
                reasons.push_back(messages.format("reason.attack",
                    { { "target", phrases.piece(t.target) }, { "attacker", phrases.piece(t.attacker) },
                        { "facts", phrases.threat_facts(t) } }));
            add(phrases.offer_and_block_reasons(f));
            add(phrases.evasion_reasons(f));
            out.push_back(std::move(reasons));
            UndoInfo undo;
            pos.do_move(f.move, undo);
        }
        return out;
    }

} // namespace

void write_replay_text(std::ostream& out, const ReplayReport& report, const MessageCatalogue& messages)
{
    const ReplayedGame& game = *report.game;
    out << "start: " << to_fen(game.start()) << '\n';
    const FactPhrases phrases(messages, report.notation);
    Position pos = game.start();
    for (int ply = 1; ply <= game.ply_count(); ++ply) {
        const PlyRecord& p = game.ply(ply);
        out << ply_line(p, ply, phrases.notate(pos, p.move)) << '\n';
        UndoInfo undo;
        pos.do_move(p.move, undo);
    }
    out << "final: " << to_fen(game.current()) << '\n';
    out << "end on the board: " << to_string(game.end());
    if (const auto loser = game.loser_on_board())
        out << " (" << to_string(*loser) << " to move has lost)";
    out << '\n';
    if (report.recorded_result != RecordedResult::Unknown) {
        out << "recorded result: " << to_string(report.recorded_result) << '\n';
        if (const auto contradiction = result_contradiction(game, report.recorded_result))
            out << "finding: " << *contradiction << '\n';
    }
    if (report.board_at_ply) {
        out << "\nboard after ply " << *report.board_at_ply << ":\n"
            << board_diagram(game.position_at(*report.board_at_ply), report.letters);
    }
    if (!report.show_cycles && report.cycle_facts.empty())
        return;
    out << '\n';
    if (report.episodes.empty())
        out << "no position recurs\n";
    for (std::size_t i = 0; i < report.episodes.size(); ++i) {
        const RepetitionEpisode& e = report.episodes[i];
        out << "repetition " << i + 1 << ": cycle of plies " << e.cycle.first_ply << "-" << e.cycle.last_ply
            << " (" << e.cycle.length() << " plies); its start position stands " << e.occurrences
            << " times, the repetition lasts to ply " << e.last_repeating_ply << '\n';
        if (i >= report.cycle_facts.size())
            continue;
        const CycleFacts& facts = report.cycle_facts[i];
        const std::vector<std::vector<std::string>> reasons = cycle_reasons(facts, messages, report.notation);
        Position cycle_pos = facts.start;
        for (std::size_t m = 0; m < facts.moves.size(); ++m) {
            const MoveFacts& f = facts.moves[m];
            out << "  " << f.ply << ". " << to_string(f.mover) << " " << phrases.notate(cycle_pos, f.move) << ":";
            UndoInfo undo;
            cycle_pos.do_move(f.move, undo);
            for (std::size_t c = 0; c < f.classes.size(); ++c)
                out << (c ? ", " : " ") << to_string(f.classes[c]);
            out << '\n';
            for (const std::string& reason : reasons[m])
                out << "      " << reason << '\n';
        }
        for (const Color c : { Color::Red, Color::Black }) {
            const SideSummary& s = facts.side(c);
            out << "  " << to_string(c) << ": " << s.moves << " moves, " << s.checks << " checks, " << s.kills
                << " mate threats, " << s.check_then_captures << " check-then-capture threats, "
                << s.threatening_moves << " with new capture threats";
            if (!s.threatened_on_every_move.empty())
                out << "; threatened on every move: " << phrases.pieces(s.threatened_on_every_move);
            out << '\n';
        }
    }
}

void write_replay_json(std::ostream& out, const ReplayReport& report, const MessageCatalogue& messages)
{
    using json_form::Json;
    const ReplayedGame& game = *report.game;
    Json plies = Json::array();
    for (int ply = 1; ply <= game.ply_count(); ++ply) {
        const PlyRecord& p = game.ply(ply);
        plies.push_back(Json {
            { "ply", ply },
            { "move", to_iccs(p.move) },
            { "mover", to_string(p.mover) },
            { "piece", to_string(p.moved.type()) },
            { "captured", p.captured ? Json(to_string(p.captured.type())) : Json(nullptr) },
            { "check", p.gives_check },
        });
    }
    Json episodes = Json::array();
    for (std::size_t i = 0; i < report.episodes.size(); ++i) {
        Json e { { "cycle", json_form::cycle(report.episodes[i]) },
            { "last_repeating_ply", report.episodes[i].last_repeating_ply } };
        if (i < report.cycle_facts.size()) {
            const CycleFacts& facts = report.cycle_facts[i];
            const std::vector<std::vector<std::string>> reasons = cycle_reasons(facts, messages, report.notation);
            Json moves = Json::array();
            for (std::size_t m = 0; m < facts.moves.size(); ++m)
                moves.push_back(json_form::move_facts(facts.moves[m], reasons[m]));
            e["moves"] = moves;
            e["sides"] = Json { { "red", json_form::side_summary(facts.red) },
                { "black", json_form::side_summary(facts.black) } };
        }
        episodes.push_back(e);
    }
    Json doc {
        { "start_fen", to_fen(game.start()) },
        { "plies", plies },
        { "final_fen", to_fen(game.current()) },
        { "board_end", to_string(game.end()) },
        { "recorded_result", to_string(report.recorded_result) },
    };
    const auto contradiction = result_contradiction(game, report.recorded_result);
    doc["result_contradiction"] = contradiction ? Json(*contradiction) : Json(nullptr);
    if (report.board_at_ply)
        doc["board"] = Json { { "ply", *report.board_at_ply }, { "fen", to_fen(game.position_at(*report.board_at_ply)) } };
    doc["repetitions"] = episodes;
    out << doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

} // namespace xq
