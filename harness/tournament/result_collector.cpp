#include "harness/tournament/result_collector.hpp"

namespace draughts::harness {

std::string_view run_end_name(RunEnd end) {
    switch (end) {
        case RunEnd::Completed:
            return "completed";
        case RunEnd::SprtAcceptedH0:
            return "sprt_h0";
        case RunEnd::SprtAcceptedH1:
            return "sprt_h1";
        case RunEnd::Interrupted:
            return "interrupted";
        case RunEnd::Stopped:
            return "stopped";
        case RunEnd::Failed:
            return "failed";
    }
    return "?";
}

ResultCollector::ResultCollector(ResultsFolder* folder, Standings standings,
                                 std::optional<Sprt> sprt)
    : folder_(folder), sprt_(std::move(sprt)), standings_(std::move(standings)) {}

void ResultCollector::restore(const Pairing& pairing, const std::array<CountedGame, 2>& games,
                              std::uint64_t signature) {
    const std::lock_guard lock(mutex_);
    standings_.add_pair(pairing, games, signature);
}

bool ResultCollector::evaluate_sprt() {
    const std::lock_guard lock(mutex_);
    return evaluate_sprt_locked();
}

bool ResultCollector::evaluate_sprt_locked() {
    // The first crossing of a bound decides the test: pairs already under way when it came are
    // recorded, but cannot take the decision back (the LLR may step back inside the bounds).
    const bool decided = sprt_status_ && sprt_status_->decision != SprtDecision::Continue;
    if (sprt_ && !decided) {
        const auto status = sprt_->evaluate(standings_.counts(0));
        if (status) sprt_status_ = *status;
    }
    return sprt_status_ && sprt_status_->decision != SprtDecision::Continue;
}

Expected<bool> ResultCollector::record(const Pairing& pairing, RenderedPair& pair,
                                       const Observer& observer) {
    const std::lock_guard lock(mutex_);
    if (failed_) return false;
    if (auto ok = folder_->append_pair(pair.pdn, pair.lines); !ok) return ok.error();
    const bool repeated = standings_.add_pair(pairing, pair.games, pair.signature);
    ++outcome_.pairs_played;
    const bool decided = evaluate_sprt_locked();
    if (observer)
        observer(FinishedPair{pairing, pair.lines, pair.games, standings_, sprt_status_, repeated});
    return decided;
}

bool ResultCollector::count_forwarded() {
    const std::lock_guard lock(mutex_);
    if (failed_) return false;
    ++outcome_.pairs_played;
    return true;
}

void ResultCollector::count_unplayable() {
    const std::lock_guard lock(mutex_);
    ++outcome_.pairs_unplayable;
}

void ResultCollector::fail(const std::string& error, bool startup) {
    const std::lock_guard lock(mutex_);
    if (!failed_) {
        failed_ = true;
        outcome_.error = error;
    }
    if (startup) outcome_.startup_failure = true;
}

RunOutcome ResultCollector::outcome(const RunStops& stops) const {
    const std::lock_guard lock(mutex_);
    RunOutcome outcome = outcome_;
    outcome.pairs_not_started = stops.not_started;
    if (failed_) {
        outcome.end = RunEnd::Failed;
    } else if (sprt_status_ && sprt_status_->decision == SprtDecision::AcceptH0) {
        outcome.end = RunEnd::SprtAcceptedH0;
    } else if (sprt_status_ && sprt_status_->decision == SprtDecision::AcceptH1) {
        outcome.end = RunEnd::SprtAcceptedH1;
    } else if (stops.interrupted) {
        outcome.end = RunEnd::Interrupted;
    } else if (stops.stopped_by_file && stops.not_started > 0) {
        outcome.end = RunEnd::Stopped;
    } else {
        outcome.end = RunEnd::Completed;
    }
    return outcome;
}

Standings ResultCollector::standings() const {
    const std::lock_guard lock(mutex_);
    return standings_;
}

std::optional<SprtStatus> ResultCollector::sprt_status() const {
    const std::lock_guard lock(mutex_);
    return sprt_status_;
}

}  // namespace draughts::harness
