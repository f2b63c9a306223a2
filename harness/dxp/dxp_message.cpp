#include "harness/dxp/dxp_message.hpp"

#include <algorithm>
#include <cstdio>

namespace draughts::harness {
namespace {

using engine::Color;
using engine::Error;
using engine::Expected;
using engine::make_error;

/// Longest message text quoted in an error; longer text is cut.
constexpr std::size_t kMaxQuoted = 140;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_printable(char c) { return c >= 0x20 && c < 0x7f; }

/// The message as it may appear in an error: printable, NUL shown as \0.
std::string quoted(std::string_view text) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size() && i < kMaxQuoted; ++i) {
        const char c = text[i];
        if (c == '\0') {
            out += "\\0";
        } else {
            out += is_printable(c) ? c : '?';
        }
    }
    if (text.size() > kMaxQuoted) out += "...";
    return out + "\"";
}

Error message_error(std::string_view text, const std::string& what) {
    return make_error("DXP message " + quoted(text) + ": " + what);
}

char color_char(Color c) { return c == Color::White ? 'W' : 'Z'; }

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
    auto from = in.number("from square", 2, 1, engine::kNumSquares);
    if (!from) return from.error();
    move.from = *from;
    auto to = in.number("to square", 2, 1, engine::kNumSquares);
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
            in.number("captured square " + std::to_string(i + 1), 2, 1, engine::kNumSquares);
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

// Formatting.

Expected<std::string> digits(std::string_view field, int value, int width) {
    int limit = 1;
    for (int i = 0; i < width; ++i) limit *= 10;
    if (value < 0 || value >= limit)
        return make_error("DXP " + std::string(field) + " " + std::to_string(value) +
                          " does not fit in " + std::to_string(width) + " digits");
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%0*d", width, value);
    return std::string(buffer);
}

Expected<std::string> padded_name(std::string_view field, std::string_view name) {
    if (name.size() > kDxpNameWidth)
        return make_error("DXP " + std::string(field) + " \"" + std::string(name) +
                          "\" is longer than " + std::to_string(kDxpNameWidth) + " characters");
    if (!std::all_of(name.begin(), name.end(), is_printable))
        return make_error("DXP " + std::string(field) + " must be printable ASCII");
    std::string result(name);
    result.resize(kDxpNameWidth, ' ');
    return result;
}

Expected<std::string> square_field(std::string_view field, engine::Square square) {
    if (!engine::is_valid_square(square))
        return make_error("DXP " + std::string(field) + " " + std::to_string(square) +
                          " is not a square (1..50)");
    return digits(field, square, 2);
}

/// Appends the value of `part` to `out`, or returns its error.
template <typename Part>
bool append(std::string& out, Part&& part, std::optional<Error>& error) {
    if (!part) {
        if (!error) error = part.error();
        return false;
    }
    out += *part;
    return true;
}

struct Formatter {
    std::string out;
    std::optional<Error> error;

    void operator()(const DxpGameRequest& r) {
        out = "R";
        append(out, digits("version", r.version, 2), error);
        append(out, padded_name("initiator name", r.initiator_name), error);
        out += color_char(r.follower_color);
        append(out, digits("thinking time", r.thinking_minutes, 3), error);
        append(out, digits("number of moves", r.moves, 3), error);
        out += r.start ? "B" + to_dxp_position(*r.start) : std::string("A");
    }
    void operator()(const DxpGameAccept& a) {
        out = "A";
        append(out, padded_name("follower name", a.follower_name), error);
        out += static_cast<char>('0' + static_cast<int>(a.code));
    }
    void operator()(const DxpMove& m) {
        out = "M";
        append(out, digits("time used", m.seconds, 4), error);
        append(out, square_field("from square", m.from), error);
        append(out, square_field("to square", m.to), error);
        const int count = static_cast<int>(m.captured.size());
        if (count > kDxpMaxCaptured && !error)
            error = make_error("DXP move captures " + std::to_string(count) + " pieces; at most " +
                               std::to_string(kDxpMaxCaptured) + " can be");
        append(out, digits("number captured", count, 2), error);
        for (engine::Square s : m.captured) append(out, square_field("captured square", s), error);
    }
    void operator()(const DxpGameEnd& e) {
        out = "E";
        out += static_cast<char>('0' + static_cast<int>(e.reason));
        out += e.stop ? '1' : '0';
    }
    void operator()(const DxpChat& c) {
        out = "C" + c.text;
        if (!std::all_of(c.text.begin(), c.text.end(), is_printable) && !error)
            error = make_error("DXP chat text must be printable ASCII");
    }
    void operator()(const DxpBackRequest& b) {
        out = "B";
        append(out, digits("move number", b.move_number, 3), error);
        out += color_char(b.side_to_move);
    }
    void operator()(const DxpBackAnswer& k) {
        out = "K";
        append(out, digits("answer code", k.code, 1), error);
    }
};

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

engine::Bitboard DxpMove::captured_set() const {
    engine::Bitboard set = 0;
    for (engine::Square s : captured)
        if (engine::is_valid_square(s)) set |= engine::square_bit(s);
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

Expected<std::string> format_dxp_message(const DxpMessage& message) {
    Formatter formatter;
    std::visit(formatter, message);
    if (formatter.error) return *formatter.error;
    if (formatter.out.size() > kDxpMaxMessageLength)
        return make_error("DXP message would be " + std::to_string(formatter.out.size()) +
                          " characters long; at most " + std::to_string(kDxpMaxMessageLength) +
                          " are allowed");
    return std::move(formatter.out);
}

Expected<std::string> dxp_frame(const DxpMessage& message) {
    auto text = format_dxp_message(message);
    if (!text) return text;
    *text += '\0';
    return text;
}

std::string dxp_log_text(const DxpMessage& message) {
    auto text = format_dxp_message(message);
    if (text) return *text;
    return std::string(1, dxp_header(message)) + "<" + text.error().message + ">";
}

DxpMove to_dxp_move(const engine::Move& move, int seconds) {
    DxpMove result;
    result.seconds = seconds;
    result.from = move.from();
    result.to = move.to();
    engine::for_each_square(move.captured(),
                            [&](engine::Square s) { result.captured.push_back(s); });
    return result;
}

std::string to_dxp_position(const engine::Position& position) {
    std::string text(1, color_char(position.side_to_move()));
    for (engine::Square s = 1; s <= engine::kNumSquares; ++s) {
        switch (position.piece_at(s)) {
            case engine::Piece::None:
                text += 'e';
                break;
            case engine::Piece::WhiteMan:
                text += 'w';
                break;
            case engine::Piece::BlackMan:
                text += 'z';
                break;
            case engine::Piece::WhiteKing:
                text += 'W';
                break;
            case engine::Piece::BlackKing:
                text += 'Z';
                break;
        }
    }
    return text;
}

Expected<engine::Position> parse_dxp_position(std::string_view text) {
    const auto fail = [&](const std::string& what) {
        return make_error("DXP position " + quoted(text) + ": " + what);
    };
    if (text.size() != 1 + engine::kNumSquares)
        return fail("needs 51 characters (side to move and 50 squares), found " +
                    std::to_string(text.size()));
    Color side = Color::White;
    if (text[0] == 'Z') {
        side = Color::Black;
    } else if (text[0] != 'W') {
        return fail("side to move must be W or Z, found " + quoted(text.substr(0, 1)));
    }
    engine::Bitboard white = 0, black = 0, kings = 0;
    for (engine::Square s = 1; s <= engine::kNumSquares; ++s) {
        const char c = text[static_cast<std::size_t>(s)];
        const engine::Bitboard bit = engine::square_bit(s);
        if (c == 'e') continue;
        if (c == 'w' || c == 'W') {
            white |= bit;
        } else if (c == 'z' || c == 'Z') {
            black |= bit;
        } else {
            return fail("square " + std::to_string(s) + " (column " + std::to_string(s + 1) +
                        "): expected e, w, z, W or Z, found " +
                        quoted(text.substr(static_cast<std::size_t>(s), 1)));
        }
        if (c == 'W' || c == 'Z') {
            kings |= bit;
        } else if ((engine::promotion_row(c == 'w' ? Color::White : Color::Black) & bit) != 0) {
            return fail("a man on square " + std::to_string(s) +
                        " would already have been promoted");
        }
    }
    return engine::Position::from_bitboards(white, black, kings, side);
}

}  // namespace draughts::harness
