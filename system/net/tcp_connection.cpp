#include "system/net/tcp_connection.hpp"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

#include <array>
#include <cstdint>
#include <system_error>

#include "common/system_error.hpp"
#include "system/net/socket_address.hpp"

namespace draughts::harness {
namespace {

UniqueFd make_wake_fd() { return UniqueFd(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)); }

/// Tries one address: a non-blocking connect, then a wait for it to complete.
Expected<UniqueFd> connect_one(const ResolvedAddress& address, Deadline deadline, int& error) {
    UniqueFd socket(::socket(address.family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (!socket) {
        error = errno;
        return make_error("socket: " + errno_text(error));
    }
    if (::connect(socket.get(), reinterpret_cast<const sockaddr*>(&address.storage),
                  address.length) == 0)
        return socket;
    if (errno != EINPROGRESS) {
        error = errno;
        return make_error(errno_text(error));
    }
    pollfd fd{socket.get(), POLLOUT, 0};
    for (;;) {
        const int ready = ::poll(&fd, 1, poll_timeout_ms(deadline));
        if (ready > 0) break;
        if (ready == 0) {
            error = ETIMEDOUT;
            return make_error("no connection before the deadline");
        }
        if (errno != EINTR) {
            error = errno;
            return make_error("poll: " + errno_text(error));
        }
    }
    int so_error = 0;
    socklen_t length = sizeof so_error;
    ::getsockopt(socket.get(), SOL_SOCKET, SO_ERROR, &so_error, &length);
    if (so_error != 0) {
        error = so_error;
        return make_error(errno_text(so_error));
    }
    return socket;
}

}  // namespace

Expected<TcpConnection> TcpConnection::connect(const std::string& host, std::uint16_t port,
                                               Deadline deadline, bool* refused) {
    if (refused != nullptr) *refused = false;
    auto addresses = resolve_tcp(host, port, false);
    if (!addresses) return addresses.error();
    std::string reasons;
    bool all_refused = true;
    for (const ResolvedAddress& address : *addresses) {
        int error = 0;
        auto socket = connect_one(address, deadline, error);
        if (socket) {
            const int one = 1;  // DXP messages are small and each one waits for an answer
            ::setsockopt(socket->get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            return TcpConnection(std::move(*socket));
        }
        all_refused = all_refused && error == ECONNREFUSED;
        reasons +=
            (reasons.empty() ? "" : "; ") +
            address_text(reinterpret_cast<const sockaddr*>(&address.storage), address.length) +
            ": " + socket.error().message;
    }
    if (refused != nullptr) *refused = all_refused;
    return make_error("cannot connect to " + host + ":" + std::to_string(port) + " (" + reasons +
                      ")");
}

TcpConnection::TcpConnection(UniqueFd socket) : socket_(std::move(socket)), wake_(make_wake_fd()) {}

std::string TcpConnection::peer() const {
    sockaddr_storage storage{};
    socklen_t length = sizeof storage;
    if (!socket_ ||
        ::getpeername(socket_.get(), reinterpret_cast<sockaddr*>(&storage), &length) != 0)
        return "?";
    return address_text(reinterpret_cast<const sockaddr*>(&storage), length);
}

SendStatus TcpConnection::send_all(std::string_view bytes, Deadline deadline) {
    if (!socket_) return SendStatus::Closed;
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(socket_.get(), bytes.data() + sent, bytes.size() - sent,
                                 MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n >= 0) {
            sent += static_cast<std::size_t>(n);
            continue;
        }
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return SendStatus::Closed;
        pollfd fd{socket_.get(), POLLOUT, 0};
        const int ready = ::poll(&fd, 1, poll_timeout_ms(deadline));
        if (ready == 0) return SendStatus::Timeout;
    }
    return SendStatus::Ok;
}

ReceiveResult TcpConnection::receive(Deadline deadline) {
    ReceiveResult result;
    if (!socket_) return result;
    for (;;) {
        std::array<pollfd, 2> fds{pollfd{socket_.get(), POLLIN, 0}, pollfd{wake_.get(), POLLIN, 0}};
        const nfds_t count = wake_ ? 2 : 1;
        const int ready = ::poll(fds.data(), count, poll_timeout_ms(deadline));
        if (ready < 0) {
            if (errno == EINTR) continue;
            result.error = "poll: " + errno_text(errno);
            return result;
        }
        if (ready == 0) {
            result.status = ReceiveResult::Status::Timeout;
            return result;
        }
        if (count == 2 && (fds[1].revents & POLLIN) != 0) {
            result.status = ReceiveResult::Status::Interrupted;
            return result;
        }
        std::array<char, 4096> buffer;
        const ssize_t n = ::recv(socket_.get(), buffer.data(), buffer.size(), MSG_DONTWAIT);
        if (n > 0) {
            // Acknowledge at once. Linux delays the ACK of a connection that goes back and forth
            // (by 40 ms at least), hoping to send it with a reply; a peer that leaves Nagle's
            // algorithm on and writes two messages in a row (a DXP engine accepting a game, then
            // moving) holds the second until then, and the 40 ms counted on its clock. Quick-ACK
            // mode lapses, so it is asked for after every read; an error changes nothing.
            const int one = 1;
            ::setsockopt(socket_.get(), IPPROTO_TCP, TCP_QUICKACK, &one, sizeof one);
            result.status = ReceiveResult::Status::Data;
            result.data.assign(buffer.data(), static_cast<std::size_t>(n));
            return result;
        }
        if (n == 0) return result;  // orderly close
        if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
        result.error = errno_text(errno);
        return result;
    }
}

void TcpConnection::interrupt() {
    if (!wake_) return;
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t n = ::write(wake_.get(), &one, sizeof one);
}

void TcpConnection::clear_interrupt() {
    if (!wake_) return;
    std::uint64_t value = 0;
    [[maybe_unused]] const ssize_t n = ::read(wake_.get(), &value, sizeof value);
}

void TcpConnection::close() {
    socket_.reset();
    wake_.reset();
}

}  // namespace draughts::harness
