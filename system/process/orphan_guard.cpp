#include "system/process/orphan_guard.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace draughts::harness {

namespace {

/// One message from the harness to the guard (one datagram of a SOCK_SEQPACKET pair).
struct Record {
    std::int32_t pid;
    std::int32_t operation;
};
constexpr std::int32_t kForget = 0;
constexpr std::int32_t kWatchProcess = 1;
constexpr std::int32_t kWatchGroup = 2;

/// A watched child in the guard's table.
struct Watched {
    pid_t pid;
    bool group;
};

/// The guard's whole life, in the forked child: async-signal-safe calls only, and no memory but
/// `table` (allocated before the fork).
[[noreturn]] void run_guard(int socket_fd, Watched* table, std::size_t capacity,
                            const sigset_t& parent_mask) {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE})
        ::sigaction(signal, &ignore, nullptr);
    // Blocked across the fork (see start()): what arrived meanwhile is now ignored.
    ::sigprocmask(SIG_SETMASK, &parent_mask, nullptr);
    // Hold nothing of the harness's: no engine pipe may stay open because of the guard.
    if (socket_fd != 3) {
        ::dup2(socket_fd, 3);
        socket_fd = 3;
    }
    if (::syscall(SYS_close_range, 4U, ~0U, 0U) != 0)
        for (int fd = 4; fd < 65536; ++fd) ::close(fd);
    const int null_fd = ::open("/dev/null", O_RDWR);
    for (int fd = 0; fd <= 2; ++fd) ::dup2(null_fd, fd);
    if (null_fd > 2) ::close(null_fd);
    ::prctl(PR_SET_NAME, "draughts-guard", 0, 0, 0);
    // Its own process group (also set by the parent: see start()).
    ::setpgid(0, 0);

    std::size_t count = 0;
    for (;;) {
        Record record{};
        const ssize_t n = ::read(socket_fd, &record, sizeof record);
        if (n < 0 && errno == EINTR) continue;
        if (n != static_cast<ssize_t>(sizeof record)) break;  // 0: the harness is gone
        if (record.operation == kForget) {
            for (std::size_t i = 0; i < count; ++i) {
                if (table[i].pid == record.pid) {
                    table[i] = table[--count];
                    break;
                }
            }
        } else if (count < capacity) {
            table[count++] = {record.pid, record.operation == kWatchGroup};
        }
    }
    for (std::size_t i = 0; i < count; ++i)
        ::kill(table[i].group ? -table[i].pid : table[i].pid, SIGKILL);
    ::_exit(0);
}

Error system_error(const char* call) {
    return make_error(std::string("orphan guard: ") + call + ": " + std::strerror(errno));
}

}  // namespace

Expected<std::unique_ptr<OrphanGuard>> OrphanGuard::start() {
    int sockets[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sockets) != 0)
        return system_error("socketpair");
    UniqueFd harness_end(sockets[0]);
    UniqueFd guard_end(sockets[1]);
    std::vector<Watched> table(kCapacity);
    // The signals a terminal or a supervisor sends to the harness's process group stay blocked
    // until the guard ignores them, so that none can end it before it can clean up.
    sigset_t block;
    sigset_t previous;
    ::sigemptyset(&block);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) ::sigaddset(&block, signal);
    ::pthread_sigmask(SIG_BLOCK, &block, &previous);
    const pid_t pid = ::fork();
    const int fork_errno = errno;
    if (pid == 0) run_guard(guard_end.get(), table.data(), table.size(), previous);
    // The guard leaves the harness's process group before start() returns, not whenever it gets
    // to run: under load that could be after the harness started (and a kill -9 -PGID ended)
    // its first engines, and a guard still in the group would die with the harness, leaving a
    // hung engine running (OrphanGuard.AMatchKilledWithSigkillLeavesNoEngineRunning). Both
    // sides call setpgid, as job-control shells do; whichever runs first wins the race.
    if (pid > 0) ::setpgid(pid, pid);
    ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    errno = fork_errno;
    if (pid < 0) return system_error("fork");
    return std::make_unique<OrphanGuard>(PrivateTag{}, pid, std::move(harness_end));
}

OrphanGuard::~OrphanGuard() {
    socket_.reset();
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
}

void OrphanGuard::watch(pid_t pid, bool own_group) {
    send(pid, own_group ? kWatchGroup : kWatchProcess);
}

void OrphanGuard::forget(pid_t pid) { send(pid, kForget); }

void OrphanGuard::send(pid_t pid, int operation) {
    const Record record{static_cast<std::int32_t>(pid), static_cast<std::int32_t>(operation)};
    // Never blocks and never raises SIGPIPE: a guard that is gone or stuck costs the harness
    // nothing but the guarding.
    while (::send(socket_.get(), &record, sizeof record, MSG_NOSIGNAL | MSG_DONTWAIT) < 0 &&
           errno == EINTR) {
    }
}

}  // namespace draughts::harness
