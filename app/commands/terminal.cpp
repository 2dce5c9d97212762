#include "commands/terminal.hpp"

#include <cstdio>

#include "xq/base/utf8.hpp"

namespace xq::app {

bool print_diagnostics(const Diagnostics& diagnostics, bool with_notes)
{
    // The last guard of the terminal: a control character that reached a message (a C1 one,
    // which the readers let through) is shown escaped, so each diagnostic stays one line.
    for (const Diagnostic& d : diagnostics)
        if (with_notes || d.severity != Severity::Note)
            std::fprintf(stderr, "%s\n", utf8::escape_for_display(format_diagnostic(d)).c_str());
    return diagnostics.has_errors();
}

} // namespace xq::app
