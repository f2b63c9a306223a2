#pragma once
// Machine-readable forms of the statistics (`--json` output, summary.json). Unknown or infinite
// figures are written as null.

#include "common/json.hpp"
#include "stats/pair_summary.hpp"
#include "stats/rating_table.hpp"

namespace draughts::harness {

Json to_json(const Trinomial& counts);
Json to_json(const Pentanomial& counts);
Json to_json(const Estimate& estimate);
Json to_json(const SprtParameters& parameters);
Json to_json(const SprtStatus& status);
/// Engines, counts, estimate and, when a test runs, the SPRT with its parameters.
Json to_json(const PairSummary& summary);
/// The anchor and one object per engine in input order.
Json to_json(const RatingTable& table);

}  // namespace draughts::harness
