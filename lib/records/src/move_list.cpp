// Splitting a typed move list at spaces and commas (full-width ones too), move numbers skipped.
#include "xq/records/move_list.hpp"

#include "xq/base/utf8.hpp"

namespace xq {

namespace {

    // The byte length of the separator at i, or 0.
    std::size_t separator_at(std::string_view text, std::size_t i)
    {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ';')
            return 1;
        // What a Chinese input method types between moves: U+3000 IDEOGRAPHIC SPACE, U+3001
        // IDEOGRAPHIC COMMA, U+FF0C FULLWIDTH COMMA and U+FF1B FULLWIDTH SEMICOLON.
        static constexpr std::string_view wide_separators[] = { "\u3000", "\u3001", "\uFF0C", "\uFF1B" };
        for (const std::string_view wide : wide_separators)
            if (text.substr(i, wide.size()) == wide)
                return wide.size();
        return 0;
    }

    bool is_move_number(std::string_view token)
    {
        std::size_t digits = 0;
        while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9')
            ++digits;
        return digits > 0 && digits < token.size() && token.find_first_not_of('.', digits) == std::string_view::npos;
    }

} // namespace

GameRecord record_from_move_list(
    std::string_view fen, std::string_view moves, const std::string& fen_source, const std::string& moves_source)
{
    GameRecord record;
    record.index = 1;
    record.location = { moves_source, 1, 1 };
    if (!fen.empty())
        record.start_fen = LocatedText { std::string(fen), { fen_source, 1, 1 } };
    std::size_t i = 0;
    while (i < moves.size()) {
        if (const std::size_t width = separator_at(moves, i)) {
            i += width;
            continue;
        }
        const std::size_t start = i;
        while (i < moves.size() && separator_at(moves, i) == 0)
            ++i;
        const std::string_view token = moves.substr(start, i - start);
        if (is_move_number(token))
            continue;
        RecordedMove move;
        move.text = std::string(token);
        move.location = { moves_source, 1, static_cast<std::uint32_t>(utf8::column_of(moves, start)) };
        record.moves.push_back(std::move(move));
    }
    return record;
}

} // namespace xq
