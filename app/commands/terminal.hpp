#pragma once

#include "xq/base/diagnostic.hpp"

namespace xq::app {

// Prints each diagnostic on stderr in the gcc format (notes only `with_notes`); returns
// whether any was an error.
bool print_diagnostics(const Diagnostics& diagnostics, bool with_notes = true);

} // namespace xq::app
