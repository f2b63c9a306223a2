#pragma once
// The text of a failed system call, one way for the whole toolkit: an error names what failed,
// then the system's description of errno ("out/games.pgn: cannot create: Permission denied").

#include <cerrno>
#include <string>
#include <system_error>

namespace draughts {

/// The system's description of the errno value `error` ("Connection refused").
inline std::string errno_text(int error) { return std::generic_category().message(error); }

/// "WHAT: <the description of the current errno>".
inline std::string with_errno(const std::string& what) { return what + ": " + errno_text(errno); }

}  // namespace draughts
