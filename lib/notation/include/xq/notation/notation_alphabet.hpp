// The characters of Chinese and full-width move notation, counted to judge a text's encoding.
#pragma once

#include <cstddef>
#include <string_view>

#include "xq/base/text_decoding.hpp"

namespace xq {

// Whether `c` is one of the characters Chinese move notation and full-width WXF are written
// with: the piece names in Simplified and Traditional forms (车車俥, 马馬傌, 炮砲包, ...), the
// directions (进進退平, and the old 上下), the tandem markers (前后後中), the Chinese numerals
// 一..九, and the full-width digits, signs and piece letters (１..９, ＋－＝．, ＲＨＥＡＫＣＰ).
[[nodiscard]] bool is_notation_character(char32_t c);

// How many characters of the UTF-8 `text` are notation characters. Bytes that are not UTF-8
// count as nothing.
std::size_t count_notation_characters(std::string_view text);

// count_notation_characters packaged for choose_encoding and TextSource: a decoding of a
// Xiangqi record that reads as notation is the right one.
const PlausibilityScorer& notation_plausibility();

} // namespace xq
