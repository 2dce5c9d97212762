// Writing `xqarb replay`'s text, in terminal columns, and its JSON object.
#include "xq/report/replay_report.hpp"

#include "fact_phrases.hpp"
#include "facts_json.hpp"
#include "xq/board/fen.hpp"

namespace xq {

namespace {

    // Columns on a terminal: a Chinese character takes two.
    std::size_t columns(std::string_view text)
    {
        std::size_t width = 0;
        for (const char c : text)
            if ((static_cast<unsigned char>(c) & 0xC0) != 0x80)
                width += static_cast<unsigned char>(c) >= 0xE0 ? 2 : 1;
        return width;
    }

    std::string side_word(Color c, const MessageCatalogue& m)
    {
        return m.format("replay.side." + std::string(to_string(c)));
    }

    std::string piece_word(PieceType t, const MessageCatalogue& m)
    {
        return m.format("replay.piece." + std::string(to_string(t)));
    }

    // A ply: its number, the mover, the move in the report's notation (`move_text`), the piece
    // and what it takes, and a check.
    std::string ply_line(const PlyRecord& p, int number, const std::string& move_text, const MessageCatalogue& m)
    {
        std::string line = std::to_string(number);
        line.insert(0, line.size() < 4 ? 4 - line.size() : 0, ' ');
        const std::string side = side_word(p.mover, m);
        const std::size_t side_width
            = std::max(columns(side_word(Color::Red, m)), columns(side_word(Color::Black, m))) + 2;
        line += "  " + side + std::string(side_width - columns(side), ' ');
        std::string what = piece_word(p.moved.type(), m);
        if (p.captured)
            what = m.format("replay.takes", { { "piece", what }, { "captured", piece_word(p.captured.type(), m) } });
        if (p.gives_check)
            what = m.format("replay.check", { { "move", what } });
        return line + move_text + "  " + what;
    }

    std::string contradiction_text(const ResultContradiction& c, const FactPhrases& phrases, const MessageCatalogue& m)
    {
        return m.format(c.checkmate ? "replay.contradiction_checkmate" : "replay.contradiction_stalemate",
            { { "recorded", phrases.result(c.recorded) }, { "recorded_text", std::string(to_string(c.recorded)) },
                { "loser", side_word(c.loser, m) }, { "on_board", phrases.result(c.on_board) },
                { "on_board_text", std::string(to_string(c.on_board)) } });
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
    out << messages.format("replay.start", { { "fen", to_fen(game.start()) } }) << '\n';
    const FactPhrases phrases(messages, report.notation);
    Position pos = game.start();
    for (int ply = 1; ply <= game.ply_count(); ++ply) {
        const PlyRecord& p = game.ply(ply);
        out << ply_line(p, ply, phrases.notate(pos, p.move), messages) << '\n';
        UndoInfo undo;
        pos.do_move(p.move, undo);
    }
    out << messages.format("replay.final", { { "fen", to_fen(game.current()) } }) << '\n';
    const std::string end = messages.format("replay.end." + std::string(to_string(game.end())));
    if (const auto loser = game.loser_on_board())
        out << messages.format("replay.end_lost", { { "end", end }, { "side", side_word(*loser, messages) } });
    else
        out << messages.format("replay.end", { { "end", end } });
    out << '\n';
    if (report.recorded_result != RecordedResult::Unknown) {
        out << messages.format("replay.recorded_result",
            { { "result", phrases.result(report.recorded_result) },
                { "result_text", std::string(to_string(report.recorded_result)) } })
            << '\n';
        if (const auto contradiction = result_contradiction(game, report.recorded_result))
            out << messages.format(
                "replay.finding", { { "finding", contradiction_text(*contradiction, phrases, messages) } })
                << '\n';
    }
    if (report.board_at_ply) {
        out << '\n'
            << messages.format("replay.board_after", { { "ply", std::to_string(*report.board_at_ply) } }) << '\n'
            << board_diagram(game.position_at(*report.board_at_ply), report.letters);
    }
    if (!report.show_cycles && report.cycle_facts.empty())
        return;
    out << '\n';
    if (report.episodes.empty())
        out << messages.format("replay.no_recurrence") << '\n';
    for (std::size_t i = 0; i < report.episodes.size(); ++i) {
        const RepetitionEpisode& e = report.episodes[i];
        out << messages.format("replay.repetition",
            { { "number", std::to_string(i + 1) }, { "first", std::to_string(e.cycle.first_ply) },
                { "last", std::to_string(e.cycle.last_ply) }, { "length", std::to_string(e.cycle.length()) },
                { "count", std::to_string(e.occurrences) }, { "until", std::to_string(e.last_repeating_ply) } })
            << '\n';
        if (i >= report.cycle_facts.size())
            continue;
        const CycleFacts& facts = report.cycle_facts[i];
        const std::vector<std::vector<std::string>> reasons = cycle_reasons(facts, messages, report.notation);
        Position cycle_pos = facts.start;
        for (std::size_t m = 0; m < facts.moves.size(); ++m) {
            const MoveFacts& f = facts.moves[m];
            std::vector<std::string> codes, names;
            for (const MoveClass c : f.classes) {
                codes.emplace_back(to_string(c));
                names.push_back(messages.format("class." + codes.back()));
            }
            std::string codes_joined;
            for (const std::string& code : codes)
                codes_joined += (codes_joined.empty() ? "" : ", ") + code;
            out << "  "
                << messages.format(codes.empty() ? "replay.cycle_move" : "replay.cycle_move_classes",
                       { { "ply", std::to_string(f.ply) }, { "side", side_word(f.mover, messages) },
                           { "move", phrases.notate(cycle_pos, f.move) }, { "class_codes", codes_joined },
                           { "classes", messages.list(names) } })
                << '\n';
            UndoInfo undo;
            cycle_pos.do_move(f.move, undo);
            for (const std::string& reason : reasons[m])
                out << "      " << reason << '\n';
        }
        for (const Color c : { Color::Red, Color::Black }) {
            const SideSummary& s = facts.side(c);
            out << "  "
                << messages.format("replay.side_summary",
                       { { "side", side_word(c, messages) }, { "moves", std::to_string(s.moves) },
                           { "checks", std::to_string(s.checks) }, { "kills", std::to_string(s.kills) },
                           { "check_then_captures", std::to_string(s.check_then_captures) },
                           { "threatening", std::to_string(s.threatening_moves) } });
            if (!s.threatened_on_every_move.empty())
                out << messages.format(
                    "replay.threatened_every_move", { { "pieces", phrases.pieces(s.threatened_on_every_move) } });
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
    doc["result_contradiction"] = contradiction
        ? Json(contradiction_text(*contradiction, FactPhrases(messages, report.notation), messages))
        : Json(nullptr);
    if (report.board_at_ply)
        doc["board"]
            = Json { { "ply", *report.board_at_ply }, { "fen", to_fen(game.position_at(*report.board_at_ply)) } };
    doc["repetitions"] = episodes;
    out << doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

} // namespace xq
