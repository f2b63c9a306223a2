#pragma once
// Socket addresses: name resolution for connecting and binding, their text form, and the
// `HOST:PORT` syntax of the command line.

#include <sys/socket.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"

namespace draughts::harness {

/// One address to connect to or bind: what socket() and connect()/bind() need.
struct ResolvedAddress {
    int family = AF_INET;
    sockaddr_storage storage{};
    socklen_t length = 0;
};

/// The addresses of `host` (a name, or numeric when `numeric_only`) with `port`, for TCP.
/// Errors name the host and the resolver's reason.
Expected<std::vector<ResolvedAddress>> resolve_tcp(const std::string& host, std::uint16_t port,
                                                   bool numeric_only);

/// "127.0.0.1:27531" or "[::1]:27531".
std::string address_text(const sockaddr* address, socklen_t length);

/// A host and a port given as text.
struct HostPort {
    std::string host;
    std::uint16_t port = 0;
};

/// Reads `HOST:PORT`, `[IPV6]:PORT` or `PORT` alone (host then 127.0.0.1). The port must be
/// 1..65535 (0 too with `allow_zero`). Errors quote the text.
Expected<HostPort> parse_host_port(std::string_view text, bool allow_zero = false);

/// Reads a port number (1..65535, or 0 with `allow_zero`). Errors quote the text.
Expected<std::uint16_t> parse_port(std::string_view text, bool allow_zero = false);

}  // namespace draughts::harness
