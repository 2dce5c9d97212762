// Tests of the conversion that writes the documents of --lang zh-Hant in traditional characters.

#include <doctest/doctest.h>

#include "xq/base/chinese_script.hpp"

using namespace xq;

TEST_SUITE("chinese script")
{
    TEST_CASE("the reviewed Xiangqi terms are written as listed, alone and inside sentences")
    {
        REQUIRE(traditional_characters_available());
        for (const TermSpelling& term : xiangqi_term_spellings()) {
            CHECK_MESSAGE(in_traditional_characters(term.simplified) == term.traditional, term.simplified);
            CHECK_MESSAGE(!term.why.empty(), term.simplified);
        }
        CHECK(in_traditional_characters("后车退一") == "後車退一");
        CHECK(in_traditional_characters("炮二平五") == "炮二平五");
        CHECK(in_traditional_characters("马八进七") == "馬八進七");
        CHECK(in_traditional_characters("红方须变着，不变判负") == "紅方須變着，不變判負");
        CHECK(in_traditional_characters("棋谱无法复盘到底") == "棋譜無法復盤到底");
        CHECK(in_traditional_characters("帅不准在") == "帥不准在");
        CHECK(in_traditional_characters("ICCS 坐标") == "ICCS 坐標");
        CHECK(in_traditional_characters("一将一捉，属闲着") == "一將一捉，屬閒着");
    }

    TEST_CASE("the rest goes by OpenCC's Hong Kong table; ASCII and placeholders are untouched")
    {
        REQUIRE(traditional_characters_available());
        CHECK(in_traditional_characters("重复局面裁决书") == "重複局面裁決書");
        CHECK(in_traditional_characters("吃子") == "吃子");
        CHECK(in_traditional_characters("适用于{side}的规则（AXF-18）") == "適用於{side}的規則（AXF-18）");
        CHECK(in_traditional_characters("") == "");
        CHECK(in_traditional_characters("Red must change") == "Red must change");
    }
}
