// Replaying a record: notation per move, 0-9 or 1-10 ranks per game, cut and damaged records.
#include "xq/arbiter/record_replay.hpp"

#include <charconv>
#include <variant>

#include "xq/board/fen.hpp"

namespace xq {

namespace {

    std::optional<Notation> notation_of_hint(const std::optional<std::string>& hint)
    {
        if (!hint)
            return std::nullopt;
        std::string h;
        for (const char c : *hint)
            h += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        if (h == "iccs" || h == "ucci" || h == "uci" || h == "coordinates")
            return Notation::Iccs;
        if (h == "wxf")
            return Notation::Wxf;
        if (h == "chinese" || h == "chn" || h == "cn")
            return Notation::Chinese;
        return std::nullopt;
    }

    struct Attempt {
        ReplayedGame game;
        int failed_index = -1; // index into record.moves of the failing move
        std::optional<MoveError> error;
        std::optional<Notation> first_notation;
    };

    Attempt play_moves(const Position& start, const GameRecord& record, const MoveTextOptions& options)
    {
        Attempt attempt { ReplayedGame(start), -1, std::nullopt, std::nullopt };
        attempt.game.reserve(record.moves.size());
        for (std::size_t i = 0; i < record.moves.size(); ++i) {
            const std::string& text = record.moves[i].text;
            if (!attempt.first_notation)
                attempt.first_notation = detect_notation(text);
            const auto parsed = parse_move(attempt.game.current(), text, options);
            if (const Move* m = std::get_if<Move>(&parsed)) {
                attempt.game.play_legal(*m); // parse_move matched it against the legal moves
                continue;
            }
            attempt.failed_index = static_cast<int>(i);
            attempt.error = std::get<MoveError>(parsed);
            break;
        }
        return attempt;
    }

    // Whether a coordinate game can only mean ranks 1-10: a rank 10 written, or no rank 0.
    bool writes_rank_ten(const GameRecord& record)
    {
        for (const RecordedMove& m : record.moves)
            if (m.text.find("10") != std::string::npos && detect_notation(m.text) == Notation::Iccs)
                return true;
        return false;
    }

    // A game that a conversion cut at a move it could not play is as broken as the original:
    // the tag write_pgn left says where and why. It is believed only where the record does
    // stop, right before the ply it names: a tag edited or copied onto another game is not.
    void note_cut_by_conversion(const GameRecord& record, const std::string& game_name, RecordReplay& out)
    {
        const RecordedTag* stopped = record.find_tag(stopped_tag_name);
        if (!stopped)
            return;
        std::size_t ply = 0;
        const std::string_view value = stopped->value;
        if (value.starts_with("ply "))
            std::from_chars(value.data() + 4, value.data() + value.size(), ply);
        if (ply != record.moves.size() + 1) {
            out.diagnostics.warning("record.cut-elsewhere",
                game_name + ": the tag " + std::string(stopped_tag_name) + " \"" + stopped->value
                    + "\" does not name the ply after the record's last move (" + std::to_string(record.moves.size())
                    + "), so it is not taken to mean that the record was cut",
                stopped->location);
            return;
        }
        out.failed_ply = static_cast<int>(ply);
        out.diagnostics.error("record.cut",
            game_name + ", ply " + std::to_string(out.failed_ply) + ": the record was cut here when it was converted ("
                + std::string(stopped_tag_name) + " \"" + stopped->value + "\")",
            stopped->location);
        out.status = GameStatus::IllegalMove;
    }

} // namespace

std::string_view to_string(GameStatus status)
{
    switch (status) {
    case GameStatus::Ok:
        return "ok";
    case GameStatus::Unreadable:
        return "unreadable";
    case GameStatus::IllegalMove:
        return "illegal_move";
    }
    return "ok";
}

RecordReplay replay_record(const GameRecord& record)
{
    RecordReplay out;
    for (const Diagnostic& d : record.diagnostics)
        out.diagnostics.add(d);

    if (record.result)
        if (const auto r = normalize_result(record.result->text))
            out.recorded_result = parse_recorded_result(*r);
    if (out.recorded_result == RecordedResult::Unknown)
        if (const RecordedTag* tag = record.find_tag("Result"))
            if (const auto r = normalize_result(tag->value))
                out.recorded_result = parse_recorded_result(*r);

    const std::string game_name = describe_game(record);
    if (const RecordedTag* instructed = record.find_tag(instructed_tag_name))
        out.instructions
            = parse_instructions(instructed->value, game_name, instructed->value_location, out.diagnostics);
    if (const RecordedTag* damaged = record.find_tag(damaged_tag_name))
        out.diagnostics.error("record.damaged",
            game_name + ": the record this game was converted from could not be read whole ("
                + std::string(damaged_tag_name) + " \"" + damaged->value + "\")",
            damaged->location);
    // A record not read whole is not ruled on, however much of it replays: a ruling on part of
    // a game can be wrong, and a document to sign would not show what is missing.
    out.read_whole = !out.diagnostics.has_errors();
    Position start = Position::start();
    if (record.start_fen) {
        Diagnostics fen_problems;
        // Archives hold hand-typed positions with a piece on an impossible point: such a
        // position is replayed, and the point reported as a warning.
        const auto pos
            = parse_fen(record.start_fen->text, fen_problems, record.start_fen->location, FenOptions { true });
        for (const Diagnostic& d : fen_problems) {
            DiagnosticFields fields = game_fields(record);
            fields.push_back({ "context", "game_fen" });
            fields.insert(fields.end(), d.fields.begin(), d.fields.end());
            out.diagnostics.add(
                { d.severity, d.code, game_name + ": FEN: " + d.message, d.location, std::move(fields) });
        }
        if (!pos) {
            out.status = GameStatus::Unreadable;
            return out;
        }
        start = *pos;
    }

    MoveTextOptions options;
    options.expected = notation_of_hint(record.notation_hint);
    options.iccs_ranks = writes_rank_ten(record) ? IccsRanks::OneToTen : IccsRanks::ZeroToNine;
    Attempt attempt = play_moves(start, record, options);
    if (attempt.error && options.iccs_ranks == IccsRanks::ZeroToNine && attempt.first_notation == Notation::Iccs) {
        // Coordinates that fail counted 0-9 may be counted 1-10 (h3e3 for h2e2).
        MoveTextOptions one_to_ten = options;
        one_to_ten.iccs_ranks = IccsRanks::OneToTen;
        Attempt other = play_moves(start, record, one_to_ten);
        if (!other.error) {
            attempt = std::move(other);
            options = one_to_ten;
        }
    } else if (!attempt.error && attempt.first_notation == Notation::Iccs && !record.moves.empty()) {
        MoveTextOptions one_to_ten = options;
        one_to_ten.iccs_ranks = IccsRanks::OneToTen;
        if (!play_moves(start, record, one_to_ten).error)
            out.diagnostics.note("notation.iccs-ranks",
                game_name + ": the coordinates read legally with ranks 0-9 and with ranks 1-10; 0-9 was taken",
                record.location);
    }
    out.iccs_ranks = options.iccs_ranks;
    out.notation = attempt.first_notation;

    if (attempt.error) {
        const RecordedMove& bad = record.moves[static_cast<std::size_t>(attempt.failed_index)];
        out.failed_ply = attempt.failed_index + 1;
        const Color mover = attempt.game.current().side_to_move();
        DiagnosticFields fields = game_fields(record);
        fields.push_back({ "ply", std::to_string(out.failed_ply) });
        fields.push_back({ "side", std::string(to_string(mover)) });
        fields.push_back({ "fen", to_fen(attempt.game.current()) });
        fields.insert(fields.end(), attempt.error->reason.begin(), attempt.error->reason.end());
        out.diagnostics.error(std::string(diagnostic_code(attempt.error->kind)),
            game_name + ", ply " + std::to_string(out.failed_ply) + " (" + std::string(to_string(mover))
                + "): " + attempt.error->message,
            bad.location, std::move(fields));
        out.status = attempt.error->kind == MoveErrorKind::Syntax ? GameStatus::Unreadable : GameStatus::IllegalMove;
    }
    if (!attempt.error)
        note_cut_by_conversion(record, game_name, out);
    if (!out.read_whole && out.status == GameStatus::Ok)
        out.status = GameStatus::Unreadable;
    out.game.emplace(std::move(attempt.game));
    return out;
}

PlayedMainLine played_main_line(const RecordReplay& replay, std::vector<Move>& moves)
{
    moves.clear();
    if (replay.game)
        for (const PlyRecord& ply : replay.game->plies())
            moves.push_back(ply.move);
    return { replay.game ? &replay.game->start() : nullptr, moves,
        MoveTextOptions { replay.notation, replay.iccs_ranks } };
}

} // namespace xq
