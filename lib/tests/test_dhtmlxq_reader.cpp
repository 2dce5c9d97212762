// Tests of the DhtmlXQ reader: squares, binit, blocks in HTML, fields, variations, damage.
#include <doctest/doctest.h>

#include <string>

#include "record_test_helpers.hpp"
#include "xq/records/dhtmlxq_reader.hpp"

namespace {

using namespace xq;
using namespace xq::test;
using namespace std::string_literals;

constexpr std::string_view standard_binit = "0919293949596979891777062646668600102030405060708012720323436383";
constexpr std::string_view standard_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

TEST_SUITE("dhtmlxq_reader")
{
    TEST_CASE("DhtmlXQ squares are x from the left and y from the top, so 7747 is h2e2")
    {
        CHECK(dhtmlxq_move_to_iccs("7747") == "h2e2");
        CHECK(dhtmlxq_move_to_iccs("7242") == "h7e7");
        CHECK(dhtmlxq_move_to_iccs("0900") == "a0a9");
        CHECK(dhtmlxq_move_to_iccs("8988") == "i0i1");
        CHECK_FALSE(dhtmlxq_move_to_iccs("9947"));
        CHECK_FALSE(dhtmlxq_move_to_iccs("774"));
        CHECK_FALSE(dhtmlxq_move_to_iccs("77a7"));
    }

    TEST_CASE("binit lists Red then Black, back rank a to i, cannons, soldiers, with 99 for a missing piece")
    {
        std::string problem;
        CHECK(dhtmlxq_binit_to_fen(standard_binit, problem) == standard_fen);
        // The 七星聚会 study from the corpus sample, most pieces missing.
        CHECK(dhtmlxq_binit_to_fen("6999999949999999797799315285999940994299509999999999991738475899", problem)
            == "4rk3/3P5/4bP3/9/9/8P/9/1p2p2C1/3p1p3/4K1RR1 w - - 0 1");
        CHECK_FALSE(dhtmlxq_binit_to_fen(standard_binit.substr(2), problem));
        CHECK(problem.find("64 digits") != std::string::npos);
        CHECK_FALSE(dhtmlxq_binit_to_fen("09" + std::string(standard_binit.substr(2, 60)) + "09", problem));
        CHECK(problem.find("two pieces") != std::string::npos);
        CHECK_FALSE(dhtmlxq_binit_to_fen("91" + std::string(standard_binit.substr(2)), problem));
        CHECK(problem.find("file digit 9") != std::string::npos);
    }

    TEST_CASE("blocks inside HTML become games with tags, a start position, moves, comments and variations")
    {
        const ReadResult read = read_record_file("good/dhtmlxq_in_html.ubb.txt");
        REQUIRE(read.games.size() == 2);
        const GameRecord& game = read.games[0];
        CHECK(game.format == RecordFormat::DhtmlXq);
        CHECK(where(game.location) == "2:1");
        CHECK(tag_value(game, "Title") == "测试对局");
        CHECK(tag_value(game, "Red") == "红方");
        CHECK(tag_value(game, "Black") == "黑方");
        CHECK(tag_value(game, "Result") == "红胜");
        CHECK(tag_value(game, "DhtmlXQ_blacktime").empty());
        CHECK(tag_value(game, "DhtmlXQ_firstnum") == "0");
        REQUIRE(game.start_fen);
        CHECK(game.start_fen->text == standard_fen);
        CHECK(where(game.start_fen->location) == "8:16");
        REQUIRE(game.notation_hint);
        CHECK(*game.notation_hint == "ICCS");
        CHECK(move_texts(game.moves) == "h2e2 h7e7 h0g2 h9g7 b0c2");
        CHECK(where(game.moves[0].location) == "9:19");
        CHECK(where(game.moves[1].location) == "9:23");
        CHECK(game.comments_before_first_move == std::vector<std::string> { "开局" });
        CHECK(game.moves[1].comments == std::vector<std::string> { "中炮\n对中炮" });
        REQUIRE(game.variations.size() == 1);
        const RecordedVariation& variation = game.variations[0];
        CHECK(variation.id == 1);
        CHECK(variation.parent == 0);
        CHECK(variation.first_ply == 3);
        CHECK(move_texts(variation.moves) == "b0c2 h9g7");
        CHECK(variation.moves[1].comments == std::vector<std::string> { "变着" });
        CHECK(game.diagnostics.empty());

        const GameRecord& study = read.games[1];
        CHECK(study.index == 2);
        REQUIRE(study.start_fen);
        CHECK(study.start_fen->text == "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        CHECK(move_texts(study.moves) == "e0e1");
        CHECK(study.diagnostics.empty());
        CHECK(problems(read.file_diagnostics).empty());
    }

    TEST_CASE("control characters in a field are dropped with a warning, as the PGN reader drops them")
    {
        // An escape sequence that would retitle and clear the terminal, and a NUL.
        const ReadResult read = read_text(RecordFormat::DhtmlXq,
            "[DhtmlXQ]\n[DhtmlXQ_title]T\x1B]0;pwned\x07\x1B[2JRED[/DhtmlXQ_title]\n"
            "[DhtmlXQ_red]A\0B[/DhtmlXQ_red]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"s);
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        REQUIRE(game.find_tag("Title"));
        CHECK(game.find_tag("Title")->value == "T]0;pwned[2JRED");
        CHECK(game.find_tag("Red")->value == "AB");
        CHECK(count_code(game.diagnostics, "dhtmlxq.control-character") == 4);
        const Diagnostic* first = find_code(game.diagnostics, "dhtmlxq.control-character");
        REQUIRE(first);
        CHECK(first->severity == Severity::Warning);
        CHECK(where(first->location) == "2:17");
        CHECK_FALSE(game.diagnostics.has_errors());
    }

    TEST_CASE("a binit that is not 64 digits is an error and gives no start position")
    {
        const ReadResult read = read_record_file("broken/dhtmlxq_bad_binit.ubb.txt");
        REQUIRE(read.games.size() == 1);
        const Diagnostic* error = find_code(read.games[0].diagnostics, "dhtmlxq.bad-binit");
        REQUIRE(error);
        CHECK(error->severity == Severity::Error);
        CHECK(where(error->location) == "3:16");
        CHECK(error->message.find("game 1 (bad binit)") != std::string::npos);
        CHECK_FALSE(read.games[0].start_fen);
        CHECK(move_texts(read.games[0].moves) == "h2e2");
    }

    TEST_CASE("a block without its closing tag is an error and keeps what it read")
    {
        const ReadResult read = read_record_file("broken/dhtmlxq_unterminated_block.ubb.txt");
        REQUIRE(read.games.size() == 1);
        const Diagnostic* error = find_code(read.games[0].diagnostics, "dhtmlxq.unterminated-block");
        REQUIRE(error);
        CHECK(where(error->location) == "1:1");
        CHECK(move_texts(read.games[0].moves) == "h2e2 h7e7");
    }

    TEST_CASE("a move naming no square is an error and stays in the line as written")
    {
        const ReadResult read = read_record_file("broken/dhtmlxq_bad_square.ubb.txt");
        REQUIRE(read.games.size() == 1);
        const Diagnostic* error = find_code(read.games[0].diagnostics, "dhtmlxq.bad-move");
        REQUIRE(error);
        CHECK(where(error->location) == "3:23");
        CHECK(move_texts(read.games[0].moves) == "h2e2 9942 h0g2");
    }

    TEST_CASE("a move list that ends inside a move is an error at that move")
    {
        const ReadResult read = read_record_file("broken/dhtmlxq_incomplete_move.ubb.txt");
        REQUIRE(read.games.size() == 1);
        const Diagnostic* error = find_code(read.games[0].diagnostics, "dhtmlxq.bad-move");
        REQUIRE(error);
        CHECK(where(error->location) == "2:23");
        CHECK(move_texts(read.games[0].moves) == "h2e2");
    }

    TEST_CASE("a comment on a ply the record lacks is a warning")
    {
        const ReadResult read = read_record_file("broken/dhtmlxq_orphan_comment.ubb.txt");
        REQUIRE(read.games.size() == 1);
        const Diagnostic* warning = find_code(read.games[0].diagnostics, "dhtmlxq.orphan-comment");
        REQUIRE(warning);
        CHECK(where(warning->location) == "3:1");
    }

    TEST_CASE("a new block before the old one closes ends the old one, and a file without blocks says so")
    {
        const ReadResult read = read_text(RecordFormat::DhtmlXq,
            "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[DhtmlXQ][DhtmlXQ_movelist]7242[/DhtmlXQ_movelist][/"
            "DhtmlXQ]");
        REQUIRE(read.games.size() == 2);
        CHECK(find_code(read.games[0].diagnostics, "dhtmlxq.unterminated-block"));
        CHECK(move_texts(read.games[0].moves) == "h2e2");
        CHECK(move_texts(read.games[1].moves) == "h7e7");
        CHECK(read.games[1].diagnostics.empty());

        const ReadResult none = read_text(RecordFormat::DhtmlXq, "<html>no game here</html>");
        CHECK(none.games.empty());
        CHECK(find_code(none.file_diagnostics, "dhtmlxq.no-games"));
    }

    TEST_CASE("variations are sorted by number and one branching from a missing variation is reported")
    {
        const ReadResult read = read_text(RecordFormat::DhtmlXq,
            "[DhtmlXQ][DhtmlXQ_movelist]77477242[/DhtmlXQ_movelist]"
            "[DhtmlXQ_move_5_2_2]1927[/DhtmlXQ_move_5_2_2][DhtmlXQ_move_0_1_1]2625[/DhtmlXQ_move_0_1_1][/DhtmlXQ]");
        REQUIRE(read.games.size() == 1);
        REQUIRE(read.games[0].variations.size() == 2);
        CHECK(read.games[0].variations[0].id == 1);
        CHECK(move_texts(read.games[0].variations[0].moves) == "c3c4");
        CHECK(read.games[0].variations[1].parent == 5);
        CHECK(count_code(read.games[0].diagnostics, "dhtmlxq.orphan-variation") == 1);
    }

    TEST_CASE("field names are read in any case")
    {
        const ReadResult read = read_text(RecordFormat::DhtmlXq,
            "[DHTMLXQ][DhtmlXQ_BInit]" + std::string(standard_binit)
                + "[/DhtmlXQ_BInit][DhtmlXQ_MoveList]7747[/DhtmlXQ_MoveList]"
                  "[DhtmlXQ_Move_0_1_1]7242[/DhtmlXQ_Move_0_1_1][DhtmlXQ_COMMENT1]first[/DhtmlXQ_COMMENT1][/DHTMLXQ]");
        REQUIRE(read.games.size() == 1);
        const GameRecord& game = read.games[0];
        REQUIRE(game.start_fen);
        CHECK(game.start_fen->text == standard_fen);
        CHECK(move_texts(game.moves) == "h2e2");
        CHECK(game.moves[0].comments == std::vector<std::string> { "first" });
        REQUIRE(game.variations.size() == 1);
        CHECK(move_texts(game.variations[0].moves) == "h7e7");
        CHECK(game.tags.empty());
    }

    TEST_CASE("a tag name limit of SIZE_MAX means no limit, whole or a byte at a time")
    {
        const std::string text
            = "[DhtmlXQ][DhtmlXQ_title]t[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"
              "[DhtmlXQ_a_rather_long_field_name_of_the_site_that_wrote_it_at_seventy_bytes]x"
              "[/DhtmlXQ_a_rather_long_field_name_of_the_site_that_wrote_it_at_seventy_bytes][/DhtmlXQ]";
        RecordReaderOptions limited;
        RecordReaderOptions unlimited;
        unlimited.limits.max_tag_name_bytes = SIZE_MAX;
        const ReadResult with_limit = read_text(RecordFormat::DhtmlXq, text, limited);
        REQUIRE(with_limit.games.size() == 1);
        CHECK(count_code(with_limit.games[0].diagnostics, "dhtmlxq.bad-field") == 1);
        for (std::size_t chunk = 1; chunk <= 65; chunk += 64) {
            CAPTURE(chunk);
            unlimited.read_chunk_size = chunk;
            const ReadResult read = read_text(RecordFormat::DhtmlXq, text, unlimited);
            REQUIRE(read.games.size() == 1);
            CHECK(read.games[0].diagnostics.empty());
            CHECK(move_texts(read.games[0].moves) == "h2e2");
        }
    }

    TEST_CASE("told not to keep variation moves, the reader still checks them and reports the same")
    {
        // Variation 1 (two moves from ply 3, the second naming no square) has a comment before it,
        // one on its second move and one on a fifth it lacks; the main line keeps its moves and its comment.
        const std::string text = "[DhtmlXQ][DhtmlXQ_movelist]774772427967[/DhtmlXQ_movelist]"
                                 "[DhtmlXQ_move_0_3_1]10229979[/DhtmlXQ_move_0_3_1]"
                                 "[DhtmlXQ_comment1_2]before[/DhtmlXQ_comment1_2]"
                                 "[DhtmlXQ_comment1_4]on its second move[/DhtmlXQ_comment1_4]"
                                 "[DhtmlXQ_comment1_7]on a move it lacks[/DhtmlXQ_comment1_7]"
                                 "[DhtmlXQ_comment2]on the main line[/DhtmlXQ_comment2][/DhtmlXQ]";
        RecordReaderOptions main_line_only;
        main_line_only.keep_variation_moves = false;
        const ReadResult kept = read_text(RecordFormat::DhtmlXq, text);
        const ReadResult not_kept = read_text(RecordFormat::DhtmlXq, text, main_line_only);
        REQUIRE(kept.games.size() == 1);
        REQUIRE(not_kept.games.size() == 1);
        const GameRecord& all = kept.games[0];
        const GameRecord& main_line = not_kept.games[0];

        REQUIRE(all.variations.size() == 1);
        CHECK(move_texts(all.variations[0].moves) == "b9c7 9979");
        CHECK(all.variations[0].moves[1].comments == std::vector<std::string> { "on its second move" });
        REQUIRE(main_line.variations.size() == 1);
        CHECK(main_line.variations[0].moves.empty());
        CHECK(main_line.variations[0].first_ply == 3);
        CHECK(main_line.variations[0].comments_before_first_move == std::vector<std::string> { "before" });

        CHECK(move_texts(main_line.moves) == move_texts(all.moves));
        CHECK(main_line.moves[1].comments == std::vector<std::string> { "on the main line" });
        REQUIRE(main_line.diagnostics.size() == all.diagnostics.size());
        for (std::size_t i = 0; i < all.diagnostics.size(); ++i) {
            CHECK(main_line.diagnostics.items()[i].code == all.diagnostics.items()[i].code);
            CHECK(where(main_line.diagnostics.items()[i].location) == where(all.diagnostics.items()[i].location));
        }
        CHECK(count_code(main_line.diagnostics, "dhtmlxq.bad-move") == 1);
        CHECK(count_code(main_line.diagnostics, "dhtmlxq.orphan-comment") == 1);
    }
}

} // namespace
