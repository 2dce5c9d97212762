// Tests of ICCS coordinates: the table of texts, ranks 0-9 and 1-10, every legal move read back.
#include <doctest/doctest.h>

#include <string>

#include "notation_test_support.hpp"
#include "xq/notation/iccs.hpp"

using namespace xq;
using namespace notation_test;

TEST_SUITE("notation.iccs")
{
    TEST_CASE("coordinate texts read as the table says, with ranks 0-9 or 1-10 as the row states")
    {
        const auto rows = read_table("notation/iccs.tsv");
        CHECK(rows.size() > 20);
        for (const TableRow& row : rows) {
            REQUIRE(row.fields.size() == 4);
            CAPTURE(row.line);
            REQUIRE((row.fields[3] == "0-9" || row.fields[3] == "1-10"));
            const IccsRanks ranks = row.fields[3] == "0-9" ? IccsRanks::ZeroToNine : IccsRanks::OneToTen;
            const Position pos = from_fen(row.fields[0]);
            check_expectation(pos, row.fields[1], row.fields[2], parse_iccs_move(pos, row.fields[1], ranks));
        }
    }

    TEST_CASE("1-10 ranks are written one higher, up to 10")
    {
        const Move cannon_takes_horse(Square(7, 2), Square(7, 9));
        CHECK(to_iccs(cannon_takes_horse, IccsRanks::ZeroToNine) == "h2h9");
        CHECK(to_iccs(cannon_takes_horse, IccsRanks::OneToTen) == "h3h10");
    }

    TEST_CASE("every legal move's coordinates read back as that move with either rank numbering")
    {
        for (const Position& pos : round_trip_positions())
            for (const Move m : legal_moves(pos))
                for (const IccsRanks ranks : { IccsRanks::ZeroToNine, IccsRanks::OneToTen }) {
                    const std::string text = to_iccs(m, ranks);
                    CAPTURE(text);
                    CHECK(reads_as(parse_iccs_move(pos, text, ranks), m));
                }
    }
}
