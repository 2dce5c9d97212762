// The move-list reader: FEN lines start games; moves, results and stray text after them.
#include "xq/records/move_list_reader.hpp"

#include <array>
#include <utility>

#include "record_building.hpp"
#include "xq/base/utf8.hpp"
#include "xq/board/types.hpp"
#include "xq/notation/notation_alphabet.hpp"

namespace xq {

namespace detail {

    // A word of move-list text and what separates it from the word before.
    struct MoveListWord {
        std::string text; // UTF-8, undecodable input as U+FFFD, cut at RecordLimits::max_token_bytes
        SourceLocation location;
        bool starts_line = false; // the first word of its line
        bool after_comma = false; // a comma stands between it and the word before
        // Problems met in the word and in the separators before it, for the game it joins.
        Diagnostics problems;
    };

    // Splits decoded text into words, each bounded by the limits, so a huge line costs no memory.
    class MoveListScanner {
    public:
        MoveListScanner(TextSource& source, const RecordLimits& limits)
            : source_(source)
            , limits_(limits)
        {
        }

        // The next word, or nothing at the end of the text. Problems in the separators after
        // the last word are handed over by take_trailing_problems().
        std::optional<MoveListWord> next();

        // Makes `word` the one next() returns next: a game learns it has ended only by reading
        // the next game's FEN.
        void push_back(MoveListWord word) { pushed_back_ = std::move(word); }

        Diagnostics take_trailing_problems() { return std::exchange(trailing_problems_, {}); }

    private:
        enum class Separator { None, Blank, LineEnd, Comma };

        // Which separator starts at the next byte, and its length in bytes.
        std::pair<Separator, std::size_t> separator_here();
        void skip_control_character(Diagnostics& problems);

        TextSource& source_;
        const RecordLimits& limits_;
        std::optional<MoveListWord> pushed_back_;
        Diagnostics trailing_problems_;
        bool at_line_start_ = true;
    };

    std::pair<MoveListScanner::Separator, std::size_t> MoveListScanner::separator_here()
    {
        const int c = source_.peek();
        if (c == '\n')
            return { Separator::LineEnd, 1 };
        if (c == ' ' || c == '\t' || c == '\v' || c == '\f')
            return { Separator::Blank, 1 };
        if (c == ',')
            return { Separator::Comma, 1 };
        const int second = source_.peek(1);
        if (c == 0xC2 && second == 0xA0) // U+00A0 no-break space
            return { Separator::Blank, 2 };
        const int third = source_.peek(2);
        if (c == 0xE3 && second == 0x80 && third == 0x80) // U+3000 ideographic space
            return { Separator::Blank, 3 };
        if (c == 0xEF && second == 0xBB && third == 0xBF) // U+FEFF, a byte-order mark of concatenated files
            return { Separator::Blank, 3 };
        if (c == 0xEF && second == 0xBC && third == 0x8C) // U+FF0C full-width comma
            return { Separator::Comma, 3 };
        return { Separator::None, 0 };
    }

    void MoveListScanner::skip_control_character(Diagnostics& problems)
    {
        add_bounded(problems,
            control_character_warning(
                "movelist.control-character", source_.peek(), "read as a separator", source_.location()),
            limits_.max_diagnostics);
        source_.get();
    }

    std::optional<MoveListWord> MoveListScanner::next()
    {
        if (pushed_back_)
            return std::exchange(pushed_back_, std::nullopt);
        MoveListWord word;
        for (;;) {
            const auto [separator, length] = separator_here();
            if (separator == Separator::None) {
                const int c = source_.peek();
                if (c == TextSource::end_of_text) {
                    trailing_problems_ = std::move(word.problems);
                    return std::nullopt;
                }
                if (!is_control_character(c))
                    break;
                skip_control_character(word.problems);
                continue;
            }
            if (separator == Separator::LineEnd)
                at_line_start_ = true;
            if (separator == Separator::Comma)
                word.after_comma = true;
            for (std::size_t i = 0; i < length; ++i)
                source_.get();
        }
        word.location = source_.location();
        word.starts_line = std::exchange(at_line_start_, false);
        bool too_long = false;
        for (;;) {
            const int c = source_.peek();
            if (c == TextSource::end_of_text || is_control_character(c) || separator_here().first != Separator::None)
                break;
            const TakenCharacter taken
                = take_character(source_, word.text, too_long ? word.text.size() : limits_.max_token_bytes);
            if (taken.undecodable)
                add_bounded(word.problems, source_.last_undecodable(), limits_.max_diagnostics);
            if (!taken.stored)
                too_long = true;
        }
        if (too_long)
            add_bounded(word.problems,
                { Severity::Error, "movelist.token-too-long",
                    "a word longer than " + std::to_string(limits_.max_token_bytes) + " bytes is cut short",
                    word.location },
                limits_.max_diagnostics);
        return word;
    }

} // namespace detail

namespace {

    using detail::MoveListWord;

    // A move number ("12." "12..."), perhaps glued to its move ("1.h2e2"), or a standing ellipsis.
    struct MoveNumber {
        int number = 0; // 0 for an ellipsis
        std::size_t length = 0; // bytes of the word the number and its dots take
    };

    std::optional<MoveNumber> leading_move_number(std::string_view word)
    {
        std::size_t digits = 0;
        int number = 0;
        for (; digits < word.size() && word[digits] >= '0' && word[digits] <= '9'; ++digits)
            if (number < 100000) // larger numbers are nonsense; keep them from overflowing
                number = number * 10 + (word[digits] - '0');
        const auto [dot_count, dots_length] = detail::leading_dots(word.substr(digits));
        if (dot_count == 0)
            return std::nullopt;
        if (digits == 0)
            return dots_length == word.size() ? std::optional<MoveNumber>(MoveNumber { 0, dots_length }) : std::nullopt;
        // "62.5" and "33.4" are WXF moves (a keypad piece digit, a tandem pawn's file), not a
        // number glued to a move: a number is followed by several dots, or by no digit.
        const std::string_view rest = word.substr(digits + dots_length);
        if (!rest.empty() && dot_count == 1 && rest[0] >= '0' && rest[0] <= '9')
            return std::nullopt;
        return MoveNumber { number, digits + dots_length };
    }

    // Whether `word`, the `index`-th word after a placement (from 0), reads as a FEN field: the
    // side to move (one letter, first only), a '-' placeholder, or a counter.
    bool is_fen_field(std::string_view word, std::size_t index)
    {
        constexpr std::size_t max_fields = 5; // side, two '-', two counters
        if (index >= max_fields)
            return false;
        if (index == 0 && word.size() == 1
            && ((word[0] >= 'a' && word[0] <= 'z') || (word[0] >= 'A' && word[0] <= 'Z')))
            return true;
        return word == "-"
            || (!word.empty() && word.size() <= 6 && word.find_first_not_of("0123456789") == std::string_view::npos);
    }

    bool starts_game(const MoveListWord& word)
    {
        return word.starts_line && word.text.find('/') != std::string::npos && !normalize_result(word.text);
    }

    // Builds one GameRecord from the words of a game, within the limits.
    class GameAssembler {
    public:
        GameAssembler(const RecordLimits& limits, std::size_t index, MoveListWord fen)
            : limits_(limits)
            , diagnostics_(limits.max_diagnostics)
        {
            record_.format = RecordFormat::MoveList;
            record_.index = index;
            record_.location = fen.location;
            add_problems(fen.problems);
            if (!is_fen_placement(fen.text))
                // Kept as the start position all the same, so the replay cannot take the
                // standard one instead, and its FEN parser says what exactly is wrong.
                diagnostics_.add(Severity::Error, "movelist.bad-fen",
                    "the game's first word is not a FEN placement (10 ranks of piece letters and digits, "
                    "separated by '/')",
                    fen.location);
            fen_end_column_ = fen.location.column + static_cast<std::uint32_t>(utf8::count_code_points(fen.text));
            record_.start_fen = LocatedText { std::move(fen.text), fen.location };
        }

        // Adds a word of the game that is neither its FEN nor the next game's.
        void take(MoveListWord& word);

        bool ended_by_result() const { return record_.result.has_value(); }

        void note_text_after_result(const SourceLocation& where)
        {
            record_.text_after_result = where;
            diagnostics_.add(Severity::Note, "movelist.text-after-result",
                "the text after the result is not part of the game and is ignored", where);
        }

        void add_problems(const Diagnostics& problems)
        {
            for (const Diagnostic& problem : problems)
                diagnostics_.add(problem);
        }

        GameRecord finish()
        {
            diagnostics_.finish_into(record_);
            return std::move(record_);
        }

    private:
        void add_move(std::string text, SourceLocation location);

        const RecordLimits& limits_;
        GameRecord record_;
        detail::GameDiagnostics diagnostics_;
        bool reading_fen_ = true;
        std::size_t fen_fields_ = 0;
        std::uint32_t fen_end_column_ = 0;
        int move_number_ = 0;
        std::size_t plies_ = 0;
        bool plies_limit_reported_ = false;
    };

    void GameAssembler::take(MoveListWord& word)
    {
        add_problems(word.problems);
        const bool continues_fen
            = reading_fen_ && !word.starts_line && !word.after_comma && is_fen_field(word.text, fen_fields_);
        // A field is padded to its column, so that the FEN parser's columns point into the file;
        // the FEN is bounded like a PGN tag value, whatever blanks the line holds.
        std::string& fen = record_.start_fen->text;
        const std::size_t padding = continues_fen ? word.location.column - fen_end_column_ : 0;
        reading_fen_ = continues_fen && fen.size() + padding + word.text.size() <= limits_.max_tag_value_bytes;
        if (reading_fen_) {
            fen.append(padding, ' ');
            fen += word.text;
            fen_end_column_ = word.location.column + static_cast<std::uint32_t>(utf8::count_code_points(word.text));
            ++fen_fields_;
            return;
        }
        if (normalize_result(word.text)) {
            record_.result = LocatedText { std::move(word.text), std::move(word.location) };
            return;
        }
        if (const std::optional<MoveNumber> number = leading_move_number(word.text)) {
            if (number->number)
                move_number_ = number->number;
            if (number->length == word.text.size())
                return;
            const std::string_view glued = std::string_view(word.text).substr(0, number->length);
            word.location.column += static_cast<std::uint32_t>(utf8::count_code_points(glued));
            word.text.erase(0, number->length);
        }
        add_move(std::move(word.text), std::move(word.location));
    }

    void GameAssembler::add_move(std::string text, SourceLocation location)
    {
        if (plies_ >= limits_.max_plies) {
            if (!plies_limit_reported_)
                diagnostics_.add(Severity::Error, "movelist.too-many-plies",
                    "more than " + std::to_string(limits_.max_plies) + " moves in one game; the rest are ignored",
                    location);
            plies_limit_reported_ = true;
            return;
        }
        ++plies_;
        RecordedMove move;
        move.text = std::move(text);
        move.location = std::move(location);
        move.move_number = move_number_;
        record_.moves.push_back(std::move(move));
    }

} // namespace

bool is_fen_placement(std::string_view text)
{
    constexpr std::size_t ranks = 10;
    std::size_t slashes = 0;
    std::size_t rank_length = 0;
    for (const char c : text) {
        if (c == '/') {
            if (rank_length == 0 || ++slashes == ranks)
                return false;
            rank_length = 0;
        } else if ((c >= '1' && c <= '9')
            || (((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) && piece_from_fen_char(c))) {
            ++rank_length;
        } else {
            return false;
        }
    }
    return slashes == ranks - 1 && rank_length > 0;
}

MoveListReader::MoveListReader(std::istream& input, std::string source_name, const RecordReaderOptions& options)
    : limits_(options.limits)
    , source_(std::make_unique<TextSource>(input, std::move(source_name),
          TextSourceOptions { options.encoding, options.read_chunk_size }, notation_plausibility(), diagnostics_))
    , scanner_(std::make_unique<detail::MoveListScanner>(*source_, limits_))
{
}

MoveListReader::~MoveListReader() = default;

std::optional<GameRecord> MoveListReader::next()
{
    bool outside_game_reported = false;
    while (!exhausted_) {
        // A word outside any game, or the FEN that starts the next one.
        std::optional<MoveListWord> opening_word = scanner_->next();
        if (!opening_word) {
            for (const Diagnostic& problem : scanner_->take_trailing_problems())
                detail::add_bounded(diagnostics_, problem, limits_.max_diagnostics);
            exhausted_ = true;
            break;
        }
        if (!starts_game(*opening_word)) {
            if (!outside_game_reported)
                detail::add_bounded(diagnostics_,
                    { Severity::Warning, "movelist.text-outside-game",
                        "text before the first FEN line is not part of any game and is ignored",
                        opening_word->location },
                    limits_.max_diagnostics);
            outside_game_reported = true;
            for (const Diagnostic& problem : opening_word->problems)
                detail::add_bounded(diagnostics_, problem, limits_.max_diagnostics);
            continue;
        }
        GameAssembler game(limits_, ++games_read_, std::move(*opening_word));
        bool text_after_result_noted = false;
        for (;;) {
            std::optional<MoveListWord> word = scanner_->next();
            if (!word) {
                game.add_problems(scanner_->take_trailing_problems());
                exhausted_ = true;
                break;
            }
            if (starts_game(*word)) {
                scanner_->push_back(std::move(*word));
                break;
            }
            if (!game.ended_by_result()) {
                game.take(*word);
                continue;
            }
            if (!text_after_result_noted)
                game.note_text_after_result(word->location);
            text_after_result_noted = true;
            game.add_problems(word->problems);
        }
        return game.finish();
    }
    if (games_read_ == 0 && !no_games_reported_) {
        diagnostics_.warning("movelist.no-games", "no game found: a game starts with a line that begins with a FEN",
            { source_->source_name() });
        no_games_reported_ = true;
    }
    return std::nullopt;
}

} // namespace xq
