#pragma once
// A child process with pipes to its stdin and stdout, read and written line by line with
// deadlines on the monotonic clock. Its stderr goes to a log file, a line callback, the harness's
// own stderr, or nowhere; it never blocks the child.
//
// Every descriptor is opened with O_CLOEXEC, so children started concurrently by other threads
// inherit none of them. SIGPIPE is never raised by a write to a dead child: it is blocked in the
// writing thread for the duration of the write and consumed, and the write reports Closed.
//
// A Process is always reaped: the destructor closes stdin (end of input asks most engines to
// quit), waits up to the shutdown grace, sends SIGTERM, waits again, then sends SIGKILL and
// reaps. With `own_process_group` (the default) the child leads a new process group and signals
// go to the whole group, so helper processes of an engine die with it; the terminal's Ctrl-C then
// reaches only the harness, which decides what happens (see interrupt_watcher.hpp).

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/expected.hpp"
#include "common/unique_fd.hpp"
#include "system/process/child_registry.hpp"
#include "system/process/deadline.hpp"
#include "system/process/exit_status.hpp"
#include "system/process/stderr_pump.hpp"

namespace draughts::harness {

/// Where a child's stderr goes.
namespace stderr_sink {
struct Discard {};  ///< /dev/null
struct Inherit {};  ///< the harness's own stderr
/// Appended to a file (created if missing), written by the child directly.
struct File {
    std::filesystem::path path;
};
/// Each line handed to a callback on a thread of the harness.
struct Lines {
    StderrLineHandler handler;
};
}  // namespace stderr_sink
using StderrSink =
    std::variant<stderr_sink::Discard, stderr_sink::Inherit, stderr_sink::File, stderr_sink::Lines>;

/// Everything needed to start a child.
struct ProcessOptions {
    /// Program and arguments. A program without '/' is searched in PATH; a relative path with
    /// '/' is taken from `working_directory` (the child changes directory before exec).
    std::vector<std::string> argv;
    std::filesystem::path working_directory;  ///< empty: the harness's own
    bool inherit_environment = true;          ///< start from the harness's environment
    std::vector<std::string> environment;     ///< "NAME=VALUE" entries added or overriding
    StderrSink stderr_sink = stderr_sink::Discard{};
    /// The child's stdout goes where its stderr goes, and read_line() sees end of file at once.
    /// For engines that talk over a socket: what they print is logged (or discarded) and can
    /// never fill a pipe that nobody reads.
    bool stdout_to_stderr = false;
    bool own_process_group = true;
    ChildRegistry* registry = nullptr;  ///< registered while alive, when set
    /// Each of the two waits of the polite shutdown (after closing stdin, after SIGTERM).
    std::chrono::milliseconds shutdown_grace{500};
};

/// Result of reading one line.
struct LineRead {
    enum class Status : unsigned char {
        Line,         ///< `line` holds the next line (without "\n" or "\r\n")
        Timeout,      ///< the deadline passed first
        Closed,       ///< end of file: the child closed its stdout (or died)
        TooLong,      ///< more than kMaxLineBytes without a newline (the rest of it is skipped)
        Interrupted,  ///< interrupt() was called
    };
    Status status = Status::Closed;
    std::string line;
};

/// Result of writing one line.
enum class WriteStatus : unsigned char {
    Ok,
    Timeout,  ///< the child did not read its stdin in time (stdin is then closed)
    Closed,   ///< the child's stdin is closed (it exited, or closed it)
};

/// A running child process; see the top of this file. Not copyable or movable (a thread may be
/// draining its stderr); own it through std::unique_ptr.
class Process {
  public:
    /// Lines longer than this (a runaway engine) are reported as TooLong.
    static constexpr std::size_t kMaxLineBytes = 1 << 20;

    /// Starts a child. Errors name the program and the reason (not found, not executable, ...).
    static Expected<std::unique_ptr<Process>> spawn(ProcessOptions options);

    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;
    ~Process();

    pid_t pid() const { return pid_; }
    const ProcessOptions& options() const { return options_; }

    /// Writes `line` and a newline, waiting at most until `deadline` for room in the pipe.
    WriteStatus write_line(std::string_view line, Deadline deadline = kNoDeadline);
    /// Closes the child's stdin (end of input). Idempotent.
    void close_stdin();

    /// Waits until a whole line arrives, the deadline passes, stdout closes or interrupt().
    LineRead read_line(Deadline deadline);
    /// Makes a read_line in progress (or the next one) return Interrupted. Thread-safe.
    void interrupt();
    /// Forgets a pending interrupt().
    void clear_interrupt();

    /// Reaps the child if it has exited; never blocks.
    std::optional<ExitStatus> poll_exit();
    /// Waits for the child to exit until `deadline`; reaps it and returns how it ended.
    std::optional<ExitStatus> wait_for_exit(Deadline deadline);
    /// How the child ended, once reaped.
    std::optional<ExitStatus> exit_status() const { return exit_status_; }
    bool running() { return !poll_exit().has_value(); }

    /// Sends `signal` to the child (its whole group with own_process_group) unless reaped.
    void send_signal(int signal);
    /// SIGKILL, then reap (blocking: a killed process always goes).
    ExitStatus kill();
    /// Polite end: close stdin, wait `grace`, SIGTERM, wait `grace`, SIGKILL; always reaps.
    ExitStatus shutdown(std::chrono::milliseconds grace);

  private:
    /// Only spawn() creates processes; the tag keeps the constructor usable by make_unique.
    struct PrivateTag {
        explicit PrivateTag() = default;
    };

  public:
    explicit Process(PrivateTag) {}

  private:
    /// Waits (waitid WNOWAIT) until the child is a zombie or the deadline passes.
    bool wait_zombie(Deadline deadline);
    /// Reaps a zombie child: kills what is left of its group, unregisters, collects the status.
    ExitStatus reap();

    ProcessOptions options_;
    pid_t pid_ = -1;
    UniqueFd stdin_;   ///< write end, non-blocking
    UniqueFd stdout_;  ///< read end, non-blocking
    UniqueFd pidfd_;   ///< readable once the child exits (-1 if pidfd_open is unavailable)
    UniqueFd wake_;    ///< eventfd behind interrupt()
    std::unique_ptr<StderrPump> stderr_pump_;
    std::string buffer_;     ///< bytes of stdout not yet returned as lines
    bool skipping_ = false;  ///< inside an overlong line: drop bytes up to the next newline
    bool stdout_eof_ = false;
    std::optional<ExitStatus> exit_status_;
};

}  // namespace draughts::harness
