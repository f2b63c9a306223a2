#include "stats/sprt.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "stats/bayeselo_llr.hpp"
#include "stats/generalized_llr.hpp"

namespace draughts::harness {

namespace {

constexpr double kMaxBoundElo = 1000.0;

}  // namespace

std::string_view to_string(SprtDecision decision) {
    switch (decision) {
        case SprtDecision::Continue:
            return "continue";
        case SprtDecision::AcceptH0:
            return "accept_h0";
        case SprtDecision::AcceptH1:
            return "accept_h1";
    }
    return "continue";
}

Expected<Sprt> Sprt::create(const SprtParameters& p) {
    if (!(p.alpha > 0.0 && p.alpha < 1.0))
        return make_error(
            fmt::format("alpha must lie strictly between 0 and 1 (got {:g})", p.alpha));
    if (!(p.beta > 0.0 && p.beta < 1.0))
        return make_error(fmt::format("beta must lie strictly between 0 and 1 (got {:g})", p.beta));
    if (!(p.alpha + p.beta < 1.0))
        return make_error(fmt::format("alpha + beta must be below 1 (got {:g})", p.alpha + p.beta));
    for (const double elo : {p.elo0, p.elo1}) {
        if (!std::isfinite(elo) || std::abs(elo) > kMaxBoundElo)
            return make_error(
                fmt::format("elo bounds must be finite numbers within +-1000 (got {:g})", elo));
    }
    if (!(p.elo0 < p.elo1))
        return make_error(
            fmt::format("elo0 must be below elo1 (got elo0 {:g}, elo1 {:g})", p.elo0, p.elo1));
    return Sprt(p);
}

SprtBounds Sprt::bounds() const {
    const double a = parameters_.alpha;
    const double b = parameters_.beta;
    return {std::log(b / (1.0 - a)), std::log((1.0 - b) / a)};
}

SprtDecision Sprt::decide(double llr) const {
    const SprtBounds limits = bounds();
    if (llr >= limits.upper) return SprtDecision::AcceptH1;
    if (llr <= limits.lower) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

Expected<SprtStatus> Sprt::evaluate_distribution(const ScoreDistribution& d) const {
    const auto llr = parameters_.model == SprtModel::Logistic
                         ? llr_logistic(d, parameters_.elo0, parameters_.elo1)
                         : llr_normalized(d, parameters_.elo0, parameters_.elo1);
    if (!llr)
        return make_error(
            fmt::format("the SPRT bounds [{:g}, {:g}] are too extreme for the {} model",
                        parameters_.elo0, parameters_.elo1, to_string(parameters_.model)));
    return SprtStatus{*llr, bounds(), decide(*llr), d.kind};
}

Expected<SprtStatus> Sprt::evaluate(const Trinomial& counts) const {
    if (parameters_.model == SprtModel::BayesElo) {
        const double llr = llr_bayeselo(counts, parameters_.elo0, parameters_.elo1);
        return SprtStatus{llr, bounds(), decide(llr), SampleKind::Trinomial};
    }
    return evaluate_distribution(distribution_of(counts));
}

Expected<SprtStatus> Sprt::evaluate(const Pentanomial& counts) const {
    if (parameters_.model == SprtModel::BayesElo)
        return make_error("the bayeselo model needs single-game (W/D/L) counts");
    return evaluate_distribution(distribution_of(counts));
}

Expected<SprtStatus> Sprt::evaluate(const MatchCounts& counts) const {
    if (counts.paired && parameters_.model != SprtModel::BayesElo) return evaluate(counts.pairs);
    return evaluate(counts.games);
}

}  // namespace draughts::harness
