#include "harness/stats/rating_table.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "harness/stats/dense_matrix.hpp"
#include "harness/stats/elo_math.hpp"
#include "harness/stats/score_distribution.hpp"
#include "harness/stats/site_rating.hpp"

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

double log_likelihood(const std::vector<PairSample>& pairs, const std::vector<double>& lambda) {
    double sum = 0.0;
    for (const PairSample& p : pairs) {
        const double d = lambda[p.i] - lambda[p.j];
        sum += p.s * log_logistic(d) + (p.n - p.s) * log_logistic(-d);
    }
    return sum;
}

/// The graph Laplacian of the pairs with weight(pair) on edges, without engine 0's row and
/// column (engine 0 is held at 0 while fitting).
template <typename Weight>
DenseMatrix reduced_laplacian(std::size_t engines, const std::vector<PairSample>& pairs,
                              Weight weight) {
    DenseMatrix full(engines, engines);
    for (const PairSample& p : pairs) {
        const double w = weight(p);
        full(p.i, p.i) += w;
        full(p.j, p.j) += w;
        full(p.i, p.j) -= w;
        full(p.j, p.i) -= w;
    }
    DenseMatrix reduced(engines - 1, engines - 1);
    for (std::size_t r = 1; r < engines; ++r)
        for (std::size_t c = 1; c < engines; ++c) reduced(r - 1, c - 1) = full(r, c);
    return reduced;
}

double fisher_weight(const PairSample& p, const std::vector<double>& lambda) {
    const double e = logistic(lambda[p.i] - lambda[p.j]);
    return p.n * e * (1.0 - e);
}

/// Newton's method with step halving on the concave log-likelihood; returns the inverse of the
/// reduced Fisher information at the optimum, or nullopt if it is singular.
std::optional<DenseMatrix> fit(std::size_t engines, const std::vector<PairSample>& pairs,
                               std::vector<double>& lambda) {
    for (int step = 0; step < kMaxNewtonSteps; ++step) {
        std::vector<double> gradient(engines - 1, 0.0);
        for (const PairSample& p : pairs) {
            const double g = p.s - p.n * logistic(lambda[p.i] - lambda[p.j]);
            if (p.i > 0) gradient[p.i - 1] += g;
            if (p.j > 0) gradient[p.j - 1] -= g;
        }
        const auto inv = inverse(reduced_laplacian(
            engines, pairs, [&](const PairSample& p) { return fisher_weight(p, lambda); }));
        if (!inv) return std::nullopt;
        const std::vector<double> delta = *inv * std::span<const double>(gradient);
        const double before = log_likelihood(pairs, lambda);
        double t = 1.0;
        std::vector<double> trial = lambda;
        for (; t > 1e-12; t /= 2.0) {
            for (std::size_t e = 1; e < engines; ++e) trial[e] = lambda[e] + t * delta[e - 1];
            if (log_likelihood(pairs, trial) >= before) break;
        }
        double largest = 0.0;
        for (const double d : delta) largest = std::max(largest, std::abs(t * d));
        lambda = trial;
        if (largest < kStepTolerance) break;
    }
    return inverse(reduced_laplacian(
        engines, pairs, [&](const PairSample& p) { return fisher_weight(p, lambda); }));
}

/// The linear map from fitted (engine 0 at 0) to reported ratings, in Elo per natural unit.
DenseMatrix anchoring(std::size_t engines, std::optional<std::size_t> anchor) {
    DenseMatrix a = DenseMatrix::identity(engines);
    for (std::size_t r = 0; r < engines; ++r)
        for (std::size_t c = 0; c < engines; ++c) {
            a(r, c) -= anchor ? (c == *anchor ? 1.0 : 0.0) : 1.0 / static_cast<double>(engines);
            a(r, c) /= kNaturalPerElo;
        }
    return a;
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
    std::vector<double> lambda(n, 0.0);
    DenseMatrix covariance(n, n);  // natural units, engine 0 held at 0
    if (n > 1) {
        const auto inv_fisher = fit(n, pairs, lambda);
        if (!inv_fisher) return make_error("the rating fit did not converge");
        // Sandwich covariance: draws make a game's score less variable than the binomial model
        // assumes, so the observed score variances replace it in the middle factor.
        const DenseMatrix observed =
            reduced_laplacian(n, pairs, [](const PairSample& p) { return p.n * p.v; });
        const DenseMatrix reduced = *inv_fisher * observed * *inv_fisher;
        for (std::size_t r = 1; r < n; ++r)
            for (std::size_t c = 1; c < n; ++c) covariance(r, c) = reduced(r - 1, c - 1);
    }
    const DenseMatrix map = anchoring(n, anchor);
    const std::vector<double> elo = map * std::span<const double>(lambda);
    const DenseMatrix cov = map * covariance * map.transposed();
    RatingTable table;
    table.anchor = options.anchor;
    table.anchor_elo = options.anchor_elo;
    for (std::size_t e = 0; e < n; ++e) {
        RatingEntry entry;
        entry.name = results.names()[e];
        entry.elo = elo[e] + options.anchor_elo;
        entry.error = kZ95 * std::sqrt(std::max(0.0, cov(e, e)));
        entry.games = results.total(e);
        table.entries.push_back(std::move(entry));
        for (std::size_t c = 0; c < n; ++c) table.covariance.push_back(cov(e, c));
    }
    return table;
}

void add_site_ratings(RatingTable& table, std::span<const PlayedGame> games) {
    const std::vector<int> ratings = site_ratings_of(table.entries.size(), games);
    for (std::size_t e = 0; e < ratings.size(); ++e) table.entries[e].site_rating = ratings[e];
}

}  // namespace draughts::harness
