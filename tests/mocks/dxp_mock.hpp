#pragma once
// A tiny DXP engine for the harness's tests, shared by the mock programs in this folder (each
// mock is one small main() choosing a misbehaviour). It connects to 127.0.0.1:--port (or waits on
// --listen PORT), accepts game requests, plays the first legal move (or one picked by --seed)
// whenever it is its turn (or, without one, starts E: "I lose"), answers E with E, and echoes
// every message it receives on stderr as "recv: TEXT". It reads and writes the few messages it
// needs with its own code, so the harness's codec is checked against an independent implementation.
//
// Common options: --port N | --listen N, --name NAME, --seed N, --think-ms N, --linger 1 (keep
// running after the connection closes, as some real engines do, until killed).

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "rules/game_state.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::mocks {

/// Command-line options as `--key value` pairs.
class DxpMockOptions {
  public:
    DxpMockOptions(int argc, char** argv) {
        for (int i = 1; i + 1 < argc; i += 2) values_[argv[i]] = argv[i + 1];
    }
    std::string text(const std::string& key, std::string fallback) const {
        const auto it = values_.find("--" + key);
        return it == values_.end() ? fallback : it->second;
    }
    long number(const std::string& key, long fallback) const {
        const auto it = values_.find("--" + key);
        return it == values_.end() ? fallback : std::strtol(it->second.c_str(), nullptr, 10);
    }

  private:
    std::map<std::string, std::string> values_;
};

/// What the mock does at each step; the defaults make a well-behaved engine.
struct DxpMockHooks {
    /// Called with each R; default: accept() and start the game.
    std::function<void(const std::string& request)> on_request;
    /// Called when it is the mock's turn, with the number of moves it made before on this
    /// connection; default: play().
    std::function<void(int moves_made)> on_turn;
};

/// The mock engine; see the top of this file.
class DxpMock {
  public:
    DxpMock(int argc, char** argv, std::string default_name)
        : options_(argc, argv),
          name_(options_.text("name", std::move(default_name))),
          seed_(static_cast<std::uint64_t>(options_.number("seed", 0))),
          think_ms_(static_cast<int>(options_.number("think-ms", 0))) {}

    const DxpMockOptions& options() const { return options_; }
    const rules::Position& position() const { return position_; }
    /// The game so far, for mocks that need its history (draw claims).
    const rules::GameState& game() const { return game_; }

    /// Connects (or accepts one connection); false on failure.
    bool open() {
        const long listen_port = options_.number("listen", -1);
        const auto port = static_cast<std::uint16_t>(
            listen_port >= 0 ? listen_port : options_.number("port", 27531));
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        const auto* raw = reinterpret_cast<const sockaddr*>(&address);
        if (listen_port < 0) {
            socket_ = ::socket(AF_INET, SOCK_STREAM, 0);
            return ::connect(socket_, raw, sizeof address) == 0;
        }
        const int server = ::socket(AF_INET, SOCK_STREAM, 0);
        const int one = 1;
        ::setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (::bind(server, raw, sizeof address) != 0 || ::listen(server, 1) != 0) return false;
        socket_ = ::accept(server, nullptr, nullptr);
        ::close(server);
        return socket_ >= 0;
    }

    /// The next message (without its NUL); nullopt when the connection closes.
    std::optional<std::string> receive() {
        for (;;) {
            const std::size_t nul = buffer_.find('\0');
            if (nul != std::string::npos) {
                std::string message = buffer_.substr(0, nul);
                buffer_.erase(0, nul + 1);
                std::fprintf(stderr, "recv: %s\n", message.c_str());
                return message;
            }
            char chunk[512];
            const ssize_t n = ::recv(socket_, chunk, sizeof chunk, 0);
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }

    /// Sends bytes as they are.
    void send_raw(std::string_view bytes) {
        ::send(socket_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    }
    /// Sends a message and its NUL.
    void send(const std::string& message) {
        send_raw(std::string_view(message.c_str(), message.size() + 1));
    }

    void close() {
        if (socket_ >= 0) ::close(socket_);
        socket_ = -1;
    }

    /// With --linger 1: stays alive (as some real engines do) until killed.
    void linger_if_asked() const {
        if (options_.number("linger", 0) == 0) return;
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    }

    /// Plays games until the connection closes; returns the exit status.
    int run(const DxpMockHooks& hooks) {
        if (!open()) {
            std::fprintf(stderr, "mock: cannot connect\n");
            return 3;
        }
        while (auto message = receive()) {
            if (message->empty()) continue;
            switch ((*message)[0]) {
                case 'R':
                    hooks.on_request ? hooks.on_request(*message) : accept(*message);
                    break;
                case 'M':
                    apply_peer_move(*message);
                    break;
                case 'E':
                    if (in_game_ && message->size() > 1) send(answer_to_end((*message)[1]));
                    in_game_ = false;
                    break;
                case 'B':
                    send("K1");
                    break;
                default:
                    break;
            }
            if (in_game_ && position_.side_to_move() == color_) {
                hooks.on_turn ? hooks.on_turn(moves_made_) : play();
                ++moves_made_;
            }
        }
        close();
        linger_if_asked();
        return 0;
    }

    /// Answers R with A (code 0) and sets up the game.
    void accept(const std::string& request) {
        std::string name = name_;
        name.resize(32, ' ');
        send("A" + name + "0");
        start_game(request);
    }

    /// Reads the colour and the start position of an R.
    void start_game(const std::string& request) {
        color_ =
            request.size() > 35 && request[35] == 'W' ? rules::Color::White : rules::Color::Black;
        position_ = rules::Position::initial();
        if (request.size() >= 94 && request[42] == 'B') position_ = board(request.substr(43, 51));
        game_ = rules::GameState(position_);
        in_game_ = true;
    }

    /// Starts the game end on its own turn (E with `reason`: '1' I lose, '2' draw, ...), as the
    /// side to move may [DXP]; the peer's E that answers it is not answered again.
    void send_end(char reason) {
        send(std::string("E") + reason + "0");
        in_game_ = false;
    }

    /// The move the engine plays here: the first legal one, or one picked by the seed.
    rules::Move choose_move() const {
        rules::MoveList moves;
        rules::generate_moves(position_, moves);
        if (moves.empty()) return rules::Move{};
        std::uint64_t x = seed_ == 0 ? 0 : position_.hash() ^ (seed_ * 0x9E3779B97F4A7C15ULL);
        x ^= x >> 31;
        return moves[static_cast<std::size_t>(x % moves.size())];
    }

    /// Waits --think-ms, then sends choose_move() (or E "I lose" without a legal move).
    void play() {
        if (think_ms_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(think_ms_));
        const rules::Move move = choose_move();
        if (move.is_null()) {
            send_end('1');
            return;
        }
        send(move_message(move));
        position_ = position_.after(move);
        game_.play(move);
    }

    /// M for a move, the captured squares in increasing order, time used 1 second.
    static std::string move_message(const rules::Move& move) {
        std::string text = "M0001" + two(move.from()) + two(move.to()) + two(move.capture_count());
        rules::for_each_square(move.captured(), [&](rules::Square s) { text += two(s); });
        return text;
    }

    /// The E that answers a peer's E with this reason: I lose <-> I win, the rest unchanged.
    static std::string answer_to_end(char reason) {
        const char mine = reason == '1' ? '3' : reason == '3' ? '1' : reason;
        return std::string("E") + mine + "0";
    }

    static std::string two(int value) {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, "%02d", value);
        return buffer;
    }

  private:
    static rules::Position board(const std::string& text) {
        rules::Bitboard white = 0, black = 0, kings = 0;
        for (rules::Square s = 1; s <= rules::kNumSquares; ++s) {
            const char c = text[static_cast<std::size_t>(s)];
            const rules::Bitboard bit = rules::square_bit(s);
            if (c == 'w' || c == 'W') white |= bit;
            if (c == 'z' || c == 'Z') black |= bit;
            if (c == 'W' || c == 'Z') kings |= bit;
        }
        return rules::Position::from_bitboards(
            white, black, kings, text[0] == 'W' ? rules::Color::White : rules::Color::Black);
    }

    /// Plays the peer's M on the board (matched by from, to and captured count).
    bool apply_peer_move(const std::string& message) {
        if (!in_game_ || message.size() < 11) return false;
        const int from = std::atoi(message.substr(5, 2).c_str());
        const int to = std::atoi(message.substr(7, 2).c_str());
        const int count = std::atoi(message.substr(9, 2).c_str());
        rules::MoveList moves;
        rules::generate_moves(position_, moves);
        for (const rules::Move& m : moves) {
            if (m.from() == from && m.to() == to && m.capture_count() == count) {
                position_ = position_.after(m);
                game_.play(m);
                return true;
            }
        }
        std::fprintf(stderr, "mock: the peer's move %s is not legal\n", message.c_str());
        return false;
    }

    DxpMockOptions options_;
    std::string name_;
    std::uint64_t seed_;
    int think_ms_;
    int socket_ = -1;
    std::string buffer_;
    rules::Position position_ = rules::Position::initial();
    rules::GameState game_{rules::Position::initial()};
    rules::Color color_ = rules::Color::Black;
    bool in_game_ = false;
    int moves_made_ = 0;
};

}  // namespace draughts::mocks
