// Splitting a DXP byte stream into messages: partial reads, several messages per read, a message
// split anywhere, and the two ways a stream can break (an empty message, an overlong one).

#include "protocol/dxp/dxp_framer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace draughts::protocol {
namespace {

using namespace std::string_literals;

/// Every complete message the framer hands out now (stops at the first error).
std::vector<std::string> drain(DxpFramer& framer) {
    std::vector<std::string> out;
    while (auto next = framer.next()) {
        if (!*next) break;
        out.push_back(next->value());
    }
    return out;
}

TEST(DxpFramer, SeveralMessagesInOneReadComeOutInOrder) {
    DxpFramer framer;
    framer.feed("M0012061100\0E10\0Chello\0"s);
    EXPECT_EQ(drain(framer), (std::vector<std::string>{"M0012061100", "E10", "Chello"}));
    EXPECT_EQ(framer.pending(), 0U);
    EXPECT_FALSE(framer.next());
}

TEST(DxpFramer, AMessageSplitAtEveryByteComesOutWhole) {
    const std::string stream = "M001205250422122320\0E21\0"s;
    for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
        DxpFramer framer;
        framer.feed(stream.substr(0, cut));
        std::vector<std::string> got = drain(framer);
        framer.feed(stream.substr(cut));
        for (std::string& m : drain(framer)) got.push_back(std::move(m));
        EXPECT_EQ(got, (std::vector<std::string>{"M001205250422122320", "E21"})) << cut;
    }
}

TEST(DxpFramer, ByteByByteDeliveryWaitsForTheNul) {
    DxpFramer framer;
    const std::string text = "M0012061100";
    for (char c : text) {
        framer.feed(std::string(1, c));
        EXPECT_FALSE(framer.next());
    }
    EXPECT_EQ(framer.pending(), text.size());
    framer.feed("\0"s);
    const auto next = framer.next();
    ASSERT_TRUE(next && *next);
    EXPECT_EQ(next->value(), text);
}

TEST(DxpFramer, MessagesOfExactly127CharactersPass) {
    DxpFramer framer;
    framer.feed("C" + std::string(126, 'x') + '\0');
    const auto next = framer.next();
    ASSERT_TRUE(next && *next);
    EXPECT_EQ(next->value().size(), 127U);
}

TEST(DxpFramer, MoreThan127BytesWithoutNulBreakTheStreamForGood) {
    DxpFramer framer;
    framer.feed(std::string(127, 'C'));
    EXPECT_FALSE(framer.next());  // still a possible message
    framer.feed("C");
    const auto next = framer.next();
    ASSERT_TRUE(next);
    ASSERT_FALSE(*next);
    EXPECT_NE(next->error().message.find("128 bytes without a NUL"), std::string::npos)
        << next->error().message;
    EXPECT_TRUE(framer.broken());
    framer.feed("E10\0"s);
    const auto after = framer.next();
    ASSERT_TRUE(after);
    EXPECT_FALSE(*after);
}

TEST(DxpFramer, AnOverlongMessageBeforeItsNulIsAlsoAnError) {
    DxpFramer framer;
    framer.feed("C" + std::string(200, 'x') + '\0');
    const auto next = framer.next();
    ASSERT_TRUE(next);
    ASSERT_FALSE(*next);
    // The same error as when the bytes come one by one (found by the dxp_framer fuzz target).
    EXPECT_NE(next->error().message.find("128 bytes without a NUL"), std::string::npos)
        << next->error().message;
}

TEST(DxpFramer, AnEmptyMessageIsAnErrorButTheStreamStaysInStep) {
    DxpFramer framer;
    framer.feed("\0E10\0"s);
    const auto empty = framer.next();
    ASSERT_TRUE(empty);
    ASSERT_FALSE(*empty);
    EXPECT_NE(empty->error().message.find("empty message"), std::string::npos);
    EXPECT_FALSE(framer.broken());
    EXPECT_EQ(drain(framer), (std::vector<std::string>{"E10"}));
}

}  // namespace
}  // namespace draughts::protocol
