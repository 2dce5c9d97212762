// Wording a diagnostic from the catalogue: each placeholder derived from the fields.
#include "xq/report/diagnostic_text.hpp"

#include "xq/base/diagnostic_codes.hpp"

namespace xq {

namespace {

    std::string_view form_of(const Diagnostic& d)
    {
        const std::string* form = d.field("form");
        return form ? std::string_view(*form) : std::string_view();
    }

    // A number as Chinese notation writes it for `side`: 一..九 for Red, １..９ for Black.
    std::optional<std::string> chinese_numeral(std::string_view number, std::string_view side)
    {
        static constexpr std::string_view red[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };
        static constexpr std::string_view black[] = { "１", "２", "３", "４", "５", "６", "７", "８", "９" };
        if (number.size() != 1 || number[0] < '1' || number[0] > '9')
            return std::nullopt;
        const auto index = static_cast<std::size_t>(number[0] - '1');
        return std::string(side == "black" ? black[index] : red[index]);
    }

    // The file of an ICCS square ("h0") as `side` counts it: from its own right, 1..9.
    std::optional<std::string> file_number_of(std::string_view square, std::string_view side)
    {
        if (square.empty() || square[0] < 'a' || square[0] > 'i')
            return std::nullopt;
        const int file = square[0] - 'a';
        return std::to_string(side == "black" ? file + 1 : 9 - file);
    }

    std::string ordinal(const std::string& number)
    {
        const int n = std::stoi(number);
        const char* suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th"
            : n % 10 == 1                                     ? "st"
            : n % 10 == 2                                     ? "nd"
            : n % 10 == 3                                     ? "rd"
                                                              : "th";
        return number + suffix;
    }

    class Wording {
    public:
        Wording(const Diagnostic& d, const MessageCatalogue& m)
            : d_(d)
            , m_(m)
        {
        }

        bool failed() const { return failed_; }
        // Whether a phrase used {english}, the whole English message, its context included.
        bool quoted_english() const { return quoted_english_; }

        std::string phrase(const std::string& key)
        {
            if (!catalogued_phrase(key.substr(std::string_view("diagnostic.").size()), {})) {
                failed_ = true;
                return {};
            }
            return m_.format(key, [this](std::string_view name) { return argument(name); });
        }

        std::string argument(std::string_view name)
        {
            if (name == "english") {
                quoted_english_ = true;
                return d_.message;
            }
            if (name == "game")
                return game();
            if (name == "side")
                return phrase("diagnostic.side." + field("side"));
            if (name == "reason")
                return phrase("diagnostic.illegal." + field("reason"));
            if (name == "motion")
                return phrase("diagnostic.motion." + field("motion"));
            if (name == "numeral")
                return numeral(field("argument"), field("piece_side"));
            if (name == "piece")
                return phrase("diagnostic.kind." + field("piece_side") + "." + field("piece"));
            if (name == "blocker")
                return phrase("diagnostic.kind." + field("blocker_side") + "." + field("blocker"));
            if (name == "blocker_piece") {
                const std::string key = "piece." + field("blocker_side") + "." + field("blocker");
                return failed_ ? std::string() : m_.format(key);
            }
            if (name == "piece_file")
                return file_of("piece");
            if (name == "blocker_file")
                return file_of("blocker");
            if (name == "file_numeral")
                return numeral(field("file"), field("piece_side"));
            if (name == "blocker_owner")
                return phrase(std::string("diagnostic.owner.")
                    + (field("blocker_side") == field("piece_side") ? "own" : "enemy"));
            if (name == "error")
                return phrase("diagnostic.io.error." + field("errno"));
            if (name == "expects") {
                const std::string option = field("option");
                return phrase("diagnostic.usage.expects." + option.substr(option.find_first_not_of('-')));
            }
            if (name == "rank_ordinal")
                return ordinal(field("rank"));
            // A finding's ruling and recorded result in the catalogue's words (outcome.*, result.*).
            if (name == "outcome_words") {
                const std::string outcome = field("outcome");
                return failed_ ? std::string() : m_.format("outcome." + outcome);
            }
            for (const std::string_view result : { "result", "recorded", "on_board" })
                if (name == std::string(result) + "_words") {
                    const std::string value = field(result);
                    return failed_ ? std::string() : m_.format("result." + value);
                }
            if (name == "loser_words") {
                const std::string loser = field("loser");
                return failed_ ? std::string() : m_.format("side." + loser);
            }
            if (name == "length")
                return phrase(std::string("diagnostic.length.") + (field("plies") == "1" ? "one" : "several"));
            if (name == "rules" || name == "allowed" || name == "arguments" || name == "conditions")
                return list(name);
            return field(name);
        }

    private:
        std::string field(std::string_view name)
        {
            const std::string* value = d_.field(name);
            if (!value) {
                failed_ = true;
                return {};
            }
            return *value;
        }

        // A list field's items, one a line (a finding's `rules`: separated by ", "), joined as
        // the catalogue joins a list.
        std::string list(std::string_view name)
        {
            const std::string value = field(name);
            const std::string_view separator = name == "rules" ? ", " : "\n";
            const std::string joint = m_.format("list.separator");
            std::string out;
            for (std::size_t start = 0;;) {
                const std::size_t end = value.find(separator, start);
                out += value.substr(start, end == std::string::npos ? end : end - start);
                if (end == std::string::npos)
                    return out;
                out += joint;
                start = end + separator.size();
            }
        }

        std::string numeral(const std::string& number, const std::string& side)
        {
            const auto chinese = chinese_numeral(number, side);
            if (!chinese)
                failed_ = true;
            return chinese.value_or(std::string());
        }

        std::string file_of(const std::string& role)
        {
            const std::string side = field(role + "_side");
            const auto number = file_number_of(field(role + "_square"), side);
            if (!number) {
                failed_ = true;
                return {};
            }
            return numeral(*number, side);
        }

        std::string game()
        {
            const std::string number = field("game_number");
            const std::string red = field("game_red");
            const std::string black = field("game_black");
            const std::string title = field("game_title");
            if (failed_)
                return {};
            if (!red.empty() && !black.empty())
                return m_.format(
                    "diagnostic.game_players", { { "number", number }, { "red", red }, { "black", black } });
            if (!title.empty())
                return m_.format("diagnostic.game_titled", { { "number", number }, { "title", title } });
            return m_.format("diagnostic.game", { { "number", number } });
        }

        const Diagnostic& d_;
        const MessageCatalogue& m_;
        bool failed_ = false;
        bool quoted_english_ = false;
    };

} // namespace

bool has_catalogued_message(const Diagnostic& diagnostic)
{
    return catalogued_phrase(diagnostic.code, form_of(diagnostic)) != nullptr;
}

std::optional<std::string> catalogued_message(const Diagnostic& diagnostic, const MessageCatalogue& messages)
{
    const CataloguedPhrase* phrase = catalogued_phrase(diagnostic.code, form_of(diagnostic));
    if (!phrase)
        return std::nullopt;
    Wording wording(diagnostic, messages);
    std::string text = wording.phrase("diagnostic." + std::string(phrase->key));
    if (const std::string* context = diagnostic.field("context"); context && !wording.quoted_english())
        text = wording.phrase("diagnostic.context." + *context) + text;
    if (wording.failed())
        return std::nullopt;
    return text;
}

std::string diagnostic_message(const Diagnostic& diagnostic, const MessageCatalogue& messages)
{
    // The library's English is the message itself, context and all ("; in game 3 (...)"),
    // which a phrase without that context's fields would lose.
    if (messages.language() == "en")
        return diagnostic.message;
    return catalogued_message(diagnostic, messages).value_or(diagnostic.message);
}

std::string format_diagnostic(const Diagnostic& diagnostic, const MessageCatalogue& messages)
{
    Diagnostic worded = diagnostic;
    worded.message = diagnostic_message(diagnostic, messages);
    return format_diagnostic(worded);
}

} // namespace xq
