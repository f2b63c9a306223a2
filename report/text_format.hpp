#pragma once
// How the report writes figures: Elo with its interval, percentages, counts, seconds.

#include <cstdint>
#include <string>

namespace draughts::report {

/// "+12.3 ± 4.5" (the error as "∞" when infinite).
std::string elo_text(double elo, double error);
/// "45.2 %" of a fraction in [0, 1]; "n/a" when not a number.
std::string percent_text(double fraction);
/// "12,345".
std::string count_text(std::int64_t count);
/// A duration per move: "0.12 ms", "35 ms", "1.25 s".
std::string seconds_text(double seconds);

}  // namespace draughts::report
