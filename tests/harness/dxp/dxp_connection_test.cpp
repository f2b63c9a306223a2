// DXP messages over a real loopback TCP connection: framing whatever the segmentation, garbage
// and torn messages, and messages that cannot be encoded.

#include "harness/dxp/dxp_connection.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include "tests/support/tcp_pair.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;
using namespace std::string_literals;

TEST(DxpConnection, MessagesCrossTheSocketWhateverTheSegmentation) {
    testing::TcpPair pair = testing::connected_pair();
    std::vector<std::string> sent_trace;
    DxpConnection server(std::move(pair.server));
    DxpConnection client(std::move(pair.client), [&](bool outgoing, std::string_view text) {
        if (outgoing) sent_trace.emplace_back(text);
    });
    ASSERT_TRUE(client.send(protocol::DxpMove{3, 32, 28, {}}, deadline_after(1s)).ok());
    ASSERT_TRUE(
        client.send(protocol::DxpGameEnd{protocol::DxpEndReason::Draw, false}, deadline_after(1s))
            .ok());
    EXPECT_EQ(sent_trace, (std::vector<std::string>{"M0003322800", "E20"}));
    DxpReceived first = server.receive(deadline_after(1s));
    ASSERT_EQ(first.status, DxpReceived::Status::Message) << first.error;
    EXPECT_EQ(first.message, protocol::DxpMessage(protocol::DxpMove{3, 32, 28, {}}));
    DxpReceived second = server.receive(deadline_after(1s));
    ASSERT_EQ(second.status, DxpReceived::Status::Message);
    EXPECT_EQ(second.message,
              protocol::DxpMessage(protocol::DxpGameEnd{protocol::DxpEndReason::Draw, false}));
    // Byte by byte, with pauses, is still one message.
    for (char c : "K0"s + '\0') {
        ASSERT_EQ(client.socket().send_all(std::string(1, c), deadline_after(1s)), SendStatus::Ok);
        std::this_thread::sleep_for(2ms);
    }
    DxpReceived third = server.receive(deadline_after(1s));
    ASSERT_EQ(third.status, DxpReceived::Status::Message);
    EXPECT_EQ(third.message, protocol::DxpMessage(protocol::DxpBackAnswer{0}));
}

TEST(DxpConnection, GarbageIsReportedAsMalformedAndAnUnfinishedMessageAsLost) {
    testing::TcpPair pair = testing::connected_pair();
    DxpConnection server(std::move(pair.server));
    ASSERT_EQ(pair.client.send_all("hello\0M00"s, deadline_after(1s)), SendStatus::Ok);
    const DxpReceived garbage = server.receive(deadline_after(1s));
    EXPECT_EQ(garbage.status, DxpReceived::Status::Malformed);
    EXPECT_EQ(garbage.text, "hello");
    EXPECT_NE(garbage.error.find("unknown header"), std::string::npos) << garbage.error;
    pair.client.close();
    const DxpReceived closed = server.receive(deadline_after(1s));
    EXPECT_EQ(closed.status, DxpReceived::Status::Closed);
    EXPECT_NE(closed.error.find("3 bytes of an unfinished message"), std::string::npos)
        << closed.error;
}

TEST(DxpConnection, UnsendableMessagesAreNotSentAtAll) {
    testing::TcpPair pair = testing::connected_pair();
    DxpConnection client(std::move(pair.client));
    const DxpSendResult result =
        client.send(protocol::DxpMove{10000, 32, 28, {}}, deadline_after(1s));
    EXPECT_EQ(result.status, DxpSendResult::Status::Invalid);
    EXPECT_EQ(pair.server.receive(deadline_after(20ms)).status, ReceiveResult::Status::Timeout);
}

}  // namespace
}  // namespace draughts::harness
