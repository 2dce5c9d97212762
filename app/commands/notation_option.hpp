// --notation chinese|wxf|iccs, the same on every command that prints moves.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "xq/report/ruling_document.hpp"

namespace xq::app {

// --notation chinese|wxf|iccs, the same on every command that prints moves; `by_default` says
// what the command does without it.
void add_notation_option(
    CLI::App& command, std::string& notation, const std::string& by_default = "chinese for a Chinese --lang, else wxf");

// The notation asked for; by default Chinese for Chinese output, else WXF.
DocumentNotation document_notation(const std::string& notation, const std::string& language);

} // namespace xq::app
