// The problems of a command line as catalogued diagnostics (usage.*), in the language asked for.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "xq/base/diagnostic.hpp"

namespace xq::app {

// The language that --lang asks for, looked for in the arguments themselves ("--lang zh",
// "--lang=zh"), since a parse that fails may not have read it; empty when there is none or it
// is not one of document_languages().
std::string language_in_arguments(int argc, char** argv);

// A parse error of CLI11 as a diagnostic: its code (`usage.*`) from the exception's type, its
// fields (the option, the value, what the option takes) from the exception and from what was
// given, its English CLI11's message.
Diagnostic parse_problem(const CLI::ParseError& error, CLI::App& app);

} // namespace xq::app
