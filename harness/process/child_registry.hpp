#pragma once
// The set of child processes this harness has started and not yet reaped, so that an interrupt
// (Ctrl-C, SIGTERM) can kill every engine at once before the harness exits.
//
// There is deliberately no global registry: the program creates one (in main, or in the
// tournament), hands a pointer to every ProcessOptions it fills, and gives it to the
// InterruptWatcher. Processes register themselves when spawned and unregister just before they
// are reaped, under the registry's lock, so kill_all() never signals a reaped (and possibly
// reused) process id.

#include <sys/types.h>

#include <cstddef>
#include <map>
#include <mutex>
#include <vector>

namespace draughts::harness {

/// Thread-safe set of live child process ids (and whether each leads its own process group).
class ChildRegistry {
  public:
    ChildRegistry() = default;
    ChildRegistry(const ChildRegistry&) = delete;
    ChildRegistry& operator=(const ChildRegistry&) = delete;

    /// Records a child; with `own_group` kill_all() signals its whole process group.
    void add(pid_t pid, bool own_group);
    /// Forgets a child. Must be called before the child is reaped.
    void remove(pid_t pid);

    /// Sends `signal` to every registered child (its group when it has one); returns how many.
    std::size_t kill_all(int signal);

    std::size_t size() const;
    std::vector<pid_t> pids() const;

  private:
    mutable std::mutex mutex_;
    std::map<pid_t, bool> children_;  ///< pid -> leads its own process group
};

}  // namespace draughts::harness
