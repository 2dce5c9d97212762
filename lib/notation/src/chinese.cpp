// The Chinese notation reader, token shape by token shape, and the XQWizard-style writer.
#include "xq/notation/chinese.hpp"

#include <array>
#include <cassert>
#include <optional>
#include <span>
#include <utility>

#include "file_notation.hpp"
#include "move_errors.hpp"
#include "move_readers.hpp"
#include "xq/base/utf8.hpp"

// A Chinese token is four or five characters, each a piece (P), a position marker (前 后 中),
// a number (N: a Chinese numeral or a digit, whichever side moves) or a direction (D):
//
//   P N D N    炮二平五      the piece on file 2
//   前 P D N   前车进一      front / rear / middle piece of its kind on one file (also 車前进一)
//   N P D N    二兵平五      xqbase: tandem soldier number 2
//   前 N D N   前九平八      DhtmlXQ, piece left out: the front soldier on file 9
//   N N D N    二7平6        DhtmlXQ, piece left out: the second soldier on file 7
//   前 P N D N 前兵四平五    the front soldier on file 4
//   N P N D N  二兵四平五    the second soldier on file 4
//
// The first character tells a piece from a position, so a numeral there is never a file.

namespace xq {

namespace {

    using detail::Direction;
    using detail::kind_bit;
    using detail::Pick;
    using detail::PieceKinds;
    using detail::Selector;
    using detail::Tier;

    constexpr std::string_view notation_name = "a Chinese move";

    struct Glyph {
        enum class Role { Piece, Position, Number, Direction } role;
        int value; // PieceType, Pick, 1..9, Direction
    };

    constexpr std::pair<char32_t, PieceType> piece_glyphs[] = {
        { U'帅', PieceType::King },
        { U'帥', PieceType::King },
        { U'将', PieceType::King },
        { U'將', PieceType::King },
        { U'仕', PieceType::Advisor },
        { U'士', PieceType::Advisor },
        { U'相', PieceType::Elephant },
        { U'象', PieceType::Elephant },
        { U'马', PieceType::Horse },
        { U'馬', PieceType::Horse },
        { U'傌', PieceType::Horse },
        { U'车', PieceType::Chariot },
        { U'車', PieceType::Chariot },
        { U'俥', PieceType::Chariot },
        { U'炮', PieceType::Cannon },
        { U'砲', PieceType::Cannon },
        { U'包', PieceType::Cannon },
        { U'兵', PieceType::Soldier },
        { U'卒', PieceType::Soldier },
    };

    constexpr std::pair<char32_t, Direction> direction_glyphs[] = {
        { U'进', Direction::Forward },
        { U'進', Direction::Forward },
        { U'上', Direction::Forward }, // old books
        { U'退', Direction::Backward },
        { U'下', Direction::Backward }, // old books
        { U'平', Direction::Sideways },
    };

    constexpr std::pair<char32_t, Pick> position_glyphs[] = {
        { U'前', Pick::Front },
        { U'后', Pick::Rear },
        { U'後', Pick::Rear },
        { U'中', Pick::Middle },
    };

    constexpr std::u32string_view chinese_numerals = U"一二三四五六七八九";

    // Every character above in a hash table: every character of every move is looked up, and
    // a search's branches cost more than the hash.
    class GlyphTable {
    public:
        constexpr GlyphTable()
        {
            for (const auto& [glyph, kind] : piece_glyphs)
                add(glyph, { Glyph::Role::Piece, static_cast<int>(kind) });
            for (const auto& [glyph, direction] : direction_glyphs)
                add(glyph, { Glyph::Role::Direction, static_cast<int>(direction) });
            for (const auto& [glyph, pick] : position_glyphs)
                add(glyph, { Glyph::Role::Position, static_cast<int>(pick) });
            for (std::size_t i = 0; i < chinese_numerals.size(); ++i)
                add(chinese_numerals[i], { Glyph::Role::Number, static_cast<int>(i) + 1 });
        }

        constexpr std::optional<Glyph> find(char32_t c) const
        {
            for (std::size_t i = home(c);; i = (i + 1) % slots_.size()) {
                if (slots_[i].character == c)
                    return slots_[i].glyph;
                if (slots_[i].character == 0)
                    return std::nullopt;
            }
        }

    private:
        struct Slot {
            char32_t character = 0; // 0: empty
            Glyph glyph {};
        };

        static constexpr std::size_t home(char32_t c) { return (c * 2654435761u) >> 26; } // 0..63

        constexpr void add(char32_t c, Glyph glyph)
        {
            std::size_t i = home(c);
            while (slots_[i].character != 0)
                i = (i + 1) % slots_.size();
            slots_[i] = { c, glyph };
        }

        // 38 characters in 64 places: the table always has an empty place to end a search.
        std::array<Slot, 64> slots_ {};
    };

    constexpr GlyphTable glyph_table;

    std::optional<Glyph> classify(char32_t c)
    {
        if (c >= '1' && c <= '9') // full-width digits are folded to these by CleanMoveToken
            return Glyph { Glyph::Role::Number, static_cast<int>(c - '0') };
        return c == 0 ? std::nullopt : glyph_table.find(c);
    }

    // Every reading of the piece part (the characters before the direction); empty when it
    // names no piece.
    detail::Readings read_piece_part(std::span<const Glyph> head)
    {
        using Role = Glyph::Role;
        const auto role = [&](std::size_t i, Role r) { return head[i].role == r; };
        const auto kinds = [&](std::size_t i) { return kind_bit(static_cast<PieceType>(head[i].value)); };
        const auto pick = [&](std::size_t i) { return static_cast<Pick>(head[i].value); };
        const PieceKinds soldier = kind_bit(PieceType::Soldier);
        detail::Readings readings;
        if (head.size() == 2) {
            if (role(0, Role::Piece) && role(1, Role::Number)) {
                readings.push_back({ kinds(0), Pick::OnFile, head[1].value });
                readings.push_back({ kinds(0), Pick::AnyOnFile, head[1].value, 0, Tier::Fallback });
            } else if (role(0, Role::Position) && role(1, Role::Piece)) {
                readings.push_back({ kinds(1), pick(0) });
            } else if (role(0, Role::Piece) && role(1, Role::Position)) {
                readings.push_back({ kinds(0), pick(1) });
            } else if (role(0, Role::Number) && role(1, Role::Piece) && kinds(1) == soldier) {
                readings.push_back({ soldier, Pick::Numbered, 0, head[0].value });
            } else if (role(0, Role::Position) && role(1, Role::Number)) {
                readings.push_back({ soldier, pick(0), head[1].value });
            } else if (role(0, Role::Number) && role(1, Role::Number)) {
                readings.push_back({ soldier, Pick::Ordinal, head[1].value, head[0].value });
            }
        } else if (head.size() == 3 && role(1, Role::Piece) && role(2, Role::Number)) {
            if (role(0, Role::Position))
                readings.push_back({ kinds(1), pick(0), head[2].value });
            else if (role(0, Role::Number))
                readings.push_back({ kinds(1), Pick::Ordinal, head[2].value, head[0].value });
        }
        return readings;
    }

    std::variant<detail::FileMoveText, std::string> read_chinese(const detail::CleanMoveToken& cleaned)
    {
        std::u32string_view token = cleaned.code_points();
        if (!token.empty() && token.back() == '+') // a check mark some tools append
            token.remove_suffix(1);
        std::array<Glyph, 5> glyphs {};
        std::size_t count = 0;
        for (const char32_t c : token) {
            const auto glyph = classify(c);
            if (!glyph) {
                std::string shown;
                utf8::append(shown, c);
                return "'" + shown + "' is not a character of Chinese notation";
            }
            if (count < glyphs.size())
                glyphs[count] = *glyph;
            ++count;
        }
        if (count < 4 || count > 5)
            return std::string("a Chinese move has four or five characters, such as 炮二平五 or 前兵四平五");
        const Glyph& direction = glyphs[count - 2];
        const Glyph& number = glyphs[count - 1];
        if (direction.role != Glyph::Role::Direction || number.role != Glyph::Role::Number)
            return std::string("a Chinese move ends with a direction (进, 退 or 平) and a number");
        detail::FileMoveText meaning;
        meaning.direction = static_cast<Direction>(direction.value);
        meaning.argument = number.value;
        meaning.selectors = read_piece_part(std::span(glyphs.data(), count - 2));
        if (meaning.selectors.empty())
            return std::string("the characters before the direction name no piece: expected a piece "
                               "and its file (炮二), or 前/中/后 or a number with a piece (前车, 二兵)");
        return meaning;
    }

    struct Script {
        std::array<std::array<std::string_view, piece_type_count>, 2> pieces; // by Color, PieceType
        std::array<std::string_view, 3> directions; // by Direction
        std::string_view rear;
    };

    constexpr Script simplified {
        { { { "帅", "仕", "相", "马", "车", "炮", "兵" }, { "将", "士", "象", "马", "车", "炮", "卒" } } },
        { "进", "退", "平" },
        "后",
    };
    constexpr Script traditional {
        { { { "帥", "仕", "相", "馬", "車", "炮", "兵" }, { "將", "士", "象", "馬", "車", "炮", "卒" } } },
        { "進", "退", "平" },
        "後",
    };

    constexpr std::array<std::string_view, 9> red_numerals = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };
    constexpr std::array<std::string_view, 9> black_digits = { "１", "２", "３", "４", "５", "６", "７", "８", "９" };

} // namespace

std::variant<Move, MoveError> parse_chinese(const Position& pos, std::string_view text)
{
    return detail::parse_chinese(pos, text, detail::CleanMoveToken(text));
}

std::variant<Move, MoveError> detail::parse_chinese(
    const Position& pos, std::string_view text, const CleanMoveToken& token)
{
    auto meaning = read_chinese(token);
    if (const auto* reason = std::get_if<std::string>(&meaning))
        return detail::syntax_error(text, notation_name, *reason);
    return detail::resolve(pos, text, std::get<detail::FileMoveText>(meaning));
}

std::string to_chinese(const Position& pos, Move m, ChineseScript script)
{
    const Script& glyphs = script == ChineseScript::Simplified ? simplified : traditional;
    const detail::FileCensus census(pos, pos.piece_on(m.from()).color());
    const detail::FileMove move = detail::describe(pos, census, m);
    const Color side = pos.piece_on(m.from()).color();
    const auto number = [&](int n) {
        const auto& numbers = side == Color::Red ? red_numerals : black_digits;
        return numbers[static_cast<std::size_t>(n - 1)];
    };
    const detail::PiecePlace& piece = move.piece;
    const std::string_view glyph = glyphs.pieces[index(side)][index(piece.kind)];
    const int n = piece.pieces_on_file;
    const int i = piece.from_front;

    std::string text;
    if (n == 1 || piece.kind == PieceType::Advisor || piece.kind == PieceType::Elephant) {
        text.append(glyph).append(number(piece.file));
    } else if (piece.kind != PieceType::Soldier || (piece.tandem_soldier_files == 1 && n <= 3)) {
        text.append(i == 0 ? "前" : i == n - 1 ? glyphs.rear : "中").append(glyph);
    } else {
        assert(piece.tandem_number >= 1 && piece.tandem_number <= 5); // a side has five soldiers
        text.append(red_numerals[static_cast<std::size_t>(piece.tandem_number - 1)]).append(glyph);
    }
    text.append(glyphs.directions[static_cast<std::size_t>(move.direction)]).append(number(move.argument));
    return text;
}

} // namespace xq
