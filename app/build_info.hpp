// The version and git commit the binary was built from, for --version.
#pragma once

namespace xq::app {

// The version of the project, and the git commit the binary was built from ("unknown" when the
// source tree is not a git checkout). Written at build time by app/install/build_info.cmake.
extern const char* const build_version;
extern const char* const build_commit;

} // namespace xq::app
