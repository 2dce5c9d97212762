#include "commands/output_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "commands/terminal.hpp"

namespace xq::app {

namespace {

    struct ExtensionFormat {
        std::string_view extension;
        std::string_view format;
    };
    constexpr ExtensionFormat extension_formats[] = {
        { ".txt", "text" },
        { ".md", "markdown" },
        { ".markdown", "markdown" },
        { ".html", "html" },
        { ".htm", "html" },
        { ".json", "jsonl" },
        { ".jsonl", "jsonl" },
        { ".csv", "csv" },
        { ".pdf", "pdf" },
    };

} // namespace

bool is_standard_output(const std::string& path) { return path.empty() || path == "-"; }

std::optional<std::string_view> format_of_extension(const std::string& path)
{
    const std::string extension = std::filesystem::path(path).extension().string();
    for (const ExtensionFormat& row : extension_formats)
        if (row.extension == extension)
            return row.format;
    return std::nullopt;
}

std::optional<std::string> choose_format(const std::string& given, const std::string& output,
    const std::vector<std::string_view>& accepted, const std::string& fallback)
{
    if (!given.empty())
        return given == "json" ? std::string("jsonl") : given;
    if (is_standard_output(output))
        return fallback;
    const std::optional<std::string_view> wanted = format_of_extension(output);
    if (!wanted)
        return fallback;
    if (std::find(accepted.begin(), accepted.end(), *wanted) == accepted.end()) {
        print_error("-o " + output + ": this command does not write " + std::string(*wanted) + "; give --format");
        return std::nullopt;
    }
    return std::string(*wanted);
}

bool open_output_file(const std::string& path, const std::vector<std::string>& inputs, std::ofstream& file)
{
    // equivalent() finds no input the same as an output that does not exist or is neither a
    // file nor a folder (/dev/null, a pipe), and stats both paths each time: the inputs are
    // looked at only when one could be the output.
    std::error_code ignored;
    const std::filesystem::file_status output = std::filesystem::status(path, ignored);
    if (std::filesystem::is_regular_file(output) || std::filesystem::is_directory(output))
        for (const std::string& input : inputs)
            if (std::filesystem::equivalent(path, input, ignored)) {
                std::fprintf(stderr, "xqarb: error: the output %s is also an input\n", path.c_str());
                return false;
            }
    file.open(path, std::ios::binary | std::ios::trunc);
    if (!file) {
        Diagnostics problem;
        problem.error("io.open", std::string("cannot open for writing: ") + std::strerror(errno), { path });
        print_diagnostics(problem);
        return false;
    }
    return true;
}

bool finish_output(std::ostream& out, const std::string& path)
{
    out.flush();
    if (out)
        return true;
    Diagnostics problem;
    problem.error(
        "io.write", "the output could not be written completely", { path.empty() ? std::string("<stdout>") : path });
    print_diagnostics(problem);
    return false;
}

} // namespace xq::app
