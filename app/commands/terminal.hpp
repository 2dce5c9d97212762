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

// A problem of the command line rather than of a file: `code` and `fields` word it from the
// catalogue (its phrase `diagnostic.<code>`, see diagnostic_codes.hpp); `english` is its
// English, for when no catalogue is loaded.
Diagnostic command_line_problem(std::string code, std::string english, DiagnosticFields fields = {});

// "xqarb: error: MESSAGE" on stderr, the message in the language of set_diagnostic_language.
void print_error(const Diagnostic& problem);

// The field `errno` of a diagnostic whose {error} says why a file could not be used
// (`diagnostic.io.error.<name>`).
DiagnosticField errno_field(int error);

} // namespace xq::app
