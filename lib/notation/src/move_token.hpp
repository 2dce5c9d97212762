#pragma once

#include <string>
#include <string_view>

// Cleaning a move token before a notation reads it. Private to the notation library.

namespace xq::detail {

// The code points of a move token, with what real files add around the same move taken
// away: white space around it (the ideographic space U+3000 included, which Chinese files use
// as padding), full-width ASCII forms folded to ASCII ("Ｃ２＝５" reads as "C2=5"), and
// trailing annotation marks ! ? #. Bytes that are not UTF-8 become U+FFFD, so that a reader
// reports an unknown character instead of misreading them.
std::u32string clean_move_token(std::string_view text);

// The text with surrounding ASCII white space removed: how error messages quote a token.
std::string_view trim(std::string_view text);

} // namespace xq::detail
