// Tests of validate's output: JSON rows, CSV quoting and formulas, the summary and tally.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "report_test_support.hpp"
#include "validation_test_helpers.hpp"
#include "xq/report/ruling_report.hpp"
#include "xq/report/validation_report.hpp"

namespace {

using namespace xq;
using namespace xq::test;
using Json = nlohmann::json;

const MessageCatalogue& english() { return catalogue("en"); }

std::string render(const CheckedGame& game, ValidationFormat format)
{
    return render_validation_row(game, format, axf_rules(), english());
}

// AXF rule book, detail rule 6, diagram 1, recorded as a draw: Red checks perpetually.
const std::string perpetual_check_drawn
    = "[Event \"Perpetual check\"]\n[Red \"Red\"]\n[Black \"Black\"]\n"
      "[FEN \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"]\n[Format \"WXF\"]\n\n"
      "1. R2+1 k6+1 2. R2-1 k6-1 3. R2+1 k6+1 4. R2-1 1/2-1/2\n";

TEST_SUITE("validation_report")
{
    TEST_CASE("a JSON row has adjudicate's fields with the same values, and validate's own")
    {
        const GameRecord record = read_pgn_game(perpetual_check_drawn);
        const CheckedGame checked = check_game(record, axf_rules());
        const Json row = Json::parse(render(checked, ValidationFormat::Jsonl));

        const RecordReplay replay = replay_record(record);
        const GameRuling game = judge_game(1, record.location, replay, axf_rules());
        std::ostringstream adjudicated;
        write_ruling_json(adjudicated, game, axf_rules(), english());
        const Json adjudicate = Json::parse(adjudicated.str());

        for (const auto& item : adjudicate.items()) {
            // Plain names, not a structured binding: clang 14 cannot capture one (CAPTURE does).
            const std::string& field = item.key();
            CAPTURE(field);
            REQUIRE(row.contains(field));
            if (field != "status")
                CHECK(row[field] == item.value());
        }
        CHECK(row["status"] == "repetition_ruling");
        CHECK(row["file"] == "test.pgn");
        CHECK(row["line"] == 1);
        CHECK(row["event"] == "Perpetual check");
        CHECK(row["failed_ply"].is_null());
        CHECK(row["board_result"].is_null());
        CHECK(row["ruling_agrees"] == false);
        REQUIRE(row["findings"].size() == 1);
        CHECK(row["findings"][0]["status"] == "repetition_ruling");
        CHECK(row["findings"][0]["ply"] == 1);
    }

    TEST_CASE("a JSON row is written as nlohmann writes the same values, whatever characters they hold")
    {
        CheckedGame checked = check_game(read_pgn_game(perpetual_check_drawn), axf_rules());
        std::string every_ascii;
        for (int c = 1; c < 0x80; ++c)
            every_ascii += static_cast<char>(c);
        checked.row.event = every_ascii;
        // Plain ASCII is copied eight bytes at a time up to the first byte that is not: then
        // an escape, a character beyond ASCII, or a byte that is not UTF-8.
        checked.row.red = "plain ASCII first, \"quoted\" back\\slash, 許銀川 \u3000 full-width";
        checked.row.black = "not UTF-8: \xff\xfe and a cut \xe8\xb1";
        checked.row.date = "";
        const std::string text = render(checked, ValidationFormat::Jsonl);
        REQUIRE(!text.empty());
        CHECK(text.back() == '\n');
        // Parsed keeping the members' order, and written again, it is the same text.
        const auto row = nlohmann::ordered_json::parse(text);
        CHECK(row.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + '\n' == text);
        CHECK(row["event"] == every_ascii);
        CHECK(row["red"] == checked.row.red);
        CHECK(row["black"].get<std::string>().find("\xef\xbf\xbd") != std::string::npos);
        CHECK(row["date"] == "");
    }

    TEST_CASE("a JSON row's ruling is the one that decides the game, explained in English")
    {
        // Issue 11, R6: Red loses by perpetual check, then both sides repeat idle moves.
        const CheckedGame checked = check_game(read_pgn_game("[FEN \"4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n"
                                                             "1. a8a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 "
                                                             "5. a8a9 e9e8 6. a9a8 e8e9 7. a8a6 e9e8 8. a6a7 e8e9 "
                                                             "9. a7a6 e9e8 10. a6a7 e8e9 11. a7a6 e9e8 0-1\n"),
            axf_rules());
        const Json row = Json::parse(render(checked, ValidationFormat::Jsonl));
        REQUIRE(row["rulings"].size() == 2);
        CHECK(row["rulings"][1]["outcome"] == "draw");
        CHECK(row["ruling"] == row["rulings"][0]);
        CHECK(row["ruling"]["outcome"] == "red_loses");
        CHECK(row["ruling"]["occurrences"]["loss_ply"] == 12);
        const std::string verdict
            = english().format("verdict.outcome", { { "outcome", english().format("outcome.red_loses") } });
        const Json& explanation = row["ruling"]["explanation"];
        CHECK(std::find(explanation.begin(), explanation.end(), verdict) != explanation.end());
    }

    TEST_CASE("a CSV row quotes the fields that need it and has a column per header name")
    {
        const CheckedGame checked = check_game(
            read_pgn_game("[Event \"Cup, final \\\"A\\\"\"]\n[Red \"Sun\"]\n[Black \"Zhou\"]\n\n1. c3c4 c6c5 0-1\n"),
            axf_rules());
        const std::string line = render(checked, ValidationFormat::Csv);
        CHECK(line == "test.pgn,1,1,\"Cup, final \"\"A\"\"\",Sun,Zhou,,2,ok,,0-1,,0,,,,,\n");
        const std::string header = validation_csv_header();
        CHECK(std::count(header.begin(), header.end(), ',') == 17);
    }

    TEST_CASE("a CSV cell a spreadsheet would take for a formula starts with ', the others as they are")
    {
        CheckedGame checked = check_game(read_pgn_game("1. c3c4 c6c5 0-1\n"), axf_rules());
        for (const std::string lead : { "=", "+", "-", "@", "\t", "\r" }) {
            CAPTURE(lead);
            checked.row.event = lead + "SUM(A1)";
            const std::string cell = lead == "\r" ? "\"'\rSUM(A1)\"" : "'" + lead + "SUM(A1)";
            CHECK(render(checked, ValidationFormat::Csv).starts_with("test.pgn,1,1," + cell + ",,,,2,ok,"));
        }
        checked.row.event = "Cup = final";
        CHECK(render(checked, ValidationFormat::Csv).starts_with("test.pgn,1,1,Cup = final,"));
    }

    TEST_CASE("the summary lists a game's findings and nothing for a clean game")
    {
        const CheckedGame drawn = check_game(read_pgn_game(perpetual_check_drawn), axf_rules());
        CHECK(render(drawn, ValidationFormat::Summary)
            == "test.pgn:1: game 1 (Red vs Black): repetition_ruling\n"
               "  repetition_ruling at ply 1: the record ends repeating the cycle of plies 1-4, ruled red_must_change "
               "(AXF-6, AXF-3), but gives 1/2-1/2\n");
        const CheckedGame clean = check_game(read_pgn_game("1. h2e2 h9g7 *\n"), axf_rules());
        CHECK(render(clean, ValidationFormat::Summary).empty());
    }

    TEST_CASE("the tally counts rows per status, and only the time lines of the summary's end vary")
    {
        ValidationTally tally;
        tally.add(check_game(read_pgn_game(perpetual_check_drawn), axf_rules()).row);
        tally.add(check_game(read_pgn_game("1. h2e2 h9g7 *\n"), axf_rules()).row);
        tally.add(FinishedFile { "test.pgn", 1000, 2, {} });
        CHECK(tally.rows() == 2);
        CHECK(tally.count(ValidationStatus::Ok) == 1);
        CHECK(tally.count(ValidationStatus::RepetitionRuling) == 1);
        CHECK_FALSE(tally.clean());

        std::ostringstream fast, slow;
        write_validation_summary_end(fast, tally, std::chrono::milliseconds(1), 1, english());
        write_validation_summary_end(slow, tally, std::chrono::seconds(3), 2, english());
        const auto without_time = [](const std::string& text) {
            std::istringstream lines(text);
            std::string kept;
            for (std::string line; std::getline(lines, line);)
                if (!line.starts_with("time: "))
                    kept += line + '\n';
            return kept;
        };
        CHECK(fast.str() != slow.str());
        CHECK(without_time(fast.str()) == without_time(slow.str()));
        CHECK(fast.str().find("  repetition_ruling               1\n") != std::string::npos);
        CHECK(fast.str().find("time: 0.00 s with 1 job") != std::string::npos);
    }

    TEST_CASE("format names")
    {
        CHECK(parse_validation_format("jsonl") == ValidationFormat::Jsonl);
        CHECK(parse_validation_format("csv") == ValidationFormat::Csv);
        CHECK(parse_validation_format("summary") == ValidationFormat::Summary);
        CHECK_FALSE(parse_validation_format("json"));
    }
}

} // namespace
