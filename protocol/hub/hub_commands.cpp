#include "protocol/hub/hub_commands.hpp"

#include <algorithm>
#include <cmath>

#include "common/text.hpp"
#include "protocol/hub/hub_position.hpp"
#include "rules/move_notation.hpp"
#include "rules/variant_list.hpp"

namespace draughts::protocol {
namespace {

template <typename T>
std::optional<T> number(const HubMessage& message, std::string_view name) {
    const auto text = message.value(name);
    if (!text) return std::nullopt;
    return parse_number<T>(*text);
}

std::string text(const HubMessage& message, std::string_view name) {
    return std::string(message.value(name).value_or(""));
}

}  // namespace

template <typename V>
HubMessage hub_pos_message(const rules::BasicPosition<V>& root,
                           std::span<const rules::BasicMove<std::type_identity_t<V>>> moves) {
    HubMessage message{"pos", {}};
    message.add("pos", protocol::to_hub_position(root));
    if (!moves.empty()) {
        std::string list;
        for (const rules::BasicMove<V>& move : moves) {
            if (!list.empty()) list += ' ';
            list += rules::to_hub_notation(move);
        }
        message.add("moves", std::move(list));
    }
    return message;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_HUB_POS_MESSAGE(V)     \
    template HubMessage hub_pos_message<rules::V>(  \
        const rules::BasicPosition<rules::V>& root, \
        std::span<const rules::BasicMove<rules::V>> moves);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_HUB_POS_MESSAGE)
#undef DRAUGHTS_INSTANTIATE_HUB_POS_MESSAGE

std::string hub_seconds(double seconds) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, std::max(seconds, 0.0));
    return std::string(buffer, result.ptr);
}

bool hub_allowed_during_search(std::string_view command) {
    return command == "ping" || command == "ponder-hit" || command == "stop";
}

HubMessage hub_level_message(const engine::SearchLimits& limits) {
    HubMessage message{"level", {}};
    if (limits.infinite) return message.add_flag("infinite");
    if (limits.depth) message.add("depth", std::to_string(*limits.depth));
    if (limits.nodes) message.add("nodes", std::to_string(*limits.nodes));
    if (limits.move_time) message.add("move-time", hub_seconds(*limits.move_time));
    if (limits.time_left) {
        if (limits.moves_to_go > 0) message.add("moves", std::to_string(limits.moves_to_go));
        message.add("time", hub_seconds(*limits.time_left - limits.increment));
        if (limits.increment > 0) message.add("inc", hub_seconds(limits.increment));
    }
    return message;
}

HubIdentity hub_identity_from(const HubMessage& id) {
    return {text(id, "name"), text(id, "version"), text(id, "author"), text(id, "country")};
}

HubParameter hub_parameter_from(const HubMessage& param) {
    return {text(param, "name"), text(param, "value"), text(param, "type"),
            text(param, "min"),  text(param, "max"),   text(param, "values")};
}

HubInfo hub_info_from(const HubMessage& info) {
    HubInfo result;
    result.depth = number<int>(info, "depth");
    result.mean_depth = number<double>(info, "mean-depth");
    result.score = number<double>(info, "score");
    result.nodes = number<std::uint64_t>(info, "nodes");
    result.seconds = number<double>(info, "time");
    result.nps = number<double>(info, "nps");
    result.pv = text(info, "pv");
    return result;
}

}  // namespace draughts::protocol
