// Printing diagnostics and errors on stderr: gcc's colours, escaped control characters.
#include "commands/terminal.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "xq/base/utf8.hpp"
#include "xq/report/diagnostic_text.hpp"

namespace xq::app {

namespace {

    DiagnosticStyle current_style;
    const MessageCatalogue* diagnostic_language = nullptr;

    // gcc's colours (GCC_COLORS' defaults): bold locations, bold red errors, bold magenta
    // warnings, bold cyan notes.
    const char* color_of(Severity severity)
    {
        switch (severity) {
        case Severity::Error:
            return "\033[01;31m";
        case Severity::Warning:
            return "\033[01;35m";
        case Severity::Note:
            break;
        }
        return "\033[01;36m";
    }
    constexpr const char* bold = "\033[01m";
    constexpr const char* reset = "\033[0m";

    // Each part is escaped on its own, so that the colour codes are the only control characters.
    std::string colored(const Diagnostic& d, const std::string& line)
    {
        // The plain line is "<location>: <severity>[code]: message"; the location's length is
        // that of the same diagnostic without code and message, less "<severity>: ".
        Diagnostic bare = d;
        bare.code.clear();
        bare.message.clear();
        const std::string severity(to_string(d.severity));
        const std::size_t location_size = format_diagnostic(bare).size() - severity.size() - 2;
        std::string out;
        if (location_size > 0)
            out += bold + utf8::escape_for_display(line.substr(0, location_size)) + reset;
        out += color_of(d.severity) + severity + reset;
        out += utf8::escape_for_display(line.substr(location_size + severity.size()));
        return out;
    }

} // namespace

void set_diagnostic_style(DiagnosticStyle style) { current_style = style; }

void set_diagnostic_language(const MessageCatalogue* messages) { diagnostic_language = messages; }

const DiagnosticStyle& diagnostic_style() { return current_style; }

bool wants_color(std::string_view when)
{
    if (when == "always")
        return true;
    if (when == "never")
        return false;
    const char* no_color = std::getenv("NO_COLOR");
    return !(no_color && *no_color) && isatty(fileno(stderr)) != 0;
}

bool print_diagnostics(const Diagnostics& diagnostics, bool with_notes)
{
    // The last guard of the terminal: a control character that reached a message (a C1 one,
    // which the readers let through) is shown escaped, so each diagnostic stays one line.
    for (const Diagnostic& d : diagnostics) {
        if (d.severity != Severity::Error && (current_style.quiet || (!with_notes && d.severity == Severity::Note)))
            continue;
        const std::string line
            = diagnostic_language ? format_diagnostic(d, *diagnostic_language) : format_diagnostic(d);
        std::fprintf(stderr, "%s\n", (current_style.color ? colored(d, line) : utf8::escape_for_display(line)).c_str());
    }
    return diagnostics.has_errors();
}

Diagnostic command_line_problem(std::string code, std::string english, DiagnosticFields fields)
{
    return { Severity::Error, std::move(code), std::move(english), {}, std::move(fields) };
}

DiagnosticField errno_field(int error)
{
    return { "errno", error == ENOENT ? "ENOENT" : error == EACCES ? "EACCES" : "other" };
}

void print_error(const Diagnostic& problem)
{
    const std::string message
        = diagnostic_language ? diagnostic_message(problem, *diagnostic_language) : problem.message;
    if (current_style.color)
        std::fprintf(
            stderr, "%sxqarb:%s %serror:%s %s\n", bold, reset, color_of(Severity::Error), reset, message.c_str());
    else
        std::fprintf(stderr, "xqarb: error: %s\n", message.c_str());
}

} // namespace xq::app
