// Names of record formats, how a game is named in messages, and result spellings normalised.
#include "xq/records/game_record.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace xq {

namespace {

    bool equal_ignoring_ascii_case(std::string_view a, std::string_view b)
    {
        auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
        return a.size() == b.size()
            && std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
    }

    std::string_view tag_value(const GameRecord& game, std::string_view name)
    {
        const RecordedTag* tag = game.find_tag(name);
        return tag ? std::string_view(tag->value) : std::string_view();
    }

    constexpr std::array<std::pair<std::string_view, std::string_view>, 11> result_spellings = { {
        { "1-0", "1-0" },
        { "0-1", "0-1" },
        { "1/2-1/2", "1/2-1/2" },
        { "*", "*" },
        { "红胜", "1-0" },
        { "紅勝", "1-0" },
        { "黑胜", "0-1" },
        { "黑勝", "0-1" },
        { "和局", "1/2-1/2" },
        { "和棋", "1/2-1/2" },
        { "未知", "*" },
    } };

} // namespace

std::string_view to_string(RecordFormat format)
{
    switch (format) {
    case RecordFormat::Pgn:
        return "PGN";
    case RecordFormat::DhtmlXq:
        return "DhtmlXQ";
    case RecordFormat::MoveList:
        return "move list";
    case RecordFormat::Xqf:
        return "XQF";
    case RecordFormat::Cbr:
        return "CBR";
    case RecordFormat::Cbl:
        return "CBL";
    case RecordFormat::Cbf:
        return "CBF";
    case RecordFormat::BinaryData:
        return "binary data";
    }
    return "PGN";
}

const RecordedTag* GameRecord::find_tag(std::string_view name) const
{
    const auto it = std::find_if(
        tags.begin(), tags.end(), [&](const RecordedTag& tag) { return equal_ignoring_ascii_case(tag.name, name); });
    return it == tags.end() ? nullptr : &*it;
}

std::string describe_game(const GameRecord& game)
{
    std::string out = "game " + std::to_string(game.index);
    std::string_view red = tag_value(game, "Red");
    if (red.empty())
        red = tag_value(game, "White");
    const std::string_view black = tag_value(game, "Black");
    if (!red.empty() && !black.empty())
        return out + " (" + std::string(red) + " vs " + std::string(black) + ")";
    for (const std::string_view name : { "Event", "Title" }) {
        const std::string_view value = tag_value(game, name);
        if (!value.empty())
            return out + " (" + std::string(value) + ")";
    }
    return out;
}

DiagnosticFields game_fields(const GameRecord& game)
{
    DiagnosticFields fields { { "game_number", std::to_string(game.index) } };
    std::string_view red = tag_value(game, "Red");
    if (red.empty())
        red = tag_value(game, "White");
    const std::string_view black = tag_value(game, "Black");
    std::string_view title;
    if (red.empty() || black.empty())
        for (const std::string_view name : { "Event", "Title" })
            if (title.empty())
                title = tag_value(game, name);
    const bool players = !red.empty() && !black.empty();
    fields.push_back({ "game_red", players ? std::string(red) : std::string() });
    fields.push_back({ "game_black", players ? std::string(black) : std::string() });
    fields.push_back({ "game_title", std::string(title) });
    return fields;
}

std::optional<std::string_view> normalize_result(std::string_view text)
{
    for (const auto& [spelling, standard] : result_spellings)
        if (text == spelling)
            return standard;
    return std::nullopt;
}

} // namespace xq
