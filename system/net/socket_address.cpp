#include "system/net/socket_address.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>

#include <cstring>

namespace draughts::harness {

Expected<std::vector<ResolvedAddress>> resolve_tcp(const std::string& host, std::uint16_t port,
                                                   bool numeric_only) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_protocol = IPPROTO_TCP;
    hints.ai_flags = AI_NUMERICSERV | (numeric_only ? AI_NUMERICHOST : 0);
    addrinfo* list = nullptr;
    const std::string service = std::to_string(port);
    const int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &list);
    if (rc != 0) {
        return make_error("address '" + host + "': " + ::gai_strerror(rc) +
                          (numeric_only ? " (a numeric address is needed)" : ""));
    }
    std::vector<ResolvedAddress> result;
    for (const addrinfo* entry = list; entry != nullptr; entry = entry->ai_next) {
        if (entry->ai_addrlen > sizeof(sockaddr_storage)) continue;
        ResolvedAddress address;
        address.family = entry->ai_family;
        std::memcpy(&address.storage, entry->ai_addr, entry->ai_addrlen);
        address.length = entry->ai_addrlen;
        result.push_back(address);
    }
    ::freeaddrinfo(list);
    if (result.empty()) return make_error("address '" + host + "': no TCP address");
    return result;
}

std::string address_text(const sockaddr* address, socklen_t length) {
    char host[INET6_ADDRSTRLEN] = "?";
    std::uint16_t port = 0;
    if (address->sa_family == AF_INET && length >= sizeof(sockaddr_in)) {
        const auto* v4 = reinterpret_cast<const sockaddr_in*>(address);
        ::inet_ntop(AF_INET, &v4->sin_addr, host, sizeof host);
        port = ntohs(v4->sin_port);
        return std::string(host) + ":" + std::to_string(port);
    }
    if (address->sa_family == AF_INET6 && length >= sizeof(sockaddr_in6)) {
        const auto* v6 = reinterpret_cast<const sockaddr_in6*>(address);
        ::inet_ntop(AF_INET6, &v6->sin6_addr, host, sizeof host);
        port = ntohs(v6->sin6_port);
        std::string text(1, '[');  // built step by step: GCC 12 warns falsely on "[" + string
        text.append(host);
        text.append("]:");
        text.append(std::to_string(port));
        return text;
    }
    return "?";
}

Expected<std::uint16_t> parse_port(std::string_view text, bool allow_zero) {
    const auto fail = [&] {
        return make_error("port \"" + std::string(text) + "\": expected a number " +
                          (allow_zero ? "0" : "1") + "..65535");
    };
    if (text.empty() || text.size() > 5) return fail();
    unsigned value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return fail();
        value = value * 10 + static_cast<unsigned>(c - '0');
    }
    if (value > 65535 || (value == 0 && !allow_zero)) return fail();
    return static_cast<std::uint16_t>(value);
}

Expected<HostPort> parse_host_port(std::string_view text, bool allow_zero) {
    HostPort result{"127.0.0.1", 0};
    std::string_view port_text = text;
    if (!text.empty() && text.front() == '[') {
        const std::size_t close = text.find("]:");
        if (close == std::string_view::npos)
            return make_error("address \"" + std::string(text) + "\": expected [IPV6]:PORT");
        result.host = std::string(text.substr(1, close - 1));
        port_text = text.substr(close + 2);
    } else if (const std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
        result.host = std::string(text.substr(0, colon));
        port_text = text.substr(colon + 1);
    }
    if (result.host.empty())
        return make_error("address \"" + std::string(text) + "\": the host is empty");
    auto port = parse_port(port_text, allow_zero);
    if (!port) return make_error("address \"" + std::string(text) + "\": " + port.error().message);
    result.port = *port;
    return result;
}

}  // namespace draughts::harness
