// The DXP engine session (protocol/dxp/dxp_engine_session.hpp) over a real loopback connection:
// DxpConnection is its transport in `draughts dxp`. Its conversation is tested in memory
// (tests/protocol/dxp/dxp_engine_session_test.cpp); here, that a game starts over TCP and that
// bytes the framer cannot read end the session.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>

#include "harness/dxp/dxp_connection.hpp"
#include "protocol/dxp/dxp_engine_session.hpp"
#include "rules/movegen.hpp"
#include "system/net/tcp_listener.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

/// A session on its own thread, connected over loopback to the test's DxpConnection.
class SocketPeer {
  public:
    SocketPeer() {
        auto listener = TcpListener::listen("127.0.0.1", 0);
        EXPECT_TRUE(listener);
        engine_thread_ = std::thread([this, port = listener->port()] {
            auto socket = TcpConnection::connect("127.0.0.1", port, deadline_after(5s));
            if (!socket) return;
            DxpConnection connection(std::move(*socket));
            protocol::DxpEngineOptions options;
            options.nodes = 300;
            protocol::DxpEngineSession session(std::move(options), connection);
            result_ = session.run();
        });
        auto accepted = listener->accept(deadline_after(5s));
        EXPECT_TRUE(accepted);
        connection_ = std::make_unique<DxpConnection>(std::move(*accepted));
    }
    ~SocketPeer() {
        connection_->close();
        if (engine_thread_.joinable()) engine_thread_.join();
    }

    DxpConnection& connection() { return *connection_; }
    /// Waits for the session to end and returns its result.
    Expected<void> finish() {
        if (engine_thread_.joinable()) engine_thread_.join();
        return result_;
    }

  private:
    std::unique_ptr<DxpConnection> connection_;
    std::thread engine_thread_;
    Expected<void> result_ = make_error("not run");
};

protocol::DxpGameRequest engine_plays_white() {
    protocol::DxpGameRequest request;
    request.initiator_name = "tester";
    request.follower_color = rules::Color::White;
    request.thinking_minutes = 5;
    return request;
}

TEST(DxpEngineSessionOverTcp, AcceptsAGameAndMovesFirstAsWhite) {
    SocketPeer peer;
    ASSERT_TRUE(peer.connection().send(engine_plays_white(), deadline_after(5s)).ok());
    const DxpReceived accept = peer.connection().receive(deadline_after(10s));
    ASSERT_EQ(accept.status, DxpReceived::Status::Message) << accept.error;
    EXPECT_EQ(accept.message, protocol::DxpMessage(protocol::DxpGameAccept{
                                  "draughts", protocol::DxpAcceptCode::Accepted}));
    const DxpReceived move = peer.connection().receive(deadline_after(10s));
    ASSERT_EQ(move.status, DxpReceived::Status::Message) << move.error;
    const auto& m = std::get<protocol::DxpMove>(move.message);
    rules::MoveList legal;
    rules::generate_moves(rules::Position::initial(), legal);
    EXPECT_TRUE(legal.contains(
        rules::Move(rules::bit_index(m.from), rules::bit_index(m.to), m.captured_set())));
}

TEST(DxpEngineSessionOverTcp, BytesThatAreNoMessageEndTheSession) {
    SocketPeer peer;
    ASSERT_TRUE(peer.connection().send(engine_plays_white(), deadline_after(5s)).ok());
    ASSERT_EQ(peer.connection().receive(deadline_after(10s)).status, DxpReceived::Status::Message);
    ASSERT_EQ(peer.connection().receive(deadline_after(10s)).status, DxpReceived::Status::Message);
    ASSERT_EQ(
        peer.connection().socket().send_all(std::string("M00x1ab3200\0", 12), deadline_after(5s)),
        SendStatus::Ok);
    EXPECT_EQ(peer.connection().receive(deadline_after(5s)).status, DxpReceived::Status::Closed);
    const auto result = peer.finish();
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find("malformed message"), std::string::npos)
        << result.error().message;
}

}  // namespace
}  // namespace draughts::harness
