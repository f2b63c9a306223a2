#pragma once
// A helper process that ends the harness's engines when the harness dies without doing so itself:
// kill -9, a crash, or an abrupt exit. Engines whose input closes usually quit by themselves, but
// one stuck in a search never reads its input again and would run forever, holding a core.
//
// The guard is a child forked by the harness. It learns about every engine the harness starts
// and reaps (through a socket the harness writes to), and sees end of file on that socket the
// moment the harness exits in any way, because the harness holds the only other end (CLOEXEC:
// engines never inherit it). It then SIGKILLs every engine (process group) still on its list and
// exits. While the harness lives the guard does nothing else. It leads its own process group and
// ignores SIGINT, SIGTERM and SIGHUP, so that a signal aimed at the harness's process group
// (Ctrl-C, a closed terminal, kill -9 -PGID) still leaves it to clean up.
//
// The forked child calls only async-signal-safe functions (read, kill, close, _exit ...), so the
// guard may be started while other threads run.

#include <sys/types.h>

#include <memory>

#include "common/expected.hpp"
#include "common/unique_fd.hpp"

namespace draughts::harness {

/// The guard process; see the top of the file. Destroying it ends the guard (and kills whatever
/// is still watched), then reaps it.
class OrphanGuard {
  public:
    /// Most processes watched at once; further ones are not guarded.
    static constexpr std::size_t kCapacity = 8192;

    /// Forks the guard. Errors name the system call that failed.
    static Expected<std::unique_ptr<OrphanGuard>> start();

    OrphanGuard(const OrphanGuard&) = delete;
    OrphanGuard& operator=(const OrphanGuard&) = delete;
    ~OrphanGuard();

    /// Puts a child on the list: with `own_group` its whole process group is killed.
    void watch(pid_t pid, bool own_group);
    /// Takes a child off the list; call it before the child is reaped (so that its id cannot
    /// have been reused by then).
    void forget(pid_t pid);

    pid_t pid() const { return pid_; }

  private:
    /// Only start() creates guards; the tag keeps the constructor usable by make_unique.
    struct PrivateTag {
        explicit PrivateTag() = default;
    };

  public:
    OrphanGuard(PrivateTag, pid_t pid, UniqueFd socket) : pid_(pid), socket_(std::move(socket)) {}

  private:
    void send(pid_t pid, int operation);

    pid_t pid_;
    UniqueFd socket_;  ///< the harness's end; the guard's end reads end of file when it closes
};

}  // namespace draughts::harness
