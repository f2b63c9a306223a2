#pragma once
// Running the real `draughts` program from a test: each test gets a scratch folder of its own,
// the program runs there through the shell, and its exit status and output come back as text.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace draughts::testing {

/// What one run of the program gave back: its exit status (-1 when it did not exit normally)
/// and everything it wrote to stdout and stderr.
struct RunResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

/// Where a run's stderr goes: kept apart in RunResult::err, or interleaved with stdout in
/// RunResult::out (as a terminal would show them; err stays empty).
enum class StderrMode { Separate, MergedIntoOut };

/// `text` quoted for /bin/sh: single quotes, with embedded single quotes escaped.
std::string shell_quote(const std::string& text);

/// The whole content of a file, byte for byte (empty when it cannot be read).
std::string read_text(const std::filesystem::path& path);

/// `text` cut at runs of blanks (spaces, tabs, newlines), as a shell splits unquoted words.
std::vector<std::string> split_words(const std::string& text);

/// How many times `part` occurs in `text` (overlapping occurrences count).
std::size_t count_occurrences(const std::string& text, const std::string& part);

/// A scratch folder of the current test, <temp>/<prefix>_<test name>_<pid>: created empty on
/// construction and removed with everything in it on destruction.
class TempFolder {
  public:
    explicit TempFolder(const std::string& prefix);
    ~TempFolder();
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;

    const std::filesystem::path& path() const { return path_; }
    /// Writes `text` (binary) to `name` inside the folder and returns its full path.
    std::filesystem::path write(const std::string& name, const std::string& text) const;

  private:
    std::filesystem::path path_;
};

/// Exit status of a run that `timeout_seconds` ended (that of timeout(1)).
inline constexpr int kTimedOut = 124;

/// Runs `draughts ARGS...` through /bin/sh with `folder` as its working directory, stdin
/// inherited, and waits for it. With StderrMode::Separate, stderr passes through
/// `folder`/stderr.txt. `timeout_seconds` > 0: the program gets SIGTERM after that long (and
/// SIGKILL 5 s later), and the exit status is kTimedOut, so that a test of something that
/// must not hang fails instead of hanging.
RunResult run_draughts(const std::filesystem::path& folder, const std::vector<std::string>& args,
                       StderrMode stderr_mode = StderrMode::Separate, double timeout_seconds = 0);

/// Starts `draughts ARGS...` in the background in `folder` (stdout to `folder`/stdout.txt,
/// stderr to `folder`/stderr.txt), waits until its stdout contains `text` (at most 30 s), sends
/// it `signal` (SIGTERM, say: a shell starts background jobs with SIGINT ignored) and returns
/// its exit status (-1 when the shell gave none).
int signal_draughts_once(const std::filesystem::path& folder, const std::vector<std::string>& args,
                         const std::string& text, int signal);

}  // namespace draughts::testing
