// The engine side of DXP (what `draughts dxp` runs) over an in-memory connection, with the test
// as the peer: accepting and refusing games, moving when it is its turn, checking the peer's
// moves, ending games by the rules and by its draw claim, answering E, refusing take-backs, and
// initiating games. (tests/harness/dxp/dxp_engine_session_socket_test.cpp runs it over TCP.)

#include "protocol/dxp/dxp_engine_session.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/protocol/dxp/memory_dxp_link.hpp"

namespace draughts::protocol {
namespace {

using namespace std::chrono_literals;
using rules::Color;
using rules::GameResult;

DxpDeadline after(std::chrono::milliseconds wait) {
    return std::chrono::steady_clock::now() + wait;
}

/// The test's end of a conversation with a DxpEngineSession running on its own thread.
class Peer {
  public:
    explicit Peer(DxpEngineOptions options) {
        options.nodes = options.nodes.value_or(300);
        engine_thread_ = std::thread([this, options]() mutable {
            DxpEngineSession session(std::move(options), link_.first());
            result_ = session.run();
            games_ = session.games();
        });
    }
    ~Peer() {
        connection().close();
        if (engine_thread_.joinable()) engine_thread_.join();
    }

    void send(const DxpMessage& message) {
        ASSERT_TRUE(connection().send(message, after(5s)).ok());
    }
    /// Bytes that are no DXP message, as the connection reports them.
    void send_malformed(const std::string& error) { connection().send_malformed(error); }
    /// The engine's next message (fails the test on anything else).
    DxpMessage next() {
        const DxpReceived received = connection().receive(after(10s));
        EXPECT_EQ(received.status, DxpReceived::Status::Message) << received.error;
        return received.message;
    }
    /// True when the engine closed the connection (within a second).
    bool closed() { return connection().receive(after(1s)).status == DxpReceived::Status::Closed; }
    /// Waits for the session to end and returns its result.
    Expected<void> finish() {
        if (engine_thread_.joinable()) engine_thread_.join();
        return result_;
    }
    const std::vector<DxpSessionGame>& games() const { return games_; }

  private:
    testing::MemoryDxpLink::End& connection() { return link_.second(); }

    testing::MemoryDxpLink link_;
    std::thread engine_thread_;
    Expected<void> result_ = make_error("not run");
    std::vector<DxpSessionGame> games_;
};

DxpGameRequest request(Color follower, std::optional<const char*> fen = std::nullopt) {
    DxpGameRequest r;
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
DxpMove first_legal(const rules::Position& position) {
    rules::MoveList moves;
    rules::generate_moves(position, moves);
    EXPECT_FALSE(moves.empty());
    return to_dxp_move(moves[0], 1);
}

rules::Move to_move(const DxpMove& m) {
    return rules::Move(rules::bit_index(m.from), rules::bit_index(m.to), m.captured_set());
}

TEST(DxpEngineSession, AcceptsAGameAndMovesFirstAsWhite) {
    Peer peer({});
    peer.send(request(Color::White));
    const auto accept = std::get<DxpGameAccept>(peer.next());
    EXPECT_EQ(accept, (DxpGameAccept{"draughts", DxpAcceptCode::Accepted}));
    const DxpMessage move = peer.next();
    ASSERT_TRUE(std::holds_alternative<DxpMove>(move));
    rules::MoveList legal;
    rules::generate_moves(rules::Position::initial(), legal);
    EXPECT_TRUE(legal.contains(to_move(std::get<DxpMove>(move))));
}

TEST(DxpEngineSession, AnswersTheMovesOfThePeerAsBlack) {
    Peer peer({});
    peer.send(request(Color::Black));
    ASSERT_TRUE(std::holds_alternative<DxpGameAccept>(peer.next()));
    rules::Position position = rules::Position::initial();
    for (int ply = 0; ply < 3; ++ply) {
        const DxpMove ours = first_legal(position);
        peer.send(ours);
        position = position.after(to_move(ours));
        const DxpMessage reply = peer.next();
        ASSERT_TRUE(std::holds_alternative<DxpMove>(reply));
        rules::MoveList legal;
        rules::generate_moves(position, legal);
        const rules::Move theirs = to_move(std::get<DxpMove>(reply));
        ASSERT_TRUE(legal.contains(theirs));
        position = position.after(theirs);
    }
    peer.send(DxpGameEnd{DxpEndReason::ILose, false});
    EXPECT_EQ(peer.next(), DxpMessage(DxpGameEnd{DxpEndReason::IWin, false}));
}

TEST(DxpEngineSession, RefusesAnotherVersionAndAnUnplayablePosition) {
    Peer peer({});
    DxpGameRequest version2 = request(Color::Black);
    version2.version = 2;
    peer.send(version2);
    EXPECT_EQ(std::get<DxpGameAccept>(peer.next()).code, DxpAcceptCode::WrongVersion);
    peer.send(request(Color::Black, "W:W31:B"));  // Black has no pieces: the game is over
    EXPECT_EQ(std::get<DxpGameAccept>(peer.next()).code, DxpAcceptCode::NotThisGame);
    peer.send(request(Color::Black));
    EXPECT_EQ(std::get<DxpGameAccept>(peer.next()).code, DxpAcceptCode::Accepted);
}

TEST(DxpEngineSession, AnIllegalMoveOfThePeerAbortsTheGameAndTheConnection) {
    Peer peer({});
    peer.send(request(Color::Black));
    ASSERT_TRUE(std::holds_alternative<DxpGameAccept>(peer.next()));
    peer.send(DxpMove{1, 20, 25, {}});  // a Black man moving for White
    EXPECT_EQ(peer.next(), DxpMessage(DxpGameEnd{DxpEndReason::Unknown, true}));
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
    ASSERT_TRUE(std::holds_alternative<DxpGameAccept>(peer.next()));
    peer.send(DxpChat{"good luck"});
    peer.send(DxpBackRequest{1, Color::White});
    EXPECT_EQ(peer.next(), DxpMessage(DxpBackAnswer{1}));
    peer.send(DxpGameEnd{DxpEndReason::Draw, true});
    EXPECT_EQ(peer.next(), DxpMessage(DxpGameEnd{DxpEndReason::Draw, true}));
    EXPECT_TRUE(peer.closed());
    ASSERT_TRUE(peer.finish());
    ASSERT_EQ(peer.games().size(), 1U);
    EXPECT_EQ(peer.games()[0].result, GameResult::Draw);
    EXPECT_NE(std::find(logged.begin(), logged.end(), "chat: good luck"), logged.end());
}

TEST(DxpEngineSession, AMalformedMessageEndsTheSession) {
    Peer peer({});
    peer.send(request(Color::Black));
    ASSERT_TRUE(std::holds_alternative<DxpGameAccept>(peer.next()));
    peer.send_malformed("\"M00x1ab3200\": not a number");
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
    ASSERT_TRUE(std::holds_alternative<DxpGameAccept>(peer.next()));
    peer.send(DxpMove{1, 28, 19, {23}});
    EXPECT_EQ(peer.next(), DxpMessage(DxpGameEnd{DxpEndReason::ILose, false}));
    peer.send(DxpGameEnd{DxpEndReason::IWin, true});
    EXPECT_TRUE(peer.closed());
    ASSERT_TRUE(peer.finish());
    ASSERT_EQ(peer.games().size(), 1U);
    EXPECT_EQ(peer.games()[0].result, GameResult::WhiteWin);
    EXPECT_EQ(peer.games()[0].moves, (std::vector<std::string>{"28x19"}));
    EXPECT_TRUE(peer.games()[0].how.starts_with("Black has no pieces left [FMJD 7.2.2]; "))
        << peer.games()[0].how;
}

TEST(DxpEngineSession, ClaimsADrawAfterTheMaximumNumberOfMoves) {
    // One move each: after the peer's reply the engine (White, to move) ends the game.
    DxpEngineOptions options;
    options.max_moves = 1;
    Peer peer(options);
    peer.send(request(Color::White, "W:WK46,K50:BK1,K5"));
    ASSERT_TRUE(std::holds_alternative<DxpGameAccept>(peer.next()));
    const DxpMessage ours = peer.next();
    ASSERT_TRUE(std::holds_alternative<DxpMove>(ours));
    const rules::Position start = *rules::parse_fen("W:WK46,K50:BK1,K5");
    peer.send(first_legal(start.after(to_move(std::get<DxpMove>(ours)))));
    EXPECT_EQ(peer.next(), DxpMessage(DxpGameEnd{DxpEndReason::Draw, false}));
    peer.send(DxpGameEnd{DxpEndReason::Draw, true});
    EXPECT_TRUE(peer.closed());
    ASSERT_TRUE(peer.finish());
    ASSERT_EQ(peer.games().size(), 1U);
    EXPECT_EQ(peer.games()[0].result, GameResult::Draw);
    EXPECT_EQ(peer.games()[0].moves.size(), 2U);
    EXPECT_TRUE(peer.games()[0].how.starts_with(
        "adjudicated draw: maximum game length of 1 moves reached; E sent"))
        << peer.games()[0].how;
}

TEST(DxpEngineSession, WaitsForThePeersEAfterWinningAndAnswersALateMoveWithE) {
    // The engine (White) takes Black's last piece; Black is to move and should send E.
    Peer peer({});
    peer.send(request(Color::White, "W:W28:B23"));
    ASSERT_TRUE(std::holds_alternative<DxpGameAccept>(peer.next()));
    EXPECT_EQ(peer.next(), DxpMessage(DxpMove{0, 28, 19, {23}}));
    peer.send(DxpMove{1, 1, 7, {}});  // a peer that plays on regardless
    EXPECT_EQ(peer.next(), DxpMessage(DxpGameEnd{DxpEndReason::IWin, false}));
    peer.send(DxpGameEnd{DxpEndReason::ILose, false});
    peer.send(request(Color::Black));  // and the next game is welcome
    EXPECT_EQ(std::get<DxpGameAccept>(peer.next()).code, DxpAcceptCode::Accepted);
}

TEST(DxpEngineSession, InitiatesTheRequestedNumberOfGamesAlternatingColoursAndStops) {
    DxpEngineOptions options;
    options.initiate = request(Color::White, "B:W28,48:B23,24");  // the engine is Black, to move
    options.games = 3;
    Peer peer(options);
    for (int game = 0; game < 3; ++game) {
        // Games 1 and 3 as asked (the engine Black, to move), game 2 with the colours reversed.
        DxpGameRequest expected = *options.initiate;
        if (game == 1) expected.follower_color = Color::Black;
        EXPECT_EQ(peer.next(), DxpMessage(expected)) << "game " << game + 1;
        peer.send(DxpGameAccept{"tester", DxpAcceptCode::Accepted});
        if (game == 1) peer.send(first_legal(*options.initiate->start));  // the peer is Black
        ASSERT_TRUE(std::holds_alternative<DxpMove>(peer.next()));
        peer.send(DxpGameEnd{DxpEndReason::Draw, false});
        // The last game's answer asks for no more games.
        EXPECT_EQ(peer.next(), DxpMessage(DxpGameEnd{DxpEndReason::Draw, game == 2}));
    }
    EXPECT_TRUE(peer.closed());
    ASSERT_TRUE(peer.finish());
    ASSERT_EQ(peer.games().size(), 3U);
    EXPECT_EQ(peer.games()[0].color, Color::Black);
    EXPECT_EQ(peer.games()[1].color, Color::White);
    EXPECT_EQ(peer.games()[2].color, Color::Black);
}

TEST(DxpEngineSession, AnInitiatorWhoseGameIsRefusedReportsIt) {
    DxpEngineOptions options;
    options.initiate = request(Color::Black);
    Peer peer(options);
    EXPECT_TRUE(std::holds_alternative<DxpGameRequest>(peer.next()));
    peer.send(DxpGameAccept{"picky", DxpAcceptCode::NotThisGame});
    EXPECT_TRUE(peer.closed());
    const auto result = peer.finish();
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find("'picky' refused the game: not this game"),
              std::string::npos)
        << result.error().message;
}

}  // namespace
}  // namespace draughts::protocol
