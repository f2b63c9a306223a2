#pragma once
// The DamExchange Protocol's messages (DXP, docs/protocols.md), without any I/O:
// one value type per message and pure functions between them and their text. Each message is a
// header letter and fixed-width fields: numbers zero-padded on the left, names space-padded on
// the right, 1..127 ASCII characters, sent with a terminating NUL byte. Parsing is strict about
// every width and value, because a peer that sends a bad field cannot be trusted with the game;
// errors quote the message and name the field and its column.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/expected.hpp"
#include "rules/bitboard.hpp"
#include "rules/color.hpp"
#include "rules/position.hpp"

namespace draughts::protocol {

/// Longest message text, NUL excluded.
inline constexpr std::size_t kDxpMaxMessageLength = 127;
/// Width of the name fields of R and A.
inline constexpr std::size_t kDxpNameWidth = 32;
/// The protocol version this codec speaks (`01`).
inline constexpr int kDxpVersion = 1;
/// Most pieces one move can capture: every piece of the other side.
inline constexpr int kDxpMaxCaptured = 20;

/// R: the initiator asks for a game. `start` is empty for the initial position (`A`), else the
/// position sent in the `B` form (side to move and 50 squares).
struct DxpGameRequest {
    int version = kDxpVersion;   ///< two digits; this codec speaks 01
    std::string initiator_name;  ///< at most 32 characters, trailing spaces are not kept
    rules::Color follower_color = rules::Color::Black;
    int thinking_minutes = 0;  ///< per player, 0..999
    int moves = 0;             ///< moves in the thinking time, 0..999 (0: the whole game)
    std::optional<rules::Position> start;

    friend bool operator==(const DxpGameRequest&, const DxpGameRequest&) = default;
};

/// The answer codes of A.
enum class DxpAcceptCode : unsigned char {
    Accepted = 0,
    WrongVersion = 1,
    NotThisGame = 2,  ///< the follower does not want this game (colour, time, position)
    NoGames = 3,      ///< the follower plays no games at all
};
/// "accepted", "wrong version", "not this game" or "no games at all".
std::string_view dxp_accept_code_text(DxpAcceptCode code);

/// A: the follower answers a game request.
struct DxpGameAccept {
    std::string follower_name;
    DxpAcceptCode code = DxpAcceptCode::Accepted;

    friend bool operator==(const DxpGameAccept&, const DxpGameAccept&) = default;
};

/// M: a move with the seconds its player used. Captured squares may come in any order.
struct DxpMove {
    int seconds = 0;  ///< 0..9999
    rules::Square from = 0;
    rules::Square to = 0;
    std::vector<rules::Square> captured;  ///< distinct squares, at most 20

    /// The captured squares as a set (order does not matter in DXP).
    rules::Bitboard captured_set() const;

    friend bool operator==(const DxpMove&, const DxpMove&) = default;
};

/// E reasons, from the point of view of the side that sends the E.
enum class DxpEndReason : unsigned char { Unknown = 0, ILose = 1, Draw = 2, IWin = 3 };
/// "unknown", "I lose", "draw" or "I win".
std::string_view dxp_end_reason_text(DxpEndReason reason);
/// The reason the other side gives for the same result (I lose <-> I win).
DxpEndReason mirrored(DxpEndReason reason);

/// E: the game is over; `stop` asks for no further games on this connection.
struct DxpGameEnd {
    DxpEndReason reason = DxpEndReason::Unknown;
    bool stop = false;

    friend bool operator==(const DxpGameEnd&, const DxpGameEnd&) = default;
};

/// C: free text for the other side's operator (logged, never interpreted).
struct DxpChat {
    std::string text;  ///< at most 126 characters

    friend bool operator==(const DxpChat&, const DxpChat&) = default;
};

/// B: a request to take moves back, to the given move number with the given side to move.
struct DxpBackRequest {
    int move_number = 0;  ///< 0..999
    rules::Color side_to_move = rules::Color::White;

    friend bool operator==(const DxpBackRequest&, const DxpBackRequest&) = default;
};

/// K: the answer to a take-back request; code 0 accepts, any other digit refuses.
struct DxpBackAnswer {
    int code = 1;  ///< 0..9

    bool accepted() const { return code == 0; }
    friend bool operator==(const DxpBackAnswer&, const DxpBackAnswer&) = default;
};

/// Any DXP message.
using DxpMessage = std::variant<DxpGameRequest, DxpGameAccept, DxpMove, DxpGameEnd, DxpChat,
                                DxpBackRequest, DxpBackAnswer>;

/// The header letter of a message (R, A, M, E, C, B or K).
char dxp_header(const DxpMessage& message);

/// Parses one message's text (without its NUL): 1..127 ASCII characters, every field of the
/// right width and in range. Chat text may hold any byte but NUL (non-ASCII bytes read as '?').
Expected<DxpMessage> parse_dxp_message(std::string_view text);

/// Parses one message as it travels: its text followed by exactly one NUL byte.
Expected<DxpMessage> parse_dxp_frame(std::string_view frame);

/// The text of a message (without NUL). Errors name the field whose value cannot be sent (a
/// name too long or not printable, a number out of its width, a bad square).
Expected<std::string> format_dxp_message(const DxpMessage& message);

/// The bytes to send: the text and its NUL.
Expected<std::string> dxp_frame(const DxpMessage& message);

/// The text of a message for logs (the same as format_dxp_message when that succeeds).
std::string dxp_log_text(const DxpMessage& message);

/// A DXP move for an engine move (its captured squares in increasing order).
DxpMove to_dxp_move(const rules::Move& move, int seconds);

/// The 51-character B form of a position: side to move (`W`/`Z`), then squares 1..50 as
/// `e` empty, `w`/`z` men, `W`/`Z` kings.
std::string to_dxp_position(const rules::Position& position);

/// Reads the B form. Errors name the column and the character found.
Expected<rules::Position> parse_dxp_position(std::string_view text);

}  // namespace draughts::protocol
