#pragma once
// The sequential probability ratio test that decides when a match can stop: H0 "the first engine
// is elo0 stronger" against H1 "it is elo1 stronger", with error rates alpha and beta.

#include <optional>
#include <string_view>

#include "common/enum_names.hpp"
#include "common/expected.hpp"
#include "stats/counts.hpp"
#include "stats/score_distribution.hpp"

namespace draughts::harness {

/// How elo0 and elo1 are read: normalized Elo (fishtest's default), logistic Elo, or cutechess's
/// legacy BayesElo trinomial test (logistic bounds, trinomial samples only).
enum class SprtModel : unsigned char { Normalized, Logistic, BayesElo };

inline constexpr EnumNames<SprtModel, 3> kSprtModelNames{{{SprtModel::Normalized, "normalized"},
                                                          {SprtModel::Logistic, "logistic"},
                                                          {SprtModel::BayesElo, "bayeselo"}}};
inline std::string_view to_string(SprtModel model) { return name_of(kSprtModelNames, model); }
/// "normalized", "logistic" or "bayeselo".
inline std::optional<SprtModel> parse_sprt_model(std::string_view text) {
    return value_of(kSprtModelNames, text);
}

/// What the test has concluded so far.
enum class SprtDecision : unsigned char { Continue, AcceptH0, AcceptH1 };

/// "continue", "accept_h0" or "accept_h1".
std::string_view to_string(SprtDecision decision);

/// The hypotheses and error rates of a test.
struct SprtParameters {
    double elo0 = 0.0;
    double elo1 = 5.0;
    double alpha = 0.05;
    double beta = 0.05;
    SprtModel model = SprtModel::Normalized;
};

/// Stopping bounds A = ln(beta / (1 - alpha)) and B = ln((1 - beta) / alpha).
struct SprtBounds {
    double lower = 0.0;
    double upper = 0.0;
};

/// The state of the test for some counts.
struct SprtStatus {
    double llr = 0.0;
    SprtBounds bounds;
    SprtDecision decision = SprtDecision::Continue;
    SampleKind kind = SampleKind::Trinomial;
};

/// A validated SPRT configuration that evaluates counts.
class Sprt {
  public:
    /// Checks 0 < alpha, beta and alpha + beta < 1, finite elo0 < elo1 with |elo| <= 1000.
    static Expected<Sprt> create(const SprtParameters& parameters);

    const SprtParameters& parameters() const { return parameters_; }
    SprtBounds bounds() const;
    SprtDecision decide(double llr) const;

    /// Fails only when the bounds are too extreme for the sample (no constrained solution).
    Expected<SprtStatus> evaluate(const Trinomial& counts) const;
    /// Fails for the bayeselo model, which is defined for single games only.
    Expected<SprtStatus> evaluate(const Pentanomial& counts) const;
    /// Pentanomial when the match is played in pairs (trinomial games for bayeselo).
    Expected<SprtStatus> evaluate(const MatchCounts& counts) const;

  private:
    explicit Sprt(const SprtParameters& parameters) : parameters_(parameters) {}
    Expected<SprtStatus> evaluate_distribution(const ScoreDistribution& d) const;

    SprtParameters parameters_;
};

}  // namespace draughts::harness
