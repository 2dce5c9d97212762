// The exit codes of xqarb, as the README documents them.
#pragma once

namespace xq::app {

// The exit codes of xqarb, as documented in the README.
enum ExitCode : int {
    exit_ok = 0, // every input processed cleanly (a verdict such as "red loses" is a result)
    exit_findings = 1, // done, but some input had errors (printed on stderr)
    exit_usage = 2, // bad command line
    exit_internal = 3, // a bug in xqarb
    exit_write = 4, // an output could not be written completely (a full disk, a closed pipe's error)
};

} // namespace xq::app
