// Writing validate's rows (summary, JSON lines, RFC 4180 CSV) and tallying the summary's end.
#include "xq/report/validation_report.hpp"

#include <algorithm>
#include <cstdio>

#include "ruling_json.hpp"
#include "xq/base/utf8.hpp"
#include "xq/report/diagnostic_text.hpp"

namespace xq {

namespace {

    // How many games each list of the summary names.
    constexpr std::size_t notable_count = 3;

    ValidationTally::Notable notable(const GameValidation& row, double figure)
    {
        return { figure, row.file, row.line, row.game, row.description, row.red, row.black };
    }

    // The game in the catalogue's words, as diagnostics name it: its players, else the tag in
    // brackets after its number in the row's description (its Event, or Title), else its number.
    std::string game_name(const ValidationTally::Notable& n, const MessageCatalogue& messages)
    {
        if (n.game == 0)
            return messages.format("validate.the_file");
        const std::string number = std::to_string(n.game);
        if (!n.red.empty() && !n.black.empty())
            return messages.format(
                "diagnostic.game_players", { { "number", number }, { "red", n.red }, { "black", n.black } });
        const std::string plain = "game " + number;
        if (n.description.size() > plain.size() + 3 && n.description.starts_with(plain + " (")
            && n.description.ends_with(')'))
            return messages.format("diagnostic.game_titled",
                { { "number", number },
                    { "title", n.description.substr(plain.size() + 2, n.description.size() - plain.size() - 3) } });
        return messages.format("diagnostic.game", { { "number", number } });
    }

    std::string where(const ValidationTally::Notable& n, const MessageCatalogue& messages)
    {
        // A binary record file has no lines (line 0).
        const std::string place = n.game == 0 || n.line == 0 ? n.file : n.file + ":" + std::to_string(n.line);
        return messages.format("validate.where", { { "place", place }, { "game", game_name(n, messages) } });
    }

    std::string status_name(ValidationStatus status, const MessageCatalogue& messages)
    {
        return messages.format("validate.status." + std::string(to_string(status)));
    }

    // The finding's message in the catalogue's language: a diagnostic worded from it (with its
    // place in the file, when it has one), else the sentence the validation made.
    std::string finding_message(const Finding& f, const MessageCatalogue& messages)
    {
        if (!f.diagnostic)
            return f.message;
        return f.diagnostic->location.source.empty() ? diagnostic_message(*f.diagnostic, messages)
                                                     : format_diagnostic(*f.diagnostic, messages);
    }

    std::string finding_text(const Finding& f, const MessageCatalogue& messages)
    {
        const std::string status = status_name(f.kind, messages);
        if (f.ply > 0)
            return messages.format("finding.at_ply",
                { { "status", status }, { "ply", std::to_string(f.ply) },
                    { "message", finding_message(f, messages) } });
        return messages.format("finding.plain", { { "status", status }, { "message", finding_message(f, messages) } });
    }

    std::string board_result(const GameValidation& row)
    {
        if (!row.loser_on_board)
            return {};
        return std::string(
            to_string(*row.loser_on_board == Color::Red ? RecordedResult::BlackWins : RecordedResult::RedWins));
    }

    std::string summary_text(const GameValidation& row, const MessageCatalogue& messages)
    {
        if (row.findings.empty())
            return {};
        std::string out
            = messages.format("validate.game_status",
                  { { "where", where(notable(row, 0), messages) }, { "status", status_name(row.status, messages) } })
            + '\n';
        for (const Finding& f : row.findings)
            out += "  " + finding_text(f, messages) + '\n';
        return out;
    }

    // adjudicate's object for the game, with validate's status and fields.
    std::string jsonl_text(const CheckedGame& checked, const RuleSet& rules, const MessageCatalogue& messages)
    {
        const GameValidation& row = checked.row;
        std::string text;
        json_form::JsonWriter out(text);
        out.begin_object();
        json_form::write_game_ruling_members(out, checked.judged, rules, messages, to_string(row.status),
            row.game == 0 ? row.file : json_form::game_source(checked.judged));
        out.member("file", row.file);
        out.member("line", row.line);
        out.member("event", row.event);
        out.member("red", row.red);
        out.member("black", row.black);
        out.member("date", row.date);
        out.key("failed_ply");
        if (row.failed_ply > 0)
            out.value(row.failed_ply);
        else
            out.null();
        out.key("findings");
        out.begin_array();
        for (const Finding& f : row.findings) {
            out.begin_object();
            out.member("status", to_string(f.kind));
            out.key("ply");
            if (f.ply > 0)
                out.value(f.ply);
            else
                out.null();
            out.member("message", finding_message(f, messages));
            out.end_object();
        }
        out.end_array();
        out.key("board_result");
        if (const std::string on_board = board_result(row); on_board.empty())
            out.null();
        else
            out.value(on_board);
        out.key("ruling_agrees");
        if (row.ruling_agrees)
            out.value(*row.ruling_agrees);
        else
            out.null();
        out.end_object();
        text += '\n';
        return text;
    }

    // RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. A field
    // a spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage
    // return: a tag such as [Event "=HYPERLINK(...)"]) gets a leading ', as OWASP advises, so
    // that it is shown as text and never run.
    std::string csv_field(std::string_view text)
    {
        const bool formula_like
            = !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
        const std::string cell = formula_like ? "'" + std::string(text) : std::string(text);
        if (cell.find_first_of(",\"\r\n") == std::string::npos)
            return cell;
        std::string out = "\"";
        for (const char c : cell) {
            if (c == '"')
                out += '"';
            out += c;
        }
        return out + '"';
    }

    std::string csv_text(const GameValidation& row, const MessageCatalogue& messages)
    {
        std::string rules;
        std::string findings;
        if (row.ruling)
            for (const std::string& rule : row.ruling->rules)
                rules += (rules.empty() ? "" : " ") + rule;
        for (const Finding& f : row.findings)
            findings += (findings.empty() ? "" : " | ") + finding_text(f, messages);
        const std::string_view agrees = !row.ruling_agrees ? "" : *row.ruling_agrees ? "true" : "false";
        const std::string fields[] = {
            row.file,
            std::to_string(row.game),
            std::to_string(row.line),
            row.event,
            row.red,
            row.black,
            row.date,
            std::to_string(row.plies),
            std::string(to_string(row.status)),
            row.failed_ply > 0 ? std::to_string(row.failed_ply) : "",
            std::string(to_string(row.recorded_result)),
            board_result(row),
            std::to_string(row.repetitions),
            row.ruling ? (row.ruling->violator ? std::string(to_string(*row.ruling->violator)) : "none") : "",
            row.ruling ? std::string(to_string(row.ruling->outcome)) : "",
            rules,
            std::string(agrees),
            findings,
        };
        std::string line;
        for (const std::string& field : fields)
            line += (line.empty() ? "" : ",") + csv_field(field);
        return line + '\n';
    }

    // Keeps the `notable_count` highest figures, the earlier row first among equals. Rows come
    // in input order, so a later row with an equal figure never displaces one kept.
    void keep_notable(std::vector<ValidationTally::Notable>& list, double figure, const GameValidation& row)
    {
        if (list.size() == notable_count && figure <= list.back().figure)
            return;
        const auto at = std::find_if(
            list.begin(), list.end(), [&](const ValidationTally::Notable& n) { return figure > n.figure; });
        list.insert(at, notable(row, figure));
        if (list.size() > notable_count)
            list.pop_back();
    }

    std::string decimal(double value, int digits)
    {
        char text[64];
        std::snprintf(text, sizeof text, "%.*f", digits, value);
        return text;
    }

} // namespace

std::optional<ValidationFormat> parse_validation_format(std::string_view name)
{
    if (name == "summary")
        return ValidationFormat::Summary;
    if (name == "jsonl")
        return ValidationFormat::Jsonl;
    if (name == "csv")
        return ValidationFormat::Csv;
    return std::nullopt;
}

std::string render_validation_row(
    const CheckedGame& game, ValidationFormat format, const RuleSet& rules, const MessageCatalogue& messages)
{
    switch (format) {
    case ValidationFormat::Jsonl:
        return jsonl_text(game, rules, messages);
    case ValidationFormat::Csv:
        return csv_text(game.row, messages);
    case ValidationFormat::Summary:
        break;
    }
    // The summary is for the terminal: a game's names may not reorder its lines.
    return utf8::escape_bidi_controls(summary_text(game.row, messages));
}

std::string validation_csv_header()
{
    return "file,game,line,event,red,black,date,plies,status,failed_ply,recorded_result,board_result,"
           "repetitions,ruling_violator,ruling_outcome,ruling_rules,ruling_agrees,findings\n";
}

void ValidationTally::add(const GameValidation& row)
{
    ++rows_;
    ++counts_[static_cast<std::size_t>(row.status)];
    if (row.game == 0)
        return; // a file that could not be read
    ++games_;
    plies_ += static_cast<std::size_t>(row.plies);
    if (row.repetitions > 0) {
        ++games_repeating_;
        keep_notable(most_repetitions_, static_cast<double>(row.repetitions), row);
    }
    if (row.ruling_agrees)
        ++(*row.ruling_agrees ? rulings_agreeing_ : rulings_against_);
    if (row.status == ValidationStatus::Ok && row.plies == 0) {
        ++games_without_moves_;
        if (without_moves_.size() < notable_count)
            without_moves_.push_back(notable(row, 0));
    }
    if (row.plies > 0)
        keep_notable(longest_, static_cast<double>(row.plies), row);
    keep_notable(slowest_, std::chrono::duration<double, std::milli>(row.check_time).count(), row);
}

void ValidationTally::add(const FinishedFile& file)
{
    ++files_;
    bytes_ += file.bytes;
    if (file.games == 0)
        ++files_without_games_;
}

void write_validation_summary_end(std::ostream& out, const ValidationTally& tally,
    std::chrono::duration<double> elapsed, unsigned jobs, const MessageCatalogue& messages)
{
    const auto count = [](std::size_t n) { return std::to_string(n); };
    if (!tally.clean())
        out << '\n';
    const std::string megabytes = decimal(static_cast<double>(tally.bytes_) / 1e6, 1);
    out << (tally.files_without_games_ > 0
            ? messages.format("validate.files_without_games",
                { { "files", count(tally.files_) }, { "megabytes", megabytes },
                    { "without", count(tally.files_without_games_) } })
            : messages.format("validate.files", { { "files", count(tally.files_) }, { "megabytes", megabytes } }))
        << '\n';
    out << messages.format("validate.games", { { "games", count(tally.games_) }, { "plies", count(tally.plies_) } })
        << '\n';
    for (const ValidationStatus status : all_validation_statuses) {
        // Padded to 24 columns, a Chinese character taking two.
        const std::string name = status_name(status, messages);
        const std::size_t characters = utf8::count_code_points(name);
        const std::size_t width = characters + (characters == name.size() ? 0 : characters);
        char count_column[32];
        std::snprintf(count_column, sizeof count_column, " %8zu\n", tally.count(status));
        out << "  " << name << std::string(width < 24 ? 24 - width : 0, ' ') << count_column;
    }
    out << messages.format("validate.repetitions",
        { { "games", count(tally.games_repeating_) },
            { "at_stake", count(tally.rulings_agreeing_ + tally.rulings_against_) },
            { "agreeing", count(tally.rulings_agreeing_) }, { "against", count(tally.rulings_against_) } })
        << '\n';

    out << messages.format("validate.worth_a_look") << '\n';
    for (const ValidationTally::Notable& n : tally.longest_)
        out << "  "
            << messages.format("validate.longest",
                   { { "plies", decimal(n.figure, 0) }, { "where", utf8::escape_bidi_controls(where(n, messages)) } })
            << '\n';
    for (const ValidationTally::Notable& n : tally.most_repetitions_)
        out << "  "
            << messages.format("validate.most_repetitions",
                   { { "count", decimal(n.figure, 0) }, { "where", utf8::escape_bidi_controls(where(n, messages)) } })
            << '\n';
    for (const ValidationTally::Notable& n : tally.without_moves_)
        out << "  "
            << messages.format("validate.without_moves",
                   { { "games", count(tally.games_without_moves_) },
                       { "where", utf8::escape_bidi_controls(where(n, messages)) } })
            << '\n';

    const double seconds = std::max(elapsed.count(), 1e-9);
    out << messages.format(jobs == 1 ? "validate.time_one_job" : "validate.time",
        { { "seconds", decimal(seconds, 2) }, { "jobs", count(jobs) },
            { "games_per_second", decimal(static_cast<double>(tally.games_) / seconds, 0) },
            { "megabytes_per_second", decimal(static_cast<double>(tally.bytes_) / 1e6 / seconds, 1) } })
        << '\n';
    for (const ValidationTally::Notable& n : tally.slowest_)
        out << messages.format("validate.slowest",
            { { "milliseconds", decimal(n.figure, 1) }, { "where", utf8::escape_bidi_controls(where(n, messages)) } })
            << '\n';
}

} // namespace xq
