#include "stats/rating_table.hpp"

// GCC 12's AVX-512 intrinsics (used by Eigen under -march=native) self-initialise a variable in
// _mm256_undefined_pd, which -Wmaybe-uninitialized reports wherever Eigen inlines them (GCC bug
// 105593, fixed in GCC 13); the pragma covers those header lines only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <Eigen/Dense>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include <algorithm>
#include <cmath>
#include <numbers>

#include "stats/elo_math.hpp"
#include "stats/score_distribution.hpp"
#include "stats/site_rating.hpp"

namespace draughts::harness {

namespace {

/// Natural-log units per Elo point: sigma(k d) = score_from_elo(d).
constexpr double kNaturalPerElo = std::numbers::ln10 / 400.0;
constexpr int kMaxNewtonSteps = 200;
constexpr double kStepTolerance = 1e-12;

/// The regularised sample of one pair (i < j): games n, points s of i, per-game score variance v.
struct PairSample {
    std::size_t i, j;
    double n, s, v;
};

double regularised(std::int64_t count) {
    return count == 0 ? kZeroCountReplacement : static_cast<double>(count);
}

std::vector<PairSample> pair_samples(const PairwiseResults& results) {
    std::vector<PairSample> pairs;
    for (std::size_t i = 0; i < results.size(); ++i) {
        for (std::size_t j = i + 1; j < results.size(); ++j) {
            const Trinomial& t = results.between(i, j);
            if (t.games() == 0) continue;
            const double w = regularised(t.wins), d = regularised(t.draws),
                         l = regularised(t.losses);
            const double n = w + d + l;
            const double m = (w + 0.5 * d) / n;
            const double v = (w * (1 - m) * (1 - m) + d * (0.5 - m) * (0.5 - m) + l * m * m) / n;
            pairs.push_back({i, j, n, w + 0.5 * d, v});
        }
    }
    return pairs;
}

bool connected(std::size_t engines, const std::vector<PairSample>& pairs) {
    std::vector<bool> reached(engines, false);
    std::vector<std::size_t> stack{0};
    reached[0] = true;
    while (!stack.empty()) {
        const std::size_t e = stack.back();
        stack.pop_back();
        for (const PairSample& p : pairs) {
            const std::size_t other = p.i == e ? p.j : p.j == e ? p.i : engines;
            if (other < engines && !reached[other]) {
                reached[other] = true;
                stack.push_back(other);
            }
        }
    }
    return std::all_of(reached.begin(), reached.end(), [](bool r) { return r; });
}

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

/// ln sigma(x), computed without overflow.
double log_logistic(double x) {
    return x > 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

double log_likelihood(const std::vector<PairSample>& pairs, const Eigen::VectorXd& lambda) {
    double sum = 0.0;
    for (const PairSample& p : pairs) {
        const double d =
            lambda(static_cast<Eigen::Index>(p.i)) - lambda(static_cast<Eigen::Index>(p.j));
        sum += p.s * log_logistic(d) + (p.n - p.s) * log_logistic(-d);
    }
    return sum;
}

/// The graph Laplacian of the pairs with weight(pair) on edges, without engine 0's row and
/// column (engine 0 is held at 0 while fitting).
template <typename Weight>
Eigen::MatrixXd reduced_laplacian(std::size_t engines, const std::vector<PairSample>& pairs,
                                  Weight weight) {
    const auto reduced = static_cast<Eigen::Index>(engines - 1);
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(reduced, reduced);
    for (const PairSample& p : pairs) {
        const double w = weight(p);
        // Row and column r - 1 stand for engine r; engine 0 has none.
        const auto i = static_cast<Eigen::Index>(p.i) - 1;
        const auto j = static_cast<Eigen::Index>(p.j) - 1;
        m(j, j) += w;
        if (i >= 0) {
            m(i, i) += w;
            m(i, j) -= w;
            m(j, i) -= w;
        }
    }
    return m;
}

double fisher_weight(const PairSample& p, const Eigen::VectorXd& lambda) {
    const double e =
        logistic(lambda(static_cast<Eigen::Index>(p.i)) - lambda(static_cast<Eigen::Index>(p.j)));
    return p.n * e * (1.0 - e);
}

/// The reduced Fisher information at `lambda`, factorised; nullopt when it is singular. It is
/// symmetric and positive definite for engines linked by games, so LDLT suits it; a pivot below
/// 1e-300 or not finite counts as singular (the rule of the elimination this replaced).
std::optional<Eigen::LDLT<Eigen::MatrixXd>> fisher_factor(std::size_t engines,
                                                          const std::vector<PairSample>& pairs,
                                                          const Eigen::VectorXd& lambda) {
    const Eigen::MatrixXd fisher = reduced_laplacian(
        engines, pairs, [&](const PairSample& p) { return fisher_weight(p, lambda); });
    if (!fisher.allFinite()) return std::nullopt;
    Eigen::LDLT<Eigen::MatrixXd> factor(fisher);
    if (factor.info() != Eigen::Success) return std::nullopt;
    const auto pivots = factor.vectorD();
    if (!pivots.allFinite() || pivots.cwiseAbs().minCoeff() < 1e-300) return std::nullopt;
    return factor;
}

/// Newton's method with step halving on the concave log-likelihood; returns the inverse of the
/// reduced Fisher information at the optimum, or nullopt if it is singular.
std::optional<Eigen::MatrixXd> fit(std::size_t engines, const std::vector<PairSample>& pairs,
                                   Eigen::VectorXd& lambda) {
    const auto reduced = static_cast<Eigen::Index>(engines - 1);
    for (int step = 0; step < kMaxNewtonSteps; ++step) {
        Eigen::VectorXd gradient = Eigen::VectorXd::Zero(reduced);
        for (const PairSample& p : pairs) {
            const auto i = static_cast<Eigen::Index>(p.i), j = static_cast<Eigen::Index>(p.j);
            const double g = p.s - p.n * logistic(lambda(i) - lambda(j));
            if (i > 0) gradient(i - 1) += g;
            gradient(j - 1) -= g;
        }
        const auto factor = fisher_factor(engines, pairs, lambda);
        if (!factor) return std::nullopt;
        const Eigen::VectorXd delta = factor->solve(gradient);
        const double before = log_likelihood(pairs, lambda);
        double t = 1.0;
        Eigen::VectorXd trial = lambda;
        for (; t > 1e-12; t /= 2.0) {
            trial.tail(reduced) = lambda.tail(reduced) + t * delta;
            if (log_likelihood(pairs, trial) >= before) break;
        }
        const double largest = (t * delta).cwiseAbs().maxCoeff();
        lambda = trial;
        if (largest < kStepTolerance) break;
    }
    const auto factor = fisher_factor(engines, pairs, lambda);
    if (!factor) return std::nullopt;
    return Eigen::MatrixXd(factor->solve(Eigen::MatrixXd::Identity(reduced, reduced)));
}

/// The linear map from fitted (engine 0 at 0) to reported ratings, in Elo per natural unit.
Eigen::MatrixXd anchoring(std::size_t engines, std::optional<std::size_t> anchor) {
    const auto n = static_cast<Eigen::Index>(engines);
    Eigen::MatrixXd shift = Eigen::MatrixXd::Zero(n, n);
    if (anchor)
        shift.col(static_cast<Eigen::Index>(*anchor)).setOnes();
    else
        shift.setConstant(1.0 / static_cast<double>(engines));
    return (Eigen::MatrixXd::Identity(n, n) - shift) / kNaturalPerElo;
}

}  // namespace

double RatingTable::difference_error(std::size_t a, std::size_t b) const {
    const std::size_t n = entries.size();
    const double var = covariance[a * n + a] + covariance[b * n + b] - 2 * covariance[a * n + b];
    return kZ95 * std::sqrt(std::max(0.0, var));
}

Expected<RatingTable> compute_ratings(const PairwiseResults& results,
                                      const RatingOptions& options) {
    const std::size_t n = results.size();
    if (n == 0) return make_error("the rating table needs at least one engine");
    std::optional<std::size_t> anchor;
    if (options.anchor) {
        anchor = results.index_of(*options.anchor);
        if (*anchor == n) return make_error("unknown anchor engine '" + *options.anchor + "'");
    }
    const std::vector<PairSample> pairs = pair_samples(results);
    if (!connected(n, pairs))
        return make_error("some engines are not linked to the others by games");
    const auto size = static_cast<Eigen::Index>(n);
    Eigen::VectorXd lambda = Eigen::VectorXd::Zero(size);
    Eigen::MatrixXd covariance = Eigen::MatrixXd::Zero(size, size);  // natural units, engine 0 at 0
    if (n > 1) {
        const auto inv_fisher = fit(n, pairs, lambda);
        if (!inv_fisher) return make_error("the rating fit did not converge");
        // Sandwich covariance: draws make a game's score less variable than the binomial model
        // assumes, so the observed score variances replace it in the middle factor.
        const Eigen::MatrixXd observed =
            reduced_laplacian(n, pairs, [](const PairSample& p) { return p.n * p.v; });
        covariance.bottomRightCorner(size - 1, size - 1) = *inv_fisher * observed * *inv_fisher;
    }
    const Eigen::MatrixXd map = anchoring(n, anchor);
    const Eigen::VectorXd elo = map * lambda;
    const Eigen::MatrixXd cov = map * covariance * map.transpose();
    RatingTable table;
    table.anchor = options.anchor;
    table.anchor_elo = options.anchor_elo;
    for (Eigen::Index e = 0; e < size; ++e) {
        RatingEntry entry;
        const auto index = static_cast<std::size_t>(e);
        entry.name = results.names()[index];
        entry.elo = elo(e) + options.anchor_elo;
        entry.error = kZ95 * std::sqrt(std::max(0.0, cov(e, e)));
        entry.games = results.total(index);
        table.entries.push_back(std::move(entry));
        for (Eigen::Index c = 0; c < size; ++c) table.covariance.push_back(cov(e, c));
    }
    return table;
}

void add_site_ratings(RatingTable& table, std::span<const PlayedGame> games) {
    const std::vector<int> ratings = site_ratings_of(table.entries.size(), games);
    for (std::size_t e = 0; e < ratings.size(); ++e) table.entries[e].site_rating = ratings[e];
}

}  // namespace draughts::harness
