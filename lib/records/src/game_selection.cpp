// Parsing and applying --game, --where and --shard.
#include "xq/records/game_selection.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>

#include "xq/base/search_folding.hpp"

namespace xq {

namespace {

    constexpr std::string_view game_numbers_help = "expected game numbers from 1, such as 3, 3-7 or 3-7,12";

    std::optional<std::size_t> parse_game_number(std::string_view text)
    {
        std::size_t number = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (error != std::errc() || end != text.data() + text.size() || number == 0)
            return std::nullopt;
        return number;
    }

    std::string ascii_lower(std::string_view text)
    {
        std::string lower(text);
        for (char& c : lower)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        return lower;
    }

    // The conditions as they were given: "Red~许银川 and Round=5".
    std::string described(const std::vector<TagCondition>& conditions)
    {
        std::string text;
        for (const TagCondition& c : conditions)
            text += (text.empty() ? "" : " and ") + c.tag + (c.substring ? "~" : "=") + c.value;
        return text;
    }

} // namespace

std::optional<GameNumbers> parse_game_numbers(const std::string& text, std::string& problem)
{
    GameNumbers numbers;
    std::string_view rest = text;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view part = rest.substr(0, comma);
        const std::size_t dash = part.find('-');
        const auto first = parse_game_number(part.substr(0, dash));
        const auto last = dash == std::string_view::npos ? first : parse_game_number(part.substr(dash + 1));
        if (!first || !last || *last < *first) {
            problem = "'" + text + "': " + std::string(game_numbers_help);
            return std::nullopt;
        }
        numbers.push_back({ *first, *last });
        if (comma == std::string_view::npos)
            break;
        rest.remove_prefix(comma + 1);
    }
    std::sort(numbers.begin(), numbers.end(), [](const GameRange& a, const GameRange& b) { return a.first < b.first; });
    GameNumbers merged;
    for (const GameRange& range : numbers) {
        if (!merged.empty() && range.first <= merged.back().last + 1)
            merged.back().last = std::max(merged.back().last, range.last);
        else
            merged.push_back(range);
    }
    return merged;
}

bool selected(const GameNumbers& numbers, std::size_t index)
{
    return numbers.empty() || std::any_of(numbers.begin(), numbers.end(), [index](const GameRange& range) {
        return range.first <= index && index <= range.last;
    });
}

std::optional<TagCondition> parse_tag_condition(const std::string& text)
{
    const std::size_t at = text.find_first_of("=~");
    if (at == std::string::npos || at == 0)
        return std::nullopt;
    const std::string value = text.substr(at + 1);
    return TagCondition { text.substr(0, at), value, folded_for_search(value), text[at] == '~' };
}

bool matches(const GameRecord& record, const std::vector<TagCondition>& conditions)
{
    for (const TagCondition& condition : conditions) {
        const RecordedTag* tag = record.find_tag(condition.tag);
        if (!tag)
            return false;
        std::string value = folded_for_search(tag->value);
        std::string wanted = condition.folded;
        if (ascii_lower(condition.tag) == "result") {
            if (const auto standard = normalize_result(value))
                value = *standard;
            if (const auto standard = normalize_result(wanted))
                wanted = *standard;
        }
        const bool match = condition.substring ? value.find(wanted) != std::string::npos : value == wanted;
        if (!match)
            return false;
    }
    return true;
}

Diagnostics where_selected_none(const std::vector<TagCondition>& conditions, std::size_t games_looked_at)
{
    Diagnostics problem;
    std::string given; // one condition a line, a list field
    for (const TagCondition& c : conditions)
        given += (given.empty() ? "" : "\n") + c.tag + (c.substring ? "~" : "=") + c.value;
    DiagnosticFields fields { { "conditions", given }, { "count", std::to_string(games_looked_at) } };
    if (!search_folds_traditional())
        fields.push_back({ "form", "not_folded" });
    problem.error("where.none",
        "no game matches " + described(conditions) + ": none of the " + std::to_string(games_looked_at)
            + (games_looked_at == 1 ? " game" : " games") + " looked at"
            + (search_folds_traditional()
                    ? ""
                    : " (traditional and simplified Chinese are compared as written: OpenCC's data is missing)"),
        { "--where" }, std::move(fields));
    return problem;
}

std::optional<Shard> parse_shard(const std::string& text)
{
    unsigned k = 0;
    unsigned n = 0;
    const char* const end = text.data() + text.size();
    const auto [slash, k_error] = std::from_chars(text.data(), end, k);
    if (k_error != std::errc() || slash == end || *slash != '/')
        return std::nullopt;
    const auto [rest, n_error] = std::from_chars(slash + 1, end, n);
    if (n_error != std::errc() || rest != end || k < 1 || k > n)
        return std::nullopt;
    return Shard { k - 1, n };
}

} // namespace xq
