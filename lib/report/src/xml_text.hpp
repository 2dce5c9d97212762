// Text inside XML and HTML, for the writers that produce them.
#pragma once

#include <string>
#include <string_view>

namespace xq {

// `text` with & < > " ' written as character references, safe in content and attributes;
// what XML cannot carry (C0 controls but tab, LF and CR; bytes that are not UTF-8) as U+FFFD.
std::string xml_escaped(std::string_view text);

} // namespace xq
