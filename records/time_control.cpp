#include "records/time_control.hpp"

#include <cmath>
#include <vector>

#include "common/text.hpp"

namespace draughts::harness {

namespace {

constexpr double kMaxSeconds = 366.0 * 24 * 3600;

/// Reads a non-negative decimal number (digits with an optional fraction; no sign, no exponent).
std::optional<double> read_decimal(std::string_view s) {
    if (s.empty() || s.front() == '.' || s.back() == '.') return std::nullopt;
    for (char c : s)
        if ((c < '0' || c > '9') && c != '.') return std::nullopt;
    return parse_number<double>(s);
}

/// Seconds as "S" or "M:SS" (minutes and seconds, seconds below 60).
std::optional<double> read_clock_time(std::string_view s) {
    const std::size_t colon = s.find(':');
    if (colon == std::string_view::npos) return read_decimal(s);
    const auto minutes = parse_number<int>(s.substr(0, colon));
    const auto seconds = read_decimal(s.substr(colon + 1));
    if (!minutes || *minutes < 0 || !seconds || *seconds >= 60.0) return std::nullopt;
    return *minutes * 60.0 + *seconds;
}

class TimeControlParser {
  public:
    explicit TimeControlParser(std::string_view text) : text_(text) {}

    Expected<TimeControl> run() {
        if (trim(text_).empty()) return fail("", "is empty");
        for (std::string_view part : split(text_, ',')) {
            part = trim(part);
            if (part.empty()) return fail(part, "empty part (stray comma?)");
            if (auto error = read_part(part)) return *error;
        }
        if (tc_.move_time && tc_.has_clock())
            return fail("movetime", "a fixed time per move cannot be combined with a game clock");
        return tc_;
    }

  private:
    Error fail(std::string_view part, std::string_view what) const {
        std::string message = "time control \"";
        message += text_;
        message += "\": ";
        if (!part.empty()) {
            message += '"';
            message += part;
            message += "\" ";
        }
        message += what;
        return make_error(message);
    }

    std::optional<Error> read_part(std::string_view part) {
        const std::size_t equals = part.find('=');
        if (equals == std::string_view::npos) return read_clock(part);
        const std::string_view key = trim(part.substr(0, equals));
        const std::string_view value = trim(part.substr(equals + 1));
        if (key == "movetime") {
            if (tc_.move_time) return fail(part, "repeats movetime");
            const auto seconds = read_decimal(value);
            if (!seconds || *seconds <= 0.0 || *seconds > kMaxSeconds)
                return fail(part, "needs a positive number of seconds, e.g. movetime=0.1");
            tc_.move_time = seconds;
        } else if (key == "nodes") {
            if (tc_.nodes) return fail(part, "repeats nodes");
            const auto nodes = parse_number<std::uint64_t>(value);
            if (!nodes || *nodes == 0)
                return fail(part, "needs a positive whole number of nodes, e.g. nodes=20000");
            tc_.nodes = nodes;
        } else if (key == "depth") {
            if (tc_.depth) return fail(part, "repeats depth");
            const auto depth = parse_number<int>(value);
            if (!depth || *depth <= 0 || *depth > 1000)
                return fail(part, "needs a depth between 1 and 1000 plies, e.g. depth=6");
            tc_.depth = depth;
        } else {
            return fail(part, "has an unknown key (expected movetime, nodes or depth)");
        }
        return std::nullopt;
    }

    /// [MOVES/]BASE[+INC]
    std::optional<Error> read_clock(std::string_view part) {
        if (tc_.has_clock()) return fail(part, "is a second game clock");
        std::string_view rest = part;
        if (const std::size_t slash = rest.find('/'); slash != std::string_view::npos) {
            const auto moves = parse_number<int>(trim(rest.substr(0, slash)));
            if (!moves || *moves <= 0 || *moves > 10000)
                return fail(part, "needs a positive number of moves before '/', e.g. 40/60");
            tc_.moves_per_period = *moves;
            rest = rest.substr(slash + 1);
        }
        if (const std::size_t plus = rest.find('+'); plus != std::string_view::npos) {
            const auto increment = read_decimal(trim(rest.substr(plus + 1)));
            if (!increment)
                return fail(part, "needs an increment in seconds after '+', e.g. 60+0.5");
            tc_.increment = *increment;
            rest = rest.substr(0, plus);
        }
        const std::string_view base_text = trim(rest);
        const auto base = read_clock_time(base_text);
        if (!base) {
            std::string what =
                "is not a time control: expected [MOVES/]BASE[+INC] with BASE in "
                "seconds or M:SS, or movetime=S, nodes=N, depth=D";
            if (base_text != part) {
                what += " (base time \"";
                what += base_text;
                what += "\" is not a number of seconds)";
            }
            return fail(part, what);
        }
        if (*base <= 0.0) return fail(part, "needs a positive base time");
        if (*base > kMaxSeconds || tc_.increment > kMaxSeconds)
            return fail(part, "is longer than a year");
        tc_.base = base;
        return std::nullopt;
    }

    std::string_view text_;
    TimeControl tc_;
};

}  // namespace

Expected<TimeControl> parse_time_control(std::string_view text) {
    return TimeControlParser(text).run();
}

std::string format_seconds(double seconds) {
    char buffer[64];
    // Fixed notation keeps the text inside the parser's syntax (no exponents).
    const auto [end, ec] =
        std::to_chars(buffer, buffer + sizeof buffer, seconds, std::chars_format::fixed);
    if (ec != std::errc{}) return "0";
    return std::string(buffer, end);
}

std::string to_string(const TimeControl& tc) {
    std::vector<std::string> parts;
    if (tc.base) {
        std::string clock;
        if (tc.moves_per_period > 0) clock += std::to_string(tc.moves_per_period) + "/";
        clock += format_seconds(*tc.base);
        if (tc.increment > 0.0) {
            clock += '+';
            clock += format_seconds(tc.increment);
        }
        parts.push_back(clock);
    }
    if (tc.move_time) parts.push_back("movetime=" + format_seconds(*tc.move_time));
    if (tc.nodes) parts.push_back("nodes=" + std::to_string(*tc.nodes));
    if (tc.depth) parts.push_back("depth=" + std::to_string(*tc.depth));
    std::string out;
    for (const std::string& part : parts) out += (out.empty() ? "" : ",") + part;
    return out;
}

}  // namespace draughts::harness
