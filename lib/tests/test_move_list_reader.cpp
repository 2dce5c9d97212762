// Tests of the move-list reader and of format detection over the test records.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "record_test_helpers.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/records/move_list_reader.hpp"
#include "xq/records/open_record.hpp"

namespace {

using namespace xq;
using namespace xq::test;
namespace fs = std::filesystem;

constexpr std::string_view start_placement = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

// The format a test record's name announces: "dhtmlxq" in it, or a "move_list" prefix.
RecordFormat format_named_by(const std::string& file_name)
{
    if (file_name.find("dhtmlxq") != std::string::npos)
        return RecordFormat::DhtmlXq;
    return file_name.starts_with("move_list") ? RecordFormat::MoveList : RecordFormat::Pgn;
}

std::vector<std::string> move_list_files()
{
    std::vector<std::string> files;
    for (const std::string folder : { "good", "broken" })
        for (const auto& entry : fs::directory_iterator(records_dir() / folder))
            if (entry.path().filename().string().starts_with("move_list"))
                files.push_back(folder + "/" + entry.path().filename().string());
    std::sort(files.begin(), files.end());
    return files;
}

TEST_SUITE("move_list_reader")
{
    TEST_CASE("the FEN placement a move list starts with is 10 ranks of FEN letters and digits separated by '/'")
    {
        CHECK(is_fen_placement(start_placement));
        CHECK(is_fen_placement("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR"));
        CHECK(is_fen_placement("9/9/9/9/9/9/9/9/9/9")); // the shape only: kings are the FEN parser's business
        CHECK_FALSE(is_fen_placement("9/9/9/9/9/9/9/9/9"));
        CHECK_FALSE(is_fen_placement("9/9/9/9/9/9/9/9/9/9/9"));
        CHECK_FALSE(is_fen_placement("9/9/9/9//9/9/9/9/9"));
        CHECK_FALSE(is_fen_placement("9/9/9/9/9/9/9/9/9/9/"));
        CHECK_FALSE(is_fen_placement("9/9/9/9/9/9/9/9/9/4X4"));
        CHECK_FALSE(is_fen_placement("9/9/9/9/9/9/9/9/9/4K40"));
        CHECK_FALSE(is_fen_placement(""));
    }

    TEST_CASE("a first non-blank line that starts with a placement, and only that, makes a move list")
    {
        const std::string placement(start_placement);
        CHECK(detect_record_format(placement + " w\n炮二平五") == RecordFormat::MoveList);
        CHECK(detect_record_format("\xEF\xBB\xBF\r\n  \n\t" + placement + "\r\n") == RecordFormat::MoveList);
        CHECK(detect_record_format(placement + ", h2e2, *") == RecordFormat::MoveList);
        CHECK(detect_record_format(placement) == RecordFormat::MoveList);
        CHECK(detect_record_format("[FEN \"" + placement + " w\"]\n" + placement) == RecordFormat::Pgn);
        CHECK(detect_record_format("1. h2e2\n" + placement) == RecordFormat::Pgn);
        CHECK(detect_record_format("position fen " + placement + " w") == RecordFormat::Pgn);
        CHECK(detect_record_format(placement + "X w") == RecordFormat::Pgn);
        CHECK(detect_record_format(placement + "/ w") == RecordFormat::Pgn);
        CHECK(detect_record_format(placement + ";") == RecordFormat::Pgn);
        CHECK(detect_record_format("9/9/9/9/9/9/9/9/9 w") == RecordFormat::Pgn);
        CHECK(detect_record_format("\n\n") == RecordFormat::Pgn);
    }

    TEST_CASE("every file in testdata/records is read in the format its name gives: PGN, DhtmlXQ or move list")
    {
        for (const std::string folder : { "good", "broken" }) {
            for (const auto& entry : fs::directory_iterator(records_dir() / folder)) {
                const std::string name = entry.path().filename().string();
                CAPTURE(name);
                const RecordFormat expected = format_named_by(name);
                CHECK(detect_record_format(read_bytes(entry.path())) == expected);
                for (const GameRecord& game : read_record_file(folder + "/" + name).games)
                    CHECK(game.format == expected);
            }
        }
    }

    TEST_CASE("every file of the shared corpus keeps its format, and the walker8088 text files are move lists")
    {
        const fs::path corpus = fs::path(XQ_SHARED) / "corpus";
        if (!fs::is_directory(corpus)) {
            MESSAGE("skipped: the shared corpus is not at " << corpus.string());
            return;
        }
        std::size_t move_lists = 0;
        for (const auto& entry : fs::recursive_directory_iterator(corpus)) {
            const fs::path& path = entry.path();
            if (!entry.is_regular_file() || path.filename() == "LICENSE.txt" || path.extension() == ".md")
                continue;
            const std::string name = fs::relative(path, corpus).generic_string();
            CAPTURE(name);
            const RecordFormat expected = name.ends_with(".ubb.txt") ? RecordFormat::DhtmlXq
                : name.ends_with(".txt")                             ? RecordFormat::MoveList
                                                                     : RecordFormat::Pgn;
            Diagnostics open_diagnostics;
            std::unique_ptr<RecordReader> reader = open_record_file(path, {}, open_diagnostics);
            REQUIRE(reader);
            const std::optional<GameRecord> first = reader->next(); // only the first: some files are large
            REQUIRE(first);
            CHECK(first->format == expected);
            if (expected != RecordFormat::MoveList)
                continue;
            ++move_lists;
            CHECK_FALSE(first->diagnostics.has_errors());
            CHECK(first->start_fen);
            CHECK_FALSE(reader->next());
            CHECK(problems(reader->diagnostics()).empty());
            const RecordReplay replay = replay_record(*first);
            CHECK(replay.status == GameStatus::Ok);
            CHECK_FALSE(replay.diagnostics.has_errors());
        }
        CHECK(move_lists == 3);
    }

    TEST_CASE(
        "a move list of a FEN line then one Chinese move a line gives the FEN and every move with its line and column")
    {
        const ReadResult read = read_record_file("good/move_list_fen_line_then_moves.txt");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        CHECK(game.format == RecordFormat::MoveList);
        CHECK(game.index == 1);
        CHECK(where(game.location) == "1:1");
        REQUIRE(game.start_fen);
        CHECK(game.start_fen->text == std::string(start_placement) + " w");
        CHECK(where(game.start_fen->location) == "1:1");
        CHECK(move_texts(game.moves) == "炮二平五 马８进７ 马二进三 车９平８");
        REQUIRE(game.moves.size() == 4);
        for (std::size_t i = 0; i < game.moves.size(); ++i) {
            CHECK(where(game.moves[i].location) == std::to_string(i + 2) + ":1");
            CHECK(game.moves[i].move_number == 0);
        }
        CHECK_FALSE(game.result);
        CHECK_FALSE(game.notation_hint);
        CHECK(game.tags.empty());
        CHECK(game.diagnostics.empty());
        CHECK(problems(read.file_diagnostics).empty());
    }

    TEST_CASE("a move list with FEN, moves and result on one line keeps the FEN's fields and splits at commas")
    {
        const ReadResult read = read_record_file("good/move_list_one_line.txt");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        REQUIRE(game.start_fen);
        CHECK(game.start_fen->text == std::string(start_placement) + " w - - 0 1");
        CHECK(move_texts(game.moves) == "h2e2 h9g7 h0g2 i9h9");
        CHECK(where(game.moves[0].location) == "1:72");
        CHECK(where(game.moves[3].location) == "1:87");
        REQUIRE(game.result);
        CHECK(game.result->text == "*");
        CHECK(where(game.result->location) == "1:93");
        CHECK(game.diagnostics.empty());
        CHECK(problems(read.file_diagnostics).empty());
    }

    TEST_CASE("in a move list each FEN line starts a game, move numbers are skipped, and ideographic spaces and "
              "full-width commas separate")
    {
        const ReadResult read = read_record_file("good/move_list_several_games.txt");
        REQUIRE(read.games.size() == 3);

        const GameRecord& wxf = read.games[0];
        CHECK(wxf.start_fen->text == std::string(start_placement) + " w - - 0 1");
        CHECK(move_texts(wxf.moves) == "C2.5 H8+7 H2+3 R9.8");
        CHECK(where(wxf.moves[0].location) == "2:4");
        CHECK(where(wxf.moves[2].location) == "2:16"); // glued to its number: "2.H2+3"
        CHECK(wxf.moves[1].move_number == 1);
        CHECK(wxf.moves[2].move_number == 2);
        REQUIRE(wxf.result);
        CHECK(wxf.result->text == "和棋");
        CHECK(where(wxf.result->location) == "3:1");
        const Diagnostic* after_result = find_code(wxf.diagnostics, "movelist.text-after-result");
        REQUIRE(after_result);
        CHECK(after_result->severity == Severity::Note);
        CHECK(where(after_result->location) == "3:4");

        const GameRecord& chinese = read.games[1];
        CHECK(chinese.index == 2);
        CHECK(where(chinese.location) == "5:1");
        CHECK(chinese.start_fen->text == "3k5/9/9/9/9/9/9/9/9/4K4 w");
        CHECK(move_texts(chinese.moves) == "帅五进一 将４进１ 帅五平四");
        CHECK(where(chinese.moves[0].location) == "6:3");
        CHECK(where(chinese.moves[1].location) == "6:8");
        CHECK(where(chinese.moves[2].location) == "6:13");
        CHECK_FALSE(chinese.result);

        const GameRecord& one_line = read.games[2];
        CHECK(where(one_line.location) == "7:1");
        CHECK(one_line.start_fen->text == "4k4/9/9/9/9/9/9/9/9/3K5 b");
        CHECK(move_texts(one_line.moves) == "e9f9 d0d1");
        CHECK(where(one_line.moves[0].location) == "7:28");
        REQUIRE(one_line.result);
        CHECK(where(one_line.result->location) == "7:39");

        for (const GameRecord& game : read.games)
            CHECK(problems(game.diagnostics).empty());
        CHECK(problems(read.file_diagnostics).empty());
    }

    TEST_CASE("a GBK move list is decoded as GB18030")
    {
        const ReadResult read = read_record_file("good/move_list_chinese.gbk.txt");
        CHECK(read.encoding == TextEncoding::Gb18030);
        REQUIRE(read.games.size() == 1);
        CHECK(move_texts(read.games[0].moves) == "炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３");
        CHECK(where(read.games[0].moves[5].location) == "4:9");
        CHECK(read.games[0].moves[5].move_number == 3);
        CHECK(read.games[0].diagnostics.empty());
        CHECK(problems(read.file_diagnostics).empty());
    }

    TEST_CASE("every game of the good move list files replays to its last move")
    {
        for (const std::string& file : move_list_files()) {
            if (!file.starts_with("good/"))
                continue;
            for (const GameRecord& game : read_record_file(file).games) {
                CAPTURE(file);
                CAPTURE(game.index);
                const RecordReplay replay = replay_record(game);
                CHECK(replay.status == GameStatus::Ok);
                CHECK(problems(replay.diagnostics).empty());
                REQUIRE(replay.game);
                CHECK(replay.game->ply_count() == static_cast<int>(game.moves.size()));
            }
        }
    }

    TEST_CASE(
        "a move list game whose first word is no placement is an error, keeps it as its FEN, and the next game reads")
    {
        const ReadResult read = read_record_file("broken/move_list_garbled_fen.txt");
        REQUIRE(read.games.size() == 3);
        CHECK(read.games[0].diagnostics.empty());

        const GameRecord& garbled = read.games[1];
        const Diagnostic* error = find_code(garbled.diagnostics, "movelist.bad-fen");
        REQUIRE(error);
        CHECK(error->severity == Severity::Error);
        CHECK(where(error->location) == "4:1");
        CHECK(error->message.find("game 2") != std::string::npos);
        REQUIRE(garbled.start_fen);
        CHECK(garbled.start_fen->text == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1X1P1P/1C5C1/RNBAKABNR w");
        CHECK(move_texts(garbled.moves) == "h2e2 h9g7");
        // So the replay cannot start from the standard position instead: the game is unreadable.
        CHECK(replay_record(garbled).status == GameStatus::Unreadable);

        CHECK(move_texts(read.games[2].moves) == "e0e1");
        CHECK(read.games[2].diagnostics.empty());
    }

    TEST_CASE("a move list word over the length limit is cut and reported, and reading goes on")
    {
        const ReadResult read = read_record_file("broken/move_list_token_too_long.txt");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        const Diagnostic* error = find_code(game.diagnostics, "movelist.token-too-long");
        REQUIRE(error);
        CHECK(error->severity == Severity::Error);
        CHECK(where(error->location) == "2:6");
        REQUIRE(game.moves.size() == 3);
        CHECK(game.moves[1].text == std::string(RecordLimits {}.max_token_bytes, 'x'));
        CHECK(game.moves[2].text == "h9g7");
        CHECK(where(game.moves[2].location) == "2:307");
    }

    TEST_CASE("a move list FEN's fields are padded to their columns, so the FEN parser's columns point into the file")
    {
        // A tab and an ideographic space before the side to move, which is wrong.
        const ReadResult read = read_text(RecordFormat::MoveList, "3k5/9/9/9/9/9/9/9/9/4K4\t\u3000x\ne0e1\n");
        REQUIRE(read.games.size() == 1);
        CHECK(read.games[0].start_fen->text == "3k5/9/9/9/9/9/9/9/9/4K4  x");
        const RecordReplay replay = replay_record(read.games[0]);
        const Diagnostic* side = find_code(replay.diagnostics, "fen.side");
        REQUIRE(side);
        CHECK(where(side->location) == "1:26");
    }

    TEST_CASE("a result on a line of its own ends a move list game, even one that reads like a fraction")
    {
        const ReadResult read = read_text(RecordFormat::MoveList, "4k4/9/9/9/9/9/9/9/9/3K5 w\nd0d1\n1/2-1/2\ne9e8\n");
        REQUIRE(read.games.size() == 1);
        CHECK(move_texts(read.games[0].moves) == "d0d1");
        REQUIRE(read.games[0].result);
        CHECK(read.games[0].result->text == "1/2-1/2");
        CHECK(where(find_code(read.games[0].diagnostics, "movelist.text-after-result")->location) == "4:1");
    }

    TEST_CASE("move list text before the first FEN line is skipped with a warning, and text without one has no game")
    {
        const ReadResult read = read_text(RecordFormat::MoveList, "moves:\n h2e2\n4k4/9/9/9/9/9/9/9/9/3K5 w\nd0d1\n");
        REQUIRE(read.games.size() == 1);
        CHECK(move_texts(read.games[0].moves) == "d0d1");
        const Diagnostic* outside = find_code(read.file_diagnostics, "movelist.text-outside-game");
        REQUIRE(outside);
        CHECK(where(outside->location) == "1:1");
        CHECK(count_code(read.file_diagnostics, "movelist.text-outside-game") == 1);

        const ReadResult none = read_text(RecordFormat::MoveList, "h2e2 h9g7\n");
        CHECK(none.games.empty());
        CHECK(find_code(none.file_diagnostics, "movelist.no-games"));
    }

    TEST_CASE("control characters separate move list words with a warning, and the limits bound plies and diagnostics")
    {
        using namespace std::string_literals;
        const ReadResult read = read_text(RecordFormat::MoveList, "4k4/9/9/9/9/9/9/9/9/3K5 w\nd0d1\0e9e8\x01"s);
        REQUIRE(read.games.size() == 1);
        CHECK(move_texts(read.games[0].moves) == "d0d1 e9e8");
        CHECK(count_code(read.games[0].diagnostics, "movelist.control-character") == 2);
        CHECK(where(find_code(read.games[0].diagnostics, "movelist.control-character")->location) == "2:5");

        RecordReaderOptions options;
        options.limits.max_plies = 1;
        options.limits.max_diagnostics = 4;
        const ReadResult limited = read_text(
            RecordFormat::MoveList, "4k4/9/9/9/9/9/9/9/9/3K5 w\nd0d1 e9e8 d1d0\n" + std::string(50, '\0'), options);
        REQUIRE(limited.games.size() == 1);
        const GameRecord& game = limited.games[0];
        CHECK(move_texts(game.moves) == "d0d1");
        CHECK(where(find_code(game.diagnostics, "movelist.too-many-plies")->location) == "2:6");
        CHECK(game.diagnostics.size() == options.limits.max_diagnostics + 1);
        CHECK(find_code(game.diagnostics, "record.too-many-diagnostics"));
    }

    TEST_CASE("the move list files read the same through 1 to 5 byte chunks as through the default")
    {
        for (const std::string& file : move_list_files()) {
            const std::string expected = dump(read_record_file(file));
            for (std::size_t chunk = 1; chunk <= 5; ++chunk) {
                CAPTURE(file);
                CAPTURE(chunk);
                RecordReaderOptions options;
                options.read_chunk_size = chunk;
                CHECK(dump(read_record_file(file, options)) == expected);
            }
        }
    }
}

} // namespace
