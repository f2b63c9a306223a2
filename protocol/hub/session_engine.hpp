#pragma once
// The engine behind a Hub session with its variant erased: the session (hub_session.hpp) talks
// to one SessionEngine, made for the variant the GUI asked for (`set-param name=variant`), and only
// text crosses this interface (Hub positions, moves, weight files), so that the session itself
// is variant-free. make_session_engine() is where the run-time variant becomes a template argument;
// the search underneath is a BasicEngine<V> with no run-time variant branch.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "common/time_source.hpp"
#include "engine/engine_parameters.hpp"
#include "engine/search_types.hpp"
#include "rules/variant.hpp"

namespace draughts::protocol {

/// Search progress as a Hub `info` line carries it, the principal variation in Hub notation.
struct HubSearchReport {
    int depth = 0;
    int score = 0;  ///< engine units, side to move's point of view
    std::uint64_t nodes = 0;
    double seconds = 0.0;
    std::string pv;  ///< space separated
};

/// The end of a search as a Hub `done` line carries it.
struct HubSearchEnd {
    std::string move;    ///< empty when the root has no legal move
    std::string ponder;  ///< empty when there is no ponder move
};

/// An engine of one variant, reached through text. Not thread-safe: the session calls search()
/// on its worker thread only while no other call runs.
class SessionEngine {
  public:
    using InfoSink = std::function<void(const HubSearchReport&)>;

    virtual ~SessionEngine() = default;

    virtual rules::Variant variant() const = 0;
    /// Sets the root: a Hub position text of this variant's size (nullopt: the initial position)
    /// and the moves played from it, space separated. On error the previous root stays.
    virtual Expected<void> set_position(std::optional<std::string_view> position,
                                        std::string_view moves) = 0;
    /// Replaces the weights by the weight file `text` (named `source`), which must be of this
    /// variant.
    virtual Expected<void> set_weights(std::string_view text, std::string_view source) = 0;
    /// Opens the endgame database folder (empty: none), unless it is the one already open. An
    /// error for variants without databases (all but international) when not empty.
    virtual Expected<void> set_egdb(const std::string& folder) = 0;
    /// Resizes the hash table; throws std::bad_alloc, keeping the old one, when memory is short.
    virtual void set_hash_size(std::size_t megabytes) = 0;
    /// The engine's tunable parameters with their current values (engine/engine_parameters.hpp).
    virtual std::vector<engine::ParameterDeclaration> parameters() const = 0;
    /// Sets a tunable parameter, at once and for every later search; a later weight file keeps
    /// it (the values apply on top of the file's weights). Errors name the parameter.
    virtual Expected<void> set_parameter(std::string_view name, std::string_view value) = 0;
    /// The time manager's parameters in use (for the time of a search after `ponder-hit`).
    virtual engine::TimeParameters time_parameters() const = 0;
    virtual void new_game() = 0;
    /// Searches the root within `limits`, reporting every iteration to `on_info`.
    virtual HubSearchEnd search(const engine::SearchLimits& limits, const InfoSink& on_info) = 0;
};

/// The engine of `variant` with a hash table of `hash_mb` and the clock `time_source` (not
/// owned; null: the real clock), at the variant's initial position and built-in weights.
std::unique_ptr<SessionEngine> make_session_engine(rules::Variant variant, std::size_t hash_mb,
                                                   const TimeSource* time_source);

}  // namespace draughts::protocol
