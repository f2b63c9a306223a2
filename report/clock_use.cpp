#include "report/clock_use.hpp"

#include <algorithm>

#include "records/time_control.hpp"

namespace draughts::report {

std::optional<double> clock_available(std::string_view time_control, std::int64_t moves) {
    const auto tc = harness::parse_time_control(time_control);
    if (!tc || !tc->has_clock()) return std::nullopt;
    moves = std::max<std::int64_t>(0, moves);
    // A period starts with the first move and again after every moves_per_period moves.
    const std::int64_t periods =
        tc->moves_per_period > 0
            ? std::max<std::int64_t>(1, (moves + tc->moves_per_period - 1) / tc->moves_per_period)
            : 1;
    return *tc->base * static_cast<double>(periods) + tc->increment * static_cast<double>(moves);
}

}  // namespace draughts::report
