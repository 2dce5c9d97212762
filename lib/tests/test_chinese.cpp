// Tests of Chinese notation: the table of texts, both scripts, every legal move read back.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "notation_test_support.hpp"
#include "xq/notation/chinese.hpp"

using namespace xq;
using namespace notation_test;

namespace {

// Black's full-width digits (U+FF11..U+FF19, "\xef\xbc\x91".."\xef\xbc\x99" in UTF-8) as the
// ASCII digits many web tools write instead.
std::string ascii_digits(const std::string& text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 2, "\xef\xbc") == 0 && i + 2 < text.size()
            && static_cast<unsigned char>(text[i + 2]) >= 0x91 && static_cast<unsigned char>(text[i + 2]) <= 0x99) {
            out += static_cast<char>('1' + (static_cast<unsigned char>(text[i + 2]) - 0x91));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

} // namespace

TEST_SUITE("notation.chinese")
{
    TEST_CASE("Chinese texts read as the table says; to_chinese writes the marked ones")
    {
        const auto rows = read_table("notation/chinese.tsv");
        CHECK(rows.size() > 100);
        for (const TableRow& row : rows) {
            REQUIRE(row.fields.size() >= 3);
            CAPTURE(row.line);
            const std::string& text = row.fields[1];
            const Position pos = from_fen(row.fields[0]);
            check_expectation(pos, text, row.fields[2], parse_chinese(pos, text));
            if (row.fields.size() < 4)
                continue;
            const Move m = *parse_iccs(row.fields[2]);
            const std::string& scripts = row.fields[3];
            if (scripts.find("simplified") != std::string::npos)
                CHECK(to_chinese(pos, m, ChineseScript::Simplified) == text);
            if (scripts.find("traditional") != std::string::npos)
                CHECK(to_chinese(pos, m, ChineseScript::Traditional) == text);
        }
    }

    TEST_CASE("simplified is the default script")
    {
        const Position pos = Position::start();
        const Move horse(Square(7, 0), Square(6, 2)); // h0g2
        CHECK(to_chinese(pos, horse) == "马二进三");
        CHECK(to_chinese(pos, horse, ChineseScript::Traditional) == "馬二進三");
    }

    TEST_CASE("canonical Chinese of every legal move reads back, in both scripts and ASCII digits")
    {
        int moves = 0;
        for (const Position& pos : round_trip_positions()) {
            std::set<std::string> simplified_texts;
            for (const Move m : legal_moves(pos)) {
                const std::string simplified = to_chinese(pos, m, ChineseScript::Simplified);
                const std::string traditional = to_chinese(pos, m, ChineseScript::Traditional);
                CAPTURE(to_fen(pos));
                CAPTURE(simplified);
                CHECK_MESSAGE(reads_as(parse_chinese(pos, simplified), m), describe(parse_chinese(pos, simplified)));
                CHECK_MESSAGE(reads_as(parse_chinese(pos, traditional), m), describe(parse_chinese(pos, traditional)));
                CHECK(reads_as(parse_chinese(pos, ascii_digits(simplified)), m));
                simplified_texts.insert(simplified);
                ++moves;
            }
            CHECK(simplified_texts.size() == static_cast<std::size_t>(legal_move_count(pos)));
        }
        CHECK(moves > 3000);
    }
}
