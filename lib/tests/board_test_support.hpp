#pragma once

// Small helpers the board and arbiter tests share.

#include <doctest/doctest.h>

#include <string_view>

#include "xq/board/fen.hpp"

namespace xq::test {

// A position from a FEN the test knows to be valid; the test fails if it is not.
inline Position from_fen(std::string_view fen)
{
    Diagnostics diagnostics;
    auto pos = parse_fen(fen, diagnostics);
    for (const Diagnostic& d : diagnostics)
        INFO(format_diagnostic(d));
    REQUIRE(pos);
    return *pos;
}

// "e0" -> the square.
inline Square sq(std::string_view name) { return Square(name[0] - 'a', name[1] - '0'); }

} // namespace xq::test
