#pragma once
// The messages of a distributed match. Each is a header, one line of JSON text (a JSON object),
// and for a pair a payload of raw text after the line's newline:
//   worker -> 0   {"type": "want", "count": K}           asks for a lease of up to K pairs
//   0 -> worker   {"type": "lease", "pairs": [i, ...]}   an empty lease: no more pairs
//                 tuning by games adds "parameters": [[first engine's, second's], ...], one
//                 entry per pair, each a list of [name, value]
//   worker -> 0   {"type": "unplayed", "pair": i}        a leased pair could not be played
//   0 -> worker   {"type": "stop"}                       start no leased pair any more
//   worker -> 0   {"type": "pair", "pair": i, "games": [[result, termination, probe errors], ..],
//                  "signature": s, "sizes": [pdn 0, pdn 1, line 0, line 1]}
//                 then the two PDN texts and the two games.jsonl lines, back to back
//   worker -> 0   {"type": "done", "played": n, "unplayable": n, "dropped": n, "error": "..."}
// and the job rank 0 broadcasts first: {"config": YAML, "folder": DIR} (empty text: no job).
// A pair carries what rank 0 counts (results, terminations, the pair's signature) in its small
// header, and the texts it stores as they are: rank 0 parses about 150 bytes per pair instead of
// the ~60 kB of two games' lines (that parse was most of its CPU time per pair).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "engine/engine_parameters.hpp"
#include "harness/tournament/tournament.hpp"

namespace draughts::cluster {

/// What a worker reports when it has played its last pair.
struct WorkerDone {
    std::int64_t played = 0;
    std::int64_t unplayable = 0;
    std::int64_t dropped = 0;  ///< leased pairs it did not start (stopped)
    std::string error;         ///< empty when it did not fail
};

/// Parameter values of a pair's first and second engine (tuning by games).
using PairValues = std::array<engine::ParameterValues, 2>;

/// A lease: pairs to play and, when tuning, each pair's values.
struct Lease {
    std::vector<std::uint64_t> pairs;
    std::vector<PairValues> parameters;  ///< empty, or one per pair
};

std::string want_message(std::int64_t count);
std::string lease_message(const Lease& lease);
std::string unplayed_message(std::uint64_t pair);
std::string stop_message();
std::string pair_message(const harness::RenderedPair& pair);
std::string done_message(const WorkerDone& done);

/// A message's header (its first line) and its "type".
Expected<Json> parse_message(const std::string& bytes);
std::string message_type(const Json& message);

/// The readers below never throw: a message is untrusted bytes (tests/fuzz: cluster messages).
/// The pair of a "pair" message: `header` is parse_message(bytes).
Expected<harness::RenderedPair> read_pair(const Json& header, const std::string& bytes);
Expected<Lease> read_lease(const Json& message);
Expected<std::uint64_t> read_unplayed(const Json& message);
Expected<WorkerDone> read_done(const Json& message);
/// The pairs a "want" message asks for: 1 .. kMaxWant.
Expected<std::size_t> read_want(const Json& message);
inline constexpr std::int64_t kMaxWant = 1 << 20;

}  // namespace draughts::cluster
