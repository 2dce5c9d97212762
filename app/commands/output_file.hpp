#pragma once

#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace xq::app {

// Whether -o names standard output: no -o at all, or "-o -".
bool is_standard_output(const std::string& path);

// The format an output file's extension asks for ("html" for ruling.html), in the names of
// --format; nothing for an extension no format claims. One table for every command, so a new
// format is one row of it.
std::optional<std::string_view> format_of_extension(const std::string& path);

// The --format a command uses: the one given, else the one of -o's extension when `accepted`
// has it, else `fallback`. "json" is the older name of "jsonl" and is read as it. Prints the
// problem and returns nothing when -o's extension names a format the command does not write.
std::optional<std::string> choose_format(const std::string& given, const std::string& output,
    const std::vector<std::string_view>& accepted, const std::string& fallback);

// Opens `path` for writing, truncating it, unless it is one of `inputs` (truncating would lose
// that input before it is read). Prints the problem on stderr and returns false when it
// cannot: a usage error.
bool open_output_file(const std::string& path, const std::vector<std::string>& inputs, std::ofstream& file);

// Flushes `out` and reports on stderr when it could not be written completely; `path` names
// it (empty for standard output). Returns whether all was written.
bool finish_output(std::ostream& out, const std::string& path);

} // namespace xq::app
