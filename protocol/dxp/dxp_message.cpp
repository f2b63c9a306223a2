#include "protocol/dxp/dxp_message.hpp"

#include <algorithm>

#include "protocol/dxp/dxp_text.hpp"

namespace draughts::protocol {
namespace {

using dxp_detail::color_char;
using dxp_detail::is_digit;
using dxp_detail::is_printable;
using dxp_detail::quoted;
using rules::Color;

Error message_error(std::string_view text, const std::string& what) {
    return make_error("DXP message " + quoted(text) + ": " + what);
}

/// Reads the fixed-width fields of one message from left to right; errors name the field and
/// its column (from 1, the header being column 1).
class FieldReader {
  public:
    explicit FieldReader(std::string_view text) : text_(text) {}

    Expected<std::string_view> raw(std::string_view field, std::size_t width) {
        column_ = position_ + 1;
        if (text_.size() - position_ < width) {
            return error(field, "needs " + std::to_string(width) + " characters, only " +
                                    std::to_string(text_.size() - position_) + " left");
        }
        const std::string_view value = text_.substr(position_, width);
        position_ += width;
        return value;
    }

    Expected<int> number(std::string_view field, std::size_t width, int min, int max) {
        auto value = raw(field, width);
        if (!value) return value.error();
        int result = 0;
        for (char c : *value) {
            if (!is_digit(c))
                return error(field, "expected " + std::to_string(width) + " digits, found " +
                                        quoted(*value));
            result = result * 10 + (c - '0');
        }
        if (result < min || result > max)
            return error(field, std::to_string(result) + " is out of range " + std::to_string(min) +
                                    ".." + std::to_string(max));
        return result;
    }

    Expected<std::string> name(std::string_view field) {
        auto value = raw(field, kDxpNameWidth);
        if (!value) return value.error();
        for (char c : *value)
            if (!is_printable(c))
                return error(field, "contains a character that is not printable ASCII");
        std::string result(*value);
        while (!result.empty() && result.back() == ' ') result.pop_back();
        return result;
    }

    Expected<Color> color(std::string_view field) {
        auto value = raw(field, 1);
        if (!value) return value.error();
        if ((*value)[0] == 'W') return Color::White;
        if ((*value)[0] == 'Z') return Color::Black;
        return error(field, "expected W or Z, found " + quoted(*value));
    }

    /// Fails when characters are left after the last field.
    Expected<void> end() {
        if (position_ == text_.size()) return {};
        return message_error(text_, std::to_string(text_.size() - position_) +
                                        " unexpected characters after the last field at column " +
                                        std::to_string(position_ + 1));
    }

    std::size_t left() const { return text_.size() - position_; }

    Error error(std::string_view field, const std::string& what) const {
        return message_error(
            text_, std::string(field) + " (column " + std::to_string(column_) + "): " + what);
    }

  private:
    std::string_view text_;
    std::size_t position_ = 1;  ///< after the header
    std::size_t column_ = 1;
};

Expected<DxpMessage> parse_request(FieldReader& in) {
    DxpGameRequest request;
    auto version = in.number("version", 2, 0, 99);
    if (!version) return version.error();
    request.version = *version;
    auto name = in.name("initiator name");
    if (!name) return name.error();
    request.initiator_name = std::move(*name);
    auto color = in.color("follower colour");
    if (!color) return color.error();
    request.follower_color = *color;
    auto minutes = in.number("thinking time", 3, 0, 999);
    if (!minutes) return minutes.error();
    request.thinking_minutes = *minutes;
    auto moves = in.number("number of moves", 3, 0, 999);
    if (!moves) return moves.error();
    request.moves = *moves;
    auto start = in.raw("start position", 1);
    if (!start) return start.error();
    if ((*start)[0] == 'B') {
        auto board = in.raw("position", 51);
        if (!board) return board.error();
        auto position = parse_dxp_position(*board);
        if (!position) return in.error("position", position.error().message);
        request.start = *position;
    } else if ((*start)[0] != 'A') {
        return in.error("start position",
                        "expected A (initial) or B (setup), found " + quoted(*start));
    }
    if (auto ok = in.end(); !ok) return ok.error();
    return DxpMessage{std::move(request)};
}

Expected<DxpMessage> parse_accept(FieldReader& in) {
    DxpGameAccept accept;
    auto name = in.name("follower name");
    if (!name) return name.error();
    accept.follower_name = std::move(*name);
    auto code = in.number("accept code", 1, 0, 3);
    if (!code) return code.error();
    accept.code = static_cast<DxpAcceptCode>(*code);
    if (auto ok = in.end(); !ok) return ok.error();
    return DxpMessage{std::move(accept)};
}

Expected<DxpMessage> parse_move(std::string_view text, FieldReader& in) {
    DxpMove move;
    auto seconds = in.number("time used", 4, 0, 9999);
    if (!seconds) return seconds.error();
    move.seconds = *seconds;
    auto from = in.number("from square", 2, 1, rules::kNumSquares);
    if (!from) return from.error();
    move.from = *from;
    auto to = in.number("to square", 2, 1, rules::kNumSquares);
    if (!to) return to.error();
    move.to = *to;
    auto count = in.number("number captured", 2, 0, kDxpMaxCaptured);
    if (!count) return count.error();
    const std::size_t expected = 2 * static_cast<std::size_t>(*count);
    if (in.left() != expected)
        return in.error("number captured", std::to_string(*count) + " captured squares need " +
                                               std::to_string(expected) + " characters, " +
                                               std::to_string(in.left()) + " follow");
    for (int i = 0; i < *count; ++i) {
        auto square =
            in.number("captured square " + std::to_string(i + 1), 2, 1, rules::kNumSquares);
        if (!square) return square.error();
        if (std::find(move.captured.begin(), move.captured.end(), *square) != move.captured.end())
            return message_error(text,
                                 "captured square " + std::to_string(*square) + " is listed twice");
        move.captured.push_back(*square);
    }
    if (move.from == move.to && move.captured.empty())
        return message_error(text, "a move without captures must change square");
    return DxpMessage{std::move(move)};
}

Expected<DxpMessage> parse_end(FieldReader& in) {
    DxpGameEnd end;
    auto reason = in.number("reason", 1, 0, 3);
    if (!reason) return reason.error();
    end.reason = static_cast<DxpEndReason>(*reason);
    auto stop = in.number("stop code", 1, 0, 1);
    if (!stop) return stop.error();
    end.stop = *stop == 1;
    if (auto ok = in.end(); !ok) return ok.error();
    return DxpMessage{end};
}

Expected<DxpMessage> parse_back_request(FieldReader& in) {
    DxpBackRequest request;
    auto number = in.number("move number", 3, 0, 999);
    if (!number) return number.error();
    request.move_number = *number;
    auto side = in.color("side to move");
    if (!side) return side.error();
    request.side_to_move = *side;
    if (auto ok = in.end(); !ok) return ok.error();
    return DxpMessage{request};
}

Expected<DxpMessage> parse_back_answer(FieldReader& in) {
    DxpBackAnswer answer;
    auto code = in.number("answer code", 1, 0, 9);
    if (!code) return code.error();
    answer.code = *code;
    if (auto ok = in.end(); !ok) return ok.error();
    return DxpMessage{answer};
}

/// Checks the characters of a message: ASCII without NUL (chat text may hold any other byte).
Expected<void> check_characters(std::string_view text) {
    if (text.empty()) return make_error("DXP message is empty (a message needs a header letter)");
    if (text.size() > kDxpMaxMessageLength)
        return message_error(text, "is " + std::to_string(text.size()) +
                                       " characters long; at most " +
                                       std::to_string(kDxpMaxMessageLength) + " are allowed");
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == 0)
            return message_error(text, "contains a NUL byte at column " + std::to_string(i + 1));
        if (byte >= 0x80 && text[0] != 'C')
            return message_error(text,
                                 "contains a non-ASCII byte at column " + std::to_string(i + 1));
    }
    return {};
}

}  // namespace

std::string_view dxp_accept_code_text(DxpAcceptCode code) {
    switch (code) {
        case DxpAcceptCode::Accepted:
            return "accepted";
        case DxpAcceptCode::WrongVersion:
            return "wrong version";
        case DxpAcceptCode::NotThisGame:
            return "not this game";
        case DxpAcceptCode::NoGames:
            break;
    }
    return "no games at all";
}

std::string_view dxp_end_reason_text(DxpEndReason reason) {
    switch (reason) {
        case DxpEndReason::Unknown:
            return "unknown";
        case DxpEndReason::ILose:
            return "I lose";
        case DxpEndReason::Draw:
            return "draw";
        case DxpEndReason::IWin:
            break;
    }
    return "I win";
}

DxpEndReason mirrored(DxpEndReason reason) {
    if (reason == DxpEndReason::ILose) return DxpEndReason::IWin;
    if (reason == DxpEndReason::IWin) return DxpEndReason::ILose;
    return reason;
}

rules::Bitboard DxpMove::captured_set() const {
    rules::Bitboard set = 0;
    for (rules::Square s : captured)
        if (rules::is_valid_square(s)) set |= rules::square_bit(s);
    return set;
}

char dxp_header(const DxpMessage& message) {
    static constexpr char kHeaders[] = {'R', 'A', 'M', 'E', 'C', 'B', 'K'};
    return kHeaders[message.index()];
}

Expected<DxpMessage> parse_dxp_message(std::string_view text) {
    if (auto ok = check_characters(text); !ok) return ok.error();
    FieldReader in(text);
    switch (text[0]) {
        case 'R':
            return parse_request(in);
        case 'A':
            return parse_accept(in);
        case 'M':
            return parse_move(text, in);
        case 'E':
            return parse_end(in);
        case 'C': {
            std::string chat(text.substr(1));
            for (char& c : chat)
                if (!is_printable(c)) c = '?';
            return DxpMessage{DxpChat{std::move(chat)}};
        }
        case 'B':
            return parse_back_request(in);
        case 'K':
            return parse_back_answer(in);
        default:
            break;
    }
    return message_error(
        text, "unknown header " + quoted(text.substr(0, 1)) + " (expected R, A, M, E, C, B or K)");
}

Expected<DxpMessage> parse_dxp_frame(std::string_view frame) {
    if (frame.empty() || frame.back() != '\0')
        return message_error(frame, "is not terminated by a NUL byte");
    return parse_dxp_message(frame.substr(0, frame.size() - 1));
}

}  // namespace draughts::protocol
