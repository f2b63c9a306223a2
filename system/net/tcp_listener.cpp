#include "system/net/tcp_listener.hpp"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <system_error>

#include "common/system_error.hpp"
#include "system/net/socket_address.hpp"

namespace draughts::harness {
namespace {

/// How often accept() asks its GiveUpCheck.
constexpr auto kGiveUpInterval = std::chrono::milliseconds(20);

}  // namespace

Expected<TcpListener> TcpListener::listen(const std::string& address, std::uint16_t port) {
    auto addresses = resolve_tcp(address, port, true);
    if (!addresses) return addresses.error();
    const ResolvedAddress& local = addresses->front();
    const std::string where = address + ":" + std::to_string(port);
    UniqueFd socket(::socket(local.family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (!socket) return make_error("cannot listen on " + where + ": " + errno_text(errno));
    // A port used by an earlier run may still have connections in TIME_WAIT.
    const int one = 1;
    ::setsockopt(socket.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(socket.get(), reinterpret_cast<const sockaddr*>(&local.storage), local.length) != 0)
        return make_error("cannot listen on " + where + ": " + errno_text(errno));
    if (::listen(socket.get(), 4) != 0)
        return make_error("cannot listen on " + where + ": " + errno_text(errno));
    sockaddr_storage bound{};
    socklen_t length = sizeof bound;
    ::getsockname(socket.get(), reinterpret_cast<sockaddr*>(&bound), &length);
    std::uint16_t actual = port;
    if (bound.ss_family == AF_INET)
        actual = ntohs(reinterpret_cast<const sockaddr_in*>(&bound)->sin_port);
    if (bound.ss_family == AF_INET6)
        actual = ntohs(reinterpret_cast<const sockaddr_in6*>(&bound)->sin6_port);
    return TcpListener(std::move(socket), address, actual);
}

Expected<TcpConnection> TcpListener::accept(Deadline deadline, const GiveUpCheck& give_up,
                                            const RefuseCheck& refuse) {
    const std::string where = address_ + ":" + std::to_string(port_);
    if (!socket_) return make_error("not listening on " + where);
    std::string refused;  // the reasons of the connections refused, for the error
    for (;;) {
        if (give_up) {
            if (auto reason = give_up()) return make_error(*reason + refused);
        }
        if (expired(deadline))
            return make_error("no connection on " + where + " before the deadline" + refused);
        const Deadline slice =
            give_up ? std::min(deadline, deadline_after(kGiveUpInterval)) : deadline;
        pollfd fd{socket_.get(), POLLIN, 0};
        const int ready = ::poll(&fd, 1, poll_timeout_ms(slice));
        if (ready < 0 && errno != EINTR)
            return make_error("waiting on " + where + ": " + errno_text(errno));
        if (ready <= 0) continue;
        UniqueFd connection(
            ::accept4(socket_.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC));
        if (!connection) {
            // The client may have given up between poll and accept: wait for the next one.
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNABORTED || errno == EINTR)
                continue;
            return make_error("accepting on " + where + ": " + errno_text(errno));
        }
        const int one = 1;
        ::setsockopt(connection.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        TcpConnection accepted(std::move(connection));
        if (refuse) {
            if (auto reason = refuse(accepted)) {
                refused += "; refused a connection: " + *reason;
                continue;  // closed as `accepted` goes
            }
        }
        return accepted;
    }
}

Expected<std::uint16_t> find_free_port(const std::string& address) {
    auto listener = TcpListener::listen(address, 0);
    if (!listener) return listener.error();
    return listener->port();
}

}  // namespace draughts::harness
