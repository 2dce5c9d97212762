// The notation a document writes its moves in.
#pragma once

#include <string_view>

namespace xq {

enum class DocumentNotation { Chinese, Wxf, Iccs };
std::string_view to_string(DocumentNotation notation); // "chinese", "wxf", "iccs"

} // namespace xq
