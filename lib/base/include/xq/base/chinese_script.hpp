// Simplified Chinese written in traditional characters, for the documents of --lang zh-Hant.
// Those are the simplified catalogues and rule texts converted, not a second set of translations.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace xq {

// A term whose traditional spelling is fixed by hand, not left to OpenCC's tables: the names
// of the pieces and moves, and the phrases where a character-by-character conversion picks
// the wrong one of several traditional characters.
struct TermSpelling {
    std::string_view simplified;
    std::string_view traditional;
    std::string_view why;
};

// The reviewed list (longest terms first where one contains another).
std::span<const TermSpelling> xiangqi_term_spellings();

// `simplified` in traditional characters: the terms of xiangqi_term_spellings() as listed
// there, the rest by OpenCC's Hong Kong table (s2hk), which keeps 着 for a move, as Xiangqi
// writes it in Hong Kong and Macau, where Taiwan's table would write 著. ASCII is untouched, so
// {placeholders} survive. Without OpenCC's data only the listed terms are converted
// (traditional_characters_available says which).
std::string in_traditional_characters(std::string_view simplified);

// Whether OpenCC's table could be loaded.
[[nodiscard]] bool traditional_characters_available();

} // namespace xq
