// Text folded for a search among tags (--where): one spelling for the forms a name is written in.
#pragma once

#include <string>
#include <string_view>

namespace xq {

// `text` as a tag search compares it: traditional Chinese characters become simplified ones by
// OpenCC's maintained table (t2s), and full-width forms half-width ones (ＬＩ is LI, the
// ideographic space a space), so that 許銀川 and 许银川 are one name. Without OpenCC's data only
// the widths are folded (search_folds_traditional says which).
std::string folded_for_search(std::string_view text);

// Whether OpenCC's table could be loaded, so that folded_for_search folds traditional Chinese.
[[nodiscard]] bool search_folds_traditional();

} // namespace xq
