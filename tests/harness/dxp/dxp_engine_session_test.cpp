// The engine side of DXP (what `draughts dxp` runs) over a real loopback connection, with the
// test as the peer: accepting and refusing games, moving when it is its turn, checking the peer's
// moves, ending games by the rules, answering E, refusing take-backs, and initiating games.

#include "harness/dxp/dxp_engine_session.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "harness/net/tcp_listener.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;
using rules::Color;

/// The test's end of a conversation with a DxpEngineSession running on its own thread.
class Peer {
  public:
    explicit Peer(DxpEngineOptions options) {
        auto listener = TcpListener::listen("127.0.0.1", 0);
        EXPECT_TRUE(listener);
        options.nodes = options.nodes.value_or(300);
        engine_thread_ = std::thread([this, port = listener->port(), options]() mutable {
            auto socket = TcpConnection::connect("127.0.0.1", port, deadline_after(5s));
            if (!socket) return;
            DxpConnection connection(std::move(*socket));
            DxpEngineSession session(std::move(options), connection);
            result_ = session.run();
            games_ = session.games();
        });
        auto accepted = listener->accept(deadline_after(5s));
        EXPECT_TRUE(accepted);
        connection_ = std::make_unique<DxpConnection>(std::move(*accepted));
    }
    ~Peer() {
        connection_->close();
        if (engine_thread_.joinable()) engine_thread_.join();
    }

    void send(const protocol::DxpMessage& message) {
        ASSERT_TRUE(connection_->send(message, deadline_after(5s)).ok());
    }
    void send_raw(const std::string& bytes) {
        ASSERT_EQ(connection_->socket().send_all(bytes, deadline_after(5s)), SendStatus::Ok);
    }
    /// The engine's next message (fails the test on anything else).
    protocol::DxpMessage next() {
        const DxpReceived received = connection_->receive(deadline_after(10s));
        EXPECT_EQ(received.status, DxpReceived::Status::Message) << received.error;
        return received.message;
    }
    /// True when the engine closed the connection (within a second).
    bool closed() {
        return connection_->receive(deadline_after(1s)).status == DxpReceived::Status::Closed;
    }
    /// Waits for the session to end and returns its result.
    Expected<void> finish() {
        if (engine_thread_.joinable()) engine_thread_.join();
        return result_;
    }
    const std::vector<DxpSessionGame>& games() const { return games_; }

  private:
    std::unique_ptr<DxpConnection> connection_;
    std::thread engine_thread_;
    Expected<void> result_ = make_error("not run");
    std::vector<DxpSessionGame> games_;
};

protocol::DxpGameRequest request(Color follower, std::optional<const char*> fen = std::nullopt) {
    protocol::DxpGameRequest r;
    r.initiator_name = "tester";
    r.follower_color = follower;
    r.thinking_minutes = 5;
    if (fen) {
        auto position = rules::parse_fen(*fen);
        EXPECT_TRUE(position);
        r.start = *position;
    }
    return r;
}

/// A legal DXP move in `position` (the first one).
protocol::DxpMove first_legal(const rules::Position& position) {
    rules::MoveList moves;
    rules::generate_moves(position, moves);
    EXPECT_FALSE(moves.empty());
    return protocol::to_dxp_move(moves[0], 1);
}

rules::Move to_move(const protocol::DxpMove& m) {
    return rules::Move(rules::bit_index(m.from), rules::bit_index(m.to), m.captured_set());
}

TEST(DxpEngineSession, AcceptsAGameAndMovesFirstAsWhite) {
    Peer peer({});
    peer.send(request(Color::White));
    const auto accept = std::get<protocol::DxpGameAccept>(peer.next());
    EXPECT_EQ(accept, (protocol::DxpGameAccept{"draughts", protocol::DxpAcceptCode::Accepted}));
    const protocol::DxpMessage move = peer.next();
    ASSERT_TRUE(std::holds_alternative<protocol::DxpMove>(move));
    rules::MoveList legal;
    rules::generate_moves(rules::Position::initial(), legal);
    EXPECT_TRUE(legal.contains(to_move(std::get<protocol::DxpMove>(move))));
}

TEST(DxpEngineSession, AnswersTheMovesOfThePeerAsBlack) {
    Peer peer({});
    peer.send(request(Color::Black));
    ASSERT_TRUE(std::holds_alternative<protocol::DxpGameAccept>(peer.next()));
    rules::Position position = rules::Position::initial();
    for (int ply = 0; ply < 3; ++ply) {
        const protocol::DxpMove ours = first_legal(position);
        peer.send(ours);
        position = position.after(to_move(ours));
        const protocol::DxpMessage reply = peer.next();
        ASSERT_TRUE(std::holds_alternative<protocol::DxpMove>(reply));
        rules::MoveList legal;
        rules::generate_moves(position, legal);
        const rules::Move theirs = to_move(std::get<protocol::DxpMove>(reply));
        ASSERT_TRUE(legal.contains(theirs));
        position = position.after(theirs);
    }
    peer.send(protocol::DxpGameEnd{protocol::DxpEndReason::ILose, false});
    EXPECT_EQ(peer.next(),
              protocol::DxpMessage(protocol::DxpGameEnd{protocol::DxpEndReason::IWin, false}));
}

TEST(DxpEngineSession, RefusesAnotherVersionAndAnUnplayablePosition) {
    Peer peer({});
    protocol::DxpGameRequest version2 = request(Color::Black);
    version2.version = 2;
    peer.send(version2);
    EXPECT_EQ(std::get<protocol::DxpGameAccept>(peer.next()).code,
              protocol::DxpAcceptCode::WrongVersion);
    peer.send(request(Color::Black, "W:W31:B"));  // Black has no pieces: the game is over
    EXPECT_EQ(std::get<protocol::DxpGameAccept>(peer.next()).code,
              protocol::DxpAcceptCode::NotThisGame);
    peer.send(request(Color::Black));
    EXPECT_EQ(std::get<protocol::DxpGameAccept>(peer.next()).code,
              protocol::DxpAcceptCode::Accepted);
}

TEST(DxpEngineSession, AnIllegalMoveOfThePeerAbortsTheGameAndTheConnection) {
    Peer peer({});
    peer.send(request(Color::Black));
    ASSERT_TRUE(std::holds_alternative<protocol::DxpGameAccept>(peer.next()));
    peer.send(protocol::DxpMove{1, 20, 25, {}});  // a Black man moving for White
    EXPECT_EQ(peer.next(),
              protocol::DxpMessage(protocol::DxpGameEnd{protocol::DxpEndReason::Unknown, true}));
    EXPECT_TRUE(peer.closed());
    const auto result = peer.finish();
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find("illegal move"), std::string::npos);
}

TEST(DxpEngineSession, LogsChatRefusesTakeBacksAndStopsOnAStopCode) {
    std::vector<std::string> logged;
    DxpEngineOptions options;
    options.log = [&logged](const std::string& text) { logged.push_back(text); };
    Peer peer(options);
    peer.send(request(Color::Black));
    ASSERT_TRUE(std::holds_alternative<protocol::DxpGameAccept>(peer.next()));
    peer.send(protocol::DxpChat{"good luck"});
    peer.send(protocol::DxpBackRequest{1, Color::White});
    EXPECT_EQ(peer.next(), protocol::DxpMessage(protocol::DxpBackAnswer{1}));
    peer.send(protocol::DxpGameEnd{protocol::DxpEndReason::Draw, true});
    EXPECT_EQ(peer.next(),
              protocol::DxpMessage(protocol::DxpGameEnd{protocol::DxpEndReason::Draw, true}));
    EXPECT_TRUE(peer.closed());
    ASSERT_TRUE(peer.finish());
    ASSERT_EQ(peer.games().size(), 1U);
    EXPECT_EQ(peer.games()[0].result, GameResult::Draw);
    EXPECT_NE(std::find(logged.begin(), logged.end(), "chat: good luck"), logged.end());
}

TEST(DxpEngineSession, AMalformedMessageEndsTheSession) {
    Peer peer({});
    peer.send(request(Color::Black));
    ASSERT_TRUE(std::holds_alternative<protocol::DxpGameAccept>(peer.next()));
    peer.send_raw(std::string("M00x1ab3200\0", 12));
    EXPECT_TRUE(peer.closed());
    const auto result = peer.finish();
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find("malformed message"), std::string::npos)
        << result.error().message;
}

TEST(DxpEngineSession, SendsEWhenItHasLostByTheRules) {
    // White (the peer) takes Black's last piece: Black, the engine, is to move with nothing left.
    Peer peer({});
    peer.send(request(Color::Black, "W:W28:B23"));
    ASSERT_TRUE(std::holds_alternative<protocol::DxpGameAccept>(peer.next()));
    peer.send(protocol::DxpMove{1, 28, 19, {23}});
    EXPECT_EQ(peer.next(),
              protocol::DxpMessage(protocol::DxpGameEnd{protocol::DxpEndReason::ILose, false}));
    peer.send(protocol::DxpGameEnd{protocol::DxpEndReason::IWin, true});
    EXPECT_TRUE(peer.closed());
    ASSERT_TRUE(peer.finish());
    ASSERT_EQ(peer.games().size(), 1U);
    EXPECT_EQ(peer.games()[0].result, GameResult::WhiteWin);
    EXPECT_EQ(peer.games()[0].moves, (std::vector<std::string>{"28x19"}));
}

TEST(DxpEngineSession, WaitsForThePeersEAfterWinningAndAnswersALateMoveWithE) {
    // The engine (White) takes Black's last piece; Black is to move and should send E.
    Peer peer({});
    peer.send(request(Color::White, "W:W28:B23"));
    ASSERT_TRUE(std::holds_alternative<protocol::DxpGameAccept>(peer.next()));
    EXPECT_EQ(peer.next(), protocol::DxpMessage(protocol::DxpMove{0, 28, 19, {23}}));
    peer.send(protocol::DxpMove{1, 1, 7, {}});  // a peer that plays on regardless
    EXPECT_EQ(peer.next(),
              protocol::DxpMessage(protocol::DxpGameEnd{protocol::DxpEndReason::IWin, false}));
    peer.send(protocol::DxpGameEnd{protocol::DxpEndReason::ILose, false});
    peer.send(request(Color::Black));  // and the next game is welcome
    EXPECT_EQ(std::get<protocol::DxpGameAccept>(peer.next()).code,
              protocol::DxpAcceptCode::Accepted);
}

TEST(DxpEngineSession, InitiatesTheRequestedNumberOfGamesAndStops) {
    DxpEngineOptions options;
    options.initiate = request(Color::White, "B:W28,48:B23,24");  // the engine is Black, to move
    options.games = 2;
    Peer peer(options);
    for (int game = 0; game < 2; ++game) {
        EXPECT_EQ(peer.next(), protocol::DxpMessage(*options.initiate));
        peer.send(protocol::DxpGameAccept{"tester", protocol::DxpAcceptCode::Accepted});
        ASSERT_TRUE(std::holds_alternative<protocol::DxpMove>(peer.next()));
        peer.send(protocol::DxpGameEnd{protocol::DxpEndReason::Draw, false});
        // The last game's answer asks for no more games.
        EXPECT_EQ(peer.next(), protocol::DxpMessage(
                                   protocol::DxpGameEnd{protocol::DxpEndReason::Draw, game == 1}));
    }
    EXPECT_TRUE(peer.closed());
    ASSERT_TRUE(peer.finish());
    EXPECT_EQ(peer.games().size(), 2U);
}

TEST(DxpEngineSession, AnInitiatorWhoseGameIsRefusedReportsIt) {
    DxpEngineOptions options;
    options.initiate = request(Color::Black);
    Peer peer(options);
    EXPECT_TRUE(std::holds_alternative<protocol::DxpGameRequest>(peer.next()));
    peer.send(protocol::DxpGameAccept{"picky", protocol::DxpAcceptCode::NotThisGame});
    EXPECT_TRUE(peer.closed());
    const auto result = peer.finish();
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find("'picky' refused the game: not this game"),
              std::string::npos)
        << result.error().message;
}

}  // namespace
}  // namespace draughts::harness
