// Tests of the notation alphabet: which characters count, and counting them in any bytes.
#include <doctest/doctest.h>

#include "xq/notation/notation_alphabet.hpp"

namespace {

using namespace xq;

TEST_SUITE("notation_alphabet")
{
    TEST_CASE("piece, direction and number characters of both scripts are notation characters")
    {
        for (const char32_t c : U"车車俥马馬傌炮砲包相象仕士帅帥将將兵卒进進退平前后後中一九１９＋－＝Ｃ")
            if (c != 0)
                CHECK(is_notation_character(c));
        for (const char32_t c : U"a1 .的是棋局")
            if (c != 0)
                CHECK_FALSE(is_notation_character(c));
    }

    TEST_CASE("counting notation characters skips other text and bytes that are not UTF-8")
    {
        CHECK(count_notation_characters("1. 炮二平五 马８进７") == 8);
        CHECK(count_notation_characters("[Event \"全國賽\"]") == 0);
        CHECK(count_notation_characters("\xFF\xB6\xFE 炮") == 1);
        CHECK(count_notation_characters("") == 0);
    }
}

} // namespace
