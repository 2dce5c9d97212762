// The text readers' shared pieces: move numbers, one-line text, FENs, control characters, limits.
#include "record_building.hpp"

#include <array>
#include <cstdint>

namespace xq::detail {

namespace {

    // What may stand between a move number and the move: the ASCII full stop, the full-width
    // full stop (U+FF0E, seen in real files), the ideographic full stop (U+3002, what a Chinese
    // input method types) and the ellipsis (U+2026), which counts as three dots.
    struct Dot {
        std::string_view spelling;
        int count;
    };
    constexpr std::array<Dot, 4> dots
        = { { { ".", 1 }, { "\xEF\xBC\x8E", 1 }, { "\xE3\x80\x82", 1 }, { "\xE2\x80\xA6", 3 } } };

    // What a byte from 0x80 up says when it starts a character: the length of its UTF-8
    // sequence (0 for continuation bytes and the undecodable mark 0xFF, which start none), and
    // whether the character may be one of the blanks U+00A0, U+3000 and U+FEFF. A table, where
    // the tests one after the other cost a tenth of reading a Chinese file.
    struct MultiByteLead {
        std::uint8_t length = 0;
        bool may_be_blank = false;
    };

    constexpr std::array<MultiByteLead, 128> multi_byte_leads = [] {
        std::array<MultiByteLead, 128> table;
        for (std::size_t c = 0x80; c <= 0xff; ++c) {
            MultiByteLead& lead = table[c - 0x80];
            lead.length = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
            lead.may_be_blank = may_start_multi_byte_blank(static_cast<int>(c));
        }
        return table;
    }();

} // namespace

std::pair<int, std::size_t> leading_dots(std::string_view text)
{
    int count = 0;
    std::size_t length = 0;
    for (bool found = true; found;) {
        found = false;
        for (const Dot& dot : dots) {
            if (text.substr(length).starts_with(dot.spelling)) {
                count += dot.count;
                length += dot.spelling.size();
                found = true;
            }
        }
    }
    return { count, length };
}

std::string single_line(std::string text)
{
    for (char& c : text)
        if (c == '\n' || c == '\r')
            c = ' ';
    return text;
}

std::size_t board_index(int file, int rank) { return static_cast<std::size_t>((9 - rank) * 9 + file); }

std::string fen_of(const BoardLetters& board, bool red_to_move)
{
    std::string fen;
    for (std::size_t row = 0; row < 10; ++row) {
        int empty = 0;
        for (std::size_t column = 0; column < 9; ++column) {
            const char piece = board[row * 9 + column];
            if (!piece) {
                ++empty;
                continue;
            }
            if (empty)
                fen += static_cast<char>('0' + empty);
            empty = 0;
            fen += piece;
        }
        if (empty)
            fen += static_cast<char>('0' + empty);
        if (row < 9)
            fen += '/';
    }
    return fen + (red_to_move ? " w" : " b") + " - - 0 1";
}

Diagnostic control_character_warning(std::string code, int c, std::string_view what, SourceLocation location)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    const std::string code_point = std::string(c >= 0x80 ? "U+00" : "0x") + hex[(c >> 4) & 0xf] + hex[c & 0xf];
    return { Severity::Warning, std::move(code),
        (c == 0 ? "NUL character (" : "control character (") + code_point + ") " + std::string(what),
        std::move(location) };
}

TakenCharacter take_character(TextSource& source, std::string& out, std::size_t max_bytes)
{
    static constexpr std::string_view replacement_character = "\xEF\xBF\xBD"; // U+FFFD
    const int lead = source.get();
    if (lead == TextSource::undecodable) {
        if (out.size() + replacement_character.size() > max_bytes)
            return { false, true };
        out += replacement_character;
        return { true, true };
    }
    if (lead == TextSource::end_of_text)
        return {};
    const std::size_t expected = lead < 0x80 ? 1
        : (lead >> 5) == 0x6                 ? 2
        : (lead >> 4) == 0xe                 ? 3
        : (lead >> 3) == 0x1e                ? 4
                                             : 1;
    std::array<char, 4> bytes { static_cast<char>(lead) };
    std::size_t length = 1;
    for (; length < expected; ++length) {
        const int next = source.peek();
        if (next < 0x80 || next > 0xBF)
            break;
        bytes[length] = static_cast<char>(source.get());
    }
    if (out.size() + length > max_bytes)
        return {};
    out.append(bytes.data(), length);
    return { true, false };
}

bool take_plain_run(TextSource& source, std::string& out, std::size_t max_bytes, const bool* plain, bool stop_at_blanks)
{
    const std::string_view ready = source.ready();
    const auto* bytes = reinterpret_cast<const unsigned char*>(ready.data());
    const std::size_t room = max_bytes > out.size() ? max_bytes - out.size() : 0;
    std::size_t taken = 0;
    std::size_t kept = 0;
    while (taken < ready.size()) {
        const unsigned char c = bytes[taken];
        std::size_t length = 1;
        if (c < 0x80) {
            if (!plain[c])
                break;
        } else {
            // 0xFF (undecodable) and stray continuation bytes have no length and stop the run.
            const MultiByteLead lead = multi_byte_leads[c - 0x80];
            length = lead.length;
            if (length == 0 || taken + length > ready.size())
                break;
            if (stop_at_blanks && lead.may_be_blank
                && ((c == 0xC2 && bytes[taken + 1] == 0xA0)
                    || (c == 0xE3 && bytes[taken + 1] == 0x80 && bytes[taken + 2] == 0x80)
                    || (c == 0xEF && bytes[taken + 1] == 0xBB && bytes[taken + 2] == 0xBF)))
                break;
        }
        taken += length;
        if (taken <= room)
            kept = taken;
    }
    out.append(ready.data(), kept);
    source.consume(taken);
    return kept == taken;
}

void add_diagnostic(Diagnostics& to, Diagnostic diagnostic) { to.add(std::move(diagnostic)); }

void add_bounded(Diagnostics& to, Diagnostic diagnostic, std::size_t limit)
{
    if (to.size() < limit) {
        add_diagnostic(to, std::move(diagnostic));
    } else if (to.size() == limit) {
        to.note("record.too-many-diagnostics",
            "more than " + std::to_string(limit) + " problems; the rest are not reported",
            std::move(diagnostic.location));
    }
}

void GameDiagnostics::finish_into(GameRecord& game)
{
    const std::string suffix = "; in " + describe_game(game);
    for (const Diagnostic& item : items_) {
        Diagnostic named = item;
        named.message += suffix;
        add_diagnostic(game.diagnostics, std::move(named));
    }
    items_.clear();
}

void GameDiagnostics::hand_over(Diagnostics& to, std::size_t limit)
{
    for (const Diagnostic& item : items_)
        add_bounded(to, item, limit);
    items_.clear();
}

} // namespace xq::detail
