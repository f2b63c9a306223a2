#include "cluster/match_messages.hpp"

namespace draughts::cluster {

std::string want_message(std::int64_t count) {
    return dump_json(Json{{"type", "want"}, {"count", count}});
}

std::string lease_message(const std::vector<std::uint64_t>& pairs) {
    return dump_json(Json{{"type", "lease"}, {"pairs", pairs}});
}

std::string stop_message() { return dump_json(Json{{"type", "stop"}}); }

std::string pair_message(const harness::RenderedPair& pair) {
    return dump_json(Json{{"type", "pair"},
                          {"pair", pair.pair},
                          {"pdn", {pair.pdn[0], pair.pdn[1]}},
                          {"lines", {pair.lines[0], pair.lines[1]}}});
}

std::string done_message(const WorkerDone& done) {
    return dump_json(Json{{"type", "done"},
                          {"played", done.played},
                          {"unplayable", done.unplayable},
                          {"dropped", done.dropped},
                          {"error", done.error}});
}

Expected<Json> parse_message(const std::string& bytes) {
    auto json = parse_json(bytes, "message");
    if (!json) return json.error();
    if (!json->is_object() || !json->contains("type") || !(*json)["type"].is_string())
        return make_error("a message without type");
    return json;
}

std::string message_type(const Json& message) { return message.at("type").get<std::string>(); }

Expected<harness::RenderedPair> read_pair(const Json& message) {
    try {
        harness::RenderedPair pair;
        pair.pair = message.at("pair").get<std::uint64_t>();
        for (std::size_t g = 0; g < 2; ++g) {
            pair.pdn[g] = message.at("pdn").at(g).get<std::string>();
            pair.lines[g] = message.at("lines").at(g);
        }
        return pair;
    } catch (const Json::exception& e) {
        return make_error(std::string("a damaged pair message: ") + e.what());
    }
}

Expected<std::vector<std::uint64_t>> read_lease(const Json& message) {
    try {
        return message.at("pairs").get<std::vector<std::uint64_t>>();
    } catch (const Json::exception& e) {
        return make_error(std::string("a damaged lease message: ") + e.what());
    }
}

WorkerDone read_done(const Json& message) {
    WorkerDone done;
    done.played = message.value("played", std::int64_t{0});
    done.unplayable = message.value("unplayable", std::int64_t{0});
    done.dropped = message.value("dropped", std::int64_t{0});
    done.error = message.value("error", std::string());
    return done;
}

}  // namespace draughts::cluster
