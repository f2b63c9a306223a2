#pragma once
// The legacy BayesElo trinomial SPRT of cutechess-cli: the draw Elo is estimated from the sample,
// the logistic bounds are converted to BayesElo, and the LLR compares the two BayesElo laws
// (docs/statistics.md, "The formulas": bayeselo).

#include "stats/counts.hpp"

namespace draughts::harness {

/// Pseudo-count cutechess adds to each of W, D and L, so that zero counts stay usable.
inline constexpr double kBayesEloPrior = 0.5;

/// Win, draw and loss probabilities of one game.
struct WdlProbabilities {
    double win = 0.0;
    double draw = 0.0;
    double loss = 0.0;
};

/// The draw Elo that explains the sample's win and loss frequencies.
double bayeselo_draw_elo(double p_win, double p_loss);
/// BayesElo's game law for a BayesElo difference `bayes_elo` and the given draw Elo.
WdlProbabilities bayeselo_probabilities(double bayes_elo, double draw_elo);
/// The factor that turns a BayesElo difference into a logistic one: 4x / (1 + x)^2.
double bayeselo_scale(double draw_elo);
/// LLR of H1 (logistic elo1) against H0 (logistic elo0); 0 without games.
double llr_bayeselo(const Trinomial& counts, double elo0, double elo1);

}  // namespace draughts::harness
