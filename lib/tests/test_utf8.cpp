// Tests of UTF-8 handling: validation, repair, whole-character prefixes, escaping for display.
#include <doctest/doctest.h>

#include "xq/base/utf8.hpp"

namespace xq::utf8 {

TEST_SUITE("utf8")
{
    TEST_CASE("well-formed sequences are valid, and each ill-formed one is found with its length")
    {
        CHECK(read_sequence("a").kind == Sequence::valid);
        CHECK(read_sequence("\xE7\x82\xAE").length == 3);
        CHECK(read_sequence("\xF4\x8F\xBF\xBF").kind == Sequence::valid); // U+10FFFF
        CHECK(read_sequence("\xF4\x90\x80\x80").kind == Sequence::invalid); // above U+10FFFF
        CHECK(read_sequence("\xF8\x88\x80\x80\x80").kind == Sequence::invalid); // a 5-byte form
        CHECK(read_sequence("\xED\xA0\x80").kind == Sequence::invalid); // a surrogate
        CHECK(read_sequence("\xE0\x80\xAF").kind == Sequence::invalid); // overlong
        CHECK(read_sequence("\xC1\xBF").kind == Sequence::invalid); // overlong
        // A valid start cut short by a byte that cannot continue it: the start is one bad sequence.
        const Sequence cut = read_sequence("\xE7\x82"
                                           "a");
        CHECK(cut.kind == Sequence::invalid);
        CHECK(cut.length == 2);
        const Sequence incomplete = read_sequence("\xE7\x82");
        CHECK(incomplete.kind == Sequence::incomplete);
        CHECK(incomplete.length == 2);
    }

    TEST_CASE("replace_invalid gives U+FFFD per bad sequence and keeps the rest")
    {
        CHECK(is_valid("炮二平五"));
        CHECK_FALSE(is_valid("Open \xF4\x90\x80\x80"));
        CHECK(replace_invalid("Open \xF4\x90\x80\x80!") == "Open \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD!");
        CHECK(replace_invalid("\xE7\x82") == "\xEF\xBF\xBD");
        CHECK(is_valid(replace_invalid("\xF9\xA5\xBF\xB0\xA8\xE7\xAE\x82")));
    }

    TEST_CASE("a prefix of whole characters never cuts one in two")
    {
        CHECK(prefix_of_whole_characters("炮二平五", 7) == "炮二");
        CHECK(prefix_of_whole_characters("炮二平五", 6) == "炮二");
        CHECK(prefix_of_whole_characters("炮二平五", 5) == "炮");
        CHECK(prefix_of_whole_characters("ab", 5) == "ab");
    }

    TEST_CASE("escape_for_display writes bad bytes and control characters as \\xHH, the rest as it is")
    {
        CHECK(escape_for_display("games/许银川.pgn") == "games/许银川.pgn");
        CHECK(escape_for_display("bad\xFF\xFEname.pgn") == "bad\\xFF\\xFEname.pgn");
        CHECK(escape_for_display("a\x1B]0;pwned\x07") == "a\\x1B]0;pwned\\x07");
        CHECK(escape_for_display("c1\xC2\x9B"
                                 "x")
            == "c1\\xC2\\x9Bx");
    }
}

} // namespace xq::utf8
