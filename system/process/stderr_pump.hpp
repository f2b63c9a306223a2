#pragma once
// Reads a child's stderr on a thread of its own and hands every line to a callback, so that a
// chatty engine never blocks on a full pipe, whatever the harness is doing at the time.

#include <functional>
#include <string>
#include <string_view>
#include <thread>

#include "common/unique_fd.hpp"

namespace draughts::harness {

/// Called with each line of a child's stderr (without the newline), from the pump's thread.
using StderrLineHandler = std::function<void(std::string_view line)>;

/// Owns the read end of a stderr pipe and a thread that drains it into a StderrLineHandler.
class StderrPump {
  public:
    StderrPump(UniqueFd read_end, StderrLineHandler handler);
    StderrPump(const StderrPump&) = delete;
    StderrPump& operator=(const StderrPump&) = delete;
    ~StderrPump();

    /// Reads what is left in the pipe without waiting for more, delivers it (a last partial line
    /// included) and stops the thread. Call after the child has exited: a grandchild that still
    /// holds the pipe cannot keep the harness waiting.
    void finish();

  private:
    void run();
    /// Reads what is available; returns false at end of file or on error.
    bool drain();
    void deliver_lines(bool flush_partial);

    UniqueFd read_end_;
    UniqueFd wake_;  ///< eventfd written by finish()
    StderrLineHandler handler_;
    std::string buffer_;
    std::thread thread_;
};

}  // namespace draughts::harness
