// Tests of the binary readers: XQF, CBR, CBL and CBF, whole and damaged, told by their content.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "record_test_helpers.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/base/utf8.hpp"
#include "xq/records/binary_records.hpp"
#include "xq/records/open_record.hpp"
#include "xq/records/pgn_writer.hpp"

namespace {

using namespace xq;
using namespace xq::test;
namespace fs = std::filesystem;

constexpr std::string_view standard_placement = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

// --- Building files by hand -------------------------------------------------------------

void put_u32(std::string& bytes, std::size_t offset, std::uint32_t value)
{
    for (std::size_t i = 0; i < 4; ++i)
        bytes[offset + i] = static_cast<char>((value >> (8 * i)) & 0xFF);
}

std::string u32(std::uint32_t value)
{
    std::string bytes(4, '\0');
    put_u32(bytes, 0, value);
    return bytes;
}

std::string utf16le(std::u16string_view text)
{
    std::string bytes;
    for (const char16_t unit : text) {
        bytes += static_cast<char>(unit & 0xFF);
        bytes += static_cast<char>(unit >> 8);
    }
    return bytes;
}

// XQF squares: file * 10 + rank, from "h2".
unsigned xqf_square(std::string_view square)
{
    return static_cast<unsigned>((square[0] - 'a') * 10 + (square[1] - '0'));
}

// CBR squares: row from the top * 9 + file.
unsigned cbr_square(std::string_view square)
{
    return static_cast<unsigned>((9 - (square[1] - '0')) * 9 + (square[0] - 'a'));
}

// The standard start position as an XQF piece table, slot by slot.
std::array<unsigned, 32> standard_piece_squares()
{
    const std::array<std::string_view, 32> squares
        = { "a0", "b0", "c0", "d0", "e0", "f0", "g0", "h0", "i0", "b2", "h2", "a3", "c3", "e3", "g3", "i3", "a9", "b9",
              "c9", "d9", "e9", "f9", "g9", "h9", "i9", "b7", "h7", "a6", "c6", "e6", "g6", "i6" };
    std::array<unsigned, 32> out {};
    for (std::size_t i = 0; i < squares.size(); ++i)
        out[i] = xqf_square(squares[i]);
    return out;
}

void put_xqf_text(std::string& header, std::size_t offset, std::string_view text)
{
    header[offset] = static_cast<char>(text.size());
    header.replace(offset + 1, text.size(), text);
}

std::string xqf_header(unsigned version)
{
    std::string header(0x400, '\0');
    header[0] = 'X';
    header[1] = 'Q';
    header[2] = static_cast<char>(version);
    const std::array<unsigned, 32> squares = standard_piece_squares();
    for (std::size_t j = 0; j < 32; ++j)
        // From version 1.2 on, stored byte j belongs to slot (Kp + 1 + j) mod 32; all keys are 0 here.
        header[0x10 + j] = static_cast<char>(version >= 12 ? squares[(j + 1) % 32] : squares[j]);
    header[0x33] = 1; // Red won
    put_xqf_text(header, 0x50, "Test");
    put_xqf_text(header, 0xD0, "\xCF\xF3\xC6\xE5"); // 象棋 in GBK
    put_xqf_text(header, 0x130, "Hu Ronghua");
    put_xqf_text(header, 0x140, "Xu Tianhong");
    return header;
}

// An XQF 1.0 move record: squares offset by 24 and 32, flags 0xF0 for a child and 0x0F for a
// sibling, a reserved byte, the comment length and the comment.
std::string xqf10_node(
    std::string_view from, std::string_view to, bool child, bool sibling, std::string_view comment = {})
{
    std::string node;
    node += static_cast<char>(xqf_square(from) + 24);
    node += static_cast<char>(xqf_square(to) + 32);
    node += static_cast<char>((child ? 0xF0 : 0) | (sibling ? 0x0F : 0));
    node += '\0';
    return node + u32(static_cast<std::uint32_t>(comment.size())) + std::string(comment);
}

// The game of the hand-made XQF files: h2e2 h9g7 h0g2, and h7e7 instead of h9g7.
std::string xqf10_file()
{
    return xqf_header(10) + "\x18\x20\xF0\xFF" + u32(4) + "Hi\r\n" + xqf10_node("h2", "e2", true, false)
        + xqf10_node("h9", "g7", true, true) + xqf10_node("h0", "g2", false, false, "\xBA\xC3") // 好
        + xqf10_node("h7", "e7", false, false);
}

// An XQF 1.2 record with all keys 0 (header bytes 0x03..0x0F zero): squares offset by 24 and
// 32, flags in the top three bits with random low bits, a junk fourth byte, and a comment
// length offset by 767.
std::string xqf12_node(unsigned from, unsigned to, bool child, bool sibling, std::string_view comment = {})
{
    std::string node;
    node += static_cast<char>(from + 24);
    node += static_cast<char>(to + 32);
    node += static_cast<char>((child ? 0x80 : 0) | (sibling ? 0x40 : 0) | (comment.empty() ? 0 : 0x20) | 0x15);
    node += '\xA7';
    if (!comment.empty())
        node += u32(static_cast<std::uint32_t>(comment.size()) + 767) + std::string(comment);
    return node;
}

std::string xqf12_file()
{
    return xqf_header(12) + xqf12_node(0x58 - 24, 0x51 - 32, true, false, "root")
        + xqf12_node(xqf_square("h2"), xqf_square("e2"), true, true)
        + xqf12_node(xqf_square("h9"), xqf_square("g7"), false, false, "x")
        + xqf12_node(xqf_square("b2"), xqf_square("e2"), false, false);
}

std::string cbr_header(bool empty_board = false)
{
    std::string header(2214, '\0');
    header.replace(0, 16, std::string("CCBridge Record\0", 16));
    header[19] = 2;
    const std::string title = utf16le(u"Test");
    header.replace(180, title.size(), title);
    const std::string red = utf16le(u"胡荣华");
    header.replace(1076, red.size(), red);
    header[2076] = 2; // Black won
    header[2116] = 1; // Red to move
    if (!empty_board) {
        const std::array<std::string_view, 10> rows = { "rnbakabnr", ".........", ".c.....c.", "p.p.p.p.p", ".........",
            ".........", "P.P.P.P.P", ".C.....C.", ".........", "RNBAKABNR" };
        constexpr std::string_view letters = "RNBAKCP";
        for (std::size_t row = 0; row < 10; ++row)
            for (std::size_t column = 0; column < 9; ++column) {
                const char piece = rows[row][column];
                if (piece == '.')
                    continue;
                const bool red_piece = piece >= 'A' && piece <= 'Z';
                const std::size_t kind = letters.find(red_piece ? piece : static_cast<char>(piece - 'a' + 'A')) + 1;
                header[2120 + row * 9 + column] = static_cast<char>((red_piece ? 0x10 : 0x20) + kind);
            }
    }
    return header;
}

std::string cbr_node(unsigned flags, unsigned from, unsigned to, std::u16string_view comment = {})
{
    std::string node { static_cast<char>(flags), '\0', static_cast<char>(from), static_cast<char>(to) };
    if (flags & 0x04)
        node += u32(static_cast<std::uint32_t>(comment.size() * 2)) + utf16le(comment);
    return node;
}

// h2e2 h7e7 with b9c7 instead of h7e7; comments on the root and on h7e7.
std::string cbr_file()
{
    return cbr_header() + cbr_node(0x04, 0, 0, u"李1") + cbr_node(0x00, cbr_square("h2"), cbr_square("e2"))
        + cbr_node(0x01 | 0x02 | 0x04, cbr_square("h7"), cbr_square("e7"), u"车2退2")
        + cbr_node(0x01, cbr_square("b9"), cbr_square("c7"));
}

// A library of `records.size()` entries in as many slots (an empty record is an unused slot).
std::string cbl_file(const std::vector<std::string>& records, const std::vector<std::uint32_t>& content_lengths)
{
    const std::size_t capacity = records.size();
    std::string bytes(0x10440 + 276 * capacity + 4096 * capacity, '\0');
    bytes.replace(0, 16, std::string("CCBridgeLibrary\0", 16));
    put_u32(bytes, 0x10, 3);
    put_u32(bytes, 0x3C, static_cast<std::uint32_t>(capacity));
    const std::string name = utf16le(u"测试库");
    bytes.replace(0x40, name.size(), name);
    for (std::size_t slot = 0; slot < capacity; ++slot) {
        if (records[slot].empty())
            continue;
        const std::size_t entry = 0x10440 + 276 * slot;
        put_u32(bytes, entry, 7);
        put_u32(bytes, entry + 4, static_cast<std::uint32_t>(slot));
        put_u32(bytes, entry + 8, 1);
        put_u32(bytes, entry + 12, content_lengths[slot]);
        const std::size_t block = 0x10440 + 276 * capacity + 4096 * slot;
        bytes.replace(block, std::min<std::size_t>(records[slot].size(), 4096), records[slot].substr(0, 4096));
    }
    return bytes;
}

constexpr std::string_view cbf_text
    = "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<ChineseChessRecord Version=\"1.0\">\n"
      " <Head>\n"
      "  <Name>Test &amp; more</Name>\n"
      "  <URL/>\n"
      "  <Contest>Cup</Contest>\n"
      "  <Red>胡荣华</Red>\n"
      "  <Black/>\n"
      "  <ECCO>A00</ECCO>\n"
      "  <RecordResult>3</RecordResult>\n"
      "  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>\n"
      " </Head>\n"
      " <MoveList>\n"
      "  <Move value=\"00-00\"><![CDATA[game <comment>]]></Move>\n"
      "  <Move value=\"77-47\" />\n"
      "  <Move value=\"72-42\" end=\"1\"><![CDATA[ last\n line]]></Move>\n"
      " </MoveList>\n"
      "</ChineseChessRecord>\n";

// --- Reading ---------------------------------------------------------------------------

BinaryRecords read(BinaryFormat format, const std::string& bytes, const RecordLimits& limits = {})
{
    return read_binary_records(format, bytes, "test", limits);
}

std::string tag(const GameRecord& game, std::string_view name)
{
    const RecordedTag* found = game.find_tag(name);
    return found ? found->value : std::string();
}

std::vector<std::string> texts(const std::vector<RecordedMove>& moves)
{
    std::vector<std::string> out;
    for (const RecordedMove& move : moves)
        out.push_back(move.text);
    return out;
}

// Every line of a game from the start: the main line, then each variation with the moves of
// the lines it branches from before its first ply.
std::vector<std::vector<const RecordedMove*>> lines_of(const GameRecord& game)
{
    std::vector<std::vector<const RecordedMove*>> lines;
    if (game.moves.empty())
        return lines;
    lines.emplace_back();
    for (const RecordedMove& move : game.moves)
        lines.back().push_back(&move);
    for (const RecordedVariation& variation : game.variations) {
        REQUIRE(variation.parent >= 0);
        REQUIRE(static_cast<std::size_t>(variation.parent) < lines.size());
        REQUIRE(variation.first_ply >= 1);
        std::vector<const RecordedMove*> line = lines[static_cast<std::size_t>(variation.parent)];
        REQUIRE(line.size() >= variation.first_ply);
        line.resize(variation.first_ply - 1);
        for (const RecordedMove& move : variation.moves)
            line.push_back(&move);
        lines.push_back(std::move(line));
    }
    return lines;
}

std::vector<std::string> line_texts(const std::vector<const RecordedMove*>& line)
{
    std::vector<std::string> out;
    for (const RecordedMove* move : line)
        out.push_back(move->text);
    return out;
}

// The game with one of its lines as its main line, for the replay (which plays main lines).
GameRecord with_main_line(const GameRecord& game, const std::vector<const RecordedMove*>& line)
{
    GameRecord single = game;
    single.variations.clear();
    single.moves.clear();
    for (const RecordedMove* move : line)
        single.moves.push_back(*move);
    return single;
}

std::string unix_line_breaks(std::string text)
{
    for (std::size_t at = text.find("\r\n"); at != std::string::npos; at = text.find("\r\n", at))
        text.erase(at, 1);
    return text;
}

// Valid UTF-8 without control characters (but tab, and line breaks where they may be).
bool is_clean_text(std::string_view text, bool line_breaks_allowed)
{
    return utf8::is_valid(text) && std::none_of(text.begin(), text.end(), [&](char c) {
        const auto b = static_cast<unsigned char>(c);
        return (b < 0x20 && c != '\t' && !(line_breaks_allowed && c == '\n')) || b == 0x7f;
    });
}

std::string fen_side(const std::string& fen) { return fen.substr(0, fen.find(' ', fen.find(' ') + 1)); }

TEST_SUITE("binary_records")
{
    TEST_CASE("binary formats are told by their first bytes, not by the file name")
    {
        CHECK(detect_binary_format(xqf10_file()) == BinaryFormat::Xqf);
        CHECK(detect_binary_format(xqf12_file()) == BinaryFormat::Xqf);
        CHECK(detect_binary_format(cbr_file()) == BinaryFormat::Cbr);
        CHECK(detect_binary_format(cbl_file({ cbr_file() }, { 0 })) == BinaryFormat::Cbl);
        CHECK(detect_binary_format(cbf_text) == BinaryFormat::Cbf);
        CHECK(detect_binary_format("<!-- exported --><ChineseChessRecord>") == BinaryFormat::Cbf);
        CHECK_FALSE(detect_binary_format("<?xml version=\"1.0\"?><html>"));
        CHECK_FALSE(detect_binary_format("<ChineseChessRecords>"));
        CHECK_FALSE(detect_binary_format("[Event \"XQ cup\"]\n1. h2e2 h9g7"));
        CHECK_FALSE(detect_binary_format("XQ cup: h2e2 h9g7"));
        CHECK_FALSE(detect_binary_format(std::string(standard_placement) + " w"));
        CHECK_FALSE(detect_binary_format(""));
        CHECK(to_string(BinaryFormat::Cbl) == "CBL");
    }

    TEST_CASE("binary XQF 1.0: header fields in GBK, the piece table, the move tree with a variation and comments")
    {
        const BinaryRecords read_back = read(BinaryFormat::Xqf, xqf10_file());
        CHECK(read_back.diagnostics.empty());
        REQUIRE(read_back.games.size() == 1);
        const GameRecord& game = read_back.games[0];
        CHECK(problems(game.diagnostics).empty());
        CHECK(game.index == 1);
        CHECK(game.location.source == "test");
        CHECK(game.notation_hint == "ICCS");
        CHECK(tag(game, "Title") == "Test");
        CHECK(tag(game, "Event") == "象棋");
        CHECK(tag(game, "Red") == "Hu Ronghua");
        CHECK(tag(game, "Black") == "Xu Tianhong");
        CHECK(tag(game, "Result") == "1-0");
        CHECK(tag(game, "GameType") == "full game");
        CHECK_FALSE(game.find_tag("Site")); // empty fields are left out
        REQUIRE(game.start_fen);
        CHECK(game.start_fen->text == std::string(standard_placement) + " w - - 0 1");
        CHECK(game.comments_before_first_move == std::vector<std::string> { "Hi\n" });
        CHECK(texts(game.moves) == std::vector<std::string> { "h2e2", "h9g7", "h0g2" });
        CHECK(game.moves[2].comments == std::vector<std::string> { "好" });
        REQUIRE(game.variations.size() == 1);
        CHECK(game.variations[0].id == 1);
        CHECK(game.variations[0].parent == 0);
        CHECK(game.variations[0].first_ply == 2);
        CHECK(texts(game.variations[0].moves) == std::vector<std::string> { "h7e7" });
        CHECK(game.skipped_variations == 0);
        const RecordReplay replay = replay_record(game);
        CHECK(replay.status == GameStatus::Ok);
        CHECK(replay.recorded_result == RecordedResult::RedWins);
    }

    TEST_CASE(
        "binary XQF 1.2: rotated piece table, masked flags, offset comment lengths; the first mover sets the side")
    {
        const BinaryRecords read_back = read(BinaryFormat::Xqf, xqf12_file());
        REQUIRE(read_back.games.size() == 1);
        const GameRecord& game = read_back.games[0];
        CHECK(problems(game.diagnostics).empty());
        REQUIRE(game.start_fen);
        CHECK(game.start_fen->text == std::string(standard_placement) + " w - - 0 1");
        CHECK(game.comments_before_first_move == std::vector<std::string> { "root" });
        CHECK(texts(game.moves) == std::vector<std::string> { "h2e2", "h9g7" });
        CHECK(game.moves[1].comments == std::vector<std::string> { "x" });
        REQUIRE(game.variations.size() == 1);
        CHECK(game.variations[0].first_ply == 1);
        CHECK(texts(game.variations[0].moves) == std::vector<std::string> { "b2e2" });

        // A game whose first stored move is Black's starts with Black to move.
        const std::string black_first = xqf_header(12) + xqf12_node(0, 0, true, false)
            + xqf12_node(xqf_square("h7"), xqf_square("e7"), false, false);
        const BinaryRecords black = read(BinaryFormat::Xqf, black_first);
        REQUIRE(black.games.size() == 1);
        REQUIRE(black.games[0].start_fen);
        CHECK(black.games[0].start_fen->text == std::string(standard_placement) + " b - - 0 1");
    }

    TEST_CASE("binary XQF damage: a short header, a cut record, a length past the end, bad squares, bytes left over")
    {
        SUBCASE("a header shorter than 1,024 bytes is no game")
        {
            const BinaryRecords read_back = read(BinaryFormat::Xqf, xqf10_file().substr(0, 600));
            CHECK(read_back.games.empty());
            CHECK(find_code(read_back.diagnostics, "xqf.truncated"));
        }
        SUBCASE("a record cut off keeps the moves before it")
        {
            const std::string file = xqf10_file();
            const BinaryRecords read_back = read(BinaryFormat::Xqf, file.substr(0, file.size() - 5));
            REQUIRE(read_back.games.size() == 1);
            const GameRecord& game = read_back.games[0];
            const Diagnostic* truncated = find_code(game.diagnostics, "xqf.truncated");
            REQUIRE(truncated);
            CHECK(truncated->location.source == "test");
            CHECK(truncated->location.byte_offset.has_value());
            CHECK(texts(game.moves) == std::vector<std::string> { "h2e2", "h9g7", "h0g2" });
            CHECK(game.variations.empty());
        }
        SUBCASE("a comment length past the end stops the tree there")
        {
            std::string file = xqf10_file();
            put_u32(file, 0x400 + 12 + 8 + 4, 0x7FFFFFF0); // the comment length of h9g7, at 0x414
            const BinaryRecords read_back = read(BinaryFormat::Xqf, file);
            REQUIRE(read_back.games.size() == 1);
            const Diagnostic* bad = find_code(read_back.games[0].diagnostics, "xqf.bad-length");
            REQUIRE(bad);
            // The record's own offset, before the severity, where a text file has its line.
            CHECK(format_diagnostic(*bad).starts_with("test: byte 0x414: error[xqf.bad-length]: the move record here"));
            CHECK(texts(read_back.games[0].moves) == std::vector<std::string> { "h2e2" });
        }
        SUBCASE("a square off the board is kept for the replay to stop at")
        {
            std::string file = xqf10_file();
            file[0x400 + 12 + 8] = static_cast<char>(200); // the origin of h9g7
            const BinaryRecords read_back = read(BinaryFormat::Xqf, file);
            REQUIRE(read_back.games.size() == 1);
            const GameRecord& game = read_back.games[0];
            CHECK(find_code(game.diagnostics, "xqf.bad-move"));
            const RecordReplay replay = replay_record(game);
            CHECK(replay.status != GameStatus::Ok);
            CHECK(replay.failed_ply == 2);
        }
        SUBCASE("bytes after the tree are reported")
        {
            const BinaryRecords read_back = read(BinaryFormat::Xqf, xqf10_file() + "junk");
            REQUIRE(read_back.games.size() == 1);
            CHECK(find_code(read_back.games[0].diagnostics, "xqf.trailing-bytes"));
        }
        SUBCASE("two pieces on one square")
        {
            std::string file = xqf10_file();
            file[0x10 + 1] = file[0x10]; // the Red horse onto the Red rook's square
            const BinaryRecords read_back = read(BinaryFormat::Xqf, file);
            REQUIRE(read_back.games.size() == 1);
            CHECK(find_code(read_back.games[0].diagnostics, "xqf.bad-board"));
        }
        SUBCASE("control characters are dropped from the text, with a warning")
        {
            std::string file = xqf10_file();
            file[0x400 + 8 + 1] = '\x1B'; // "Hi\r\n" becomes "H\x1B\r\n"
            const BinaryRecords read_back = read(BinaryFormat::Xqf, file);
            REQUIRE(read_back.games.size() == 1);
            CHECK(find_code(read_back.games[0].diagnostics, "xqf.control-character"));
            CHECK(read_back.games[0].comments_before_first_move == std::vector<std::string> { "H\n" });
        }
        SUBCASE("not an XQF file") { CHECK(find_code(read(BinaryFormat::Xqf, "PGN").diagnostics, "xqf.not-xqf")); }
    }

    TEST_CASE("binary CBR: UTF-16LE header, board, comments with a zero byte pair at an odd offset, a variation")
    {
        const BinaryRecords read_back = read(BinaryFormat::Cbr, cbr_file());
        CHECK(read_back.diagnostics.empty());
        REQUIRE(read_back.games.size() == 1);
        const GameRecord& game = read_back.games[0];
        CHECK(problems(game.diagnostics).empty());
        CHECK(tag(game, "Title") == "Test");
        CHECK(tag(game, "Red") == "胡荣华");
        CHECK(tag(game, "Result") == "0-1");
        REQUIRE(game.start_fen);
        CHECK(game.start_fen->text == std::string(standard_placement) + " w - - 0 1");
        CHECK(game.comments_before_first_move == std::vector<std::string> { "李1" });
        CHECK(texts(game.moves) == std::vector<std::string> { "h2e2", "h7e7" });
        CHECK(game.moves[1].comments == std::vector<std::string> { "车2退2" }); // "2退" is 32 00 00 90
        REQUIRE(game.variations.size() == 1);
        CHECK(game.variations[0].parent == 0);
        CHECK(game.variations[0].first_ply == 2);
        CHECK(texts(game.variations[0].moves) == std::vector<std::string> { "b9c7" });
        CHECK(replay_record(game).status == GameStatus::Ok);
    }

    TEST_CASE("binary CBR damage: a short file, a comment length past the end, a tree that stops early")
    {
        CHECK(find_code(read(BinaryFormat::Cbr, cbr_header().substr(0, 2000)).diagnostics, "cbr.truncated"));

        std::string long_comment = cbr_file();
        put_u32(long_comment, 2214 + 4, 0xFFFFFFFF);
        const BinaryRecords bad_length = read(BinaryFormat::Cbr, long_comment);
        REQUIRE(bad_length.games.size() == 1);
        CHECK(find_code(bad_length.games[0].diagnostics, "cbr.bad-length"));
        CHECK(bad_length.games[0].moves.empty());

        // The last record says another move follows, but zeros come instead.
        const std::string stops_early
            = cbr_header() + cbr_node(0, 0, 0) + cbr_node(0, cbr_square("h2"), cbr_square("e2")) + std::string(8, '\0');
        const BinaryRecords early = read(BinaryFormat::Cbr, stops_early);
        REQUIRE(early.games.size() == 1);
        CHECK(find_code(early.games[0].diagnostics, "cbr.truncated"));
        CHECK(texts(early.games[0].moves) == std::vector<std::string> { "h2e2" });
    }

    TEST_CASE("binary CBL: every directory entry is read, a broken one is skipped, a heading is no game")
    {
        const std::string game = cbr_file();
        const std::string heading = cbr_header(true) + cbr_node(0x01 | 0x04, 0, 0, u"标题");
        std::string bad_block = game;
        bad_block[0] = 'X';
        const std::string library = cbl_file({ heading, game, bad_block, "", game, game },
            { static_cast<std::uint32_t>(heading.size()), static_cast<std::uint32_t>(game.size()),
                static_cast<std::uint32_t>(game.size()), 0, 5000, static_cast<std::uint32_t>(game.size()) });
        const BinaryRecords read_back = read(BinaryFormat::Cbl, library);
        REQUIRE(read_back.headings.size() == 1);
        CHECK(read_back.headings[0].index == 1);
        CHECK(read_back.headings[0].comments == std::vector<std::string> { "标题" });
        REQUIRE(read_back.games.size() == 2);
        CHECK(read_back.games[0].index == 2);
        CHECK(read_back.games[1].index == 6);
        for (const GameRecord& read_game : read_back.games) {
            CHECK(problems(read_game.diagnostics).empty());
            CHECK(texts(read_game.moves) == std::vector<std::string> { "h2e2", "h7e7" });
        }
        CHECK(count_code(read_back.diagnostics, "cbl.bad-entry") == 2); // slot 2's magic, slot 4's length
        CHECK(find_code(read_back.diagnostics, "cbl.heading"));
        CHECK(find_code(read_back.diagnostics, "cbl.duplicate-game"));
        REQUIRE_FALSE(read_back.library_tags.empty());
        CHECK(read_back.library_tags[0].name == "LibraryName");
        CHECK(read_back.library_tags[0].value == "测试库");

        // Stale bytes after an entry's content length are not read.
        std::string stale = cbl_file({ game }, { static_cast<std::uint32_t>(game.size()) });
        const std::string extra = cbr_node(0x01, cbr_square("h0"), cbr_square("g2"));
        stale.replace(0x10440 + 276 + game.size(), extra.size(), extra);
        const BinaryRecords stale_read = read(BinaryFormat::Cbl, stale);
        REQUIRE(stale_read.games.size() == 1);
        CHECK(texts(stale_read.games[0].moves) == std::vector<std::string> { "h2e2", "h7e7" });

        // A capacity the file cannot hold.
        std::string huge = cbl_file({ game }, { static_cast<std::uint32_t>(game.size()) });
        put_u32(huge, 0x3C, 0xFFFFFFFF);
        const BinaryRecords huge_read = read(BinaryFormat::Cbl, huge);
        CHECK(find_code(huge_read.diagnostics, "cbl.bad-directory"));
    }

    TEST_CASE("binary files read through a RecordReader, told by content; a library's headings are games without moves")
    {
        CHECK(detect_record_format(xqf10_file()) == RecordFormat::Xqf);
        CHECK(detect_record_format(cbr_file()) == RecordFormat::Cbr);
        CHECK(detect_record_format(cbf_text) == RecordFormat::Cbf);
        const std::string game = cbr_file();
        const std::string heading = cbr_header(true) + cbr_node(0x01 | 0x04, 0, 0, u"标题");
        const std::string library = cbl_file({ heading, game, game },
            { static_cast<std::uint32_t>(heading.size()), static_cast<std::uint32_t>(game.size()),
                static_cast<std::uint32_t>(game.size()) });
        REQUIRE(detect_record_format(library) == RecordFormat::Cbl);
        // One byte at a time, as a slow stream would hand it over.
        RecordReaderOptions options;
        options.read_chunk_size = 1;
        const ReadResult read_back = read_text(RecordFormat::Cbl, library, options);
        REQUIRE(read_back.games.size() == 3);
        CHECK(read_back.games[0].index == 1);
        CHECK(read_back.games[0].moves.empty());
        CHECK(read_back.games[0].comments_before_first_move == std::vector<std::string> { "标题" });
        CHECK(find_code(read_back.file_diagnostics, "cbl.heading"));
        CHECK(read_back.games[1].index == 2);
        CHECK(read_back.games[2].index == 3);
        for (const GameRecord& g : read_back.games)
            CHECK(g.format == RecordFormat::Cbl);
        CHECK(read_back.encoding == TextEncoding::Utf16Le);
    }

    TEST_CASE("binary XQF converts to PGN with its variation and its comments")
    {
        const BinaryRecords read_back = read(BinaryFormat::Xqf, xqf10_file());
        REQUIRE(read_back.games.size() == 1);
        const GameRecord& game = read_back.games[0];
        const RecordReplay replay = replay_record(game);
        REQUIRE(replay.status == GameStatus::Ok);
        std::vector<Move> moves;
        std::ostringstream pgn;
        Diagnostics problems_found;
        PgnWriterOptions writer;
        writer.notation = PgnNotation::Chinese;
        write_pgn(pgn, game, played_main_line(replay, moves), writer, problems_found);
        CHECK(problems_found.empty());
        CHECK(pgn.str().find("[Red \"Hu Ronghua\"]") != std::string::npos);
        // The root comment keeps its line break ("Hi\r\n" in the file).
        CHECK(
            pgn.str().find("{Hi\n} 1. 炮二平五 马８进７ (1... 炮８平５) 2. 马二进三 {好} 1-0\n") != std::string::npos);
    }

    TEST_CASE("binary CBF: XML head fields, the placeholder's game comment, moves with lines and columns")
    {
        const BinaryRecords read_back = read(BinaryFormat::Cbf, std::string(cbf_text));
        CHECK(read_back.diagnostics.empty());
        REQUIRE(read_back.games.size() == 1);
        const GameRecord& game = read_back.games[0];
        CHECK(problems(game.diagnostics).empty());
        CHECK(tag(game, "Title") == "Test & more");
        CHECK(tag(game, "Event") == "Cup");
        CHECK(tag(game, "Red") == "胡荣华");
        CHECK(tag(game, "ECCO") == "A00");
        CHECK(tag(game, "Result") == "1/2-1/2");
        CHECK_FALSE(game.find_tag("Black"));
        REQUIRE(game.start_fen);
        CHECK(game.start_fen->text == std::string(standard_placement) + " w - - 0 1");
        CHECK(game.comments_before_first_move == std::vector<std::string> { "game <comment>" });
        CHECK(texts(game.moves) == std::vector<std::string> { "h2e2", "h7e7" });
        CHECK(game.moves[1].comments == std::vector<std::string> { " last\n line" });
        CHECK(where(game.moves[0].location) == "15:3");
        CHECK(where(game.moves[1].location) == "16:3");
        CHECK(replay_record(game).status == GameStatus::Ok);
    }

    TEST_CASE("binary CBF damage: unknown elements and attributes, moves after the end, broken XML, no root")
    {
        std::string text(cbf_text);
        text.replace(
            text.find("<Move value=\"77-47\" />"), 22, "<Move value=\"77-47\" colour=\"red\"><Variation/></Move>");
        text.replace(text.find(" </MoveList>"), 0, "  <Move value=\"12-22\"/>\n");
        const BinaryRecords odd = read(BinaryFormat::Cbf, text);
        REQUIRE(odd.games.size() == 1);
        CHECK(find_code(odd.games[0].diagnostics, "cbf.unknown-attribute"));
        CHECK(find_code(odd.games[0].diagnostics, "cbf.unknown-element"));
        CHECK(find_code(odd.games[0].diagnostics, "cbf.after-end"));
        CHECK(texts(odd.games[0].moves) == std::vector<std::string> { "h2e2", "h7e7" });

        std::string broken(cbf_text);
        broken.replace(broken.find("</MoveList>"), 11, "</Head>");
        const BinaryRecords broken_read = read(BinaryFormat::Cbf, broken);
        REQUIRE(broken_read.games.size() == 1);
        const Diagnostic* bad = find_code(broken_read.games[0].diagnostics, "cbf.bad-xml");
        REQUIRE(bad);
        CHECK(where(bad->location) == "18:2"); // the comment before it has a line break

        std::string bad_move(cbf_text);
        bad_move.replace(bad_move.find("77-47"), 5, "97-47");
        const BinaryRecords bad_move_read = read(BinaryFormat::Cbf, bad_move);
        REQUIRE(bad_move_read.games.size() == 1);
        CHECK(find_code(bad_move_read.games[0].diagnostics, "cbf.bad-move"));
        CHECK(replay_record(bad_move_read.games[0]).failed_ply == 1);

        CHECK(find_code(read(BinaryFormat::Cbf, "<html></html>").diagnostics, "cbf.not-cbf"));
        CHECK(find_code(read(BinaryFormat::Cbf, "<ChineseChessRecord").diagnostics, "cbf.not-cbf"));
    }

    TEST_CASE("binary records keep within the limits: plies, variations, nesting, and the file size")
    {
        RecordLimits limits;
        limits.max_plies = 3;
        const BinaryRecords few_plies = read(BinaryFormat::Xqf, xqf10_file(), limits);
        REQUIRE(few_plies.games.size() == 1);
        CHECK(find_code(few_plies.games[0].diagnostics, "xqf.too-many-plies"));
        CHECK(texts(few_plies.games[0].moves) == std::vector<std::string> { "h2e2", "h9g7", "h0g2" });
        CHECK(few_plies.games[0].variations.empty());
        CHECK(few_plies.games[0].skipped_variations == 1);

        limits.max_plies = 2; // and a line longer than that ends the reading of the tree
        const BinaryRecords short_lines = read(BinaryFormat::Xqf, xqf10_file(), limits);
        REQUIRE(short_lines.games.size() == 1);
        CHECK(find_code(short_lines.games[0].diagnostics, "xqf.too-deep"));
        CHECK(texts(short_lines.games[0].moves) == std::vector<std::string> { "h2e2", "h9g7" });

        limits = {};
        limits.max_variations = 0;
        const BinaryRecords no_variations = read(BinaryFormat::Cbr, cbr_file(), limits);
        REQUIRE(no_variations.games.size() == 1);
        CHECK(find_code(no_variations.games[0].diagnostics, "cbr.too-many-variations"));
        CHECK(no_variations.games[0].skipped_variations == 1);
        CHECK(texts(no_variations.games[0].moves) == std::vector<std::string> { "h2e2", "h7e7" });

        limits = {};
        limits.max_variation_depth = 0;
        const BinaryRecords flat = read(BinaryFormat::Xqf, xqf12_file(), limits);
        REQUIRE(flat.games.size() == 1);
        CHECK(find_code(flat.games[0].diagnostics, "xqf.too-deep-variations"));

        const std::string oversized(max_binary_record_bytes + 1, '\0');
        CHECK(find_code(read(BinaryFormat::Cbl, oversized).diagnostics, "cbl.too-large"));
    }

    TEST_CASE("binary records survive damaged bytes: seeded flips and cuts never crash or read out of bounds")
    {
        const std::vector<std::pair<BinaryFormat, std::string>> originals = {
            { BinaryFormat::Xqf, xqf10_file() },
            { BinaryFormat::Xqf, xqf12_file() },
            { BinaryFormat::Cbr, cbr_file() },
            { BinaryFormat::Cbl,
                cbl_file({ cbr_file(), cbr_file() },
                    { static_cast<std::uint32_t>(cbr_file().size()), static_cast<std::uint32_t>(cbr_file().size()) }) },
            { BinaryFormat::Cbf, std::string(cbf_text) },
        };
        std::uint64_t state = 0x5EED;
        const auto next = [&state](std::size_t below) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            return static_cast<std::size_t>((state >> 33) % below);
        };
        for (const auto& [format, original] : originals) {
            // The CBL's interesting bytes are its directory and blocks, past the header.
            const std::size_t from = format == BinaryFormat::Cbl ? 0x10440 : 0;
            for (int round = 0; round < 150; ++round) {
                std::string mutant = original;
                const std::size_t flips = 1 + next(8);
                for (std::size_t i = 0; i < flips; ++i)
                    mutant[from + next(mutant.size() - from)] = static_cast<char>(next(256));
                if (round % 3 == 0)
                    mutant.resize(from + next(mutant.size() - from));
                const BinaryRecords read_back = read(format, mutant);
                // Whatever the damage, what comes out is text an output can carry.
                for (const GameRecord& game : read_back.games) {
                    CHECK(game.moves.size() <= RecordLimits {}.max_plies);
                    for (const RecordedTag& t : game.tags)
                        CHECK(is_clean_text(t.value, false));
                    for (const RecordedMove& m : game.moves) {
                        CHECK(is_clean_text(m.text, false));
                        for (const std::string& c : m.comments)
                            CHECK(is_clean_text(c, true));
                    }
                    for (const Diagnostic& d : game.diagnostics) {
                        CHECK_FALSE(d.code.empty());
                        CHECK(is_clean_text(d.message, false));
                    }
                }
                for (const Diagnostic& d : read_back.diagnostics)
                    CHECK(is_clean_text(d.message, false));
            }
        }
    }

    TEST_CASE("binary corpus: every fixture reads as expected.json says, line by line, and the replay finds the two "
              "illegal moves")
    {
        const fs::path shared(XQ_SHARED);
        const fs::path expected_path = shared / "corpus-binary" / "expected.json";
        if (!fs::is_regular_file(expected_path)) {
            MESSAGE("skipped: the shared corpus is not at " << (shared / "corpus-binary").string());
            return;
        }
        const nlohmann::json expected = nlohmann::json::parse(read_bytes(expected_path));
        // FiveGoatsTest.xqf stores 32,124 moves, more than a game may hold by default.
        RecordLimits limits;
        limits.max_plies = 100000;

        std::map<std::string, std::size_t> records_by_format;
        std::size_t records = 0, headings = 0, lines = 0, moves_compared = 0, line_mismatches = 0;
        std::size_t lines_replayed = 0, legal_lines = 0, main_lines = 0, legal_main_lines = 0;
        std::vector<std::string> illegal;

        const auto check_game = [&](const nlohmann::json& want, const GameRecord& game, const std::string& name) {
            CAPTURE(name);
            // game_test.xqf's game comment really has bytes that are no GBK: expected.json
            // shows them as U+FFFD, and the reader must say so.
            const bool damaged_text = want.dump().find("\xEF\xBF\xBD") != std::string::npos;
            for (const Diagnostic& d : problems(game.diagnostics)) {
                CAPTURE(format_diagnostic(d));
                CHECK((damaged_text && d.code == "encoding.invalid-sequence"));
            }
            CHECK(damaged_text == (find_code(game.diagnostics, "encoding.invalid-sequence") != nullptr));
            const std::map<std::string, std::string> header_tags = { { "title", "Title" }, { "event", "Event" },
                { "date", "Date" }, { "site", "Site" }, { "red", "Red" }, { "black", "Black" }, { "result", "Result" },
                { "red_team", "RedTeam" }, { "black_team", "BlackTeam" }, { "time_rule", "TimeRule" },
                { "red_time", "RedTime" }, { "black_time", "BlackTime" }, { "annotator", "Annotator" },
                { "author", "Author" }, { "type", "GameType" } };
            for (const auto& key_and_tag : header_tags) {
                const std::string& tag_name = key_and_tag.second;
                if (want.at("header").contains(key_and_tag.first))
                    CHECK_MESSAGE(
                        tag(game, tag_name) == want.at("header").at(key_and_tag.first).get<std::string>(), tag_name);
            }
            if (want.at("header").contains("all_head_fields"))
                for (const auto& item : want.at("header").at("all_head_fields").items()) {
                    const std::string field = item.key();
                    const nlohmann::json& value = item.value();
                    const std::string tag_name = field == "Name" ? "Title"
                        : field == "Contest"                     ? "Event"
                        : field == "Commentator"                 ? "Annotator"
                        : field == "RecordResult"                ? "Result"
                                                                 : field;
                    if (field != "FEN" && field != "RecordResult")
                        CHECK_MESSAGE(tag(game, tag_name) == value.get<std::string>(), field);
                }
            REQUIRE(game.start_fen);
            const std::string want_fen = want.at("fen").get<std::string>();
            CHECK((want.value("format", "") == "CBF" ? game.start_fen->text : fen_side(game.start_fen->text))
                == want_fen);
            const std::string game_comment
                = want.at("game_comment").is_null() ? "" : want.at("game_comment").get<std::string>();
            CHECK(game.comments_before_first_move
                == (game_comment.empty() ? std::vector<std::string> {}
                                         : std::vector<std::string> { unix_line_breaks(game_comment) }));

            const std::vector<std::vector<const RecordedMove*>> my_lines = lines_of(game);
            REQUIRE(my_lines.size() == want.at("line_count").get<std::size_t>());
            std::size_t stored = game.moves.size();
            for (const RecordedVariation& variation : game.variations)
                stored += variation.moves.size();
            CHECK(stored == want.at("stored_moves").get<std::size_t>());
            lines += my_lines.size();
            for (std::size_t k = 0; k < my_lines.size(); ++k) {
                CAPTURE(k);
                const nlohmann::json& want_line = want.at("lines").at(k);
                const std::vector<std::string> want_moves = want_line.at("iccs").get<std::vector<std::string>>();
                const std::vector<std::string> got = line_texts(my_lines[k]);
                moves_compared += want_moves.size();
                if (got != want_moves)
                    ++line_mismatches;
                CHECK(got == want_moves);
                std::map<std::string, std::string> want_comments;
                for (const auto& [ply, text] : want_line.at("comments").items())
                    want_comments[ply] = unix_line_breaks(text.get<std::string>());
                std::map<std::string, std::string> got_comments;
                for (std::size_t ply = 0; ply < my_lines[k].size(); ++ply)
                    for (const std::string& comment : my_lines[k][ply]->comments)
                        got_comments[std::to_string(ply + 1)] = comment;
                CHECK(got_comments == want_comments);

                const RecordReplay replay = replay_record(with_main_line(game, my_lines[k]));
                ++lines_replayed;
                main_lines += k == 0;
                const bool legal = replay.status == GameStatus::Ok;
                legal_lines += legal;
                legal_main_lines += legal && k == 0;
                CHECK(legal == want_line.at("legal").get<bool>());
                if (!legal) {
                    CHECK(replay.failed_ply == want_line.at("first_illegal_ply").get<int>());
                    illegal.push_back(
                        name + " line " + std::to_string(k) + " ply " + std::to_string(replay.failed_ply));
                }
            }
        };

        for (const nlohmann::json& file : expected.at("files")) {
            const std::string format_name = file.at("format").get<std::string>();
            if (format_name == "TEXT")
                continue;
            const std::string name = file.at("file").get<std::string>();
            CAPTURE(name);
            const std::string bytes = read_bytes(shared / name);
            REQUIRE(bytes.size() == file.at("bytes").get<std::size_t>());
            const std::optional<BinaryFormat> format = detect_binary_format(bytes.substr(0, 512));
            REQUIRE(format);
            CHECK(to_string(*format) == format_name);
            const BinaryRecords read_back = read_binary_records(*format, bytes, name, limits);
            CHECK(problems(read_back.diagnostics).empty());
            if (*format != BinaryFormat::Cbl) {
                REQUIRE(read_back.games.size() == 1);
                ++records;
                ++records_by_format[format_name];
                check_game(file, read_back.games[0], name);
                continue;
            }
            std::map<std::size_t, const GameRecord*> game_at;
            for (const GameRecord& game : read_back.games)
                game_at[game.index] = &game;
            std::map<std::size_t, const LibraryHeading*> heading_at;
            for (const LibraryHeading& heading : read_back.headings)
                heading_at[heading.index] = &heading;
            CHECK(game_at.size() + heading_at.size() == file.at("games").size());
            for (const nlohmann::json& entry : file.at("games")) {
                const std::size_t index = entry.at("slot").get<std::size_t>() + 1;
                const std::string entry_name = name + " entry " + std::to_string(index);
                ++records;
                ++records_by_format[format_name];
                if (entry.at("fen").is_null()) {
                    ++headings;
                    REQUIRE(heading_at.count(index));
                    CHECK(heading_at[index]->title == entry.at("header").at("title").get<std::string>());
                    continue;
                }
                REQUIRE(game_at.count(index));
                check_game(entry, *game_at[index], entry_name);
            }
        }
        MESSAGE("records " << records << " (XQF " << records_by_format["XQF"] << ", CBR " << records_by_format["CBR"]
                           << ", CBL " << records_by_format["CBL"] << ", CBF " << records_by_format["CBF"]
                           << "), headings " << headings << ", lines " << lines << ", moves compared " << moves_compared
                           << ", line mismatches " << line_mismatches << ", legal lines " << legal_lines << " of "
                           << lines_replayed << ", legal main lines " << legal_main_lines << " of " << main_lines);
        CHECK(records == 156);
        CHECK(records_by_format["XQF"] == 21);
        CHECK(records_by_format["CBR"] == 2);
        CHECK(records_by_format["CBL"] == 131);
        CHECK(records_by_format["CBF"] == 2);
        CHECK(headings == 2);
        CHECK(lines == 686);
        CHECK(line_mismatches == 0);
        CHECK(legal_lines == 684);
        CHECK(legal_main_lines == 151);
        CHECK(main_lines == 152);
        CHECK(illegal
            == std::vector<std::string> {
                "corpus-binary/BadMoveTest3.xqf line 0 ply 10", "corpus-binary/WildHouse.xqf line 41 ply 74" });
    }

    TEST_CASE("binary corpus: with the default limits the 32,124 moves of FiveGoatsTest.xqf are cut cleanly")
    {
        const fs::path path = fs::path(XQ_SHARED) / "corpus-binary" / "FiveGoatsTest.xqf";
        if (!fs::is_regular_file(path)) {
            MESSAGE("skipped: the shared corpus is not at " << path.parent_path().string());
            return;
        }
        const BinaryRecords read_back = read_binary_records(BinaryFormat::Xqf, read_bytes(path), "FiveGoatsTest.xqf");
        REQUIRE(read_back.games.size() == 1);
        const GameRecord& game = read_back.games[0];
        CHECK(count_code(game.diagnostics, "xqf.too-many-plies") == 1);
        CHECK_FALSE(find_code(game.diagnostics, "xqf.trailing-bytes")); // the whole tree is still walked
        std::size_t kept = game.moves.size();
        for (const RecordedVariation& variation : game.variations)
            kept += variation.moves.size();
        CHECK(kept == RecordLimits {}.max_plies);
        CHECK(game.variations.size() + game.skipped_variations == 348);
        // Cut at the limit, the record is not read whole: every move kept replays, but nothing
        // of it is to be ruled on.
        const RecordReplay replay = replay_record(game);
        CHECK(replay.failed_ply == 0);
        CHECK_FALSE(replay.read_whole);
        CHECK(replay.status == GameStatus::Unreadable);
    }
}

} // namespace
