// The TCP helpers under DXP: listening on loopback (fixed or free port), accepting and connecting
// with deadlines, sending and receiving, closes and resets without SIGPIPE, interrupts from
// another thread, CLOEXEC on every socket, and no descriptor left behind.

#include <fcntl.h>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "system/net/socket_address.hpp"
#include "system/net/tcp_listener.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/tcp_pair.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;
using namespace std::string_literals;

bool cloexec(int fd) { return (::fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0; }

TEST(TcpSocket, ListensOnAFreeLoopbackPortAndCarriesBytesBothWays) {
    const int fds_before = testing::open_fd_count();
    {
        auto listener = TcpListener::listen("127.0.0.1", 0);
        ASSERT_TRUE(listener) << listener.error().message;
        EXPECT_NE(listener->port(), 0);
        EXPECT_TRUE(cloexec(listener->fd()));
        auto client = TcpConnection::connect("127.0.0.1", listener->port(), deadline_after(2s));
        ASSERT_TRUE(client) << client.error().message;
        auto server = listener->accept(deadline_after(2s));
        ASSERT_TRUE(server) << server.error().message;
        EXPECT_TRUE(cloexec(client->fd()));
        EXPECT_TRUE(cloexec(server->fd()));
        EXPECT_EQ(server->peer().rfind("127.0.0.1:", 0), 0U) << server->peer();

        ASSERT_EQ(client->send_all("R01\0"s, deadline_after(1s)), SendStatus::Ok);
        const ReceiveResult got = server->receive(deadline_after(1s));
        ASSERT_EQ(got.status, ReceiveResult::Status::Data);
        EXPECT_EQ(got.data, "R01\0"s);
        ASSERT_EQ(server->send_all("A", deadline_after(1s)), SendStatus::Ok);
        EXPECT_EQ(client->receive(deadline_after(1s)).data, "A");
    }
    EXPECT_EQ(testing::open_fd_count(), fds_before);
}

TEST(TcpSocket, AConfiguredPortIsUsedAndABusyOneIsAnError) {
    const auto port = find_free_port("127.0.0.1");
    ASSERT_TRUE(port) << port.error().message;
    auto first = TcpListener::listen("127.0.0.1", *port);
    ASSERT_TRUE(first) << first.error().message;
    EXPECT_EQ(first->port(), *port);
    const auto second = TcpListener::listen("127.0.0.1", *port);
    ASSERT_FALSE(second);
    EXPECT_NE(second.error().message.find("127.0.0.1:" + std::to_string(*port)), std::string::npos);
    EXPECT_NE(second.error().message.find("in use"), std::string::npos) << second.error().message;
}

TEST(TcpSocket, ANonNumericOrForeignBindAddressIsAnError) {
    EXPECT_FALSE(TcpListener::listen("localhost.invalid", 0));
    const auto foreign = TcpListener::listen("192.0.2.1", 0);  // TEST-NET-1: never ours
    ASSERT_FALSE(foreign);
    EXPECT_NE(foreign.error().message.find("192.0.2.1"), std::string::npos);
}

TEST(TcpSocket, AcceptGivesUpAtItsDeadline) {
    auto listener = TcpListener::listen("127.0.0.1", 0);
    ASSERT_TRUE(listener);
    const auto start = std::chrono::steady_clock::now();
    const auto accepted = listener->accept(deadline_after(100ms));
    const auto waited = std::chrono::steady_clock::now() - start;
    ASSERT_FALSE(accepted);
    EXPECT_NE(accepted.error().message.find("before the deadline"), std::string::npos);
    EXPECT_GE(waited, 100ms);
    // Only that it gives up at all: a busy machine (the ASan build on two cores) may wake it
    // late, never early.
    EXPECT_LT(waited, 30s);
}

TEST(TcpSocket, AcceptStopsWhenItsGiveUpCheckSaysSo) {
    auto listener = TcpListener::listen("127.0.0.1", 0);
    ASSERT_TRUE(listener);
    int asked = 0;
    const auto accepted =
        listener->accept(deadline_after(10s), [&]() -> std::optional<std::string> {
            if (++asked < 3) return std::nullopt;
            return "the engine exited";
        });
    ASSERT_FALSE(accepted);
    EXPECT_EQ(accepted.error().message, "the engine exited");
    EXPECT_EQ(asked, 3);
}

TEST(TcpSocket, ConnectingWhereNobodyListensIsRefused) {
    const auto port = find_free_port("127.0.0.1");
    ASSERT_TRUE(port);
    bool refused = false;
    const auto connection =
        TcpConnection::connect("127.0.0.1", *port, deadline_after(1s), &refused);
    ASSERT_FALSE(connection);
    EXPECT_TRUE(refused);
    EXPECT_NE(connection.error().message.find("refused"), std::string::npos)
        << connection.error().message;
}

TEST(TcpSocket, ReceiveTimesOutAtItsDeadline) {
    testing::TcpPair pair = testing::connected_pair();
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(pair.server.receive(deadline_after(50ms)).status, ReceiveResult::Status::Timeout);
    EXPECT_GE(std::chrono::steady_clock::now() - start, 50ms);
}

TEST(TcpSocket, ThePeerClosingIsSeenAsClosed) {
    testing::TcpPair pair = testing::connected_pair();
    pair.client.close();
    EXPECT_FALSE(pair.client.is_open());
    EXPECT_EQ(pair.server.receive(deadline_after(1s)).status, ReceiveResult::Status::Closed);
}

TEST(TcpSocket, SendingToAClosedPeerReportsClosedWithoutSigpipe) {
    testing::TcpPair pair = testing::connected_pair();
    pair.client.close();
    // The first send may still be accepted by the kernel; the reset makes a later one fail. A
    // SIGPIPE would end this test program.
    SendStatus status = SendStatus::Ok;
    const std::string block(64 * 1024, 'x');
    for (int i = 0; i < 100 && status == SendStatus::Ok; ++i) {
        status = pair.server.send_all(block, deadline_after(1s));
        if (status == SendStatus::Ok) std::this_thread::sleep_for(1ms);
    }
    EXPECT_EQ(status, SendStatus::Closed);
}

TEST(TcpSocket, SendTimesOutWhenThePeerDoesNotRead) {
    testing::TcpPair pair = testing::connected_pair();
    const std::string block(1 << 20, 'x');
    SendStatus status = SendStatus::Ok;
    for (int i = 0; i < 64 && status == SendStatus::Ok; ++i)
        status = pair.server.send_all(block, deadline_after(50ms));
    EXPECT_EQ(status, SendStatus::Timeout);
}

TEST(TcpSocket, InterruptWakesAReceiveFromAnotherThread) {
    testing::TcpPair pair = testing::connected_pair();
    std::thread waker([&] {
        std::this_thread::sleep_for(30ms);
        pair.server.interrupt();
    });
    EXPECT_EQ(pair.server.receive(deadline_after(5s)).status, ReceiveResult::Status::Interrupted);
    waker.join();
    pair.server.clear_interrupt();
    EXPECT_EQ(pair.server.receive(deadline_after(10ms)).status, ReceiveResult::Status::Timeout);
}

TEST(TcpSocket, ConnectingByNameWorksForLocalhost) {
    auto listener = TcpListener::listen("127.0.0.1", 0);
    ASSERT_TRUE(listener);
    auto client = TcpConnection::connect("localhost", listener->port(), deadline_after(2s));
    // "localhost" may resolve to ::1 first; one of its addresses must reach the listener.
    ASSERT_TRUE(client) << client.error().message;
    EXPECT_TRUE(listener->accept(deadline_after(2s)));
}

TEST(TcpSocket, HostPortTextIsParsedStrictly) {
    const auto both = parse_host_port("127.0.0.1:27531");
    ASSERT_TRUE(both);
    EXPECT_EQ(both->host, "127.0.0.1");
    EXPECT_EQ(both->port, 27531);
    const auto v6 = parse_host_port("[::1]:80");
    ASSERT_TRUE(v6);
    EXPECT_EQ(v6->host, "::1");
    const auto bare = parse_host_port("27531");
    ASSERT_TRUE(bare);
    EXPECT_EQ(bare->host, "127.0.0.1");
    for (const char* bad : {"", "host:", ":80", "host:0", "host:65536", "host:8x", "[::1]80",
                            "host:-1", "host:123456"})
        EXPECT_FALSE(parse_host_port(bad)) << bad;
    EXPECT_TRUE(parse_port("0", true));
    EXPECT_FALSE(parse_port("0"));
}

}  // namespace
}  // namespace draughts::harness
