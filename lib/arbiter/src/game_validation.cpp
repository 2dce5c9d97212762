// Checking one game or file: read, replay, board, repetitions and natural limit as findings.
#include "xq/arbiter/game_validation.hpp"

#include <algorithm>

namespace xq {

namespace {

    std::string tag_value(const GameRecord& record, std::string_view name)
    {
        const RecordedTag* tag = record.find_tag(name);
        return tag ? tag->value : std::string();
    }

    std::string rule_list(const std::vector<std::string>& rules)
    {
        std::string out;
        for (const std::string& rule : rules)
            out += (out.empty() ? "" : ", ") + rule;
        return out;
    }

    // Bytes read as U+FFFD are only a warning to the reader, which reads on, but an archive
    // keeper wants to hear of them.
    bool is_damaged_text(const Diagnostic& d) { return d.code == "encoding.invalid-sequence"; }

    // The errors of reading and replaying, and damaged text. replay_record lists the record's own diagnostics
    // first, then its own: the start position's, or the move that failed, last.
    void add_reading_findings(
        GameValidation& row, const GameRecord& record, const RecordReplay& replay, const std::vector<Diagnostic>& all)
    {
        const std::size_t record_count = record.diagnostics.size();
        for (std::size_t i = 0; i < all.size(); ++i) {
            const Diagnostic& d = all[i];
            if (is_damaged_text(d))
                row.findings.push_back({ ValidationStatus::DamagedText, 0, format_diagnostic(d), d });
            if (d.severity != Severity::Error)
                continue;
            const bool failed_move = i + 1 == all.size() && i >= record_count && replay.failed_ply > 0;
            if (failed_move && replay.status == GameStatus::IllegalMove)
                row.findings.push_back({ ValidationStatus::IllegalMove, replay.failed_ply, format_diagnostic(d), d });
            else
                row.findings.push_back(
                    { ValidationStatus::Unreadable, failed_move ? replay.failed_ply : 0, format_diagnostic(d), d });
        }
    }

    // The catalogue's name of a recorded result (result.red_wins, ...).
    std::string result_name(RecordedResult result)
    {
        switch (result) {
        case RecordedResult::RedWins:
            return "red_wins";
        case RecordedResult::BlackWins:
            return "black_wins";
        case RecordedResult::Draw:
            return "draw";
        case RecordedResult::Unknown:
            break;
        }
        return "unknown";
    }

    // A finding of the validation itself: a diagnostic with no place in a file, which a report
    // words from the catalogue (diagnostic.validate.*), `message` its English.
    Finding validation_finding(
        ValidationStatus kind, int ply, std::string code, std::string message, DiagnosticFields fields)
    {
        Diagnostic d { Severity::Error, std::move(code), message, {}, std::move(fields) };
        return { kind, ply, std::move(message), std::move(d) };
    }

    std::string describe_ruling(const Ruling& r)
    {
        return std::string(to_string(r.outcome)) + " (" + rule_list(r.rules) + ")";
    }

    // A finding for each ruling the record goes against; ruling_agrees when any bears on it.
    void add_repetition_findings(GameValidation& row, const GameRuling& judged)
    {
        for (const RecordCheck& check : check_recorded_result(judged)) {
            row.ruling_agrees = row.ruling_agrees.value_or(true) && check.agrees;
            if (check.agrees)
                continue;
            const Ruling& r = judged.rulings[check.ruling];
            const RepetitionCycle& c = r.episode.cycle;
            const std::string where = "plies " + std::to_string(c.first_ply) + "-" + std::to_string(c.last_ply);
            const std::string recorded(to_string(row.recorded_result));
            std::string message, form;
            if (check.ends_record) {
                const bool no_result = row.recorded_result == RecordedResult::Unknown;
                form = no_result ? "ends_without_result" : "ends_otherwise";
                message = "the record ends repeating the cycle of " + where + ", ruled " + describe_ruling(r)
                    + (no_result ? ", and gives no result (*)" : ", but gives " + recorded);
            } else {
                form = "goes_on";
                message = "the repetition of " + where + " is ruled " + describe_ruling(r)
                    + ", but the record goes on to " + recorded;
            }
            row.findings.push_back(validation_finding(ValidationStatus::RepetitionRuling, c.first_ply,
                "validate.repetition-ruling", std::move(message),
                { { "form", form }, { "first", std::to_string(c.first_ply) }, { "last", std::to_string(c.last_ply) },
                    { "outcome", std::string(to_string(r.outcome)) }, { "rules", rule_list(r.rules) },
                    { "result", result_name(row.recorded_result) }, { "result_text", recorded } }));
        }
    }

    // A finding when the record passes the natural limit: it goes on after the ply that drew
    // the game, or stops there with another result.
    void add_natural_limit_finding(GameValidation& row, const GameRuling& judged)
    {
        const auto& limit = judged.natural_limit;
        if (!limit || (limit->ply == row.plies && row.recorded_result == RecordedResult::Draw))
            return;
        const std::string recorded(to_string(row.recorded_result));
        std::string form = limit->ply < row.plies            ? "goes_on"
            : row.recorded_result == RecordedResult::Unknown ? "without_result"
                                                             : "otherwise";
        if (limit->plies_not_counted > 0)
            form += "_not_counted";
        std::string message = "the natural limit (" + std::to_string(limit->limit_plies) + " plies without a capture, "
            + limit->rule + ") draws the game after ply " + std::to_string(limit->ply) + ", counted from ply "
            + std::to_string(limit->first_ply);
        if (limit->plies_not_counted > 0)
            message += " leaving out " + std::to_string(limit->plies_not_counted)
                + " plies of checks beyond a side's allowance and replies to them";
        if (limit->ply < row.plies)
            message += ", but the record goes on to ply " + std::to_string(row.plies);
        else
            message += row.recorded_result == RecordedResult::Unknown ? ", and the record gives no result (*)"
                                                                      : ", but the record gives " + recorded;
        row.findings.push_back(
            validation_finding(ValidationStatus::NaturalLimit, limit->ply, "validate.natural-limit", std::move(message),
                { { "form", form }, { "limit", std::to_string(limit->limit_plies) }, { "rule", limit->rule },
                    { "ply", std::to_string(limit->ply) }, { "first", std::to_string(limit->first_ply) },
                    { "not_counted", std::to_string(limit->plies_not_counted) }, { "plies", std::to_string(row.plies) },
                    { "result", result_name(row.recorded_result) }, { "result_text", recorded } }));
    }

    ValidationStatus status_of(const std::vector<Finding>& findings)
    {
        ValidationStatus status = ValidationStatus::Ok;
        for (const Finding& f : findings)
            status = graver(status, f.kind);
        return status;
    }

} // namespace

std::string_view to_string(ValidationStatus status)
{
    switch (status) {
    case ValidationStatus::Ok:
        return "ok";
    case ValidationStatus::Unreadable:
        return "unreadable";
    case ValidationStatus::IllegalMove:
        return "illegal_move";
    case ValidationStatus::ResultContradictsBoard:
        return "result_contradicts_board";
    case ValidationStatus::RepetitionRuling:
        return "repetition_ruling";
    case ValidationStatus::NaturalLimit:
        return "natural_limit";
    case ValidationStatus::DamagedText:
        return "damaged_text";
    }
    return "ok";
}

ValidationStatus graver(ValidationStatus a, ValidationStatus b)
{
    // Ok is the least serious; among findings the enumeration's order is the precedence.
    if (a == ValidationStatus::Ok)
        return b;
    if (b == ValidationStatus::Ok)
        return a;
    return std::min(a, b);
}

CheckedGame check_game(const GameRecord& record, const RuleSet& rules)
{
    const auto started = std::chrono::steady_clock::now();
    CheckedGame checked;
    GameValidation& row = checked.row;
    row.file = record.location.source;
    row.game = record.index;
    row.line = record.location.line;
    row.description = describe_game(record);
    row.event = tag_value(record, "Event");
    row.red = tag_value(record, "Red");
    row.black = tag_value(record, "Black");
    row.date = tag_value(record, "Date");

    checked.replay = std::make_unique<const RecordReplay>(replay_record(record));
    const RecordReplay& replay = *checked.replay;
    row.plies = replay.game ? replay.game->ply_count() : 0;
    row.failed_ply = replay.failed_ply;
    row.recorded_result = replay.recorded_result;

    // Only a record read without an error and replayed to its end is judged, and of its
    // repetitions only those that bear on the result are ruled on: the one the record ends in,
    // and any long enough for a side to lose by it.
    const bool replayed_cleanly = !replay.diagnostics.has_errors() && replay.status == GameStatus::Ok;
    const auto wanted = [&](const RepetitionEpisode& episode) {
        return replayed_cleanly && bears_on_result(episode, row.plies, rules);
    };
    checked.judged = judge_game(static_cast<int>(record.index), record.location, replay, rules, wanted);
    // A record not replayed cleanly is not judged at all: its repetitions are not passed over
    // for bearing on nothing.
    if (!replayed_cleanly)
        checked.judged.not_ruled.clear();
    // A reader may leave the source name out of the locations inside a record (the archive
    // reader does, to spare a copy of the path per move): they are in the record's file.
    for (Diagnostic& d : checked.judged.diagnostics)
        if (d.location.source.empty())
            d.location.source = row.file;
    add_reading_findings(row, record, replay, checked.judged.diagnostics);

    if (replayed_cleanly) {
        const ReplayedGame& game = *replay.game;
        row.repetitions = find_repetition_episodes(game).size();
        row.loser_on_board = checked.judged.board->loser;
        // Looking for a legal move is not free: only a mate or stalemate can contradict.
        if (row.loser_on_board)
            if (const auto contradiction = result_contradiction(game, row.recorded_result))
                row.findings.push_back(validation_finding(ValidationStatus::ResultContradictsBoard, game.ply_count(),
                    "validate.result-contradicts-board", describe(*contradiction),
                    { { "form", contradiction->checkmate ? "checkmate" : "stalemate" },
                        { "recorded", result_name(contradiction->recorded) },
                        { "recorded_text", std::string(to_string(contradiction->recorded)) },
                        { "on_board", result_name(contradiction->on_board) },
                        { "on_board_text", std::string(to_string(contradiction->on_board)) },
                        { "loser", std::string(to_string(contradiction->loser)) } }));
        if (const Ruling* deciding = checked.judged.deciding_ruling())
            row.ruling = RulingSummary { deciding->outcome, deciding->violator, deciding->rules,
                deciding->episode.cycle, deciding->episode.last_repeating_ply };
        add_repetition_findings(row, checked.judged);
        add_natural_limit_finding(row, checked.judged);
    }
    row.status = status_of(row.findings);
    row.check_time = std::chrono::steady_clock::now() - started;
    return checked;
}

bool has_file_findings(const Diagnostics& file_diagnostics)
{
    return std::any_of(file_diagnostics.begin(), file_diagnostics.end(),
        [](const Diagnostic& d) { return d.severity == Severity::Error || is_damaged_text(d); });
}

CheckedGame check_file_problems(const std::string& file, const Diagnostics& file_diagnostics)
{
    CheckedGame checked;
    GameValidation& row = checked.row;
    row.file = file;
    row.description = "the file itself";
    for (const Diagnostic& d : file_diagnostics)
        if (d.severity == Severity::Error)
            row.findings.push_back({ ValidationStatus::Unreadable, 0, format_diagnostic(d), d });
        else if (is_damaged_text(d))
            row.findings.push_back({ ValidationStatus::DamagedText, 0, format_diagnostic(d), d });
    row.status = status_of(row.findings);
    // Nothing to judge: the file's problems only, where a game's would be.
    checked.judged.game = 0;
    checked.judged.source = { file, 0, 0 };
    checked.judged.status = GameStatus::Unreadable;
    checked.judged.read_whole = false;
    checked.judged.diagnostics = file_diagnostics.items();
    return checked;
}

} // namespace xq
