#pragma once
// One log file for the engines of a run: every protocol line each way and every line an engine
// writes on stderr, tagged with the time since the log opened and the engine's name, so that a
// crash or a time loss can be read back afterwards. Safe to use from every game thread at once.

#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

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
    struct PrivateTag {
        explicit PrivateTag() = default;
    };
    EngineLog(PrivateTag, std::ofstream out);

  private:
    void write(std::string_view engine_name, char direction, std::string_view line);

    std::mutex mutex_;
    std::ofstream out_;
    SteadyClock::time_point opened_ = SteadyClock::now();
};

}  // namespace draughts::harness
