// Telling a move text's notation by its characters, then reading it with that notation.
#include "xq/notation/move_text.hpp"

#include "move_errors.hpp"
#include "move_readers.hpp"

namespace xq {

namespace {

    bool is_file_letter(char32_t c) { return (c >= 'a' && c <= 'i') || (c >= 'A' && c <= 'I'); }
    bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }

    // A file letter, one or two digits, an optional dash, a file letter, one or two digits.
    bool looks_like_coordinates(std::u32string_view token)
    {
        std::size_t i = 0;
        const auto square = [&] {
            if (i >= token.size() || !is_file_letter(token[i]))
                return false;
            const std::size_t digits_start = ++i;
            while (i < token.size() && i < digits_start + 2 && is_digit(token[i]))
                ++i;
            return i > digits_start;
        };
        if (!square())
            return false;
        if (i < token.size() && token[i] == '-')
            ++i;
        if (!square())
            return false;
        return i == token.size() || (i + 1 == token.size() && token[i] == '+');
    }

    bool starts_like_wxf(char32_t c)
    {
        constexpr std::u32string_view starts = U"KAGEBMHNRCPSkagebmhnrcps123456789+-=.";
        return starts.find(c) != std::u32string_view::npos;
    }

    std::variant<Move, MoveError> parse_as(Notation notation, const Position& pos, std::string_view text,
        const detail::CleanMoveToken& token, IccsRanks ranks)
    {
        if (notation == Notation::Iccs)
            return detail::parse_iccs_move(pos, text, token, ranks);
        if (notation == Notation::Chinese)
            return detail::parse_chinese(pos, text, token);
        return detail::parse_wxf(pos, text, token);
    }

    bool is_syntax_error(const std::variant<Move, MoveError>& result)
    {
        const auto* error = std::get_if<MoveError>(&result);
        return error && error->kind == MoveErrorKind::Syntax;
    }

} // namespace

std::optional<Notation> detect_notation(std::string_view text)
{
    return detail::detect_notation(detail::CleanMoveToken(text));
}

std::optional<Notation> detail::detect_notation(const CleanMoveToken& cleaned)
{
    const std::u32string_view token = cleaned.code_points();
    if (token.empty())
        return std::nullopt;
    for (const char32_t c : token)
        if (c >= 0x2e80) // CJK radicals onwards; full-width ASCII is already folded
            return Notation::Chinese;
    if (looks_like_coordinates(token))
        return Notation::Iccs;
    if (starts_like_wxf(token.front()))
        return Notation::Wxf;
    return std::nullopt;
}

std::variant<Move, MoveError> parse_move(const Position& pos, std::string_view text, const MoveTextOptions& options)
{
    const detail::CleanMoveToken token(text);
    const auto detected = detail::detect_notation(token);
    if (!options.expected) {
        if (!detected)
            return detail::syntax_error(text, "a move", "it is not ICCS, WXF or Chinese notation");
        return parse_as(*detected, pos, text, token, options.iccs_ranks);
    }
    auto result = parse_as(*options.expected, pos, text, token, options.iccs_ranks);
    if (!is_syntax_error(result) || !detected || *detected == *options.expected)
        return result;
    auto other = parse_as(*detected, pos, text, token, options.iccs_ranks);
    return is_syntax_error(other) ? result : other;
}

} // namespace xq
