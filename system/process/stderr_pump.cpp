#include "system/process/stderr_pump.hpp"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <array>
#include <cstdint>

namespace draughts::harness {

StderrPump::StderrPump(UniqueFd read_end, StderrLineHandler handler)
    : read_end_(std::move(read_end)),
      wake_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)),
      handler_(std::move(handler)) {
    ::fcntl(read_end_.get(), F_SETFL, ::fcntl(read_end_.get(), F_GETFL) | O_NONBLOCK);
    thread_ = std::thread([this] { run(); });
}

StderrPump::~StderrPump() { finish(); }

void StderrPump::finish() {
    if (!thread_.joinable()) return;
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto written = ::write(wake_.get(), &one, sizeof one);
    thread_.join();
}

void StderrPump::run() {
    bool open = true;
    while (open) {
        std::array<pollfd, 2> fds{{{read_end_.get(), POLLIN, 0}, {wake_.get(), POLLIN, 0}}};
        if (::poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (fds[0].revents != 0) open = drain();
        if (fds[1].revents != 0) {
            // Asked to finish: take what is already in the pipe, then stop.
            if (open) drain();
            break;
        }
    }
    deliver_lines(true);
}

bool StderrPump::drain() {
    std::array<char, 4096> chunk{};
    for (;;) {
        const ssize_t n = ::read(read_end_.get(), chunk.data(), chunk.size());
        if (n > 0) {
            buffer_.append(chunk.data(), static_cast<std::size_t>(n));
            deliver_lines(false);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        return n < 0 && errno == EAGAIN;
    }
}

void StderrPump::deliver_lines(bool flush_partial) {
    std::size_t start = 0;
    for (std::size_t end; (end = buffer_.find('\n', start)) != std::string::npos; start = end + 1) {
        std::string_view line(buffer_.data() + start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (handler_) handler_(line);
    }
    buffer_.erase(0, start);
    // A line longer than this is passed on in pieces rather than held in memory without bound.
    constexpr std::size_t kMaxLine = 64 * 1024;
    if ((flush_partial || buffer_.size() > kMaxLine) && !buffer_.empty()) {
        if (handler_) handler_(buffer_);
        buffer_.clear();
    }
}

}  // namespace draughts::harness
