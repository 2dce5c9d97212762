// Tests of diagnostics: the gcc format, what counts as an error, columns in characters.
#include <doctest/doctest.h>

#include "xq/base/diagnostic.hpp"
#include "xq/base/utf8.hpp"

using namespace xq;

TEST_SUITE("base")
{
    TEST_CASE("a diagnostic prints in the gcc format, leaving out what is unknown")
    {
        Diagnostics diagnostics;
        diagnostics.error("fen.bad-char", "bad letter", { "games/a.pgn", 41, 17 });
        diagnostics.warning("fen.no-side", "no side", { "--fen", 0, 0 });
        diagnostics.note("", "plain note");
        CHECK(format_diagnostic(diagnostics.items()[0]) == "games/a.pgn:41:17: error[fen.bad-char]: bad letter");
        CHECK(format_diagnostic(diagnostics.items()[1]) == "--fen: warning[fen.no-side]: no side");
        CHECK(format_diagnostic(diagnostics.items()[2]) == "note: plain note");
        CHECK(diagnostics.has_errors());
    }

    TEST_CASE("warnings and notes alone are not errors")
    {
        Diagnostics diagnostics;
        diagnostics.warning("x.y", "w");
        CHECK_FALSE(diagnostics.has_errors());
        CHECK(diagnostics.size() == 1);
    }

    TEST_CASE("columns count characters, not bytes")
    {
        const std::string line = "1. 炮二平五 馬８進７";
        CHECK(utf8::column_of(line, 0) == 1);
        CHECK(utf8::column_of(line, 3) == 4); // the cannon
        CHECK(utf8::column_of(line, line.find("馬")) == 9);
        CHECK(utf8::count_code_points(line) == 12);
    }
}
