// Tests of the PGN writer: tags, canonical moves, numbering, comments, variations, round trips.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "record_test_helpers.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/records/pgn_writer.hpp"

namespace {

using namespace xq;
using namespace xq::test;
namespace fs = std::filesystem;

struct Converted {
    std::string text; // every game, separated by a blank line as xqarb convert does
    Diagnostics writer_diagnostics;
};

// What `xqarb convert` does with each game: replay it, then write it with the replay's moves.
Converted convert(const std::vector<GameRecord>& games, const PgnWriterOptions& options)
{
    Converted out;
    std::ostringstream text;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const RecordReplay replay = replay_record(games[i]);
        std::vector<Move> moves;
        const PlayedMainLine main_line = played_main_line(replay, moves);
        if (i > 0)
            text << '\n';
        write_pgn(text, games[i], main_line, options, out.writer_diagnostics);
    }
    out.text = text.str();
    return out;
}

Converted convert_pgn(const std::string& pgn, PgnNotation notation)
{
    PgnWriterOptions options;
    options.notation = notation;
    return convert(read_text(RecordFormat::Pgn, pgn).games, options);
}

// Columns as write_pgn counts them: two for a character from U+1000 up.
std::size_t columns(const std::string& line)
{
    std::size_t width = 0;
    for (const char c : line) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte & 0xC0) != 0x80)
            width += byte >= 0xE1 ? 2 : 1;
    }
    return width;
}

std::vector<std::string> lines_of(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

TEST_SUITE("pgn_writer")
{
    TEST_CASE("tags are kept in order, the Format tag names the notation written, moves are canonical")
    {
        const Converted out = convert_pgn(
            "[Event \"E\"]\n[Format \"ICCS\"]\n[Red \"R\"]\n\n1. H2-E2 h9g7 2. h0g2 1-0\n", PgnNotation::Wxf);
        CHECK(out.text == "[Event \"E\"]\n[Format \"WXF\"]\n[Red \"R\"]\n\n1. C2=5 H8+7 2. H2+3 1-0\n");
        CHECK(out.writer_diagnostics.empty());
    }

    TEST_CASE("a missing Format tag is added after the others, and the result falls back to the Result tag, then *")
    {
        CHECK(convert_pgn("[Event \"E\"]\n[Result \"0-1\"]\n\n1. 炮二平五\n", PgnNotation::Iccs).text
            == "[Event \"E\"]\n[Result \"0-1\"]\n[Format \"ICCS\"]\n\n1. h2e2 0-1\n");
        CHECK(convert_pgn("[Event \"E\"]\n\n1. 炮二平五\n", PgnNotation::Iccs).text
            == "[Event \"E\"]\n[Format \"ICCS\"]\n\n1. h2e2 *\n");
        CHECK(convert_pgn("[Event \"E\"]\n\n1. h2e2 红胜\n", PgnNotation::Iccs).text
            == "[Event \"E\"]\n[Format \"ICCS\"]\n\n1. h2e2 1-0\n");
    }

    TEST_CASE("Chinese output uses the chosen script")
    {
        const std::string pgn = "[Event \"E\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n";
        PgnWriterOptions options;
        options.notation = PgnNotation::Chinese;
        CHECK(convert(read_text(RecordFormat::Pgn, pgn).games, options).text
            == "[Event \"E\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n");
        options.chinese_script = ChineseScript::Traditional;
        CHECK(convert(read_text(RecordFormat::Pgn, pgn).games, options).text
            == "[Event \"E\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ *\n");
    }

    TEST_CASE("move numbers follow the start position: Black first is N..., and the FEN's move number counts")
    {
        const Converted out = convert_pgn("[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 "
                                          "7\"]\n\n7... h7e7 8. h2e2 h9g7 *\n",
            PgnNotation::Iccs);
        CHECK(out.text
            == "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7\"]\n[Format \"ICCS\"]\n\n"
               "7... h7e7 8. h2e2 h9g7 *\n");
    }

    TEST_CASE("comments, NAGs and variations are kept, variations in the target notation after the move they replace")
    {
        const Converted out
            = convert_pgn("[Event \"E\"]\n\n{Before} 1. h2e2 $1 h9g7!? ; line comment\n"
                          "2. h0g2 (2. b0c2 ?! (2. c3c4) i9h9) 2... i9h9 (2... b9c7 {side}) 3. i0h0 *\n",
                PgnNotation::Wxf);
        CHECK(out.text
            == "[Event \"E\"]\n[Format \"WXF\"]\n\n{Before} 1. C2=5 $1 H8+7 $5 { line comment} 2. H2+3 (2. H8+7 $6 (2. "
               "P7+1)\n"
               "2... R9=8) 2... R9=8 (2... H2+3 {side}) 3. R1=2 *\n");
        CHECK(out.writer_diagnostics.empty());
    }

    TEST_CASE("a closing brace in a comment, and an opening bracket starting one of its lines, are written full-width "
              "so the comment reads back")
    {
        GameRecord record;
        record.index = 1;
        record.moves.push_back({ "h2e2", {}, 1, {}, { "a } b\n  [Event \"x\"] c [d]" } });
        Diagnostics diagnostics;
        std::ostringstream text;
        const Position start = Position::start();
        const Move played[] = { *parse_iccs("h2e2") };
        write_pgn(text, record, { &start, played, {} }, {}, diagnostics);
        CHECK(text.str() == "[Format \"WXF\"]\n\n1. C2=5 {a ｝ b\n  ［Event \"x\"] c [d]} *\n");

        const ReadResult again = read_text(RecordFormat::Pgn, text.str());
        REQUIRE(again.games.size() == 1);
        REQUIRE(again.games[0].moves.size() == 1);
        CHECK(again.games[0].moves[0].comments == std::vector<std::string> { "a ｝ b\n  ［Event \"x\"] c [d]" });
    }

    TEST_CASE("tag values are escaped and read back unchanged")
    {
        GameRecord record;
        record.tags.push_back({ "Event", "say \"hi\" \\ ok ]", {}, {} });
        record.tags.push_back({ "Site", "two\nlines", {}, {} });
        Diagnostics diagnostics;
        std::ostringstream text;
        const Position start = Position::start();
        write_pgn(text, record, { &start, {}, {} }, {}, diagnostics);
        CHECK(text.str() == "[Event \"say \\\"hi\\\" \\\\ ok ]\"]\n[Site \"two lines\"]\n[Format \"WXF\"]\n\n*\n");
        const ReadResult again = read_text(RecordFormat::Pgn, text.str());
        REQUIRE(again.games.size() == 1);
        CHECK(again.games[0].tags[0].value == "say \"hi\" \\ ok ]");
        CHECK(problems(again.games[0].diagnostics).empty());
    }

    TEST_CASE("a tag name is written once, since a repeated tag starts the next game; a differing value is reported")
    {
        GameRecord record; // as a DhtmlXQ block may have it
        record.tags.push_back({ "Event", "first", {}, {} });
        record.tags.push_back({ "Site", "x", {}, {} });
        record.tags.push_back({ "EVENT", "second", { "in.txt", 4, 2 }, {} });
        record.tags.push_back({ "Site", "x", {}, {} });
        Diagnostics diagnostics;
        std::ostringstream text;
        const Position start = Position::start();
        write_pgn(text, record, { &start, {}, {} }, {}, diagnostics);
        CHECK(text.str() == "[Event \"first\"]\n[Site \"x\"]\n[Format \"WXF\"]\n\n*\n");
        REQUIRE(diagnostics.size() == 1);
        CHECK(diagnostics.items()[0].code == "convert.duplicate-tag");
        CHECK(where(diagnostics.items()[0].location) == "4:2");
        CHECK(read_text(RecordFormat::Pgn, text.str()).games.size() == 1);
    }

    TEST_CASE("a start position given outside the tags (DhtmlXQ's binit) becomes a FEN tag before the Format tag")
    {
        const ReadResult read = read_record_file("good/dhtmlxq_in_html.ubb.txt");
        REQUIRE(read.games.size() == 2);
        const Converted out = convert({ read.games[1] }, {});
        CHECK(out.text == "[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n[Format \"WXF\"]\n\n1. K5+1 *\n");
    }

    TEST_CASE("a variation with a move that is not legal at its branch point is left out with a warning")
    {
        const Converted out = convert_pgn(
            "[Event \"E\"]\n\n1. h2e2 h9g7 (1... h9i7 (1... a9a7)) (1... h7e7 2. h2h9) 2. h0g2 *\n", PgnNotation::Iccs);
        CHECK(out.text == "[Event \"E\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9g7 (1... h9i7 (1... a9a7)) 2. h0g2 *\n");
        REQUIRE(out.writer_diagnostics.size() == 1);
        const Diagnostic& dropped = out.writer_diagnostics.items()[0];
        CHECK(dropped.severity == Severity::Warning);
        CHECK(dropped.code == "convert.variation-dropped");
        CHECK(where(dropped.location) == "3:52"); // h2h9, the move that failed
    }

    TEST_CASE("variations inside a variation that is left out are left out too")
    {
        const Converted out
            = convert_pgn("[Event \"E\"]\n\n1. h2e2 h9g7 (1... h7e7 2. h2h9 (2. h0g2)) 2. h0g2 *\n", PgnNotation::Iccs);
        CHECK(out.text == "[Event \"E\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9g7 2. h0g2 *\n");
        CHECK(count_code(out.writer_diagnostics, "convert.variation-dropped") == 2);
    }

    TEST_CASE("variations are found by their numbers, which need not be in order; one without a parent is left out")
    {
        // As DhtmlXQ numbers them: a child before its parent, gaps, a missing parent, a loop.
        GameRecord record;
        for (const char* text : { "h2e2", "h9g7", "h0g2" })
            record.moves.push_back({ text, {}, 0, {}, {} });
        auto variation = [&](int id, int parent, std::size_t first_ply, std::vector<std::string> texts) {
            RecordedVariation v;
            v.id = id;
            v.parent = parent;
            v.first_ply = first_ply;
            for (std::string& text : texts)
                v.moves.push_back({ std::move(text), {}, 0, {}, {} });
            record.variations.push_back(std::move(v));
        };
        variation(7, 3, 3, { "b0c2" });
        variation(3, 0, 2, { "h7e7", "h0g2" });
        variation(9, 4, 2, { "b9c7" });
        variation(5, 6, 2, { "b9c7" });
        variation(6, 5, 2, { "b9c7" });
        const Position start = Position::start();
        std::vector<Move> played;
        for (const char* iccs : { "h2e2", "h9g7", "h0g2" })
            played.push_back(*parse_iccs(iccs));
        PgnWriterOptions options;
        options.notation = PgnNotation::Iccs;
        Diagnostics diagnostics;
        std::ostringstream text;
        write_pgn(text, record, { &start, played, {} }, options, diagnostics);
        CHECK(text.str() == "[Format \"ICCS\"]\n\n1. h2e2 h9g7 (1... h7e7 2. h0g2 (2. b0c2)) 2. h0g2 *\n");
        CHECK(count_code(diagnostics, "convert.variation-dropped") == 3);
    }

    TEST_CASE("a game that stops at an illegal move keeps the moves before it and says why in a comment")
    {
        const Converted out = convert_pgn("[Event \"E\"]\n[Result \"1-0\"]\n\n1. h2e2 {good} h9g7 2. h2h9 (2. h0g2) "
                                          "i9h9 {lost} 3. i0h0 (3. c3c4) 1-0\n",
            PgnNotation::Iccs);
        // The reason is the notation's message, whose wording is not this test's business.
        CHECK(out.text.starts_with("[Event \"E\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n"
                                   "[XqarbStopped \"ply 3: 'h2h9' is not legal here: "));
        CHECK(out.text.find("\"]\n\n1. h2e2 {good} 1... h9g7\n{xqarb: stopped at ply 3: 'h2h9' is not legal here: ")
            != std::string::npos);
        CHECK(out.text.ends_with(". Not converted: h2h9 i9h9 i0h0}\n1-0\n"));
        // The variations that replace ply 3 or later have no position to start from.
        CHECK(count_code(out.writer_diagnostics, "convert.variation-dropped") == 2);
    }

    TEST_CASE("a game cut by a conversion fails, read again, at the ply where the original failed")
    {
        const Converted out
            = convert_pgn("[Event \"E\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h2h9 i9h9 1-0\n", PgnNotation::Wxf);
        const ReadResult again = read_text(RecordFormat::Pgn, out.text);
        REQUIRE(again.games.size() == 1);
        const RecordReplay replay = replay_record(again.games[0]);
        CHECK(replay.status == GameStatus::IllegalMove);
        CHECK(replay.failed_ply == 3);
        CHECK(replay.game->ply_count() == 2);
        CHECK(count_code(replay.diagnostics, "record.cut") == 1);
        // Converted once more, it is the same: the tag is kept, not added twice.
        CHECK(convert_pgn(out.text, PgnNotation::Wxf).text == out.text);
        // The tag on a game that does not stop where it says is not believed.
        const ReadResult other
            = read_text(RecordFormat::Pgn, "[XqarbStopped \"ply 2: pasted\"]\n\n1. h2e2 h9g7 2. h0g2 *\n");
        const RecordReplay whole = replay_record(other.games.at(0));
        CHECK(whole.status == GameStatus::Ok);
        CHECK(whole.game->ply_count() == 3);
        CHECK(count_code(whole.diagnostics, "record.cut-elsewhere") == 1);
    }

    TEST_CASE("a game read with an error is marked damaged, and read again is not to be ruled on")
    {
        const std::string cut = "[Event \"E\"]\n\n1. h2e2 h9g7 2. h0g2 {the record was cut here\n";
        const ReadResult source = read_text(RecordFormat::Pgn, cut);
        REQUIRE(source.games.size() == 1);
        const RecordReplay first = replay_record(source.games[0]);
        CHECK_FALSE(first.read_whole);
        CHECK(first.status == GameStatus::Unreadable);
        CHECK(first.failed_ply == 0);
        CHECK(first.game->ply_count() == 3);

        const Converted out = convert_pgn(cut, PgnNotation::Iccs);
        CHECK(out.text.starts_with("[Event \"E\"]\n[Format \"ICCS\"]\n[XqarbDamaged \"test.pgn:3:"));
        CHECK(out.text.find("error[pgn.unterminated-comment]") != std::string::npos);
        const ReadResult again = read_text(RecordFormat::Pgn, out.text);
        REQUIRE(again.games.size() == 1);
        CHECK_FALSE(again.games[0].diagnostics.has_errors());
        const RecordReplay replay = replay_record(again.games[0]);
        CHECK(count_code(replay.diagnostics, "record.damaged") == 1);
        CHECK_FALSE(replay.read_whole);
        CHECK(replay.status == GameStatus::Unreadable);
        CHECK(replay.game->ply_count() == 3);
        // Converted once more, the mark is kept, not added twice.
        CHECK(convert_pgn(out.text, PgnNotation::Iccs).text == out.text);
        // A game read whole has no mark.
        CHECK(convert_pgn("1. h2e2 h9g7 *\n", PgnNotation::Iccs).text.find("XqarbDamaged") == std::string::npos);
    }

    TEST_CASE("text after the result is left out with a warning, not silently")
    {
        const Converted out
            = convert_pgn("[Event \"E\"]\n\n1. h2e2 h9g7 *\n{a summary of the game}\n", PgnNotation::Iccs);
        CHECK(out.text == "[Event \"E\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9g7 *\n");
        const Diagnostic* dropped = find_code(out.writer_diagnostics, "convert.text-after-result-dropped");
        REQUIRE(dropped);
        CHECK(where(dropped->location) == "4:1");
    }

    TEST_CASE("a game whose start position cannot be set up keeps its tags and its moves as written")
    {
        const Converted out = convert_pgn(
            "[Event \"E\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4KK3 w - - 0 1\"]\n\n{Study} 1. K5+1 (1. K5=4) *\n",
            PgnNotation::Chinese);
        CHECK(out.text.starts_with("[Event \"E\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4KK3 w - - 0 1\"]\n[Format \"Chinese\"]\n"
                                   "[XqarbStopped \"ply 1: the start position could not be set up: "));
        CHECK(out.text.find("\"]\n\n{Study}\n{xqarb: stopped at ply 1: the start position could not be set up: ")
            != std::string::npos);
        CHECK(out.text.ends_with(". Not converted: K5+1}\n*\n"));
        CHECK(count_code(out.writer_diagnostics, "convert.variation-dropped") == 1);
    }

    TEST_CASE("movetext lines keep to the width, and never end between a move number and its move")
    {
        std::string pgn = "[Event \"E\"]\n\n";
        for (int i = 0; i < 12; ++i)
            pgn += i % 2 == 0 ? "h2e2 h7e7 e2h2 e7h7 " : "h0g2 h9g7 g2h0 g7h9 ";
        pgn += "*\n";
        for (const PgnNotation notation : { PgnNotation::Iccs, PgnNotation::Chinese }) {
            const std::string text = convert_pgn(pgn, notation).text;
            CHECK(lines_of(text).size() > 5); // the tags, a blank line and several of movetext
            for (const std::string& line : lines_of(text)) {
                CHECK(columns(line) <= 80);
                CHECK_FALSE(line.ends_with("."));
            }
        }
    }

    TEST_CASE("converting our own output again gives the same bytes, for every record under testdata")
    {
        for (const std::string folder : { "good", "broken" }) {
            for (const auto& entry : fs::directory_iterator(records_dir() / folder)) {
                const std::string name = entry.path().filename().string();
                const ReadResult original = read_record_file(folder + "/" + name);
                for (const PgnNotation notation : { PgnNotation::Iccs, PgnNotation::Wxf, PgnNotation::Chinese }) {
                    for (const ChineseScript script : { ChineseScript::Simplified, ChineseScript::Traditional }) {
                        if (notation != PgnNotation::Chinese && script == ChineseScript::Traditional)
                            continue;
                        CAPTURE(name);
                        CAPTURE(format_tag_value(notation));
                        CAPTURE(script == ChineseScript::Traditional);
                        PgnWriterOptions options;
                        options.notation = notation;
                        options.chinese_script = script;
                        const std::string once = convert(original.games, options).text;
                        // Read back as PGN, which is what was written.
                        const ReadResult reread = read_text(RecordFormat::Pgn, once);
                        CHECK(reread.games.size() == original.games.size());
                        if (folder == "good") // broken ones keep some problems, such as a result mismatch
                            for (const GameRecord& game : reread.games)
                                CHECK_MESSAGE(problems(game.diagnostics).empty(), once);
                        const Converted twice = convert(reread.games, options);
                        CHECK(twice.text == once);
                        CHECK(twice.writer_diagnostics.empty());
                    }
                }
            }
        }
    }
}

} // namespace
