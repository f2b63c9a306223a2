#include "system/process/interrupt_watcher.hpp"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <array>
#include <cstdint>

namespace draughts::harness {
namespace {

sigset_t termination_signals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    return set;
}

}  // namespace

InterruptWatcher::InterruptWatcher(ChildRegistry& registry, Handler on_interrupt)
    : registry_(registry), on_interrupt_(std::move(on_interrupt)) {
    const sigset_t set = termination_signals();
    pthread_sigmask(SIG_BLOCK, &set, &previous_mask_);
    signal_fd_.reset(::signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK));
    wake_.reset(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
    thread_ = std::thread([this] { run(); });
}

InterruptWatcher::~InterruptWatcher() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto written = ::write(wake_.get(), &one, sizeof one);
    thread_.join();
    pthread_sigmask(SIG_SETMASK, &previous_mask_, nullptr);
}

void InterruptWatcher::run() {
    for (;;) {
        std::array<pollfd, 2> fds{{{signal_fd_.get(), POLLIN, 0}, {wake_.get(), POLLIN, 0}}};
        if (::poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR) continue;
            return;
        }
        if (fds[1].revents != 0) return;
        signalfd_siginfo info{};
        if (::read(signal_fd_.get(), &info, sizeof info) != static_cast<ssize_t>(sizeof info)) {
            continue;
        }
        const int signal = static_cast<int>(info.ssi_signo);
        const int count = ++received_;
        if (count == 1 && on_interrupt_) {
            on_interrupt_(signal);
            registry_.kill_all(SIGKILL);
            continue;
        }
        registry_.kill_all(SIGKILL);
        die_by(signal);
    }
}

void InterruptWatcher::die_by(int signal) {
    // Restore the default action and let the signal through in this thread only: the process
    // ends exactly as if it had never been caught, so a shell sees 128 + signal.
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, signal);
    pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
    ::raise(signal);
    ::_exit(128 + signal);  // only if the signal was somehow not fatal
}

}  // namespace draughts::harness
