#include "spsa/spsa_run.hpp"

#include <algorithm>
#include <chrono>

#include "harness/tournament/game_line.hpp"

namespace draughts::spsa {

namespace {

/// Tries a pair that could not be played this many times before the run fails.
constexpr int kMaxAttempts = 3;

/// theta+'s score in a game of a pair: it is the first engine, White in game 0.
int plus_points(const harness::CountedGame& game, int pair_game) {
    if (game.result == harness::GameResult::Draw) return 0;
    const bool white_won = game.result == harness::GameResult::WhiteWin;
    return white_won == (pair_game == 0) ? 1 : -1;
}

}  // namespace

SpsaRun::SpsaRun(const SpsaConfig& config, SpsaState state, CsvFile csv,
                 std::filesystem::path state_file)
    : schedule_(config.schedule()),
      iterations_(config.iterations),
      pairs_(config.pairs),
      window_(config.window),
      total_pairs_(static_cast<std::uint64_t>(config.iterations) *
                   static_cast<std::uint64_t>(config.pairs)),
      state_file_(std::move(state_file)),
      csv_(std::move(csv)),
      seconds_at_start_(state.seconds),
      state_(std::move(state)),
      recorded_(total_pairs_, false),
      next_pair_(static_cast<std::uint64_t>(state_.applied) * static_cast<std::uint64_t>(pairs_)) {}

void SpsaRun::attach(harness::Tournament* tournament) {
    const std::lock_guard lock(mutex_);
    tournament_ = tournament;
}

void SpsaRun::set_observer(IterationObserver observer) {
    const std::lock_guard lock(mutex_);
    observer_ = std::move(observer);
}

Expected<void> SpsaRun::restore(const harness::StoredRun& stored) {
    const std::lock_guard lock(mutex_);
    for (const auto& pair : stored.pairs) {
        const std::uint64_t index = pair[0].pair;
        if (index >= total_pairs_)
            return make_error("games holds pair " + std::to_string(index) + ", past the run's " +
                              std::to_string(total_pairs_) + " pairs");
        if (iteration_of(index) <= state_.applied || recorded_[index]) continue;
        std::array<harness::CountedGame, 2> games;
        for (std::size_t g = 0; g < 2; ++g) {
            auto line =
                harness::summarize_line(pair[g].line, "games pair " + std::to_string(index));
            if (!line) return line.error();
            games[g] = {line->result, line->termination};
        }
        add_result(index, games);
    }
    apply_ready();
    if (error_) return make_error(*error_);
    return {};
}

const std::vector<double>& SpsaRun::theta_for(int k) const {
    const int wanted = std::max(0, k - window_);
    const int first = state_.applied - static_cast<int>(state_.recent.size()) + 1;
    const int at = std::clamp(wanted - first, 0, static_cast<int>(state_.recent.size()) - 1);
    return state_.recent[static_cast<std::size_t>(at)];
}

bool SpsaRun::accepting() const {
    if (stopped_) return false;
    return tournament_ == nullptr || tournament_->accepting_new_pairs();
}

std::optional<std::uint64_t> SpsaRun::take_one() {
    if (!retry_.empty()) {
        const std::uint64_t pair = retry_.front();
        retry_.pop_front();
        return pair;
    }
    while (next_pair_ < total_pairs_ && recorded_[next_pair_]) ++next_pair_;
    if (next_pair_ >= total_pairs_ || !may_start(iteration_of(next_pair_))) return std::nullopt;
    return next_pair_++;
}

std::optional<std::uint64_t> SpsaRun::next() {
    std::unique_lock lock(mutex_);
    for (;;) {
        if (!accepting() || state_.applied >= iterations_) return std::nullopt;
        if (const auto pair = take_one()) return pair;
        // Waits for an iteration to be applied; wakes now and then to see an interrupt.
        changed_.wait_for(lock, std::chrono::milliseconds(100));
    }
}

std::vector<std::uint64_t> SpsaRun::take(std::size_t wanted, bool& finished) {
    const std::lock_guard lock(mutex_);
    std::vector<std::uint64_t> out;
    finished = !accepting() || state_.applied >= iterations_;
    if (finished) return out;
    while (out.size() < std::max<std::size_t>(wanted, 1) ||
           (next_pair_ % static_cast<std::uint64_t>(pairs_) != 0 && retry_.empty())) {
        const auto pair = take_one();
        if (!pair) break;
        out.push_back(*pair);
    }
    return out;
}

void SpsaRun::not_played(std::uint64_t pair) {
    {
        const std::lock_guard lock(mutex_);
        if (++failures_[pair] >= kMaxAttempts) {
            fail("pair " + std::to_string(pair) + " (iteration " +
                 std::to_string(iteration_of(pair)) + ") could not be played " +
                 std::to_string(kMaxAttempts) + " times; see games/engines.log");
            return;
        }
        retry_.push_back(pair);
    }
    changed_.notify_all();
}

std::array<engine::ParameterValues, 2> SpsaRun::parameters(const harness::Pairing& pairing) const {
    const int k = iteration_of(pairing.index);
    std::vector<double> theta;
    {
        const std::lock_guard lock(mutex_);
        theta = theta_for(k);
    }
    const Perturbation sides = schedule_.perturb(k, theta);
    return {schedule_.values(sides.plus), schedule_.values(sides.minus)};
}

void SpsaRun::add_result(std::uint64_t pair, const std::array<harness::CountedGame, 2>& games) {
    recorded_[pair] = true;
    Tally& tally = tallies_[iteration_of(pair)];
    ++tally.pairs;
    for (int g = 0; g < 2; ++g) {
        const int points = plus_points(games[static_cast<std::size_t>(g)], g);
        if (points > 0) ++tally.wins;
        if (points == 0) ++tally.draws;
        if (points < 0) ++tally.losses;
    }
}

void SpsaRun::record(const harness::FinishedPair& pair) {
    {
        const std::lock_guard lock(mutex_);
        const std::uint64_t index = pair.pairing.index;
        if (index >= total_pairs_ || iteration_of(index) <= state_.applied || recorded_[index])
            return;
        add_result(index, pair.games);
        apply_ready();
    }
    changed_.notify_all();
}

void SpsaRun::apply_ready() {
    while (!error_ && state_.applied < iterations_) {
        const int k = state_.applied + 1;
        const auto found = tallies_.find(k);
        if (found == tallies_.end() || found->second.pairs < pairs_) return;
        const Tally tally = found->second;
        const std::vector<double> theta =
            schedule_.update(k, state_.recent.back(), tally.wins, tally.losses);
        CsvRow row{k, tally.wins, tally.draws, tally.losses, theta, {}, {}};
        for (std::size_t p = 0; p < theta.size(); ++p) {
            row.c_k.push_back(schedule_.c_k(p, k));
            row.a_k.push_back(schedule_.a_k(p, k));
        }
        SpsaState next = state_;
        next.applied = k;
        next.recent.push_back(theta);
        while (next.recent.size() > static_cast<std::size_t>(window_))
            next.recent.erase(next.recent.begin());
        next.wins += tally.wins;
        next.draws += tally.draws;
        next.losses += tally.losses;
        next.seconds =
            seconds_at_start_ +
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        // The row first: a crash between the two writes leaves a row that the state does not
        // count, which a resume drops and writes again.
        if (auto ok = csv_.append(row); !ok) return fail(ok.error().message);
        if (auto ok = write_state(state_file_, next); !ok) return fail(ok.error().message);
        state_ = std::move(next);
        tallies_.erase(found);
        if (observer_) observer_(row, state_);
    }
}

void SpsaRun::fail(std::string message) {
    if (!error_) error_ = std::move(message);
    stopped_ = true;
    if (tournament_ != nullptr) tournament_->abort();
}

void SpsaRun::stop() {
    {
        const std::lock_guard lock(mutex_);
        stopped_ = true;
    }
    changed_.notify_all();
}

bool SpsaRun::complete() const {
    const std::lock_guard lock(mutex_);
    return state_.applied >= iterations_;
}

std::optional<std::string> SpsaRun::error() const {
    const std::lock_guard lock(mutex_);
    return error_;
}

SpsaState SpsaRun::state() const {
    const std::lock_guard lock(mutex_);
    return state_;
}

}  // namespace draughts::spsa
