#pragma once

#include <fstream>
#include <ostream>
#include <string>
#include <vector>

namespace xq::app {

// Opens `path` for writing, truncating it, unless it is one of `inputs` (truncating would lose
// that input before it is read). Prints the problem on stderr and returns false when it
// cannot: a usage error.
bool open_output_file(const std::string& path, const std::vector<std::string>& inputs, std::ofstream& file);

// Flushes `out` and reports on stderr when it could not be written completely; `path` names
// it (empty for standard output). Returns whether all was written.
bool finish_output(std::ostream& out, const std::string& path);

} // namespace xq::app
