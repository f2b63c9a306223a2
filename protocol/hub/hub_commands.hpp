#pragma once
// The Hub messages a harness sends (pos, level) and reads (id, param, info), built from and
// turned into the toolkit's types. Pure functions: no I/O.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/search_types.hpp"
#include "protocol/hub/hub_message.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::protocol {

/// `pos pos=<51 chars> [moves="m1 m2 ..."]`: the root and the moves played from it, so that the
/// engine sees the positions it could repeat.
/// Positions and moves of variant V (33-character positions on 8x8; V is deduced from the root
/// only, so any contiguous range of moves converts); defined for the variants of
/// rules/variant_list.hpp.
template <typename V = rules::International>
HubMessage hub_pos_message(const rules::BasicPosition<V>& root,
                           std::span<const rules::BasicMove<std::type_identity_t<V>>> moves);

/// Where `pos` starts a game: a ply and the position there.
template <typename V>
struct HubRoot {
    std::size_t ply = 0;
    rules::BasicPosition<V> position;
};

/// The root from which `pos` sends a game: the position after the last irreversible ply
/// (`reversible_from`), or, where the variant counts a king's quiet moves in a row (Frisian [FRS
/// 6]), which a Hub position cannot carry, the last ply at or before it where neither side is in
/// such a run, so that the engine rebuilds the runs from the moves it is sent. Replays the game
/// once.
template <typename V>
HubRoot<V> hub_root(const rules::BasicPosition<V>& start,
                    std::span<const rules::BasicMove<std::type_identity_t<V>>> moves,
                    std::size_t reversible_from) {
    const std::size_t last = std::min(reversible_from, moves.size());
    if constexpr (V::kKingMoveLimit > 0) {
        std::vector<rules::BasicPosition<V>> positions{start};
        for (std::size_t i = 0; i < last; ++i)
            positions.push_back(positions.back().after(moves[i]));
        const auto in_run = [](const rules::BasicPosition<V>& p) {
            return p.king_run_length(rules::Color::White) > 0 ||
                   p.king_run_length(rules::Color::Black) > 0;
        };
        std::size_t ply = last;
        while (ply > 0 && in_run(positions[ply])) --ply;
        return {ply, positions[ply]};
    } else {
        HubRoot<V> root{last, start};
        for (std::size_t i = 0; i < last; ++i) root.position = root.position.after(moves[i]);
        return root;
    }
}

/// `level ...` for the limits of one search. Every limit that is set goes into one message.
/// With a clock, `time` is the time left minus the increment, because a Hub engine adds the
/// increment itself before it moves while the harness's clock adds it after the move.
/// `limits.infinite` gives `level infinite`; with no limit at all the message has no fields and
/// is not worth sending (the engine keeps its default limits).
HubMessage hub_level_message(const engine::SearchLimits& limits);

/// Seconds as a Hub real: the shortest text that reads back to the same double ("0.1", "60").
std::string hub_seconds(double seconds);

/// Whether a message with this command may be sent while the engine searches: `ping`,
/// `ponder-hit` and `stop`. Real engines abort a search on any other line (then no `done` ever
/// comes), so a harness sends nothing else between `go` and `done` (protocols.md).
bool hub_allowed_during_search(std::string_view command);

/// The engine's `id` message.
struct HubIdentity {
    std::string name;
    std::string version;
    std::string author;
    std::string country;
};

/// A parameter declared by a `param` message.
struct HubParameter {
    std::string name;
    std::string value;  ///< default value
    std::string type;   ///< bool, int, real, string or enum
    std::string min;
    std::string max;
    std::string values;  ///< enum choices, space separated
};

/// Search progress from an `info` message. Absent or unreadable fields stay empty: info is
/// informational and a malformed field must not cost a game.
struct HubInfo {
    std::optional<int> depth;
    std::optional<double> mean_depth;
    std::optional<double> score;  ///< in men (1.00 = one man), side to move's point of view
    std::optional<std::uint64_t> nodes;
    std::optional<double> seconds;
    std::optional<double> nps;  ///< millions of nodes per second
    std::string pv;             ///< moves in Hub notation, space separated
};

HubIdentity hub_identity_from(const HubMessage& id);
HubParameter hub_parameter_from(const HubMessage& param);
HubInfo hub_info_from(const HubMessage& info);

}  // namespace draughts::protocol
