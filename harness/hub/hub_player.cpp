#include "harness/hub/hub_player.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "harness/player/engine_program.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

FailureKind failure_kind_of(HubFailureKind kind) {
    switch (kind) {
        case HubFailureKind::Timeout:
            return FailureKind::Timeout;
        case HubFailureKind::Disconnect:
            return FailureKind::Disconnect;
        case HubFailureKind::Malformed:
        case HubFailureKind::EngineError:
            return FailureKind::MalformedReply;
        case HubFailureKind::Spawn:
        case HubFailureKind::Crash:
            break;
    }
    return FailureKind::Crash;
}

template <typename V>
typename BasicHubPlayer<V>::Configuration BasicHubPlayer<V>::configuration(
    const HubPlayerOptions& options, const engine::ParameterValues& values) {
    std::vector<std::pair<std::string, std::string>> merged = options.parameters;
    // Not a structured binding: clang 14 (the asan preset) cannot capture one in a lambda.
    for (const auto& entry : values) {
        const std::string& name = entry.first;
        const auto same = std::find_if(merged.begin(), merged.end(),
                                       [&](const auto& p) { return p.first == name; });
        if (same != merged.end())
            same->second = entry.second;
        else
            merged.emplace_back(name, entry.second);
    }
    if (options.argv_template.empty()) return {options.client.process.argv, std::move(merged)};
    Configuration out;
    out.argv = substitute_placeholders(options.argv_template, merged);
    const std::vector<std::string> placeholders = placeholder_names(options.argv_template);
    for (auto& parameter : merged)
        if (std::find(placeholders.begin(), placeholders.end(), parameter.first) ==
            placeholders.end())
            out.parameters.push_back(std::move(parameter));
    return out;
}

template <typename V>
HubPlayerOptions BasicHubPlayer<V>::normalised(HubPlayerOptions options) {
    // Options that set only the client's parameters configure them.
    if (options.argv_template.empty() && options.parameters.empty())
        options.parameters = options.client.parameters;
    return options;
}

template <typename V>
HubClientOptions BasicHubPlayer<V>::client_options(HubPlayerOptions options) {
    Configuration c = configuration(options, {});
    options.client.process.argv = std::move(c.argv);
    options.client.parameters = std::move(c.parameters);
    return std::move(options.client);
}

template <typename V>
BasicHubPlayer<V>::BasicHubPlayer(HubPlayerOptions options)
    : options_(normalised(std::move(options))),
      configured_(configuration(options_, {})),
      client_(client_options(options_)) {}

template <typename V>
Expected<void> BasicHubPlayer<V>::set_parameters(const engine::ParameterValues& values) {
    Configuration next = configuration(options_, values);
    if (next == configured_) return {};
    std::vector<std::pair<std::string, std::string>> changed;
    for (const auto& parameter : next.parameters)
        if (std::find(configured_.parameters.begin(), configured_.parameters.end(), parameter) ==
            configured_.parameters.end())
            changed.push_back(parameter);
    const bool new_command = next.argv != configured_.argv;
    client_.configure(next.argv, next.parameters);
    configured_ = std::move(next);
    // An engine that is not running starts with the new values at its next game.
    if (!client_.running()) return {};
    if (new_command || options_.reconfigure == HubReconfigure::Restart) {
        last_failure_ = client_.start();
    } else if (options_.reconfigure == HubReconfigure::Handshake) {
        last_failure_ = client_.handshake_again();
    } else {
        last_failure_ = client_.set_parameters_now(changed);
    }
    if (last_failure_) return error_from(*last_failure_);
    return {};
}

template <typename V>
std::string BasicHubPlayer<V>::name() const {
    if (!options_.name.empty()) return options_.name;
    if (!client_.identity().name.empty()) return client_.identity().name;
    const auto& argv = options_.client.process.argv;
    return argv.empty() ? "hub" : std::filesystem::path(argv.front()).filename().string();
}

template <typename V>
Error BasicHubPlayer<V>::error_from(const HubFailure& failure) const {
    return make_error("engine '" + name() + "' (" + std::string(hub_failure_name(failure.kind)) +
                      "): " + failure.message + client_.transcript().indented_text());
}

template <typename V>
Expected<void> BasicHubPlayer<V>::launch() {
    last_failure_ = client_.start();
    if (last_failure_) return error_from(*last_failure_);
    return {};
}

template <typename V>
Expected<void> BasicHubPlayer<V>::start() {
    started_ = true;
    return launch();
}

template <typename V>
Expected<void> BasicHubPlayer<V>::new_game(const GameStart&) {
    if (!client_.running()) {
        if (started_ && !options_.restart) {
            return make_error("engine '" + name() + "' is not running" +
                              (last_failure_ ? " (" + last_failure_->message + ")" : ""));
        }
        if (started_) ++restarts_;
        started_ = true;
        if (auto launched = launch(); !launched) return launched;
    }
    last_failure_ = client_.new_game();
    if (last_failure_ && options_.restart && !client_.running()) {
        // It died between games (e.g. right after its last move): one fresh start.
        ++restarts_;
        if (auto launched = launch(); !launched) return launched;
        last_failure_ = client_.new_game();
    }
    if (last_failure_) return error_from(*last_failure_);
    return {};
}

template <typename V>
typename BasicHubPlayer<V>::ThinkReply BasicHubPlayer<V>::think(const ThinkRequest& request) {
    if (!client_.running()) {
        const HubFailure failure =
            last_failure_.value_or(HubFailure{HubFailureKind::Crash, "the engine was not started"});
        return ThinkReply::failed(failure_kind_of(failure.kind),
                                  "engine not running: " + failure.message);
    }
    HubSearchRequest search;
    const std::span<const rules::BasicMove<V>> moves(request.moves);
    const protocol::HubRoot<V> root =
        protocol::hub_root<V>(request.start, moves, request.reversible_from);
    search.pos = protocol::hub_pos_message<V>(root.position, moves.subspan(root.ply));
    search.limits = request.limits;
    if (request.reply_within) search.deadline = deadline_after_seconds(*request.reply_within);

    HubSearchResult result = client_.search(search);
    if (result.failure) {
        if (!client_.running()) last_failure_ = result.failure;
        return ThinkReply::failed(failure_kind_of(result.failure->kind),
                                  result.failure->message + client_.transcript().inline_text());
    }
    ThinkReply reply = ThinkReply::with_text(std::move(result.move));
    const protocol::HubInfo& info = result.info;
    if (info.score) {
        reply.score = static_cast<int>(std::lround(*info.score * engine::kScorePerMan));
    }
    reply.depth = info.depth;
    reply.nodes = info.nodes;
    reply.seconds = info.seconds;
    for (std::size_t begin = 0; begin < info.pv.size();) {
        std::size_t end = info.pv.find(' ', begin);
        if (end == std::string::npos) end = info.pv.size();
        if (end > begin) reply.pv.push_back(info.pv.substr(begin, end - begin));
        begin = end + 1;
    }
    return reply;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_HUB_PLAYER(V) template class BasicHubPlayer<rules::V>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_HUB_PLAYER)
#undef DRAUGHTS_INSTANTIATE_HUB_PLAYER

}  // namespace draughts::harness
