// Tests of the PGN reader: real files' dialects and encodings, comments, variations, damage.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "record_test_helpers.hpp"
#include "xq/records/pgn_reader.hpp"

namespace {

using namespace xq;
using namespace xq::test;

constexpr std::string_view standard_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

TEST_SUITE("pgn_reader")
{
    TEST_CASE("an XQWizard export in GBK with CRLF, a comment between the moves of a pair and an advert reads cleanly")
    {
        const ReadResult read = read_record_file("good/xqwizard_style.gbk.pgn");
        CHECK(read.encoding == TextEncoding::Gb18030);
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        CHECK(game.index == 1);
        CHECK(where(game.location) == "1:1");
        CHECK(game.tags.size() == 13);
        CHECK(tag_value(game, "Event").empty());
        CHECK(tag_value(game, "Red") == "红方棋手");
        CHECK(tag_value(game, "Opening") == "中炮对单提马");
        CHECK_FALSE(game.start_fen);
        CHECK(move_texts(game.moves) == "炮二平五 马２进３ 马二进三 车１平２ 车一平二 马８进９ 车二进六 炮８平６");
        CHECK(where(game.moves[0].location) == "14:6");
        CHECK(where(game.moves[1].location) == "14:11");
        CHECK(where(game.moves[3].location) == "17:15");
        CHECK(game.moves[3].move_number == 2);
        CHECK(game.moves[2].comments == std::vector<std::string> { "　　红方跳马，黑方续走。" });
        REQUIRE(game.result);
        CHECK(game.result->text == "1-0");
        CHECK(where(game.result->location) == "20:2");
        const Diagnostic* advert = find_code(game.diagnostics, "pgn.text-after-result");
        REQUIRE(advert);
        CHECK(advert->severity == Severity::Note);
        CHECK(where(advert->location) == "21:1");
        CHECK(problems(game.diagnostics).empty());
        CHECK(problems(read.file_diagnostics).empty());
    }

    TEST_CASE("a CCPD export in Big5 gives Black-first, tags-only and back-to-back games")
    {
        const ReadResult read = read_record_file("good/ccpd_style.big5.pgn");
        CHECK(read.encoding == TextEncoding::Big5);
        REQUIRE(read.games.size() == 4);

        const GameRecord& first = read.games[0];
        CHECK(tag_value(first, "Event") == "全國賽 甲 勝 乙");
        REQUIRE(first.start_fen);
        CHECK(first.start_fen->text == standard_fen);
        CHECK(where(first.start_fen->location) == "12:7");
        CHECK(move_texts(first.moves) == "炮二平五 馬８進７ 馬二進三 車９平８ 車一平二 卒７進１ 車二進六 馬２進３");
        REQUIRE(first.result);
        CHECK(where(first.result->location) == "19:1");

        const GameRecord& black_first = read.games[1];
        CHECK(where(black_first.location) == "21:1");
        CHECK(move_texts(black_first.moves) == "馬２進３ 兵七進一 卒３進１ 前炮退二 後車平４");
        CHECK(where(black_first.moves[0].location) == "34:13");
        CHECK(black_first.moves[0].move_number == 1);
        CHECK_FALSE(black_first.result);

        const GameRecord& tags_only = read.games[2];
        CHECK(where(tags_only.location) == "38:1");
        CHECK(tags_only.tags.size() == 6);
        CHECK(tags_only.moves.empty());
        REQUIRE(tags_only.start_fen);
        CHECK(tags_only.start_fen->text == "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");

        const GameRecord& fourth = read.games[3];
        CHECK(where(fourth.location) == "44:1");
        CHECK(tag_value(fourth, "Event") == "第四局");
        CHECK(move_texts(fourth.moves) == "相三進五 炮８平５");

        for (const GameRecord& game : read.games)
            CHECK(game.diagnostics.empty());
    }

    TEST_CASE("a UTF-8 byte-order mark and CRLF line ends change no location")
    {
        const ReadResult read = read_record_file("good/bom_crlf.utf8.pgn");
        CHECK(read.encoding == TextEncoding::Utf8);
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        CHECK(where(game.location) == "1:1");
        CHECK(tag_value(game, "Game") == "Chinese Chess");
        REQUIRE(game.notation_hint);
        CHECK(*game.notation_hint == "WXF");
        CHECK(move_texts(game.moves) == "C2.5 H8+7 H2+3 R9.8 R1.2 P7+1");
        CHECK(where(game.moves[4].location) == "9:4");
        REQUIRE(game.result);
        CHECK(where(game.result->location) == "9:14");
        CHECK(game.diagnostics.empty());
    }

    TEST_CASE("lone CR line ends count as line ends")
    {
        const ReadResult read = read_record_file("good/lone_cr.pgn");
        REQUIRE(read.games.size() == 1);
        CHECK(move_texts(read.games[0].moves) == "h2e2 h9g7 h0g2");
        REQUIRE(read.games[0].result);
        CHECK(where(read.games[0].result->location) == "6:9");
    }

    TEST_CASE("a Black first move may follow 1... or 1. ...")
    {
        const ReadResult read = read_record_file("good/black_first_ellipsis.pgn");
        REQUIRE(read.games.size() == 2);
        CHECK(move_texts(read.games[0].moves) == "C8=5 C2=5 H8+7");
        CHECK(where(read.games[0].moves[0].location) == "4:6");
        CHECK(read.games[0].moves[0].move_number == 1);
        CHECK(move_texts(read.games[1].moves) == "炮２平３ 炮二平五");
        CHECK(where(read.games[1].moves[0].location) == "9:8");
        for (const GameRecord& game : read.games)
            CHECK(game.diagnostics.empty());
    }

    TEST_CASE("move numbers glued to moves are split off, but WXF tokens with digits and a dot are not")
    {
        const ReadResult read = read_record_file("good/glued_move_numbers.pgn");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        CHECK(move_texts(game.moves) == "炮二平五 马８进７ 马二进三 车９平８ 车一平二 卒７进１ h0g2 62.5");
        CHECK(where(game.moves[0].location) == "3:3");
        CHECK(where(game.moves[2].location) == "3:15");
        CHECK(game.moves[2].move_number == 2);
        CHECK(where(game.moves[4].location) == "3:27");
        CHECK(game.moves[4].move_number == 3);
        CHECK(where(game.moves[6].location) == "4:3");
        CHECK(game.moves[7].move_number == 4);
        CHECK(game.diagnostics.empty());
    }

    TEST_CASE("one half-move per line reads like pairs")
    {
        const ReadResult read = read_record_file("good/one_move_per_line.pgn");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        CHECK(move_texts(game.moves) == "相七进五 炮２平５ 兵七进一 马２进３");
        CHECK(where(game.moves[1].location) == "7:6");
        CHECK(game.moves[1].move_number == 1);
        CHECK(game.diagnostics.empty());
    }

    TEST_CASE("comments attach to the move before them and variations stay out of the main line")
    {
        const ReadResult read = read_record_file("good/comments_variations_nags.pgn");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        CHECK(
            game.comments_before_first_move == std::vector<std::string> { "Before the first move,\nover two lines." });
        CHECK(move_texts(game.moves) == "h2e2 h9g7 h0g2 i9h9 i0h0");
        CHECK(where(game.moves[0].location) == "6:21");
        CHECK(game.moves[0].nags == std::vector<int> { 1 });
        CHECK(game.moves[1].nags == std::vector<int> { 5 });
        CHECK(game.moves[1].comments == std::vector<std::string> { " Black develops" });
        CHECK(game.moves[3].move_number == 2);

        REQUIRE(game.variations.size() == 3);
        const RecordedVariation& first = game.variations[0];
        CHECK(first.id == 1);
        CHECK(first.parent == 0);
        CHECK(first.first_ply == 3);
        CHECK(where(first.location) == "7:9");
        CHECK(move_texts(first.moves) == "b0c2 i9h9");
        CHECK(first.moves[0].nags == std::vector<int> { 6 });
        const RecordedVariation& nested = game.variations[1];
        CHECK(nested.parent == 1);
        CHECK(nested.first_ply == 3);
        CHECK(move_texts(nested.moves) == "c3c4");
        const RecordedVariation& third = game.variations[2];
        CHECK(third.parent == 0);
        CHECK(third.first_ply == 4);
        CHECK(where(third.location) == "7:47");
        REQUIRE(third.moves.size() == 1);
        CHECK(third.moves[0].comments == std::vector<std::string> { "side comment" });
        CHECK(game.skipped_variations == 0);
        REQUIRE(game.result);
        CHECK(where(game.result->location) == "7:82");
        CHECK(game.diagnostics.empty());
    }

    TEST_CASE("the Format tag is the notation hint, and ICCS tokens keep their case and dash")
    {
        const ReadResult read = read_record_file("good/iccs_format_tag.pgn");
        REQUIRE(read.games.size() == 1);
        REQUIRE(read.games[0].notation_hint);
        CHECK(*read.games[0].notation_hint == "ICCS");
        CHECK(move_texts(read.games[0].moves) == "H2-E2 H9-G7 H0-G2 I9-H9");
    }

    TEST_CASE("full-width WXF tokens, with the position marker in front, are single moves")
    {
        const ReadResult read = read_record_file("good/fullwidth_wxf.pgn");
        REQUIRE(read.games.size() == 1);
        CHECK(move_texts(read.games[0].moves) == "Ｃ２＝５ Ｈ８＋７ ＋Ｐ＋１ －Ｐ＋１");
        CHECK(read.games[0].diagnostics.empty());
    }

    TEST_CASE("a tag line straight after movetext starts the next game")
    {
        const ReadResult read = read_record_file("good/uci_dump_no_blank_line.pgn");
        REQUIRE(read.games.size() == 3);
        CHECK(move_texts(read.games[0].moves) == "h2e2 h9g7 h0g2 i9h9");
        CHECK(where(read.games[1].location) == "6:1");
        CHECK(move_texts(read.games[1].moves) == "c3c4 b9c7 b0c2");
        CHECK(move_texts(read.games[2].moves) == "b2e2 b9c7");
        CHECK(read.games[2].index == 3);
        for (const GameRecord& game : read.games) {
            CHECK_FALSE(game.result);
            CHECK(game.diagnostics.empty());
        }
    }

    TEST_CASE("a Chinese result word ends the movetext like 1-0")
    {
        const ReadResult read = read_record_file("good/chinese_result_word.pgn");
        REQUIRE(read.games.size() == 1);
        REQUIRE(read.games[0].result);
        CHECK(read.games[0].result->text == "红胜");
        CHECK(move_texts(read.games[0].moves) == "炮二平五 马８进７ 马二进三");
        CHECK(read.games[0].diagnostics.empty());
    }

    TEST_CASE("an unclosed comment is an error at its brace and keeps what it swallowed")
    {
        const ReadResult read = read_record_file("broken/unterminated_comment.pgn");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        const Diagnostic* error = find_code(game.diagnostics, "pgn.unterminated-comment");
        REQUIRE(error);
        CHECK(error->severity == Severity::Error);
        CHECK(where(error->location) == "3:14");
        CHECK(error->message.find("game 1 (unclosed comment)") != std::string::npos);
        CHECK(move_texts(game.moves) == "h2e2 h9g7");
        REQUIRE(game.moves[1].comments.size() == 1);
        CHECK(game.moves[1].comments[0] == "this comment never ends\n2. h0g2 i9h9\n");
    }

    TEST_CASE("an unclosed variation is an error at its parenthesis and the next game is read")
    {
        const ReadResult read = read_record_file("broken/unterminated_variation.pgn");
        REQUIRE(read.games.size() == 2);
        const Diagnostic* error = find_code(read.games[0].diagnostics, "pgn.unterminated-variation");
        REQUIRE(error);
        CHECK(error->severity == Severity::Error);
        CHECK(where(error->location) == "3:22");
        CHECK(move_texts(read.games[0].moves) == "h2e2 h9g7 h0g2");
        REQUIRE(read.games[0].variations.size() == 1);
        CHECK(move_texts(read.games[0].variations[0].moves) == "b0c2 b9c7 i0h0");
        CHECK(move_texts(read.games[1].moves) == "c3c4");
        CHECK(read.games[1].diagnostics.empty());
    }

    TEST_CASE("a tag without its closing quote is a warning and the game keeps its other tags")
    {
        const ReadResult read = read_record_file("broken/missing_tag_quote.pgn");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        const Diagnostic* warning = find_code(game.diagnostics, "pgn.bad-tag");
        REQUIRE(warning);
        CHECK(warning->severity == Severity::Warning);
        CHECK(where(warning->location) == "1:1");
        CHECK(game.tags.size() == 2);
        CHECK(tag_value(game, "Event") == "<none>");
        CHECK(move_texts(game.moves) == "h2e2 h9g7");
    }

    TEST_CASE("a broken FEN tag is an error, because the start position is lost")
    {
        const ReadResult read = read_record_file("broken/broken_fen_tag.pgn");
        REQUIRE(read.games.size() == 1);
        const Diagnostic* error = find_code(read.games[0].diagnostics, "pgn.bad-tag");
        REQUIRE(error);
        CHECK(error->severity == Severity::Error);
        CHECK(where(error->location) == "2:1");
        CHECK_FALSE(read.games[0].start_fen);
        CHECK(move_texts(read.games[0].moves) == "e0e1");
    }

    TEST_CASE("a token over the length limit is cut and reported, and reading goes on")
    {
        const ReadResult read = read_record_file("broken/token_too_long.pgn");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        const Diagnostic* error = find_code(game.diagnostics, "pgn.token-too-long");
        REQUIRE(error);
        CHECK(where(error->location) == "3:9");
        REQUIRE(game.moves.size() == 3);
        CHECK(game.moves[1].text == std::string(255, 'x'));
        CHECK(game.moves[2].text == "h0g2");
    }

    TEST_CASE("a byte that is not UTF-8 is reported where it stands and the moves around it are kept")
    {
        const ReadResult read = read_record_file("broken/invalid_utf8_byte.pgn");
        CHECK(read.encoding == TextEncoding::Utf8);
        REQUIRE(read.games.size() == 1);
        const Diagnostic* error = find_code(read.games[0].diagnostics, "encoding.invalid-sequence");
        REQUIRE(error);
        CHECK(where(error->location) == "3:14");
        CHECK(error->message.find("0xFF") != std::string::npos);
        CHECK(move_texts(read.games[0].moves) == "炮二平五 马８进７ 马二进三");
    }

    TEST_CASE("a line starting with % is PGN's escape for other programs, and is skipped")
    {
        const ReadResult read
            = read_text(RecordFormat::Pgn, "[Event \"E\"]\n\n1. h2e2 h9g7\n% for some other program\n2. h0g2 *\n");
        REQUIRE(read.games.size() == 1);
        CHECK(move_texts(read.games[0].moves) == "h2e2 h9g7 h0g2");
        CHECK(problems(read.games[0].diagnostics).empty());
    }

    TEST_CASE("a NUL byte is reported and ignored")
    {
        const ReadResult read = read_record_file("broken/nul_byte.pgn");
        REQUIRE(read.games.size() == 1);
        const Diagnostic* warning = find_code(read.games[0].diagnostics, "pgn.control-character");
        REQUIRE(warning);
        CHECK(where(warning->location) == "3:8");
        CHECK(move_texts(read.games[0].moves) == "h2e2 h9g7");
    }

    TEST_CASE("a GBK character cut off by the end of the file is reported at its place")
    {
        const ReadResult read = read_record_file("broken/truncated_gbk_character.pgn");
        CHECK(read.encoding == TextEncoding::Gb18030);
        REQUIRE(read.games.size() == 1);
        const Diagnostic* error = find_code(read.games[0].diagnostics, "encoding.invalid-sequence");
        REQUIRE(error);
        CHECK(where(error->location) == "4:1");
        CHECK(move_texts(read.games[0].moves) == "炮二平五 马８进７");
    }

    TEST_CASE("bytes that are not Big5 in a Big5 file are reported together")
    {
        const ReadResult read = read_record_file("broken/big5_invalid_byte.pgn");
        CHECK(read.encoding == TextEncoding::Big5);
        REQUIRE(read.games.size() == 1);
        CHECK(count_code(read.games[0].diagnostics, "encoding.invalid-sequence") == 1);
        const Diagnostic* error = find_code(read.games[0].diagnostics, "encoding.invalid-sequence");
        REQUIRE(error);
        CHECK(where(error->location) == "4:4");
        CHECK(error->message.find("0xFF 0xFE") != std::string::npos);
    }

    TEST_CASE("a stray closing parenthesis or brace is a warning and nothing else changes")
    {
        const ReadResult parenthesis = read_record_file("broken/unmatched_parenthesis.pgn");
        REQUIRE(parenthesis.games.size() == 1);
        const Diagnostic* paren = find_code(parenthesis.games[0].diagnostics, "pgn.unmatched-parenthesis");
        REQUIRE(paren);
        CHECK(where(paren->location) == "3:14");
        CHECK(move_texts(parenthesis.games[0].moves) == "h2e2 h9g7 h0g2");

        const ReadResult brace = read_record_file("broken/unmatched_brace.pgn");
        REQUIRE(brace.games.size() == 1);
        const Diagnostic* closing = find_code(brace.games[0].diagnostics, "pgn.unmatched-brace");
        REQUIRE(closing);
        CHECK(where(closing->location) == "3:9");
        CHECK(move_texts(brace.games[0].moves) == "h2e2 h9g7");
    }

    TEST_CASE("a result token that contradicts the Result tag is reported, not fixed")
    {
        const ReadResult read = read_record_file("broken/result_mismatch.pgn");
        REQUIRE(read.games.size() == 1);
        const Diagnostic* warning = find_code(read.games[0].diagnostics, "pgn.result-mismatch");
        REQUIRE(warning);
        CHECK(where(warning->location) == "4:14");
        CHECK(read.games[0].result->text == "0-1");
        CHECK(tag_value(read.games[0], "Result") == "1-0");
    }

    TEST_CASE("a malformed NAG is reported and dropped")
    {
        const ReadResult read = read_record_file("broken/bad_nag.pgn");
        REQUIRE(read.games.size() == 1);
        const Diagnostic* warning = find_code(read.games[0].diagnostics, "pgn.bad-nag");
        REQUIRE(warning);
        CHECK(where(warning->location) == "3:9");
        CHECK(move_texts(read.games[0].moves) == "h2e2 h9g7");
    }

    TEST_CASE("a file without games says so")
    {
        const ReadResult empty = read_record_file("broken/empty.pgn");
        CHECK(empty.games.empty());
        CHECK(find_code(empty.file_diagnostics, "pgn.no-games"));

        const ReadResult comment = read_record_file("broken/only_a_comment.pgn");
        CHECK(comment.games.empty());
        const Diagnostic* ignored = find_code(comment.file_diagnostics, "pgn.text-outside-game");
        REQUIRE(ignored);
        CHECK(where(ignored->location) == "1:1");
        CHECK(find_code(comment.file_diagnostics, "pgn.no-games"));
    }

    TEST_CASE("one broken game in an archive costs no other game")
    {
        const ReadResult read = read_record_file("broken/archive_with_one_broken_game.pgn");
        REQUIRE(read.games.size() == 5);
        const std::vector<std::string> expected_moves = { "h2e2 h9g7", "c3c4 c6c5", "b2e2", "g3g4 g6g5", "b0c2 b9c7" };
        const std::vector<std::string> expected_results = { "1-0", "0-1", "", "1/2-1/2", "*" };
        for (std::size_t i = 0; i < 5; ++i) {
            CAPTURE(i);
            const GameRecord& game = read.games[i];
            CHECK(game.index == i + 1);
            CHECK(tag_value(game, "Event") == "Game " + std::to_string(i + 1));
            CHECK(move_texts(game.moves) == expected_moves[i]);
            CHECK((game.result ? game.result->text : "") == expected_results[i]);
            CHECK(game.diagnostics.empty() == (i != 2));
        }
        const Diagnostic* error = find_code(read.games[2].diagnostics, "pgn.unterminated-comment");
        REQUIRE(error);
        CHECK(where(error->location) == "17:9");
        CHECK(error->message.find("game 3 (A3 vs B3)") != std::string::npos);
        CHECK(read.games[2].moves[0].comments[0] == "this comment is never closed\n2. h0g2\n\n");
    }

    TEST_CASE("bad bytes between games are a problem of the file, not of the game before them")
    {
        RecordReaderOptions options;
        options.encoding = TextEncoding::Utf8;
        const ReadResult read = read_text(RecordFormat::Pgn,
            "[Event \"A\"]\n\n1. h2e2 h9g7 1-0\n\n\xFF\xFE junk\n\n[Event \"B\"]\n\n1. c3c4 *\n", options);
        REQUIRE(read.games.size() == 2);
        CHECK(problems(read.games[0].diagnostics).empty());
        CHECK(find_code(read.games[0].diagnostics, "pgn.text-after-result"));
        CHECK(problems(read.games[1].diagnostics).empty());
        const Diagnostic* error = find_code(read.file_diagnostics, "encoding.invalid-sequence");
        REQUIRE(error);
        CHECK(where(error->location) == "5:1");
        CHECK(error->severity == Severity::Warning);
    }

    TEST_CASE("an unclosed comment in a game without moves still leaves the next tag line to the next game")
    {
        const ReadResult read = read_text(
            RecordFormat::Pgn, "[Event \"A\"]\n{unclosed\n[Game \"Chinese Chess\"]\n[Event \"B\"]\n1. h2e2 *\n");
        REQUIRE(read.games.size() == 2);
        CHECK(read.games[0].tags.size() == 1);
        CHECK(find_code(read.games[0].diagnostics, "pgn.unterminated-comment"));
        CHECK(read.games[1].tags.size() == 2);
        CHECK(tag_value(read.games[1], "Event") == "B");
        CHECK(move_texts(read.games[1].moves) == "h2e2");
    }

    TEST_CASE("a repeated tag starts a new game even when no movetext came between")
    {
        const ReadResult read = read_text(RecordFormat::Pgn,
            "[Game \"Chinese Chess\"]\n[Event \"A\"]\n[Game \"Chinese Chess\"]\n[Event \"B\"]\n1. h2e2 *\n");
        REQUIRE(read.games.size() == 2);
        CHECK(tag_value(read.games[0], "Event") == "A");
        CHECK(read.games[0].moves.empty());
        CHECK(tag_value(read.games[1], "Event") == "B");
        CHECK(where(read.games[1].location) == "3:1");
    }

    TEST_CASE("tags may share a line and values may hold brackets, escapes and bare quotes")
    {
        const ReadResult read = read_text(RecordFormat::Pgn,
            "[Event \"a [b] c\"] [Site \"say \\\"hi\\\"\"]\n[Annotator \"x \"y\" z\"]\n\n1. h2e2 *\n");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        CHECK(tag_value(game, "Event") == "a [b] c");
        CHECK(tag_value(game, "Site") == "say \"hi\"");
        CHECK(where(game.tags[1].location) == "1:19");
        CHECK(where(game.tags[1].value_location) == "1:26");
        CHECK(tag_value(game, "Annotator") == "x \"y\" z");
        const Diagnostic* warning = find_code(game.diagnostics, "pgn.unescaped-quote");
        REQUIRE(warning);
        CHECK(where(warning->location) == "2:15");
    }

    TEST_CASE("an empty FEN tag means the standard start and says so")
    {
        const ReadResult read = read_text(RecordFormat::Pgn, "[FEN \"\"]\n1. h2e2 *\n");
        REQUIRE(read.games.size() == 1);
        CHECK_FALSE(read.games[0].start_fen);
        CHECK(find_code(read.games[0].diagnostics, "pgn.empty-fen"));
    }

    TEST_CASE("a result inside a variation does not end the game")
    {
        const ReadResult read = read_text(RecordFormat::Pgn, "1. h2e2 (1. c3c4 1-0) h9g7 0-1\n");
        REQUIRE(read.games.size() == 1);
        CHECK(move_texts(read.games[0].moves) == "h2e2 h9g7");
        CHECK(read.games[0].result->text == "0-1");
    }

    TEST_CASE("every limit is reported once and keeps the game's memory bounded")
    {
        RecordReaderOptions options;
        options.limits.max_plies = 3;
        options.limits.max_tags = 1;
        options.limits.max_variation_depth = 1;
        options.limits.max_comments = 1;
        options.limits.max_nags_per_move = 1;
        options.limits.max_tag_value_bytes = 4;
        const ReadResult read = read_text(RecordFormat::Pgn,
            "[Event \"long value\"] [Site \"x\"]\n1. h2e2 $1 $2 {a} {b} (1. c3c4 (1. g3g4)) h9g7 2. h0g2 i9h9 *\n",
            options);
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        CHECK(tag_value(game, "Event") == "long");
        CHECK(game.tags.size() == 1);
        CHECK(move_texts(game.moves) == "h2e2 h9g7");
        CHECK(game.moves[0].nags == std::vector<int> { 1 });
        CHECK(game.moves[0].comments == std::vector<std::string> { "a" });
        REQUIRE(game.variations.size() == 1);
        CHECK(game.skipped_variations == 1);
        for (const char* code : { "pgn.tag-too-long", "pgn.too-many-tags", "pgn.too-many-plies", "pgn.too-many-nags",
                 "pgn.too-many-comments", "pgn.variation-too-deep" }) {
            CAPTURE(code);
            CHECK(count_code(game.diagnostics, code) == 1);
        }
        CHECK(find_code(game.diagnostics, "pgn.too-many-plies")->severity == Severity::Error);
    }

    TEST_CASE("a flood of bad bytes gives a bounded number of diagnostics")
    {
        RecordReaderOptions options;
        options.encoding = TextEncoding::Utf8;
        const ReadResult read
            = read_text(RecordFormat::Pgn, "1. h2e2 " + std::string(100000, '\x01') + " *\n", options);
        REQUIRE(read.games.size() == 1);
        CHECK(read.games[0].diagnostics.size() == options.limits.max_diagnostics + 1);
        CHECK(find_code(read.games[0].diagnostics, "record.too-many-diagnostics"));
    }

    TEST_CASE("a 100 MB line is read in bounded memory without hanging")
    {
        // A stream that makes up its bytes as they are read: one line, 100 MB of one letter,
        // between a move and a result.
        class LongLine : public std::streambuf {
        public:
            explicit LongLine(std::size_t length)
                : remaining_(length)
            {
            }

        protected:
            int_type underflow() override
            {
                if (phase_ == 0) {
                    phase_ = 1;
                    return fill("[Event \"long line\"]\n1. h2e2 ");
                }
                if (phase_ == 1 && remaining_ > 0) {
                    const std::size_t n = std::min(remaining_, block_.size());
                    remaining_ -= n;
                    setg(block_.data(), block_.data(), block_.data() + n);
                    return traits_type::to_int_type(block_[0]);
                }
                if (phase_ == 1) {
                    phase_ = 2;
                    return fill(" h9g7 *\n");
                }
                return traits_type::eof();
            }

        private:
            int_type fill(const char* text)
            {
                tail_ = text;
                setg(tail_.data(), tail_.data(), tail_.data() + tail_.size());
                return traits_type::to_int_type(tail_[0]);
            }
            std::size_t remaining_;
            int phase_ = 0;
            std::string block_ = std::string(1 << 16, 'x');
            std::string tail_;
        };

        LongLine buffer(100u * 1024 * 1024);
        std::istream input(&buffer);
        PgnReader reader(input, "long.pgn");
        const ReadResult read = read_all(reader);
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        CHECK(move_texts(game.moves) == "h2e2 " + std::string(255, 'x') + " h9g7");
        const Diagnostic* error = find_code(game.diagnostics, "pgn.token-too-long");
        REQUIRE(error);
        CHECK(where(error->location) == "2:9");
        REQUIRE(game.result);
        CHECK(where(game.result->location) == "2:" + std::to_string(9 + 100 * 1024 * 1024 + 6));
    }
}

} // namespace
