#pragma once
// Turns SIGINT, SIGTERM and SIGHUP into an orderly stop that leaves no engine running.
//
// Create one InterruptWatcher in main() BEFORE any other thread starts (TBB included): it blocks
// those signals in the calling thread, every thread created later inherits the mask, and a
// thread of the watcher receives them through a signalfd. No handler runs in signal context, so
// there is no async-signal-safety trap and no global state: the watcher works on the
// ChildRegistry it is given.
//
// On the first signal the watcher calls `on_interrupt` (e.g. the tournament sets its abort flag,
// so that games cut short are not scored), then kills every registered child with SIGKILL. With
// no callback, or on a second signal, it kills the children and then ends the harness by the
// signal's default action (exit status 128 + signal in a shell).

#include <atomic>
#include <functional>
#include <thread>

#include "common/unique_fd.hpp"
#include "system/process/child_registry.hpp"

namespace draughts::harness {

/// Watches for termination signals on a thread of its own; see the top of this file.
class InterruptWatcher {
  public:
    using Handler = std::function<void(int signal)>;

    InterruptWatcher(ChildRegistry& registry, Handler on_interrupt);
    InterruptWatcher(const InterruptWatcher&) = delete;
    InterruptWatcher& operator=(const InterruptWatcher&) = delete;
    /// Stops watching and unblocks the signals in the calling thread again.
    ~InterruptWatcher();

    /// Number of termination signals received so far.
    int signals_received() const { return received_.load(); }

  private:
    void run();
    [[noreturn]] static void die_by(int signal);

    ChildRegistry& registry_;
    Handler on_interrupt_;
    sigset_t previous_mask_{};
    UniqueFd signal_fd_;
    UniqueFd wake_;  ///< eventfd written by the destructor
    std::atomic<int> received_{0};
    std::thread thread_;
};

}  // namespace draughts::harness
