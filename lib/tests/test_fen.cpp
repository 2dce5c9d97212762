// Tests of the FEN reader and writer: round trips, each error's code and column, lenient forms.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "xq/board/fen.hpp"

using namespace xq;

namespace {

std::string first_error_code(const Diagnostics& diagnostics)
{
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error)
            return d.code;
    return "fen.none";
}

} // namespace

TEST_SUITE("fen")
{
    TEST_CASE("canonical FENs round-trip exactly")
    {
        std::ifstream in(XQ_TESTDATA "/fen/valid.txt");
        REQUIRE(in);
        int count = 0;
        for (std::string line; std::getline(in, line);) {
            if (line.empty() || line[0] == '#')
                continue;
            Diagnostics diagnostics;
            const auto pos = parse_fen(line, diagnostics);
            CAPTURE(line);
            REQUIRE(pos);
            CHECK(diagnostics.empty());
            CHECK(to_fen(*pos) == line);
            CHECK(pos->key() == pos->compute_key());
            ++count;
        }
        CHECK(count >= 6);
    }

    TEST_CASE("each invalid FEN is rejected with its own code at the offending column")
    {
        std::ifstream in(XQ_TESTDATA "/fen/invalid.tsv");
        REQUIRE(in);
        int count = 0;
        for (std::string line; std::getline(in, line);) {
            if (line.empty() || line[0] == '#')
                continue;
            const std::size_t tab1 = line.find('\t'), tab2 = line.find('\t', tab1 + 1);
            const std::string fen = line.substr(0, tab1);
            const std::string code = line.substr(tab1 + 1, tab2 - tab1 - 1);
            const auto column = static_cast<std::uint32_t>(std::stoul(line.substr(tab2 + 1)));
            Diagnostics diagnostics;
            const auto pos = parse_fen(fen, diagnostics);
            CAPTURE(fen);
            CHECK(first_error_code(diagnostics) == code);
            if (code == "fen.none") {
                CHECK(pos);
            } else {
                CHECK_FALSE(pos);
                for (const Diagnostic& d : diagnostics)
                    if (d.severity == Severity::Error) {
                        CHECK(d.location.column == column);
                        break;
                    }
            }
            ++count;
        }
        CHECK(count >= 25);
    }

    TEST_CASE("the letters and side markers real files use are accepted")
    {
        Diagnostics diagnostics;
        const auto pos = parse_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r", diagnostics);
        REQUIRE(pos);
        CHECK(diagnostics.empty());
        CHECK(to_fen(*pos) == start_fen); // no counters given: 0 and 1
        const auto black = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", diagnostics);
        REQUIRE(black);
        CHECK(black->side_to_move() == Color::Black);
    }

    TEST_CASE("a FEN with no side to move is read as Red to move, with a warning")
    {
        Diagnostics diagnostics;
        const auto pos = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", diagnostics);
        REQUIRE(pos);
        CHECK(pos->side_to_move() == Color::Red);
        REQUIRE(diagnostics.size() == 1);
        CHECK(diagnostics.items()[0].code == "fen.no-side");
        CHECK_FALSE(diagnostics.has_errors());
    }

    TEST_CASE("every problem of a FEN is reported, not only the first")
    {
        Diagnostics diagnostics;
        // Two red rooks too many and an advisor off the palace.
        const auto pos = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RR7/RNBAKABNR w", diagnostics);
        CHECK_FALSE(pos);
        CHECK(diagnostics.size() == 1);
        Diagnostics many;
        CHECK_FALSE(parse_fen("3k5/9/9/9/9/B8/9/9/4A4/A3K4 w", many));
        CHECK(many.size() == 2);
    }

    TEST_CASE("composed positions may put pieces on unreachable points, with a warning, but no king")
    {
        Diagnostics diagnostics;
        const auto pawn = parse_fen("3k5/9/9/9/9/9/9/9/4P4/4K4 w", diagnostics, {}, FenOptions { true });
        REQUIRE(pawn);
        REQUIRE(diagnostics.size() == 1);
        CHECK(diagnostics.items()[0].severity == Severity::Warning);
        CHECK(diagnostics.items()[0].code == "fen.bad-square");
        Diagnostics king;
        CHECK_FALSE(parse_fen("3k5/9/9/9/9/9/4K4/9/9/9 w", king, {}, FenOptions { true }));
        CHECK(king.has_errors());
    }

    TEST_CASE("columns are offset by the place the FEN was found")
    {
        Diagnostics diagnostics;
        CHECK_FALSE(parse_fen("3k5/9/9/9/9/9/9/9/9/4K4 x", diagnostics, { "game.pgn", 3, 7 }));
        REQUIRE(diagnostics.has_errors());
        const SourceLocation& where = diagnostics.items()[0].location;
        CHECK(where.source == "game.pgn");
        CHECK(where.line == 3);
        CHECK(where.column == 7 + 24);
    }
}
