#pragma once
// The messages of a distributed match (JSON text, one object per message):
//   worker -> 0   {"type": "want", "count": K}           asks for a lease of up to K pairs
//   0 -> worker   {"type": "lease", "pairs": [i, ...]}   an empty lease: no more pairs
//   0 -> worker   {"type": "stop"}                       start no leased pair any more
//   worker -> 0   {"type": "pair", "pair": i, "pdn": [..], "lines": [..]}   a finished pair
//   worker -> 0   {"type": "done", "played": n, "unplayable": n, "dropped": n, "error": "..."}
// and the job rank 0 broadcasts first: {"config": YAML, "folder": DIR} (empty text: no job).

#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "harness/tournament/tournament.hpp"

namespace draughts::cluster {

/// What a worker reports when it has played its last pair.
struct WorkerDone {
    std::int64_t played = 0;
    std::int64_t unplayable = 0;
    std::int64_t dropped = 0;  ///< leased pairs it did not start (stopped)
    std::string error;         ///< empty when it did not fail
};

std::string want_message(std::int64_t count);
std::string lease_message(const std::vector<std::uint64_t>& pairs);
std::string stop_message();
std::string pair_message(const harness::RenderedPair& pair);
std::string done_message(const WorkerDone& done);

/// A message's "type" and its JSON object.
Expected<Json> parse_message(const std::string& bytes);
std::string message_type(const Json& message);

Expected<harness::RenderedPair> read_pair(const Json& message);
Expected<std::vector<std::uint64_t>> read_lease(const Json& message);
WorkerDone read_done(const Json& message);

}  // namespace draughts::cluster
