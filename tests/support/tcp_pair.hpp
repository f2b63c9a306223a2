#pragma once
// Two connected ends of a loopback TCP connection, for tests of what runs over sockets.

#include <gtest/gtest.h>

#include <chrono>
#include <utility>

#include "system/net/tcp_listener.hpp"

namespace draughts::testing {

/// A connected pair: the accepted end and the connecting end.
struct TcpPair {
    harness::TcpConnection server;
    harness::TcpConnection client;
};

/// Listens on a free loopback port, connects and accepts (failures are test failures).
inline TcpPair connected_pair() {
    using namespace std::chrono_literals;
    auto listener = harness::TcpListener::listen("127.0.0.1", 0);
    EXPECT_TRUE(listener) << listener.error().message;
    auto client =
        harness::TcpConnection::connect("127.0.0.1", listener->port(), harness::deadline_after(2s));
    EXPECT_TRUE(client) << client.error().message;
    auto server = listener->accept(harness::deadline_after(2s));
    EXPECT_TRUE(server) << server.error().message;
    return TcpPair{std::move(*server), std::move(*client)};
}

}  // namespace draughts::testing
