#pragma once

// Text inside XML and HTML, for the writers that produce them.

#include <string>
#include <string_view>

namespace xq {

// `text` with & < > " ' written as character references, safe in content and attributes.
std::string xml_escaped(std::string_view text);

} // namespace xq
