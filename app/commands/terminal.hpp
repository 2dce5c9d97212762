#pragma once

#include "xq/base/diagnostic.hpp"

namespace xq::app {

// Prints each diagnostic on stderr in the gcc format; returns whether any was an error.
bool print_diagnostics(const Diagnostics& diagnostics);

} // namespace xq::app
