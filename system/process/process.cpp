// Process: line I/O with deadlines, exit detection, signals and reaping. Spawning is in
// process_spawn.cpp.

#include "system/process/process.hpp"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <thread>

namespace draughts::harness {
namespace {

/// Blocks SIGPIPE in the calling thread while it lives, so that writing to a pipe whose reader
/// is gone fails with EPIPE instead of killing the harness, without touching the process-wide
/// signal disposition. consume() discards the SIGPIPE such a write left pending.
class SigpipeBlock {
  public:
    SigpipeBlock() {
        sigemptyset(&pipe_);
        sigaddset(&pipe_, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe_, &previous_);
        sigset_t pending;
        sigpending(&pending);
        was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    }
    ~SigpipeBlock() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
    SigpipeBlock(const SigpipeBlock&) = delete;
    SigpipeBlock& operator=(const SigpipeBlock&) = delete;

    void consume() {
        if (was_pending_) return;  // not ours to take
        const timespec zero{};
        while (sigtimedwait(&pipe_, nullptr, &zero) < 0 && errno == EINTR) {
        }
    }

  private:
    sigset_t pipe_{};
    sigset_t previous_{};
    bool was_pending_ = false;
};

ExitStatus status_from(const siginfo_t& info) {
    if (info.si_code == CLD_EXITED) return ExitStatus::exited(info.si_status);
    return ExitStatus::signaled(info.si_status);
}

}  // namespace

Process::~Process() {
    if (pid_ > 0 && !exit_status_) shutdown(options_.shutdown_grace);
}

WriteStatus Process::write_line(std::string_view line, Deadline deadline) {
    if (!stdin_) return WriteStatus::Closed;
    std::string data(line);
    data += '\n';
    SigpipeBlock block;
    std::size_t written = 0;
    while (written < data.size()) {
        const ssize_t n = ::write(stdin_.get(), data.data() + written, data.size() - written);
        if (n >= 0) {
            written += static_cast<std::size_t>(n);
            continue;
        }
        if (errno == EINTR) continue;
        if (errno == EAGAIN) {
            pollfd fd{stdin_.get(), POLLOUT, 0};
            const int ready = ::poll(&fd, 1, poll_timeout_ms(deadline));
            if (ready == 0) {
                // Half a line is in the pipe: the stream is unusable from here on.
                stdin_.reset();
                return WriteStatus::Timeout;
            }
            continue;  // writable, or an error the next write() reports
        }
        if (errno == EPIPE) block.consume();
        stdin_.reset();
        return WriteStatus::Closed;
    }
    return WriteStatus::Ok;
}

void Process::close_stdin() { stdin_.reset(); }

LineRead Process::read_line(Deadline deadline) {
    for (;;) {
        if (skipping_) {
            const std::size_t newline = buffer_.find('\n');
            buffer_.erase(0, newline == std::string::npos ? buffer_.size() : newline + 1);
            skipping_ = newline == std::string::npos;
        }
        if (!skipping_) {
            const std::size_t newline = buffer_.find('\n');
            if (newline != std::string::npos) {
                std::string line = buffer_.substr(0, newline);
                buffer_.erase(0, newline + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return {LineRead::Status::Line, std::move(line)};
            }
            if (buffer_.size() > kMaxLineBytes) {
                buffer_.clear();
                skipping_ = true;
                return {LineRead::Status::TooLong, {}};
            }
        }
        if (stdout_eof_) {
            if (!buffer_.empty() && !skipping_) {
                // A last line without a newline still counts.
                std::string line = std::exchange(buffer_, {});
                if (line.back() == '\r') line.pop_back();
                return {LineRead::Status::Line, std::move(line)};
            }
            return {LineRead::Status::Closed, {}};
        }
        std::array<pollfd, 2> fds{{{stdout_.get(), POLLIN, 0}, {wake_.get(), POLLIN, 0}}};
        const int ready = ::poll(fds.data(), fds.size(), poll_timeout_ms(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (fds[1].revents != 0) {
            clear_interrupt();
            return {LineRead::Status::Interrupted, {}};
        }
        if (ready == 0) return {LineRead::Status::Timeout, {}};
        std::array<char, 4096> chunk{};
        const ssize_t n = ::read(stdout_.get(), chunk.data(), chunk.size());
        if (n > 0) {
            buffer_.append(chunk.data(), static_cast<std::size_t>(n));
        } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
            stdout_eof_ = true;
        }
    }
}

void Process::interrupt() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto written = ::write(wake_.get(), &one, sizeof one);
}

void Process::clear_interrupt() {
    std::uint64_t count = 0;
    [[maybe_unused]] const auto got = ::read(wake_.get(), &count, sizeof count);
}

bool Process::wait_zombie(Deadline deadline) {
    for (;;) {
        siginfo_t info{};
        const int rc = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
        if (rc == 0 && info.si_pid == pid_) return true;
        if (rc < 0 && errno == ECHILD) return true;  // reaped behind our back (SIGCHLD ignored)
        const int timeout = poll_timeout_ms(deadline);
        if (timeout == 0) return false;
        if (pidfd_) {
            pollfd fd{pidfd_.get(), POLLIN, 0};
            ::poll(&fd, 1, timeout);
        } else {
            // Without pidfd (kernels before 5.3): check again every few milliseconds.
            const int slice = timeout < 0 ? 5 : std::min(timeout, 5);
            std::this_thread::sleep_for(std::chrono::milliseconds(slice));
        }
    }
}

ExitStatus Process::reap() {
    // The leader is a zombie, so its id (and group id) cannot be reused yet: kill any helper
    // processes it left in its group, then let the registry forget it, then collect it.
    if (options_.own_process_group) ::kill(-pid_, SIGKILL);
    if (options_.registry != nullptr) options_.registry->remove(pid_);
    siginfo_t info{};
    int rc;
    while ((rc = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED)) < 0 && errno == EINTR) {
    }
    // ECHILD: someone else reaped it; its status is unknown.
    exit_status_ = rc == 0 ? status_from(info) : ExitStatus::exited(-1);
    if (stderr_pump_) stderr_pump_->finish();
    return *exit_status_;
}

std::optional<ExitStatus> Process::poll_exit() {
    if (exit_status_) return exit_status_;
    if (!wait_zombie(SteadyClock::now())) return std::nullopt;
    return reap();
}

std::optional<ExitStatus> Process::wait_for_exit(Deadline deadline) {
    if (exit_status_) return exit_status_;
    if (!wait_zombie(deadline)) return std::nullopt;
    return reap();
}

void Process::send_signal(int signal) {
    if (exit_status_) return;
    ::kill(options_.own_process_group ? -pid_ : pid_, signal);
}

ExitStatus Process::kill() {
    if (exit_status_) return *exit_status_;
    send_signal(SIGKILL);
    wait_zombie(kNoDeadline);
    return reap();
}

ExitStatus Process::shutdown(std::chrono::milliseconds grace) {
    close_stdin();
    if (auto status = wait_for_exit(deadline_after(grace))) return *status;
    send_signal(SIGTERM);
    if (auto status = wait_for_exit(deadline_after(grace))) return *status;
    return kill();
}

}  // namespace draughts::harness
