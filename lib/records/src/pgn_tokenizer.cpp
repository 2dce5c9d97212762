// The PGN tokenizer: tags, comments, move numbers and words, read byte by byte within limits.
#include "pgn_tokenizer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>
#include <utility>

#include "record_building.hpp"
#include "xq/base/utf8.hpp"
#include "xq/records/game_record.hpp"

namespace xq::detail {

namespace {

    constexpr int end_of_text = TextSource::end_of_text;
    constexpr int undecodable = TextSource::undecodable;

    // Annotation glyphs and the NAGs they stand for (PGN standard, section 10).
    constexpr std::array<std::pair<std::string_view, int>, 6> annotation_glyphs = { {
        { "!", 1 },
        { "?", 2 },
        { "!!", 3 },
        { "??", 4 },
        { "!?", 5 },
        { "?!", 6 },
    } };

    // The value of the ASCII or full-width (U+FF10..FF19) digit at the start of `text`, and
    // its length in bytes; length 0 if there is none.
    std::pair<int, std::size_t> leading_digit(std::string_view text)
    {
        if (!text.empty() && text[0] >= '0' && text[0] <= '9')
            return { text[0] - '0', 1 };
        if (text.size() >= 3 && text.starts_with("\xEF\xBC")) {
            const auto third = static_cast<unsigned char>(text[2]);
            if (third >= 0x90 && third <= 0x99)
                return { third - 0x90, 3 };
        }
        return { 0, 0 };
    }

    // Which ASCII bytes each kind of text takes without a closer look (see detail::take_plain_run).
    struct PlainAscii {
        std::array<bool, 128> word {}; // graphic characters other than { } ( ) ;
        std::array<bool, 128> brace_comment {}; // anything but '}', line ends and control characters
        std::array<bool, 128> line_comment {}; // anything but line ends and control characters
        std::array<bool, 128> tag_value {}; // anything but '"', '\\', line ends and control characters
        std::array<bool, 128> blank {}; // ASCII blanks other than the line end
    };

    constexpr PlainAscii plain_ascii = [] {
        PlainAscii table;
        for (std::size_t c = 0; c < 128; ++c) {
            const bool control = (c < 0x20 && c != '\t') || c == 0x7f;
            const bool text = !control && c != '\n';
            table.word[c] = c > 0x20 && c < 0x7f && c != '{' && c != '}' && c != '(' && c != ')' && c != ';';
            table.brace_comment[c] = text && c != '}';
            table.line_comment[c] = text;
            table.tag_value[c] = text && c != '"' && c != '\\';
            table.blank[c] = c == ' ' || c == '\t' || c == '\v' || c == '\f';
        }
        return table;
    }();

    // A move number's value after one more digit: larger numbers are nonsense, and are kept
    // from overflowing.
    int with_digit(int number, int digit) { return number < 100000 ? number * 10 + digit : number; }

    // The value of a move number written the common way, ASCII digits and then ASCII dots
    // alone ("12.", "12..."); nothing otherwise. No result, NAG or glyph is written so.
    std::optional<int> plain_move_number(std::string_view word)
    {
        std::size_t digits = 0;
        int number = 0;
        for (; digits < word.size() && word[digits] >= '0' && word[digits] <= '9'; ++digits)
            number = with_digit(number, word[digits] - '0');
        if (digits == 0 || digits == word.size() || word.find_first_not_of('.', digits) != std::string_view::npos)
            return std::nullopt;
        return number;
    }

    // Adds to a token's problems, stopping at `limit` so that a flood of bad bytes inside one
    // token cannot grow memory.
    void add_limited(std::vector<Diagnostic>& diagnostics, Diagnostic diagnostic, std::size_t limit)
    {
        if (diagnostics.size() < limit)
            diagnostics.push_back(std::move(diagnostic));
        else if (diagnostics.size() == limit)
            diagnostics.push_back({ Severity::Note, "record.too-many-diagnostics",
                "more than " + std::to_string(limit) + " problems; the rest are not reported",
                std::move(diagnostic.location) });
    }

    // The start of a long text for quoting in a message, cut at a character boundary.
    std::string excerpt(std::string_view text)
    {
        constexpr std::size_t max_bytes = 24;
        if (text.size() <= max_bytes)
            return std::string(text);
        std::size_t end = max_bytes;
        while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80)
            --end;
        return std::string(text.substr(0, end)) + "...";
    }

} // namespace

PgnToken PgnTokenizer::next()
{
    if (!pushed_back_)
        return read_token();
    PgnToken token = std::move(*pushed_back_);
    pushed_back_.reset();
    return token;
}

PgnToken PgnTokenizer::read_token()
{
    PgnToken token;
    for (;;) {
        if (rest_of_word_) {
            token.location = rest_of_word_location_;
            token.text = std::move(*rest_of_word_);
            rest_of_word_.reset();
            if (classify_word(token))
                return token;
            continue;
        }
        skip_blank(token.diagnostics);
        token.location = source_.location();
        const int c = source_.peek();
        if (c == end_of_text) {
            token.kind = PgnTokenKind::EndOfInput;
            return token;
        }
        if (c == '[' && (at_line_start_ || tag_on_this_line_)) {
            at_line_start_ = false;
            read_tag(token);
            tag_on_this_line_ = true;
            return token;
        }
        if (c == '%' && at_line_start_) {
            // PGN's escape mechanism: such a line is for some other program, and is skipped.
            skip_rest_of_line(token.diagnostics);
            continue;
        }
        at_line_start_ = false;
        tag_on_this_line_ = false;
        switch (c) {
        case '{':
            read_brace_comment(token);
            return token;
        case ';':
            read_line_comment(token);
            return token;
        case '(':
            source_.get();
            token.kind = PgnTokenKind::VariationStart;
            return token;
        case ')':
            source_.get();
            token.kind = PgnTokenKind::VariationEnd;
            return token;
        case '}':
            source_.get();
            add_limited(token.diagnostics,
                { Severity::Warning, "pgn.unmatched-brace", "'}' without an opening '{' is ignored", token.location },
                limits_.max_diagnostics);
            continue;
        default:
            break;
        }
        read_word(token);
        if (classify_word(token))
            return token;
    }
}

std::optional<SourceLocation> PgnTokenizer::skip_to_next_tag_line(std::vector<Diagnostic>& diagnostics)
{
    std::optional<SourceLocation> first_skipped;
    for (;;) {
        const int c = source_.peek();
        if (c == end_of_text)
            break;
        if (const std::size_t n = blank_length(0)) {
            for (std::size_t i = 0; i < n; ++i)
                if (source_.get() == '\n')
                    at_line_start_ = true;
            continue;
        }
        if (c == '[' && at_line_start_)
            break;
        if (!first_skipped)
            first_skipped = source_.location();
        at_line_start_ = false;
        if (source_.get() == undecodable)
            add_limited(diagnostics, source_.last_undecodable(), limits_.max_diagnostics);
    }
    tag_on_this_line_ = false;
    return first_skipped;
}

std::size_t PgnTokenizer::blank_length(std::size_t ahead)
{
    const int c = source_.peek(ahead);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f')
        return 1;
    if (c == 0xC2 && source_.peek(ahead + 1) == 0xA0) // U+00A0 no-break space
        return 2;
    if (c == 0xE3 && source_.peek(ahead + 1) == 0x80 && source_.peek(ahead + 2) == 0x80) // U+3000
        return 3;
    if (c == 0xEF && source_.peek(ahead + 1) == 0xBB && source_.peek(ahead + 2) == 0xBF) // U+FEFF
        return 3;
    return 0;
}

bool PgnTokenizer::is_word_end(int c)
{
    // An ASCII character ends a word exactly when a word does not take it: a blank, a control
    // character, or one of { } ( ) ;.
    if (c >= 0 && c < 0x80)
        return !plain_ascii.word[static_cast<std::size_t>(c)];
    return c == end_of_text || blank_length(0) > 0;
}

void PgnTokenizer::skip_blank(std::vector<Diagnostic>& diagnostics)
{
    for (;;) {
        // ASCII blanks and line ends, a run of ready bytes at a time.
        const std::string_view ready = source_.ready();
        std::size_t spaces = 0;
        for (; spaces < ready.size(); ++spaces) {
            const auto b = static_cast<unsigned char>(ready[spaces]);
            if (b == '\n') {
                at_line_start_ = true;
                tag_on_this_line_ = false;
            } else if (b >= 0x80 || !plain_ascii.blank[b]) {
                break;
            }
        }
        source_.consume(spaces);
        // Most tokens start with a printable ASCII character or a character that no blank
        // starts with; 0xFF marks undecodable input, which is skipped below.
        if (spaces < ready.size()) {
            const auto b = static_cast<unsigned char>(ready[spaces]);
            const bool ends_blanks = b < 0x80 ? !is_control_character(b) : !may_start_multi_byte_blank(b) && b != 0xFF;
            if (ends_blanks)
                return;
        }
        const int c = source_.peek();
        if (const std::size_t n = blank_length(0)) {
            for (std::size_t i = 0; i < n; ++i) {
                if (source_.get() == '\n') {
                    at_line_start_ = true;
                    tag_on_this_line_ = false;
                }
            }
        } else if (c == undecodable) {
            source_.get();
            add_limited(diagnostics, source_.last_undecodable(), limits_.max_diagnostics);
        } else if (is_control_character(c)) {
            report_control_character(c, diagnostics);
        } else {
            return;
        }
    }
}

void PgnTokenizer::skip_rest_of_line(std::vector<Diagnostic>& diagnostics)
{
    for (int c = source_.peek(); c != end_of_text && c != '\n'; c = source_.peek())
        if (source_.get() == undecodable)
            add_limited(diagnostics, source_.last_undecodable(), limits_.max_diagnostics);
}

bool PgnTokenizer::take_character(std::string& out, std::size_t max_bytes, std::vector<Diagnostic>& diagnostics)
{
    const TakenCharacter taken = detail::take_character(source_, out, max_bytes);
    if (taken.undecodable)
        add_limited(diagnostics, source_.last_undecodable(), limits_.max_diagnostics);
    return taken.stored;
}

void PgnTokenizer::report_control_character(int c, std::vector<Diagnostic>& diagnostics)
{
    add_limited(diagnostics, control_character_warning("pgn.control-character", c, "ignored", source_.location()),
        limits_.max_diagnostics);
    source_.get();
}

// [Name "value"], with \" and \\ escapes. A quote is the closing one only if blanks and ']'
// follow it, so values with bare quotes or brackets inside ("square_bracket_in_header") still
// read. A tag that does not parse is a BadTag, and the rest of its line is skipped.
void PgnTokenizer::read_tag(PgnToken& token)
{
    auto fail = [&](std::string_view why) {
        token.kind = PgnTokenKind::BadTag;
        // Without its FEN tag a game would be replayed from the wrong position.
        std::string lower_name;
        for (const char c : token.text)
            lower_name += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        const bool start_position_lost = lower_name == "fen";
        add_limited(token.diagnostics,
            { start_position_lost ? Severity::Error : Severity::Warning, "pgn.bad-tag",
                std::string(why) + "; the tag line is ignored", token.location },
            limits_.max_diagnostics);
        skip_rest_of_line(token.diagnostics);
    };
    auto skip_spaces = [&] {
        while (source_.peek() == ' ' || source_.peek() == '\t')
            source_.get();
    };

    token.kind = PgnTokenKind::Tag;
    source_.get(); // '['
    skip_spaces();
    bool name_too_long = false;
    // The name, a run of ready bytes at a time.
    for (;;) {
        const std::string_view ready = source_.ready();
        std::size_t length = 0;
        while (length < ready.size() && is_tag_name_character(static_cast<unsigned char>(ready[length])))
            ++length;
        const std::size_t room = limits_.max_tag_name_bytes - std::min(token.text.size(), limits_.max_tag_name_bytes);
        token.text.append(ready.substr(0, std::min(length, room)));
        name_too_long = name_too_long || length > room;
        source_.consume(length);
        if (length == 0 || length < ready.size())
            break;
    }
    if (token.text.empty())
        return fail("expected a tag name after '['");
    if (name_too_long)
        return fail("the tag name is longer than " + std::to_string(limits_.max_tag_name_bytes) + " bytes");
    skip_spaces();
    if (source_.peek() != '"')
        return fail("expected '\"' after the tag name " + token.text);
    source_.get();
    token.value_location = source_.location();

    bool value_too_long = false;
    bool bare_quote_reported = false;
    for (;;) {
        if (!detail::take_plain_run(source_, token.value,
                value_too_long ? token.value.size() : limits_.max_tag_value_bytes, plain_ascii.tag_value.data(), false))
            value_too_long = true;
        const int c = source_.peek();
        if (c == end_of_text || c == '\n')
            return fail("the value of tag " + token.text + " has no closing quote");
        const std::size_t room = value_too_long ? token.value.size() : limits_.max_tag_value_bytes;
        if (c == '"') {
            std::size_t ahead = 1;
            while (ahead < TextSource::max_lookahead && (source_.peek(ahead) == ' ' || source_.peek(ahead) == '\t'))
                ++ahead;
            if (source_.peek(ahead) == ']') {
                for (std::size_t i = 0; i <= ahead; ++i)
                    source_.get();
                break;
            }
            if (!bare_quote_reported) {
                add_limited(token.diagnostics,
                    { Severity::Warning, "pgn.unescaped-quote",
                        "a '\"' inside the value of tag " + token.text
                            + " should be written \\\"; read as part of the value",
                        source_.location() },
                    limits_.max_diagnostics);
                bare_quote_reported = true;
            }
        } else if (c == '\\' && (source_.peek(1) == '"' || source_.peek(1) == '\\')) {
            source_.get();
        } else if (is_control_character(c)) {
            report_control_character(c, token.diagnostics);
            continue;
        }
        if (!take_character(token.value, room, token.diagnostics))
            value_too_long = true;
    }
    if (value_too_long)
        add_limited(token.diagnostics,
            { Severity::Warning, "pgn.tag-too-long",
                "the value of tag " + token.text + " is cut at " + std::to_string(limits_.max_tag_value_bytes)
                    + " bytes",
                token.value_location },
            limits_.max_diagnostics);
}

// {...}, which may span lines. An unclosed comment would swallow every later game, so a line
// that starts like a tag ('[', a name, '"') ends it: that is where the next game begins.
void PgnTokenizer::read_brace_comment(PgnToken& token)
{
    token.kind = PgnTokenKind::Comment;
    source_.get(); // '{'
    bool too_long = false;
    for (;;) {
        if (!detail::take_plain_run(source_, token.text, too_long ? token.text.size() : limits_.max_comment_bytes,
                plain_ascii.brace_comment.data(), false))
            too_long = true;
        const int c = source_.peek();
        if (c == end_of_text) {
            add_limited(token.diagnostics,
                { Severity::Error, "pgn.unterminated-comment",
                    "the comment has no closing '}' before the end of the input", token.location },
                limits_.max_diagnostics);
            break;
        }
        if (c == '}') {
            source_.get();
            break;
        }
        if (is_control_character(c)) {
            report_control_character(c, token.diagnostics);
            continue;
        }
        if (!take_character(token.text, too_long ? token.text.size() : limits_.max_comment_bytes, token.diagnostics))
            too_long = true;
        if (c == '\n' && tag_line_follows()) {
            add_limited(token.diagnostics,
                { Severity::Error, "pgn.unterminated-comment",
                    "the comment has no closing '}' before the next tag line, where it is taken to end",
                    token.location },
                limits_.max_diagnostics);
            at_line_start_ = true;
            token.ends_at_tag_line = true;
            break;
        }
    }
    if (too_long)
        add_limited(token.diagnostics,
            { Severity::Warning, "pgn.comment-too-long",
                "the comment is cut at " + std::to_string(limits_.max_comment_bytes) + " bytes", token.location },
            limits_.max_diagnostics);
}

void PgnTokenizer::read_line_comment(PgnToken& token)
{
    token.kind = PgnTokenKind::Comment;
    source_.get(); // ';'
    bool too_long = false;
    for (;;) {
        if (!detail::take_plain_run(source_, token.text, too_long ? token.text.size() : limits_.max_comment_bytes,
                plain_ascii.line_comment.data(), false))
            too_long = true;
        const int c = source_.peek();
        if (c == end_of_text || c == '\n')
            break;
        if (is_control_character(c)) {
            report_control_character(c, token.diagnostics);
            continue;
        }
        if (!take_character(token.text, too_long ? token.text.size() : limits_.max_comment_bytes, token.diagnostics))
            too_long = true;
    }
    if (too_long)
        add_limited(token.diagnostics,
            { Severity::Warning, "pgn.comment-too-long",
                "the comment is cut at " + std::to_string(limits_.max_comment_bytes) + " bytes", token.location },
            limits_.max_diagnostics);
}

void PgnTokenizer::read_word(PgnToken& token)
{
    std::string& word = token.text;
    bool too_long = false;
    for (;;) {
        if (!detail::take_plain_run(
                source_, word, too_long ? word.size() : limits_.max_token_bytes, plain_ascii.word.data(), true))
            too_long = true;
        if (is_word_end(source_.peek()))
            break;
        if (!take_character(word, too_long ? word.size() : limits_.max_token_bytes, token.diagnostics))
            too_long = true;
    }
    if (too_long)
        add_limited(token.diagnostics,
            { Severity::Error, "pgn.token-too-long",
                "a token longer than " + std::to_string(limits_.max_token_bytes) + " bytes is cut short: '"
                    + excerpt(word) + "'",
                token.location },
            limits_.max_diagnostics);
}

bool PgnTokenizer::classify_word(PgnToken& token)
{
    // Moves keep their word as the token's text, and so do results and move numbers; the
    // other kinds have no text.
    std::string& word = token.text;
    // Most words are moves that start with a letter or an ideograph; only words that start
    // otherwise, or have a result word's length, need the checks below.
    const auto first = static_cast<unsigned char>(word[0]);
    const bool starts_like_move
        = (first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z') || (first >= 0xE4 && first <= 0xE9);
    if (starts_like_move && word.size() != std::string_view("和棋").size()) {
        token.kind = PgnTokenKind::Move;
        return true;
    }
    if (const std::optional<int> number = plain_move_number(word)) {
        token.kind = PgnTokenKind::MoveNumber;
        token.number = *number;
        return true;
    }
    if (normalize_result(word)) {
        token.kind = PgnTokenKind::Result;
        return true;
    }
    if (word.starts_with('$')) {
        const std::string_view digits = std::string_view(word).substr(1);
        const bool valid
            = !digits.empty() && digits.size() <= 3 && digits.find_first_not_of("0123456789") == std::string_view::npos;
        if (!valid) {
            add_limited(token.diagnostics,
                { Severity::Warning, "pgn.bad-nag",
                    "'" + excerpt(word) + "' is not a NAG ($ and 1 to 3 digits); ignored", token.location },
                limits_.max_diagnostics);
            word.clear();
            return false;
        }
        token.kind = PgnTokenKind::Nag;
        std::from_chars(digits.data(), digits.data() + digits.size(), token.number);
        word.clear();
        return true;
    }
    for (const auto& [glyph, nag] : annotation_glyphs) {
        if (word == glyph) {
            token.kind = PgnTokenKind::Nag;
            token.number = nag;
            word.clear();
            return true;
        }
    }

    std::size_t pos = 0;
    std::size_t digit_count = 0;
    int number = 0;
    for (;;) {
        const auto [digit, length] = leading_digit(std::string_view(word).substr(pos));
        if (length == 0)
            break;
        number = with_digit(number, digit);
        pos += length;
        ++digit_count;
    }
    const auto [dot_count, dots_length] = detail::leading_dots(std::string_view(word).substr(pos));
    if (digit_count == 0 && dots_length == word.size()) {
        token.kind = PgnTokenKind::Ellipsis;
        word.clear();
        return true;
    }
    const std::string_view rest = std::string_view(word).substr(pos + dots_length);
    // "62.5" and "33.4" are WXF moves (a keypad piece digit, a tandem pawn's file), not a move
    // number glued to a move: a number is followed by several dots, or by no digit.
    const bool move_number
        = digit_count > 0 && dot_count > 0 && (rest.empty() || dot_count > 1 || leading_digit(rest).second == 0);
    if (!move_number) {
        token.kind = PgnTokenKind::Move;
        return true;
    }
    token.kind = PgnTokenKind::MoveNumber;
    token.number = number;
    if (!rest.empty()) {
        rest_of_word_location_ = token.location;
        rest_of_word_location_.column
            += static_cast<std::uint32_t>(utf8::count_code_points(std::string_view(word).substr(0, pos + dots_length)));
        rest_of_word_ = std::string(rest);
    }
    return true;
}

// Whether the line ahead starts like a tag: blanks, '[', a name, blanks, '"'.
bool PgnTokenizer::tag_line_follows()
{
    std::size_t ahead = 0;
    while (ahead < 16 && (source_.peek(ahead) == ' ' || source_.peek(ahead) == '\t'))
        ++ahead;
    if (source_.peek(ahead) != '[')
        return false;
    const std::size_t name_start = ++ahead;
    while (ahead < 48 && is_tag_name_character(source_.peek(ahead)))
        ++ahead;
    if (ahead == name_start)
        return false;
    while (ahead < TextSource::max_lookahead && source_.peek(ahead) == ' ')
        ++ahead;
    return source_.peek(ahead) == '"';
}

} // namespace xq::detail
