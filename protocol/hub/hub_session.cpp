#include "protocol/hub/hub_session.hpp"

#include <fmt/format.h>

#include <chrono>
#include <limits>
#include <new>
#include <optional>

#include "common/text.hpp"
#include "engine/time_manager.hpp"

namespace draughts::protocol {

namespace {

constexpr std::size_t kMaxHashMb = 65536;

/// Makes free text sendable as a Hub value (no '"', no line breaks).
std::string sendable(std::string text) {
    for (char& c : text) {
        if (c == '"') c = '\'';
        if (c == '\r' || c == '\n') c = ' ';
    }
    return text;
}

/// Seconds: a number from 0 to 1e9 (not NaN).
std::optional<double> parse_seconds(std::string_view text) {
    const auto value = parse_number<double>(text);
    if (!value || !(*value >= 0.0) || *value > 1e9) return std::nullopt;
    return value;
}

std::string format_fixed(double value, int decimals) {
    return fmt::format("{:.{}f}", value, decimals);
}

}  // namespace

HubSession::HubSession(HubSessionOptions options, Output output)
    : options_(std::move(options)),
      output_(std::move(output)),
      egdb_path_(options_.egdb),
      variant_(options_.variant),
      hash_mb_(options_.hash_mb),
      move_overhead_(options_.move_overhead) {
    engine_ = make_session_engine(variant_, hash_mb_, options_.time_source);
}

HubSession::~HubSession() { finish(); }

void HubSession::send(const HubMessage& message) {
    const std::string line = format_hub_message(message);
    std::lock_guard lock(output_mutex_);
    output_(line);
}

void HubSession::send_error(const std::string& text) {
    send(HubMessage{"error", {}}.add("message", sendable(text)));
}

bool HubSession::searching() const {
    std::lock_guard lock(state_mutex_);
    return searching_;
}

void HubSession::wait_until_idle() {
    std::unique_lock lock(state_mutex_);
    idle_.wait(lock, [this] { return !searching_; });
}

bool HubSession::handle_line(std::string_view line) {
    line = trim(line);
    if (line.empty()) return true;
    const auto parsed = parse_hub_message(line);
    if (!parsed) {
        send_error(parsed.error().message);
        return true;
    }
    const HubMessage& message = *parsed;
    // These three are answered at once, even during a search.
    if (message.command == "ping") {
        send(HubMessage{"pong", {}});
        return true;
    }
    if (message.command == "stop") {
        stop_search();
        return true;
    }
    if (message.command == "ponder-hit") {
        handle_ponder_hit();
        return true;
    }
    if (message.command == "quit") {
        finish();
        return false;
    }
    handle(message);
    return true;
}

void HubSession::handle(const HubMessage& message) {
    const std::string& command = message.command;
    const bool known = command == "hub" || command == "set-param" || command == "init" ||
                       command == "new-game" || command == "pos" || command == "level" ||
                       command == "go";
    if (!known) {
        send_error("unknown command '" + command + "'");
        return;
    }
    // A new instruction ends the search in progress first (its `done` is sent).
    stop_search();
    join_search();
    if (command == "hub") {
        handle_hub();
    } else if (command == "set-param") {
        handle_set_param(message);
    } else if (command == "init") {
        handle_init();
    } else if (command == "new-game") {
        engine_->new_game();
    } else if (command == "pos") {
        handle_pos(message);
    } else if (command == "level") {
        handle_level(message);
    } else {
        handle_go(message);
    }
}

void HubSession::handle_hub() {
    send(HubMessage{"id", {}}
             .add("name", sendable(options_.name))
             .add("version", sendable(options_.version))
             .add("author", sendable(options_.author))
             .add("country", sendable(options_.country)));
    send(HubMessage{"param", {}}
             .add("name", "hash")
             .add("value", std::to_string(hash_mb_))
             .add("type", "int")
             .add("min", "1")
             .add("max", std::to_string(kMaxHashMb)));
    send(HubMessage{"param", {}}
             .add("name", "move-overhead")
             .add("value", format_fixed(move_overhead_, 3))
             .add("type", "real")
             .add("min", "0")
             .add("max", "10"));
    send(HubMessage{"param", {}}
             .add("name", "weights")
             .add("value", sendable(weights_path_))
             .add("type", "string"));
    send(HubMessage{"param", {}}
             .add("name", "egdb")
             .add("value", sendable(egdb_path_))
             .add("type", "string"));
    // Scan's names where Scan plays the variant ("normal", "killer", "bt", "frisian", "losing"),
    // so that a GUI or harness that drives Scan drives this engine alike; each name once (Frysk!
    // is Frisian from its own position). The variants' own names are accepted too.
    std::string variants;
    for (const rules::Variant v : rules::kAllVariants) {
        const std::string name(rules::hub_variant_name(v));
        if ((' ' + variants + ' ').find(' ' + name + ' ') != std::string::npos) continue;
        if (!variants.empty()) variants += ' ';
        variants += name;
    }
    send(HubMessage{"param", {}}
             .add("name", "variant")
             .add("value", std::string(rules::hub_variant_name(variant_)))
             .add("type", "enum")
             .add("values", variants));
    // The engine's tunable parameters (engine/engine_parameters.hpp), for tuning by games.
    for (const engine::ParameterDeclaration& p : engine_->parameters())
        send(HubMessage{"param", {}}
                 .add("name", p.name)
                 .add("value", engine::parameter_text(p.value, p.type))
                 .add("type", std::string(engine::parameter_type_name(p.type)))
                 .add("min", engine::parameter_text(p.min, p.type))
                 .add("max", engine::parameter_text(p.max, p.type)));
    send(HubMessage{"wait", {}});
}

void HubSession::handle_set_param(const HubMessage& message) {
    const auto name = message.value("name");
    const auto value = message.value("value");
    if (!name || !value) {
        send_error("set-param needs name=... and value=...");
        return;
    }
    if (*name == "hash") {
        const auto mb = parse_number<long long>(*value);
        if (!mb || *mb < 1 || *mb > static_cast<long long>(kMaxHashMb)) {
            send_error("set-param hash: '" + std::string(*value) + "' is not an integer in 1.." +
                       std::to_string(kMaxHashMb));
            return;
        }
        hash_mb_ = static_cast<std::size_t>(*mb);
    } else if (*name == "move-overhead") {
        const auto seconds = parse_seconds(*value);
        if (!seconds || *seconds > 10.0) {
            send_error("set-param move-overhead: '" + std::string(*value) +
                       "' is not a number of seconds in 0..10");
            return;
        }
        move_overhead_ = *seconds;
    } else if (*name == "weights") {
        weights_path_ = std::string(*value);
    } else if (*name == "egdb") {
        egdb_path_ = std::string(*value);
    } else if (*name == "variant") {
        if (auto ok = set_variant(*value); !ok) {
            send_error(ok.error().message);
            return;
        }
    } else {
        // A tunable parameter: it takes effect at once, before or after init.
        if (auto ok = engine_->set_parameter(*name, *value); !ok)
            send_error("set-param: " + ok.error().message);
        return;
    }
    // After init a parameter takes effect at once.
    if (initialised_)
        if (auto ok = apply_parameters(); !ok) send_error(ok.error().message);
}

Expected<void> HubSession::set_variant(std::string_view name) {
    const auto variant = rules::parse_hub_variant(name);
    if (!variant) {
        std::string known;
        for (const rules::Variant v : rules::kAllVariants)
            known += (known.empty() ? "" : ", ") + std::string(rules::hub_variant_name(v));
        return make_error("set-param variant: unknown variant '" + std::string(name) + "' (" +
                          known + ", or " + rules::variant_names() + ")");
    }
    // A new variant is a new engine (its own weights, table and root); the parameters are
    // applied to it by init, or at once after init like every other parameter.
    if (*variant != variant_) {
        variant_ = *variant;
        engine_ = make_session_engine(variant_, hash_mb_, options_.time_source);
    }
    return {};
}

Expected<void> HubSession::apply_parameters() {
    if (!weights_path_.empty()) {
        if (!options_.read_weights) return make_error("this build cannot read weight files");
        auto text = options_.read_weights(weights_path_);
        if (!text) return text.error();
        if (auto ok = engine_->set_weights(*text, weights_path_); !ok) return ok;
    }
    if (auto ok = engine_->set_egdb(egdb_path_); !ok) return ok;
    try {
        engine_->set_hash_size(hash_mb_);
    } catch (const std::bad_alloc&) {
        return make_error("hash: cannot allocate " + std::to_string(hash_mb_) + " MB");
    }
    return {};
}

void HubSession::handle_init() {
    if (auto ok = apply_parameters(); !ok) {
        send_error("init: " + ok.error().message);
        return;
    }
    initialised_ = true;
    send(HubMessage{"ready", {}});
}

void HubSession::handle_pos(const HubMessage& message) {
    std::optional<std::string_view> position;
    if (const auto text = message.value("pos")) {
        position = *text;
    } else if (!message.has("start")) {
        send_error("pos needs pos=<position> or start");
        return;
    }
    if (auto ok = engine_->set_position(position, message.value("moves").value_or("")); !ok) {
        send_error("pos: " + ok.error().message);
        return;
    }
    level_ = engine::SearchLimits{};  // every pos resets the limits, as in other Hub engines
}

void HubSession::handle_level(const HubMessage& message) {
    engine::SearchLimits limits = level_;
    for (const HubField& field : message.fields) {
        const std::string& name = field.name;
        if (name == "infinite" && !field.value) {
            limits.infinite = true;
            continue;
        }
        const std::string_view value = field.value ? std::string_view(*field.value) : "";
        const auto bad = [&] {
            send_error("level: bad value for " + name + ": '" + std::string(value) + "'");
        };
        if (name == "depth" || name == "nodes" || name == "moves") {
            const auto n = parse_number<long long>(value);
            if (!n || *n < 0 || (name != "nodes" && *n > 10'000)) return bad();
            if (name == "depth") limits.depth = static_cast<int>(std::max(1LL, *n));
            if (name == "nodes") limits.nodes = static_cast<std::uint64_t>(*n);
            if (name == "moves") limits.moves_to_go = static_cast<int>(*n);
        } else if (name == "move-time" || name == "time" || name == "inc") {
            const auto s = parse_seconds(value);
            if (!s) return bad();
            if (name == "move-time") limits.move_time = *s;
            if (name == "time") limits.time_left = *s;
            if (name == "inc") limits.increment = *s;
        } else {
            send_error("level: unknown limit '" + name + "'");
            return;
        }
    }
    level_ = limits;
}

void HubSession::handle_go(const HubMessage& message) {
    if (message.has("think")) {
        start_search(GoMode::Think);
    } else if (message.has("analyze") || message.has("analyse")) {
        start_search(GoMode::Analyze);
    } else if (message.has("ponder")) {
        start_search(GoMode::Ponder);
    } else {
        send_error("go needs think, analyze or ponder");
    }
}

void HubSession::start_search(GoMode mode) {
    engine::SearchLimits limits = level_;
    // The engine adds the increment before it moves (Hub): the clock then shows time + inc.
    if (limits.time_left) *limits.time_left += limits.increment;
    if (mode != GoMode::Think) limits.infinite = true;
    limits.move_overhead = move_overhead_;
    ponder_limits_ = level_;
    ponder_limits_.move_overhead = move_overhead_;
    if (ponder_limits_.time_left) *ponder_limits_.time_left += ponder_limits_.increment;
    stop_flag_ = std::make_unique<std::atomic<bool>>(false);
    limits.stop_flag = stop_flag_.get();
    {
        std::lock_guard lock(state_mutex_);
        searching_ = true;
        pondering_ = mode == GoMode::Ponder;
        infinite_ = limits.infinite;
    }
    worker_ = std::thread(&HubSession::run_search, this, limits);
}

void HubSession::run_search(engine::SearchLimits limits) {
    const HubSearchEnd end =
        engine_->search(limits, [this](const HubSearchReport& info) { send_info(info); });
    send_done(end);
    {
        std::lock_guard lock(state_mutex_);
        searching_ = false;
        pondering_ = false;
    }
    idle_.notify_all();
}

void HubSession::send_info(const HubSearchReport& info) {
    const double nps = info.seconds > 0 ? static_cast<double>(info.nodes) / info.seconds : 0.0;
    HubMessage message{"info", {}};
    message.add("depth", std::to_string(info.depth))
        .add("score", format_fixed(static_cast<double>(info.score) / engine::kScorePerMan, 3))
        .add("nodes", std::to_string(info.nodes))
        .add("time", format_fixed(info.seconds, 3))
        .add("nps", format_fixed(nps / 1e6, 3));
    if (!info.pv.empty()) message.add("pv", info.pv);
    send(message);
}

void HubSession::send_done(const HubSearchEnd& end) {
    if (end.move.empty()) {
        send_error("no legal move: the game is over");
        send(HubMessage{"done", {}});
        return;
    }
    HubMessage done{"done", {}};
    done.add("move", end.move);
    if (!end.ponder.empty()) done.add("ponder", end.ponder);
    send(done);
}

void HubSession::handle_ponder_hit() {
    std::lock_guard lock(state_mutex_);
    if (!searching_ || !pondering_) return;
    pondering_ = false;
    // The predicted move was played: the search now gets the time of a normal move, counted
    // from here, and then plays its best move.
    const engine::TimeBudget budget =
        plan_time(ponder_limits_, engine::kInitialPieces, engine_->time_parameters());
    std::atomic<bool>* flag = stop_flag_.get();
    if (!budget.limited()) {
        flag->store(true);
        return;
    }
    // join_search() joined the timer of any earlier search before this one started.
    ponder_timer_ = std::thread([this, flag, seconds = budget.soft] {
        std::unique_lock timer_lock(state_mutex_);
        const auto wait = std::chrono::duration<double>(seconds);
        if (!idle_.wait_for(timer_lock, wait, [this] { return !searching_; })) flag->store(true);
    });
}

void HubSession::stop_search() {
    std::lock_guard lock(state_mutex_);
    if (searching_ && stop_flag_) stop_flag_->store(true);
}

void HubSession::join_search() {
    if (worker_.joinable()) worker_.join();
    if (ponder_timer_.joinable()) ponder_timer_.join();
}

void HubSession::finish() {
    stop_search();
    join_search();
}

void HubSession::end_of_input() {
    {
        std::lock_guard lock(state_mutex_);
        if (searching_ && infinite_ && stop_flag_) stop_flag_->store(true);
    }
    join_search();
}

}  // namespace draughts::protocol
