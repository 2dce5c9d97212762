// Tests of the text folding that tag searches (--where) compare by.

#include <doctest/doctest.h>

#include "xq/base/search_folding.hpp"

using namespace xq;

TEST_SUITE("search folding")
{
    TEST_CASE("traditional Chinese folds to simplified by OpenCC's table, the same name either way")
    {
        REQUIRE(search_folds_traditional());
        CHECK(folded_for_search("許銀川") == "许银川");
        CHECK(folded_for_search("许银川") == "许银川");
        CHECK(folded_for_search("呂欽") == folded_for_search("吕钦"));
        CHECK(folded_for_search("胡榮華") == "胡荣华");
        CHECK(folded_for_search("第七屆世界象棋錦標賽") == "第七届世界象棋锦标赛");
    }

    TEST_CASE("full-width forms fold to half-width ones; ASCII and other text stay as they are")
    {
        CHECK(folded_for_search("ＬＩ　Ｌａｉ－ｆａ　１２") == "LI Lai-fa 12");
        CHECK(folded_for_search("Round 5") == "Round 5");
        CHECK(folded_for_search("") == "");
        CHECK(folded_for_search("红胜 1-0") == "红胜 1-0");
        // A byte that starts no character is one U+FFFD, as everywhere else.
        CHECK(folded_for_search("a\xFF"
                                "b")
            == "a\xEF\xBF\xBD"
               "b");
    }
}
