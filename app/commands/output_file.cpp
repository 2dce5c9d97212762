#include "commands/output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "commands/terminal.hpp"

namespace xq::app {

bool open_output_file(const std::string& path, const std::vector<std::string>& inputs, std::ofstream& file)
{
    std::error_code ignored;
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
