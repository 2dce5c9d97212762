// The board's vocabulary: colours, piece types, pieces, squares, palace and river.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace xq {

// The board has 9 files (a..i, left to right from Red's side) and 10 ranks
// (0..9, Red's back rank is 0), as in ICCS coordinates. Square = rank * 9 + file.
constexpr int file_count = 9;
constexpr int rank_count = 10;
constexpr int square_count = file_count * rank_count;

enum class Color : std::uint8_t { Red, Black };

constexpr Color operator~(Color c) { return c == Color::Red ? Color::Black : Color::Red; }
constexpr std::size_t index(Color c) { return static_cast<std::size_t>(c); }

enum class PieceType : std::uint8_t { King, Advisor, Elephant, Horse, Chariot, Cannon, Soldier };
constexpr int piece_type_count = 7;
// The pieces' names, by PieceType, as rulesets and JSON write them.
inline constexpr std::string_view piece_type_names[piece_type_count]
    = { "king", "advisor", "elephant", "horse", "chariot", "cannon", "soldier" };
constexpr std::size_t index(PieceType t) { return static_cast<std::size_t>(t); }

// How many of each kind one side's set holds, indexed by PieceType.
constexpr int pieces_in_set[piece_type_count] = { 1, 2, 2, 2, 2, 2, 5 };

// A piece or nothing, packed in a byte: 0 is empty, else 1 + color * 7 + type.
class Piece {
public:
    constexpr Piece() = default;
    constexpr Piece(Color c, PieceType t)
        : code_(static_cast<std::uint8_t>(1 + index(c) * piece_type_count + index(t)))
    {
    }
    static constexpr Piece none() { return Piece(); }

    [[nodiscard]] constexpr bool is_none() const { return code_ == 0; }
    constexpr explicit operator bool() const { return code_ != 0; }
    constexpr Color color() const { return code_ > piece_type_count ? Color::Black : Color::Red; }
    constexpr PieceType type() const { return static_cast<PieceType>((code_ - 1) % piece_type_count); }
    constexpr std::uint8_t code() const { return code_; }
    constexpr bool operator==(const Piece&) const = default;

private:
    std::uint8_t code_ = 0;
};
constexpr int piece_code_count = 1 + 2 * piece_type_count;

// FEN letters: uppercase Red, lowercase Black; K A B N R C P.
char to_fen_char(Piece p);
// Accepts the letters real files use besides the standard ones: E for elephant, H for horse.
[[nodiscard]] std::optional<Piece> piece_from_fen_char(char c);
std::string_view to_string(PieceType t); // "king", "advisor", ...
// The piece's name in English prose, as rulings, messages and errors write it: "rook" and
// "pawn" where rulesets and JSON say "chariot" and "soldier".
std::string_view prose_name(PieceType t);
std::string_view to_string(Color c); // "red", "black"

class Square {
public:
    constexpr Square() = default;
    constexpr explicit Square(int index)
        : index_(static_cast<std::uint8_t>(index))
    {
    }
    constexpr Square(int file, int rank)
        : index_(static_cast<std::uint8_t>(rank * file_count + file))
    {
    }
    constexpr int index() const { return index_; }
    constexpr int file() const { return index_ % file_count; }
    constexpr int rank() const { return index_ / file_count; }
    constexpr bool operator==(const Square&) const = default;

private:
    std::uint8_t index_ = 0;
};

[[nodiscard]] constexpr bool on_board(int file, int rank)
{
    return file >= 0 && file < file_count && rank >= 0 && rank < rank_count;
}

// Red's half is ranks 0..4; a piece has crossed the river when it stands in the other half.
[[nodiscard]] constexpr bool on_own_side(Color c, Square s) { return c == Color::Red ? s.rank() <= 4 : s.rank() >= 5; }

// A pawn on `s` that has not crossed the river: the rule books that weigh material give it
// little or no worth.
[[nodiscard]] constexpr bool is_uncrossed_soldier(Piece p, Square s)
{
    return p.type() == PieceType::Soldier && on_own_side(p.color(), s);
}

[[nodiscard]] constexpr bool in_palace(Color c, Square s)
{
    const int r = c == Color::Red ? s.rank() : 9 - s.rank();
    return s.file() >= 3 && s.file() <= 5 && r <= 2;
}

// "e0" style name of a square.
std::string to_iccs(Square s);

} // namespace xq
