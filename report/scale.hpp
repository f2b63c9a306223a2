#pragma once
// Scales and axis ticks of the report's charts: a linear map from data values to SVG
// coordinates, and "nice" tick values (steps of 1, 2 or 5 times a power of ten) for its axes.

#include <string>
#include <vector>

namespace draughts::report {

/// Maps the domain [domain_lo, domain_hi] linearly onto [range_lo, range_hi] (a reversed range,
/// as SVG's y axis needs, is fine). A domain of zero width maps everything to the range's middle.
class LinearScale {
  public:
    LinearScale(double domain_lo, double domain_hi, double range_lo, double range_hi);

    double operator()(double value) const;
    double domain_lo() const { return domain_lo_; }
    double domain_hi() const { return domain_hi_; }

  private:
    double domain_lo_;
    double domain_hi_;
    double range_lo_;
    double range_hi_;
};

/// Ticks of an axis: evenly spaced values covering [lo, hi] at a step of 1, 2 or 5 times a power
/// of ten, at most about `max_ticks` of them; `step` is that step.
struct Ticks {
    std::vector<double> values;
    double step = 1.0;
};

/// The ticks for the data range [lo, hi] (in any order). The first tick is at or below lo and the
/// last at or above hi, so a scale over [values.front(), values.back()] shows all the data. An
/// empty or non-finite range gets ticks around it (or around 0).
Ticks nice_ticks(double lo, double hi, int max_ticks = 6);

/// A tick's label: as many decimals as the step needs ("0.25", "100", "-2.5"), never "-0".
std::string tick_label(double value, double step);

}  // namespace draughts::report
