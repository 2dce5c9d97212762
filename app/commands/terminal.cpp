#include "commands/terminal.hpp"

#include <cstdio>

namespace xq::app {

bool print_diagnostics(const Diagnostics& diagnostics)
{
    for (const Diagnostic& d : diagnostics)
        std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
    return diagnostics.has_errors();
}

} // namespace xq::app
