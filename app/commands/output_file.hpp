// Where a command writes: -o, the format of its extension, and files written whole or not at all.
#pragma once

#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace xq::app {

// Whether -o names standard output: no -o at all, or "-o -".
bool is_standard_output(const std::string& path);

// Adds -o/--output: a file, or - for standard output. An empty name (an unset variable in a
// script) is a usage error rather than standard output.
void add_output_option(CLI::App& command, std::string& output);

// The format an output file's extension asks for ("html" for ruling.html, RULING.HTML too), in
// the names of --format; nothing for a path without an extension or with one no format claims.
// One table for every command, so a new format is one row of it.
std::optional<std::string_view> format_of_extension(const std::string& path);

// The --format a command uses: the one given, else the one of -o's extension when `accepted`
// has it, else `fallback` when -o has no extension. "json" is the older name of "jsonl" and is
// read as it. Prints the problem and returns nothing when -o's extension names a format the
// command does not write, or one no command writes (.docx).
std::optional<std::string> choose_format(const std::string& given, const std::string& output,
    const std::vector<std::string_view>& accepted, const std::string& fallback);

// Where a command writes: standard output, or the file -o names. A file is written under a
// name that says it is partial, "<name>.partial-XXXXXX" in its folder, and takes its own name
// only once all of it is written (finish). So a run stopped by a write error (a full disk) or by
// SIGTERM, SIGINT or SIGHUP leaves no file under that name that could pass for whole: the
// partial file is removed, and the signal then ends the process as it would have. Only a run
// killed outright (SIGKILL, a power cut) leaves its partial file behind. A device, a pipe or
// another file that is not a regular one (/dev/null) is written directly.
class CommandOutput {
public:
    CommandOutput() = default;
    CommandOutput(const CommandOutput&) = delete;
    CommandOutput& operator=(const CommandOutput&) = delete;
    // Removes a partial file that finish() did not move into place.
    ~CommandOutput();

    // Opens standard output when `path` names it, else the file, unless it is one of `inputs`
    // (writing it would lose that input before it is read). Prints the problem on stderr and
    // returns false when it cannot: a usage error.
    bool open(const std::string& path, const std::vector<std::string>& inputs);

    std::ostream& stream();

    // Flushes and, for a file, closes it and gives it its name. Reports on stderr when the
    // output could not be written completely (the partial file is then removed) and returns
    // whether all was written.
    bool finish();

    // Gives up a file that would hold nothing worth having (a PDF without a page): no file is
    // left under the name, and none beside it.
    void discard();

private:
    std::string path_; // as given on the command line, for messages
    std::string final_path_; // where the file goes, links followed
    std::string partial_path_; // empty when written directly or to standard output
    std::ofstream file_;
    bool to_stdout_ = true;
};

// Flushes `out` and reports on stderr when it could not be written completely; `path` names
// it (empty for standard output). Returns whether all was written.
bool finish_output(std::ostream& out, const std::string& path);

} // namespace xq::app
