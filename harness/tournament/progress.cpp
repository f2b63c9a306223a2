#include "harness/tournament/progress.hpp"

#include <fmt/format.h>

#include <cmath>

#include "harness/tournament/termination_report.hpp"
#include "stats/pair_summary.hpp"
#include "stats/text_report.hpp"

namespace draughts::harness {

std::string format_duration(double seconds) {
    const auto total = static_cast<long long>(std::llround(std::max(0.0, seconds)));
    if (total >= 3600)
        return fmt::format("{}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60);
    return fmt::format("{}:{:02}", total / 60, total % 60);
}

std::string progress_line(const Standings& standings, const std::optional<SprtStatus>& sprt,
                          std::int64_t planned_games, double games_per_minute) {
    std::string line;
    const auto& names = standings.engine_names();
    if (standings.encounters().size() == 1) {
        PairSummary summary = summarize(names[0], names[1], standings.counts(0));
        summary.sprt_status = sprt;
        line = format_live_line(summary, planned_games);
    } else {
        const Trinomial first = standings.engine_total(0);
        line = fmt::format("Games {}/{}: {} +{} -{} ={}", standings.games(), planned_games,
                           names[0], first.wins, first.losses, first.draws);
    }
    const std::string forfeits = forfeits_text(standings);
    if (!forfeits.empty()) line += fmt::format("  forfeits: {}", forfeits);
    if (const std::int64_t egdb = standings.egdb_adjudicated(); egdb > 0)
        line += fmt::format("  egdb {}", egdb);
    if (games_per_minute > 0.0) {
        const double remaining = static_cast<double>(planned_games - standings.games());
        line += fmt::format("  {:.1f} games/min  ETA {}", games_per_minute,
                            format_duration(std::max(0.0, remaining) / games_per_minute * 60.0));
    }
    return line;
}

ProgressDisplay::ProgressDisplay(std::FILE* out, bool in_place, double interval_seconds,
                                 std::int64_t planned_games, std::int64_t games_at_start)
    : out_(out),
      in_place_(in_place),
      interval_(interval_seconds),
      planned_(planned_games),
      games_at_start_(games_at_start) {}

void ProgressDisplay::update(const Standings& standings, const std::optional<SprtStatus>& sprt,
                             bool force) {
    const Clock::time_point now = Clock::now();
    const double since_shown =
        last_shown_ ? std::chrono::duration<double>(now - *last_shown_).count() : 1e9;
    const double min_gap = in_place_ ? 0.2 : interval_;
    if (!force && since_shown < min_gap) return;
    last_shown_ = now;
    const double minutes = std::chrono::duration<double>(now - started_).count() / 60.0;
    const auto played = static_cast<double>(standings.games() - games_at_start_);
    const double rate = minutes > 0.0 && played > 0.0 ? played / minutes : 0.0;
    const std::string line = progress_line(standings, sprt, planned_, rate);
    // Progress is best effort: fputs, unlike fmt::print, does not throw when the stream is gone.
    std::fputs((in_place_ ? fmt::format("\r{}\033[K", line) : line + "\n").c_str(), out_);
    line_open_ = in_place_;
    std::fflush(out_);
}

void ProgressDisplay::message(std::string_view text) {
    finish();
    std::fputs(fmt::format("{}\n", text).c_str(), out_);
    std::fflush(out_);
}

void ProgressDisplay::finish() {
    if (line_open_) std::fputc('\n', out_);
    line_open_ = false;
    std::fflush(out_);
}

}  // namespace draughts::harness
