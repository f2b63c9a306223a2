#pragma once
// How a child process ended: a normal exit with a status code, or death by a signal.

#include <string>

namespace draughts::harness {

/// The end of a child process as reported by waitid().
struct ExitStatus {
    enum class Kind : unsigned char { Exited, Signaled };

    Kind kind = Kind::Exited;
    int value = 0;  ///< the exit code (Exited) or the signal number (Signaled)

    static constexpr ExitStatus exited(int code) { return {Kind::Exited, code}; }
    static constexpr ExitStatus signaled(int signal) { return {Kind::Signaled, signal}; }

    /// Exited with status 0.
    bool success() const { return kind == Kind::Exited && value == 0; }
    bool killed_by(int signal) const { return kind == Kind::Signaled && value == signal; }

    /// "exited with status 3" or "killed by signal 11 (SIGSEGV)".
    std::string describe() const;

    friend bool operator==(const ExitStatus&, const ExitStatus&) = default;
};

}  // namespace draughts::harness
