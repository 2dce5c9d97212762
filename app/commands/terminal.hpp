// The terminal's side of diagnostics: colour, quiet, language, and printing them on stderr.
#pragma once

#include <string>
#include <string_view>

#include "xq/base/diagnostic.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq::app {

// How diagnostics look on stderr, set once from the global options: gcc's colours or none,
// and with `quiet` only the errors.
struct DiagnosticStyle {
    bool color = false;
    bool quiet = false;
};
void set_diagnostic_style(DiagnosticStyle style);
const DiagnosticStyle& diagnostic_style();

// Whether --color WHEN ("auto", "always", "never") colours stderr: auto colours a terminal,
// unless NO_COLOR is set to anything (no-color.org).
bool wants_color(std::string_view when);

// The catalogue whose language print_diagnostics words diagnostics in (`--lang`); without one
// (nullptr, and commands without --lang) they are printed in English. The catalogue must
// outlive the printing.
void set_diagnostic_language(const MessageCatalogue* messages);

// Prints each diagnostic on stderr in the gcc format (notes only `with_notes`, warnings and
// notes not at all when quiet); returns whether any was an error.
bool print_diagnostics(const Diagnostics& diagnostics, bool with_notes = true);

// "xqarb: error: MESSAGE" on stderr, for problems of the command line rather than of a file.
void print_error(const std::string& message);

} // namespace xq::app
