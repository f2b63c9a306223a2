#include "system/process/child_registry.hpp"

#include <signal.h>

namespace draughts::harness {

Expected<void> ChildRegistry::guard_orphans() {
    auto guard = OrphanGuard::start();
    if (!guard) return guard.error();
    const std::lock_guard lock(mutex_);
    guard_ = std::move(guard).value();
    return {};
}

void ChildRegistry::add(pid_t pid, bool own_group) {
    const std::lock_guard lock(mutex_);
    children_[pid] = own_group;
    if (guard_) guard_->watch(pid, own_group);
}

void ChildRegistry::remove(pid_t pid) {
    const std::lock_guard lock(mutex_);
    children_.erase(pid);
    if (guard_) guard_->forget(pid);
}

std::size_t ChildRegistry::kill_all(int signal) {
    // The lock is held while signalling: a child cannot be reaped in the meantime (remove() comes
    // first), so every id here still names our child, alive or a zombie.
    const std::lock_guard lock(mutex_);
    std::size_t count = 0;
    for (const auto& [pid, own_group] : children_) {
        if (::kill(own_group ? -pid : pid, signal) == 0) ++count;
    }
    return count;
}

std::size_t ChildRegistry::size() const {
    const std::lock_guard lock(mutex_);
    return children_.size();
}

std::vector<pid_t> ChildRegistry::pids() const {
    const std::lock_guard lock(mutex_);
    std::vector<pid_t> result;
    result.reserve(children_.size());
    for (const auto& entry : children_) result.push_back(entry.first);
    return result;
}

}  // namespace draughts::harness
