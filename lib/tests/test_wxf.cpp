// Tests of WXF notation: the table of texts, ambiguous texts, the AXF rule book's diagram moves.
#include <doctest/doctest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <string>

#include "notation_test_support.hpp"
#include "xq/notation/iccs.hpp"
#include "xq/notation/wxf.hpp"

using namespace xq;
using namespace notation_test;

namespace {

std::string upper_case(std::string text)
{
    std::transform(
        text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
}

std::string lower_case(std::string text)
{
    std::transform(
        text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// "C2=5" as DhtmlXQ's "international" export writes it: "Ｃ２＝５".
std::string full_width(const std::string& ascii)
{
    std::string out;
    for (const char c : ascii) {
        const char32_t wide = static_cast<char32_t>(c - '!') + 0xff01;
        out += static_cast<char>(0xe0 | (wide >> 12));
        out += static_cast<char>(0x80 | ((wide >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (wide & 0x3f));
    }
    return out;
}

} // namespace

TEST_SUITE("notation.wxf")
{
    TEST_CASE("WXF texts read as the table says, and the canonical ones are what to_wxf writes")
    {
        const auto rows = read_table("notation/wxf.tsv");
        CHECK(rows.size() > 100);
        for (const TableRow& row : rows) {
            REQUIRE(row.fields.size() >= 3);
            CAPTURE(row.line);
            const std::string& text = row.fields[1];
            const Position pos = from_fen(row.fields[0]);
            check_expectation(pos, text, row.fields[2], parse_wxf(pos, text));
            if (row.fields.size() > 3 && row.fields[3] == "canonical")
                CHECK(to_wxf(pos, *parse_iccs(row.fields[2])) == text);
        }
    }

    TEST_CASE("an ambiguous WXF text lists every legal move it fits")
    {
        const Position pos = from_fen("3k5/9/9/9/9/8R/9/9/9/4K3R w - - 0 1");
        const auto result = parse_wxf(pos, "R1+1");
        REQUIRE(std::holds_alternative<MoveError>(result));
        const MoveError& error = std::get<MoveError>(result);
        CHECK(error.kind == MoveErrorKind::Ambiguous);
        const std::set<std::string> candidates = { to_iccs(error.candidates.at(0)), to_iccs(error.candidates.at(1)) };
        CHECK(candidates == std::set<std::string> { "i4i5", "i0i1" });
        CHECK(error.message.find("i4i5") != std::string::npos);
        CHECK(error.message.find("i0i1") != std::string::npos);
    }

    TEST_CASE("canonical WXF of every legal move reads back, also lower case, full width or with '.'")
    {
        int moves = 0;
        for (const Position& pos : round_trip_positions()) {
            std::set<std::string> texts;
            for (const Move m : legal_moves(pos)) {
                const std::string text = to_wxf(pos, m);
                CAPTURE(to_fen(pos));
                CAPTURE(text);
                CHECK_MESSAGE(reads_as(parse_wxf(pos, text), m), describe(parse_wxf(pos, text)));
                CHECK(reads_as(parse_wxf(pos, lower_case(text)), m));
                CHECK(reads_as(parse_wxf(pos, full_width(text)), m));
                std::string dotted = text;
                std::replace(dotted.begin(), dotted.end(), '=', '.');
                CHECK(reads_as(parse_wxf(pos, dotted), m));
                texts.insert(text);
                ++moves;
            }
            CHECK(texts.size() == static_cast<std::size_t>(legal_move_count(pos)));
        }
        CHECK(moves > 3000);
    }

    TEST_CASE("the AXF rule-book diagram moves read as their ICCS, and we write the book's text")
    {
        std::ifstream in(XQ_TESTDATA "/axf/diagrams.jsonl");
        REQUIRE(in);
        std::set<std::string> diagrams;
        int moves = 0;
        for (std::string text; std::getline(in, text);) {
            if (text.empty() || text[0] == '#')
                continue;
            const auto diagram = nlohmann::json::parse(text);
            diagrams.insert(diagram["id"].get<std::string>());
            std::vector<nlohmann::json> lines { diagram };
            if (diagram.contains("alt"))
                lines.push_back(diagram["alt"]);
            for (const auto& line : lines) {
                CAPTURE(diagram["id"].get<std::string>());
                Diagnostics diagnostics;
                // Composed positions: D71 has a black soldier behind its starting rank.
                auto pos = parse_fen(line["fen"].get<std::string>(), diagnostics, {}, FenOptions { true });
                REQUIRE(pos);
                const auto wxf_moves = split(line["moves_wxf"].get<std::string>(), ' ');
                const auto iccs_moves = split(line["moves_iccs"].get<std::string>(), ' ');
                REQUIRE(wxf_moves.size() == iccs_moves.size());
                for (std::size_t ply = 0; ply < wxf_moves.size(); ++ply) {
                    CAPTURE(ply);
                    const auto coordinates = parse_iccs_move(*pos, iccs_moves[ply]);
                    REQUIRE_MESSAGE(std::holds_alternative<Move>(coordinates), describe(coordinates));
                    const Move m = std::get<Move>(coordinates);
                    CHECK_MESSAGE(reads_as(parse_wxf(*pos, wxf_moves[ply]), m),
                        wxf_moves[ply] << " read as " << describe(parse_wxf(*pos, wxf_moves[ply])));
                    // The rule book writes Black in lower case; otherwise our canonical text is
                    // its text.
                    CHECK(to_wxf(*pos, m) == upper_case(wxf_moves[ply]));
                    UndoInfo undo;
                    pos->do_move(m, undo);
                    ++moves;
                }
            }
        }
        CHECK(diagrams.size() == 88);
        CHECK(moves > 1200);
    }
}
