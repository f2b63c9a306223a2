#include "stats/bayeselo_llr.hpp"

#include <cmath>

namespace draughts::harness {

double bayeselo_draw_elo(double p_win, double p_loss) {
    return 200.0 * std::log10((1.0 - p_loss) / p_loss * (1.0 - p_win) / p_win);
}

WdlProbabilities bayeselo_probabilities(double bayes_elo, double draw_elo) {
    WdlProbabilities p;
    p.win = 1.0 / (1.0 + std::pow(10.0, (draw_elo - bayes_elo) / 400.0));
    p.loss = 1.0 / (1.0 + std::pow(10.0, (draw_elo + bayes_elo) / 400.0));
    p.draw = 1.0 - p.win - p.loss;
    return p;
}

double bayeselo_scale(double draw_elo) {
    const double x = std::pow(10.0, -draw_elo / 400.0);
    return 4.0 * x / ((1.0 + x) * (1.0 + x));
}

double llr_bayeselo(const Trinomial& counts, double elo0, double elo1) {
    if (counts.games() == 0) return 0.0;
    const double wins = static_cast<double>(counts.wins) + kBayesEloPrior;
    const double draws = static_cast<double>(counts.draws) + kBayesEloPrior;
    const double losses = static_cast<double>(counts.losses) + kBayesEloPrior;
    const double total = wins + draws + losses;
    const double draw_elo = bayeselo_draw_elo(wins / total, losses / total);
    const double scale = bayeselo_scale(draw_elo);
    const WdlProbabilities p0 = bayeselo_probabilities(elo0 / scale, draw_elo);
    const WdlProbabilities p1 = bayeselo_probabilities(elo1 / scale, draw_elo);
    return wins * std::log(p1.win / p0.win) + draws * std::log(p1.draw / p0.draw) +
           losses * std::log(p1.loss / p0.loss);
}

}  // namespace draughts::harness
