#pragma once
// What the program was built from: the project version and the git commit of the source tree.
// The definition is generated at build time (cmake/build_info.cmake), so a new commit only
// recompiles that one file.

#include <string>

namespace draughts::app {

/// The version and commit of this build (`draughts --version`, provenance of results folders).
struct BuildInfo {
    std::string version;  ///< the project version, e.g. "0.1.0"
    /// Full git commit hash, with "-dirty" when the tree had changes; "unknown" outside git.
    std::string commit;
};

/// This program's build information.
BuildInfo build_info();

/// "draughts 0.1.0 (commit 0123abcd...-dirty)": the line `draughts --version` prints.
std::string version_line();

}  // namespace draughts::app
