// Writing DXP messages: the fixed-width fields of each message type, checked before sending.

#include <fmt/format.h>

#include <algorithm>

#include "protocol/dxp/dxp_message.hpp"
#include "protocol/dxp/dxp_text.hpp"

namespace draughts::protocol {
namespace {

using dxp_detail::color_char;
using dxp_detail::is_digit;
using dxp_detail::is_printable;
using dxp_detail::quoted;
using rules::Color;

Expected<std::string> digits(std::string_view field, int value, int width) {
    int limit = 1;
    for (int i = 0; i < width; ++i) limit *= 10;
    if (value < 0 || value >= limit)
        return make_error("DXP " + std::string(field) + " " + std::to_string(value) +
                          " does not fit in " + std::to_string(width) + " digits");
    return fmt::format("{:0{}}", value, width);
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

Expected<std::string> square_field(std::string_view field, rules::Square square) {
    if (!rules::is_valid_square(square))
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
        out.assign(1, 'R');
        append(out, digits("version", r.version, 2), error);
        append(out, padded_name("initiator name", r.initiator_name), error);
        out += color_char(r.follower_color);
        append(out, digits("thinking time", r.thinking_minutes, 3), error);
        append(out, digits("number of moves", r.moves, 3), error);
        out += r.start ? 'B' : 'A';
        if (r.start) out += to_dxp_position(*r.start);
    }
    void operator()(const DxpGameAccept& a) {
        out.assign(1, 'A');
        append(out, padded_name("follower name", a.follower_name), error);
        out += static_cast<char>('0' + static_cast<int>(a.code));
    }
    void operator()(const DxpMove& m) {
        out.assign(1, 'M');
        append(out, digits("time used", m.seconds, 4), error);
        append(out, square_field("from square", m.from), error);
        append(out, square_field("to square", m.to), error);
        const int count = static_cast<int>(m.captured.size());
        if (count > kDxpMaxCaptured && !error)
            error = make_error("DXP move captures " + std::to_string(count) + " pieces; at most " +
                               std::to_string(kDxpMaxCaptured) + " can be");
        append(out, digits("number captured", count, 2), error);
        for (rules::Square s : m.captured) append(out, square_field("captured square", s), error);
    }
    void operator()(const DxpGameEnd& e) {
        out.assign(1, 'E');
        out += static_cast<char>('0' + static_cast<int>(e.reason));
        out += e.stop ? '1' : '0';
    }
    void operator()(const DxpChat& c) {
        out.assign(1, 'C');
        out += c.text;
        if (!std::all_of(c.text.begin(), c.text.end(), is_printable) && !error)
            error = make_error("DXP chat text must be printable ASCII");
    }
    void operator()(const DxpBackRequest& b) {
        out.assign(1, 'B');
        append(out, digits("move number", b.move_number, 3), error);
        out += color_char(b.side_to_move);
    }
    void operator()(const DxpBackAnswer& k) {
        out.assign(1, 'K');
        append(out, digits("answer code", k.code, 1), error);
    }
};

}  // namespace

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

DxpMove to_dxp_move(const rules::Move& move, int seconds) {
    DxpMove result;
    result.seconds = seconds;
    result.from = move.from();
    result.to = move.to();
    rules::for_each_square(move.captured(), [&](rules::Square s) { result.captured.push_back(s); });
    return result;
}

}  // namespace draughts::protocol
