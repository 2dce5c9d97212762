// The WXF reader, all dialects' piece parts kept as readings for the legal moves to decide.
#include "xq/notation/wxf.hpp"

#include <optional>

#include "file_notation.hpp"
#include "move_errors.hpp"
#include "move_readers.hpp"
#include "xq/base/utf8.hpp"

// A WXF token, once cleaned, upper-cased and with '.' read as '=', has four characters:
//
//   piece part (2)   direction (1)   number (1)
//   C2               =               5
//
// The piece part is where the dialects differ:
//
//   letter + file      C2   the piece on file 2 (with 3 or 5 soldiers there: the middle one)
//   letter + marker    R+   WXF/xqbase/Fairy-Stockfish: front (+), rear (-), middle (=, xqbase);
//                           of four or five soldiers, WXF's P+ and P- are the second from an end
//   marker + letter    +R   DhtmlXQ "international": the same, marker first
//   letter + a..e      Pa   xqbase: tandem soldier number 1..5
//   ++ / --                 WXF: the foremost / rearmost of four or five soldiers
//   file + marker      3+   WXF, tandem soldiers on two files: the file replaces the letter
//   file + same file   33   WXF, the same: the middle of three soldiers on file 3
//   ordinal + file     23   Fairy-Stockfish: the second soldier from the front on file 3
//   keypad + file      62   xqbase keypad entry: piece codes K1 A2 B3 N4 R5 C6 P7
//
// The first digit of "33" or "23" can be a file, an ordinal or a keypad code, so every reading
// is kept and the legal moves decide; WXF's own readings come first.

namespace xq {

namespace {

    using detail::Direction;
    using detail::kind_bit;
    using detail::Pick;
    using detail::PieceKinds;
    using detail::Selector;
    using detail::Tier;

    constexpr std::string_view notation_name = "a WXF move";
    constexpr PieceKinds soldier = kind_bit(PieceType::Soldier);

    PieceKinds letter_kinds(char c)
    {
        switch (c) {
        case 'K':
            return kind_bit(PieceType::King);
        case 'A':
            return kind_bit(PieceType::Advisor);
        case 'G': // "guard" (an advisor) in the old ICCS set, "general" (the king) in English
            return kind_bit(PieceType::Advisor) | kind_bit(PieceType::King);
        case 'E':
        case 'B':
        case 'M':
            return kind_bit(PieceType::Elephant);
        case 'H':
        case 'N':
            return kind_bit(PieceType::Horse);
        case 'R':
            return kind_bit(PieceType::Chariot);
        case 'C':
            return kind_bit(PieceType::Cannon);
        case 'P':
        case 'S':
            return soldier;
        default:
            return 0;
        }
    }

    // xqbase's keypad codes follow PieceType's order: K1 A2 B3 N4 R5 C6 P7.
    PieceKinds keypad_kinds(char c) { return c >= '1' && c <= '7' ? kind_bit(static_cast<PieceType>(c - '1')) : 0; }

    int digit_value(char c) { return c >= '1' && c <= '9' ? c - '0' : 0; }

    std::optional<Pick> marker_pick(char c)
    {
        switch (c) {
        case '+':
            return Pick::Front;
        case '-':
            return Pick::Rear;
        case '=':
            return Pick::Middle;
        default:
            return std::nullopt;
        }
    }

    // Every reading of the two-character piece part; empty when it names no piece.
    detail::Readings read_piece_part(char first, char second)
    {
        const int first_digit = digit_value(first);
        const int second_digit = digit_value(second);
        const PieceKinds first_kinds = letter_kinds(first);
        const PieceKinds second_kinds = letter_kinds(second);
        const auto first_marker = marker_pick(first);
        detail::Readings readings;
        if (first_kinds) {
            if (second_digit) {
                readings.push_back({ first_kinds, Pick::OnFileOrMiddle, second_digit });
                readings.push_back({ first_kinds, Pick::AnyOnFile, second_digit, 0, Tier::Fallback });
            } else if (second == '+') {
                readings.push_back({ first_kinds, Pick::WxfFront });
            } else if (second == '-') {
                readings.push_back({ first_kinds, Pick::WxfRear });
            } else if (second == '=') {
                readings.push_back({ first_kinds, Pick::Middle });
            } else if (first_kinds == soldier && second >= 'A' && second <= 'E') {
                readings.push_back({ soldier, Pick::Numbered, 0, second - 'A' + 1 });
            }
        } else if (first_marker) {
            if (second_kinds)
                readings.push_back({ second_kinds, *first_marker });
            else if (first == second && first != '=')
                readings.push_back({ soldier, *first_marker });
        } else if (first_digit) {
            const PieceKinds keypad = keypad_kinds(first);
            if (second == '+' || second == '-') {
                const Pick tandem = second == '+' ? Pick::WxfFront : Pick::WxfRear;
                readings.push_back({ soldier, tandem, first_digit });
                if (keypad)
                    readings.push_back({ keypad, tandem, 0, 0, Tier::Fallback });
            } else if (second == '=' && keypad) {
                readings.push_back({ keypad, Pick::Middle, 0, 0, Tier::Fallback });
            } else if (second_digit) {
                if (first_digit == second_digit)
                    readings.push_back({ soldier, Pick::Middle, first_digit });
                if (first_digit <= 5)
                    readings.push_back({ soldier, Pick::Ordinal, second_digit, first_digit, Tier::Fallback });
                if (keypad) {
                    readings.push_back({ keypad, Pick::OnFileOrMiddle, second_digit, 0, Tier::Fallback });
                    readings.push_back({ keypad, Pick::AnyOnFile, second_digit, 0, Tier::Fallback });
                }
            }
        }
        return readings;
    }

    // The token's meaning, or why it is not WXF.
    std::variant<detail::FileMoveText, std::string> read_wxf(const detail::CleanMoveToken& cleaned)
    {
        std::string token;
        for (const char32_t c : cleaned.code_points()) {
            if (c >= 0x80) {
                std::string shown;
                utf8::append(shown, c);
                return "'" + shown + "' is not a WXF character";
            }
            char ascii = static_cast<char>(c);
            if (ascii >= 'a' && ascii <= 'z')
                ascii = static_cast<char>(ascii - 'a' + 'A'); // case carries no meaning
            token.push_back(ascii == '.' ? '=' : ascii);
        }
        // WXF marks no checks, so a fifth '+' is an annotation; never strip the operator.
        if (token.size() == 5 && token.back() == '+')
            token.pop_back();
        // Some Chinese manuals leave out the sideways operator: C25.
        if (token.size() == 3 && digit_value(token[2]))
            token.insert(2, 1, '=');
        if (token.size() != 4)
            return std::string("a WXF move has four characters, such as C2=5 or H8+7");

        detail::FileMoveText meaning;
        switch (token[2]) {
        case '+':
            meaning.direction = Direction::Forward;
            break;
        case '-':
            meaning.direction = Direction::Backward;
            break;
        case '=':
            meaning.direction = Direction::Sideways;
            break;
        default:
            return std::string("the third character must be +, - or = (or .)");
        }
        meaning.argument = digit_value(token[3]);
        if (meaning.argument == 0)
            return std::string("the last character must be a digit from 1 to 9");
        meaning.selectors = read_piece_part(token[0], token[1]);
        if (meaning.selectors.empty())
            return "'" + token.substr(0, 2)
                + "' names no piece: expected a piece letter (K A E H R C P) and a file or a "
                  "tandem marker (+ - =)";
        return meaning;
    }

    char digit_char(int n) { return static_cast<char>('0' + n); }

    std::string piece_part(const detail::PiecePlace& piece)
    {
        constexpr std::string_view letters = "KAEHRCP";
        const char letter = letters[index(piece.kind)];
        const char file = digit_char(piece.file);
        const int n = piece.pieces_on_file;
        const int i = piece.from_front;
        if (n == 1 || piece.kind == PieceType::Advisor || piece.kind == PieceType::Elephant)
            return { letter, file };
        if (piece.kind != PieceType::Soldier)
            return { letter, i == 0 ? '+' : '-' };
        if (piece.tandem_soldier_files >= 2) // at most 3 + 2 soldiers: no end markers needed
            return { file, i == 0 ? '+' : i == n - 1 ? '-' : file };
        if (n >= 4 && (i == 0 || i == n - 1))
            return i == 0 ? "++" : "--";
        const int inset = n >= 4 ? 1 : 0;
        if (i == inset)
            return "P+";
        if (i == n - 1 - inset)
            return "P-";
        return { letter, file }; // the middle of three or five keeps its file
    }

} // namespace

std::variant<Move, MoveError> parse_wxf(const Position& pos, std::string_view text)
{
    return detail::parse_wxf(pos, text, detail::CleanMoveToken(text));
}

std::variant<Move, MoveError> detail::parse_wxf(const Position& pos, std::string_view text, const CleanMoveToken& token)
{
    auto meaning = read_wxf(token);
    if (const auto* reason = std::get_if<std::string>(&meaning))
        return detail::syntax_error(text, notation_name, *reason);
    return detail::resolve(pos, text, std::get<detail::FileMoveText>(meaning));
}

std::string to_wxf(const Position& pos, Move m)
{
    const detail::FileCensus census(pos, pos.piece_on(m.from()).color());
    const detail::FileMove move = detail::describe(pos, census, m);
    constexpr char direction_chars[] = { '+', '-', '=' };
    return piece_part(move.piece) + direction_chars[static_cast<int>(move.direction)] + digit_char(move.argument);
}

} // namespace xq
