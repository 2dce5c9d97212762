// Which diagnostic codes a message catalogue words, and the placeholders each phrase may use.
#pragma once

#include <span>
#include <string_view>

namespace xq {

// The phrases a message catalogue holds for diagnostics, each under `diagnostic.<key>`, and the
// placeholders each may use (separated by spaces). A key is a diagnostic's code, or its code and
// the field `form` ("fen.rank-width.narrow"), or a part that other phrases use (`game`,
// `illegal.<reason>`, `motion.<motion>`, `kind.<side>.<kind>`...). lib/report words a
// diagnostic whose key is listed from the catalogue and derives the placeholders from the
// diagnostic's fields (diagnostic_text.hpp says how); a diagnostic whose code is not listed
// keeps its English `message` in every language.
struct CataloguedPhrase {
    std::string_view key;
    std::string_view placeholders;
};

std::span<const CataloguedPhrase> catalogued_diagnostic_phrases();

// The phrase for a diagnostic of `code` with the field `form` (empty when it has none), or
// nothing when the code is not catalogued.
const CataloguedPhrase* catalogued_phrase(std::string_view code, std::string_view form);

} // namespace xq
