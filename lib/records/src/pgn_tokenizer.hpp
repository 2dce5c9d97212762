// The tokens of PGN text (tags, comments, move numbers, words), read one at a time for PgnReader.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "xq/base/diagnostic.hpp"
#include "xq/base/text_decoding.hpp"
#include "xq/records/record_reader.hpp"

// Splits decoded PGN text into tokens. Private to the records library: PgnReader assembles the
// tokens into games.

namespace xq::detail {

enum class PgnTokenKind {
    Tag, // [Name "value"]: `text` is the name, `value` the unescaped value
    BadTag, // a line starting with '[' that is not a tag; `text` is the name if one was read
    MoveNumber, // "12." "12..." "12．" "12。": `number`
    Ellipsis, // "..." or "…" standing alone, before a Black move
    Move, // any other word of movetext: `text`
    Nag, // $n, or ! ? !! ?? !? ?! standing alone: `number`
    Comment, // {...} or ; to the end of the line: `text`
    VariationStart, // (
    VariationEnd, // )
    Result, // 1-0 0-1 1/2-1/2 * or a Chinese result word: `text`
    EndOfInput,
};

struct PgnToken {
    PgnTokenKind kind = PgnTokenKind::EndOfInput;
    SourceLocation location;
    std::string text;
    std::string value;
    SourceLocation value_location;
    int number = 0;
    // A comment with no closing brace, ended at the tag line that follows it.
    bool ends_at_tag_line = false;
    // Problems met in this token and in the blank text before it.
    std::vector<Diagnostic> diagnostics;
};

// Tokens are read one at a time from a TextSource, each bounded by RecordLimits, so a huge line
// or an endless comment costs no memory. Blank means ASCII white space, U+3000 (the ideographic
// space Chinese files pad with), U+00A0, and a stray U+FEFF (files concatenated with their
// byte-order marks). A '[' is a tag only as the first non-blank character of a line, or after
// another tag on the same line: elsewhere it is part of a word.
class PgnTokenizer {
public:
    PgnTokenizer(TextSource& source, const RecordLimits& limits)
        : source_(source)
        , limits_(limits)
    {
    }

    PgnToken next();

    // Makes `token` the one next() returns next: the reader reads a game's first tag before it
    // knows that the previous game has ended.
    void push_back(PgnToken token) { pushed_back_ = std::move(token); }

    // Skips the input up to the next line that starts with '[', or the end: the text after a
    // result is not movetext. Returns where the first non-blank character skipped stood, if
    // any; undecodable bytes in it are reported into `diagnostics`.
    std::optional<SourceLocation> skip_to_next_tag_line(std::vector<Diagnostic>& diagnostics);

private:
    // The token after the pushed-back one. Apart from next(), so that each returns one object
    // and the compiler builds it in place instead of moving a token out of each call.
    PgnToken read_token();
    std::size_t blank_length(std::size_t ahead);
    bool is_word_end(int c);
    void skip_blank(std::vector<Diagnostic>& diagnostics);
    void skip_rest_of_line(std::vector<Diagnostic>& diagnostics);
    // Consumes one character and appends it to `out` unless that would take `out` past
    // `max_bytes` (then returns false). An undecodable character is reported and appended
    // as U+FFFD.
    bool take_character(std::string& out, std::size_t max_bytes, std::vector<Diagnostic>& diagnostics);
    void report_control_character(int c, std::vector<Diagnostic>& diagnostics);

    void read_tag(PgnToken& token);
    void read_brace_comment(PgnToken& token);
    void read_line_comment(PgnToken& token);
    // Reads a word into token.text, which is empty.
    void read_word(PgnToken& token);
    // Turns the word in token.text into a token; false when the word is dropped (a malformed
    // NAG), leaving token.text empty again.
    bool classify_word(PgnToken& token);
    bool tag_line_follows();

    TextSource& source_;
    const RecordLimits& limits_;
    std::optional<PgnToken> pushed_back_;
    // What followed a move number in the same word ("1.h2e2"), read as the next token.
    std::optional<std::string> rest_of_word_;
    SourceLocation rest_of_word_location_;
    bool at_line_start_ = true;
    bool tag_on_this_line_ = false;
};

} // namespace xq::detail
