#pragma once
// The set of child processes this harness has started and not yet reaped, so that an interrupt
// (Ctrl-C, SIGTERM) can kill every engine at once before the harness exits.
//
// There is deliberately no global registry: the program creates one (in main, or in the
// tournament), hands a pointer to every ProcessOptions it fills, and gives it to the
// InterruptWatcher. Processes register themselves when spawned and unregister just before they
// are reaped, under the registry's lock, so kill_all() never signals a reaped (and possibly
// reused) process id.
//
// With guard_orphans() a guard process (orphan_guard.hpp) mirrors the set, so that the children
// are killed even when the harness dies without a chance to do it (kill -9).

#include <sys/types.h>

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "common/expected.hpp"
#include "system/process/orphan_guard.hpp"

namespace draughts::harness {

/// Thread-safe set of live child process ids (and whether each leads its own process group).
class ChildRegistry {
  public:
    ChildRegistry() = default;
    ChildRegistry(const ChildRegistry&) = delete;
    ChildRegistry& operator=(const ChildRegistry&) = delete;

    /// Starts the orphan guard: from now on every child added is killed if this process dies
    /// before it removes the child. Call it before the first child is added.
    Expected<void> guard_orphans();

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
    std::unique_ptr<OrphanGuard> guard_;
};

}  // namespace draughts::harness
