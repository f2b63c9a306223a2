#include "protocol/hub/session_engine.hpp"

#include <type_traits>
#include <vector>

#include "egdb/database.hpp"
#include "engine/builtin_weights.hpp"
#include "engine/engine.hpp"
#include "engine/weights_file.hpp"
#include "protocol/hub/hub_position.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"

namespace draughts::protocol {

namespace {

/// The SessionEngine of variant V: a BasicEngine<V> and the root it searches next.
template <typename V>
class BasicSessionEngine final : public SessionEngine {
  public:
    using Position = rules::BasicPosition<V>;

    BasicSessionEngine(std::size_t hash_mb, const TimeSource* time_source)
        : hash_mb_(hash_mb),
          engine_(make_options(hash_mb, time_source)),
          base_{engine::builtin_weights<V>(), engine::SearchParameters{}} {}

    rules::Variant variant() const override { return rules::variant_of<V>(); }

    Expected<void> set_position(std::optional<std::string_view> text,
                                std::string_view moves) override {
        Position current = Position::initial();
        if (text) {
            auto parsed = parse_hub_position<V>(*text);
            if (!parsed) return parsed.error();
            current = *parsed;
        }
        std::vector<Position> history;
        std::size_t i = 0;
        while (i < moves.size()) {
            const std::size_t end = std::min(moves.find(' ', i), moves.size());
            const std::string_view move_text = moves.substr(i, end - i);
            i = end + 1;
            if (move_text.empty()) continue;
            const auto move = rules::parse_move(current, move_text);
            if (!move) return move.error();
            history.push_back(current);
            current = current.after(*move);
        }
        root_ = current;
        history_ = std::move(history);
        return {};
    }

    Expected<void> set_weights(std::string_view text, std::string_view source) override {
        auto weights = engine::parse_weights<V>(text, source);
        if (!weights) return weights.error();
        base_.weights = std::move(weights).value();
        return apply_overrides();
    }

    std::vector<engine::ParameterDeclaration> parameters() const override {
        return engine::declared_parameters(effective_);
    }

    Expected<void> set_parameter(std::string_view name, std::string_view value) override {
        // Checked on the settings in use, so that a refused value changes nothing.
        engine::BasicEngineSettings<V> trial = effective_;
        if (auto ok = engine::apply_parameter(trial, name, value); !ok) return ok;
        std::erase_if(overrides_, [&](const auto& o) { return o.first == name; });
        overrides_.emplace_back(std::string(name), std::string(value));
        return apply_overrides();
    }

    engine::TimeParameters time_parameters() const override { return effective_.search.time; }

    Expected<void> set_egdb(const std::string& folder) override {
        if constexpr (engine::kHasEndgameDatabase<V>) {
            // Opening reads every slice's header and checksum: only when the folder changes.
            if (folder == egdb_opened_) return {};
            if (folder.empty()) {
                engine_.set_egdb(nullptr);
            } else {
                auto db = egdb::Database::open(folder);
                if (!db) return make_error("egdb: " + db.error().message);
                engine_.set_egdb(std::move(db).value());
            }
            egdb_opened_ = folder;
            return {};
        } else {
            if (folder.empty()) return {};
            return make_error(
                "egdb: the endgame databases hold international draughts only, "
                "not " +
                std::string(V::kName));
        }
    }

    void set_hash_size(std::size_t megabytes) override {
        // Every `init` applies the size: a second handshake (tuning by games) keeps the table.
        if (megabytes == hash_mb_) return;
        engine_.set_hash_size(megabytes);
        hash_mb_ = megabytes;
    }
    void new_game() override { engine_.new_game(); }

    HubSearchEnd search(const engine::SearchLimits& limits, const InfoSink& on_info) override {
        const Position root = root_;
        const auto result =
            engine_.search(root, engine::BasicSearchHistory<V>{history_}, limits,
                           [&](const engine::BasicSearchInfo<V>& info) {
                               on_info(HubSearchReport{info.depth, info.score, info.nodes,
                                                       info.seconds, hub_line(info.pv)});
                           });
        return end_of(root, result);
    }

  private:
    /// The base weights with every parameter set so far, given to the engine (its hash table
    /// is cleared only when the weights change).
    Expected<void> apply_overrides() {
        engine::BasicEngineSettings<V> settings = base_;
        if (auto ok = engine::apply_parameters(settings, overrides_); !ok) return ok;
        if (!(settings.weights == effective_.weights)) engine_.set_weights(settings.weights);
        engine_.set_search_parameters(settings.search);
        effective_ = std::move(settings);
        return {};
    }

    static engine::BasicEngineOptions<V> make_options(std::size_t hash_mb,
                                                      const TimeSource* time_source) {
        engine::BasicEngineOptions<V> options;
        options.hash_mb = hash_mb;
        options.time_source = time_source;
        return options;
    }

    static std::string hub_line(const std::vector<rules::BasicMove<V>>& moves) {
        std::string out;
        for (const auto& m : moves) {
            if (!out.empty()) out += ' ';
            out += rules::to_hub_notation(m);
        }
        return out;
    }

    /// The reply to send: the search only returns generated moves, checked again because an
    /// illegal `done` loses the game.
    static HubSearchEnd end_of(const Position& root, const engine::BasicSearchResult<V>& result) {
        rules::BasicMoveList<V> legal;
        generate_moves(root, legal);
        if (legal.empty()) return {};
        const auto move = legal.contains(result.best_move) ? result.best_move : legal[0];
        HubSearchEnd end{rules::to_hub_notation(move), {}};
        if (!result.ponder_move.is_null() && move == result.best_move) {
            rules::BasicMoveList<V> replies;
            generate_moves(root.after(move), replies);
            if (replies.contains(result.ponder_move))
                end.ponder = rules::to_hub_notation(result.ponder_move);
        }
        return end;
    }

    std::size_t hash_mb_;
    engine::BasicEngine<V> engine_;
    engine::BasicEngineSettings<V> base_;  ///< the weight file's (or built-in) weights, defaults
    engine::ParameterValues overrides_;    ///< set-param values, the latest last
    engine::BasicEngineSettings<V> effective_ = base_;  ///< what the engine plays
    Position root_ = Position::initial();
    std::vector<Position> history_;
    std::string egdb_opened_;  ///< folder of the open database (empty: none)
};

}  // namespace

std::unique_ptr<SessionEngine> make_session_engine(rules::Variant variant, std::size_t hash_mb,
                                                   const TimeSource* time_source) {
    return rules::dispatch_variant(variant, [&](auto tag) -> std::unique_ptr<SessionEngine> {
        return std::make_unique<BasicSessionEngine<decltype(tag)>>(hash_mb, time_source);
    });
}

}  // namespace draughts::protocol
