#pragma once
// One log file for the engines of a run: every protocol line each way and every line an engine
// writes on stderr, tagged with the time since the log opened and the engine's name, so that a
// crash or a time loss can be read back afterwards. Safe to use from every game thread at once.

#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "system/process/deadline.hpp"
#include "system/process/stderr_pump.hpp"

namespace draughts::harness {

/// Receives every protocol message of one engine, sent (`outgoing`) or received.
using ProtocolTrace = std::function<void(bool outgoing, std::string_view line)>;

/// A shared, line-buffered engine log; see the top of this file. Must outlive the engines that
/// write to it.
class EngineLog {
  public:
    /// Opens (appends to) `path`. Errors name the file.
    static Expected<std::unique_ptr<EngineLog>> open(const std::filesystem::path& path);

    /// Lines look like `12.345 name > pos pos=...` (sent), `< done move=32-28` (received) and
    /// `! message` (stderr).
    ProtocolTrace trace_for(std::string engine_name);
    StderrLineHandler stderr_for(std::string engine_name);
    /// Writes a free-form note (e.g. "restarted after a crash").
    void note(std::string_view engine_name, std::string_view text);
    /// The last lines (at most kRecentLines) an engine wrote on stderr, oldest first: for the
    /// message when it fails to start.
    std::vector<std::string> recent_stderr(std::string_view engine_name) const;

    static constexpr std::size_t kRecentLines = 10;

    struct PrivateTag {
        explicit PrivateTag() = default;
    };
    EngineLog(PrivateTag, std::ofstream out);

  private:
    void write(std::string_view engine_name, char direction, std::string_view line);

    mutable std::mutex mutex_;
    std::ofstream out_;
    std::map<std::string, std::deque<std::string>, std::less<>> recent_stderr_;
    SteadyClock::time_point opened_ = SteadyClock::now();
};

}  // namespace draughts::harness
