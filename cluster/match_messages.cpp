#include "cluster/match_messages.hpp"

#include <array>
#include <cstdint>
#include <limits>

#include "records/game_line.hpp"
#include "records/termination.hpp"

namespace draughts::cluster {

std::string want_message(std::int64_t count) {
    return dump_json(Json{{"type", "want"}, {"count", count}});
}

std::string lease_message(const Lease& lease) {
    Json message{{"type", "lease"}, {"pairs", lease.pairs}};
    if (!lease.parameters.empty()) {
        Json all = Json::array();
        for (const PairValues& pair : lease.parameters) {
            Json sides = Json::array();
            for (const engine::ParameterValues& values : pair) {
                Json list = Json::array();
                for (const auto& [name, value] : values) list.push_back({name, value});
                sides.push_back(std::move(list));
            }
            all.push_back(std::move(sides));
        }
        message["parameters"] = std::move(all);
    }
    return dump_json(message);
}

std::string unplayed_message(std::uint64_t pair) {
    return dump_json(Json{{"type", "unplayed"}, {"pair", pair}});
}

std::string stop_message() { return dump_json(Json{{"type", "stop"}}); }

std::string pair_message(const harness::RenderedPair& pair) {
    Json games = Json::array();
    for (const harness::CountedGame& game : pair.games)
        games.push_back({std::string(harness::to_pdn_result(game.result)),
                         std::string(harness::termination_code(game.termination)),
                         game.egdb_probe_errors});
    const Json header = {
        {"type", "pair"},
        {"pair", pair.pair},
        {"games", std::move(games)},
        {"signature", pair.signature},
        {"sizes",
         {pair.pdn[0].size(), pair.pdn[1].size(), pair.lines[0].size(), pair.lines[1].size()}}};
    return dump_json(header) + "\n" + pair.pdn[0] + pair.pdn[1] + pair.lines[0] + pair.lines[1];
}

std::string done_message(const WorkerDone& done) {
    return dump_json(Json{{"type", "done"},
                          {"played", done.played},
                          {"unplayable", done.unplayable},
                          {"dropped", done.dropped},
                          {"error", done.error}});
}

Expected<Json> parse_message(const std::string& bytes) {
    // dump_json writes no raw newline (strings escape it): the first one ends the header.
    auto json = parse_json(std::string_view(bytes).substr(0, bytes.find('\n')), "message");
    if (!json) return json.error();
    if (!json->is_object() || !json->contains("type") || !(*json)["type"].is_string())
        return make_error("a message without type");
    return json;
}

std::string message_type(const Json& message) { return message.at("type").get<std::string>(); }

namespace {

/// A field that must be an unsigned integer. The JSON library's get<> of an integer type casts a
/// float (1e30 in a damaged message) and wraps a negative number (-1 to 2^64 - 1): the first is
/// undefined behaviour, the second a wrong count. get_ref throws (a Json::exception, which the
/// readers turn into "a damaged message") unless the number was read as an unsigned integer.
std::uint64_t unsigned_field(const Json& value) {
    return value.get_ref<const Json::number_unsigned_t&>();
}

/// An optional count: an integer, `fallback` when absent. The JSON library's value<std::int64_t>
/// casts a float (1e30 in a damaged message: undefined behaviour, which the fuzzer found under
/// float-cast-overflow) and wraps an unsigned number above the signed range; both are errors here.
Expected<std::int64_t> count_field(const Json& message, const char* key, std::int64_t fallback) {
    const auto it = message.find(key);
    if (it == message.end()) return fallback;
    if (it->is_number_integer() &&
        (!it->is_number_unsigned() ||
         it->get<std::uint64_t>() <=
             static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())))
        return it->get<std::int64_t>();
    return make_error(std::string(key) + " " + dump_json(*it) + " is no count");
}

}  // namespace

Expected<harness::RenderedPair> read_pair(const Json& header, const std::string& bytes) {
    const auto damaged = [](const std::string& what) {
        return make_error("a damaged pair message: " + what);
    };
    try {
        harness::RenderedPair pair;
        pair.pair = unsigned_field(header.at("pair"));
        pair.signature = unsigned_field(header.at("signature"));
        for (std::size_t g = 0; g < 2; ++g) {
            const Json& game = header.at("games").at(g);
            const auto result = harness::parse_result(game.at(0).get<std::string>());
            const auto termination = harness::termination_from_code(game.at(1).get<std::string>());
            if (!result || !termination) return damaged("game " + std::to_string(g));
            const std::uint64_t probe_errors = game.size() > 2 ? unsigned_field(game.at(2)) : 0;
            if (probe_errors > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
                return damaged("game " + std::to_string(g));
            pair.games[g] = {*result, *termination, static_cast<int>(probe_errors)};
        }
        const Json& size_list = header.at("sizes");
        if (!size_list.is_array() || size_list.size() != 4) return damaged("not four sizes");
        std::array<std::size_t, 4> sizes{};
        for (std::size_t i = 0; i < sizes.size(); ++i) sizes[i] = unsigned_field(size_list.at(i));
        std::size_t at = bytes.find('\n');
        if (at == std::string::npos) return damaged("no payload");
        ++at;
        // Each size within what is left, so that a damaged size cannot wrap the sum around.
        std::size_t left = bytes.size() - at;
        for (const std::size_t size : sizes) {
            if (size > left) return damaged("a size beyond the payload");
            left -= size;
        }
        if (left != 0)
            return damaged("the payload is " + std::to_string(bytes.size() - at) +
                           " bytes, not the sum of its sizes");
        for (std::size_t k = 0; k < 4; ++k) {
            std::string& text = k < 2 ? pair.pdn[k] : pair.lines[k - 2];
            text.assign(bytes, at, sizes[k]);
            at += sizes[k];
        }
        return pair;
    } catch (const Json::exception& e) {
        return damaged(e.what());
    }
}

Expected<Lease> read_lease(const Json& message) {
    try {
        // Unsigned integers only: the JSON library would turn -1 into 2^64 - 1 silently.
        for (const Json& pair : message.at("pairs"))
            if (!pair.is_number_unsigned())
                return make_error("a damaged lease message: " + dump_json(pair) + " is no pair");
        Lease lease;
        lease.pairs = message.at("pairs").get<std::vector<std::uint64_t>>();
        if (message.contains("parameters")) {
            const Json& all = message.at("parameters");
            if (!all.is_array() || all.size() != lease.pairs.size())
                return make_error("a damaged lease message: parameters for " +
                                  std::to_string(all.size()) + " of " +
                                  std::to_string(lease.pairs.size()) + " pairs");
            for (const Json& sides : all) {
                PairValues pair;
                for (std::size_t side = 0; side < 2; ++side)
                    for (const Json& value : sides.at(side))
                        pair[side].emplace_back(value.at(0).get<std::string>(),
                                                value.at(1).get<std::string>());
                lease.parameters.push_back(std::move(pair));
            }
        }
        return lease;
    } catch (const Json::exception& e) {
        return make_error(std::string("a damaged lease message: ") + e.what());
    }
}

Expected<std::uint64_t> read_unplayed(const Json& message) {
    try {
        const Json& pair = message.at("pair");
        if (!pair.is_number_unsigned())
            return make_error("a damaged unplayed message: " + dump_json(pair) + " is no pair");
        return pair.get<std::uint64_t>();
    } catch (const Json::exception& e) {
        return make_error(std::string("a damaged unplayed message: ") + e.what());
    }
}

Expected<WorkerDone> read_done(const Json& message) {
    try {
        WorkerDone done;
        for (auto [key, count] :
             {std::pair{"played", &done.played}, std::pair{"unplayable", &done.unplayable},
              std::pair{"dropped", &done.dropped}}) {
            const auto value = count_field(message, key, 0);
            if (!value) return make_error("a damaged done message: " + value.error().message);
            if (*value < 0) return make_error("a damaged done message: a negative count");
            *count = *value;
        }
        done.error = message.value("error", std::string());
        return done;
    } catch (const Json::exception& e) {
        return make_error(std::string("a damaged done message: ") + e.what());
    }
}

Expected<std::size_t> read_want(const Json& message) {
    try {
        const auto count = count_field(message, "count", 1);
        if (!count) return make_error("a damaged want message: " + count.error().message);
        if (*count < 1 || *count > kMaxWant)
            return make_error("a damaged want message: count " + std::to_string(*count));
        return static_cast<std::size_t>(*count);
    } catch (const Json::exception& e) {
        return make_error(std::string("a damaged want message: ") + e.what());
    }
}

}  // namespace draughts::cluster
