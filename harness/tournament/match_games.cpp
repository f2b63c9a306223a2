#include "harness/tournament/match_games.hpp"

#include <utility>
#include <vector>

#include "harness/game/game_runner.hpp"
#include "harness/tournament/game_line.hpp"
#include "harness/tournament/match_check.hpp"
#include "records/pdn_writer.hpp"
#include "rules/variant.hpp"

namespace draughts::harness {

namespace {

/// The start positions of a match's book, in book order, and the order they are played in.
template <typename V>
struct StartPositions {
    std::vector<rules::BasicPosition<V>> positions;
    std::optional<OpeningOrder> order;
};

template <typename V>
Expected<StartPositions<V>> load_start_positions(const MatchConfig& config) {
    StartPositions<V> starts;
    auto book = load_variant_book<V>(config);
    if (!book) return book.error();
    if (!*book) return starts;
    for (const BasicOpening<V>& o : (*book)->openings()) starts.positions.push_back(o.position);
    const OpeningsConfig& c = config.openings;
    starts.order.emplace(starts.positions.size(), c.order, c.seed.value_or(config.seed),
                         static_cast<std::size_t>(c.start % starts.positions.size()));
    return starts;
}

/// MatchGames of variant V.
template <typename V>
class BasicMatchGames final : public MatchGames {
  public:
    BasicMatchGames(BasicPlayerFactory<V> factory, StartPositions<V> starts, EngineLog* log)
        : factory_(std::move(factory)),
          pool_(std::make_unique<BasicPlayerPool<V>>(factory_, log)),
          starts_(std::move(starts)) {}
    ~BasicMatchGames() override { pool_->shutdown(); }

    std::optional<StartFailure> start_check(std::size_t index) override {
        return pool_->start_check(index);
    }
    void shutdown() override { pool_->shutdown(); }
    const std::string& command_line(std::size_t index) const override {
        return factory_.command_line(index);
    }
    std::optional<double> move_margin(std::size_t index) const override {
        return factory_.move_margin(index);
    }
    std::optional<double> move_cap(std::size_t index) const override {
        return factory_.move_cap(index);
    }
    bool remote(std::size_t index) const override { return factory_.remote(index); }
    const std::optional<OpeningOrder>& order() const override { return starts_.order; }

    Expected<RenderedGame> play(const Pairing& pairing, int game, const GamePlan& plan,
                                const TimeSource& time, std::stop_token stop) override {
        BasicGameSetup<V> setup;
        if (plan.book_index) setup.start = starts_.positions[*plan.book_index];
        setup.time_controls = plan.time_controls;
        setup.time_margin = plan.time_margin;
        setup.move_caps = plan.move_caps;
        setup.latency = plan.latency;
        setup.adjudication = plan.adjudication;
        setup.info = plan.info;
        std::optional<Expected<BasicGameRecord<V>>> record;
        {
            BasicPlayerLease<V> white(*pool_, pairing.white(game));
            BasicPlayerLease<V> black(*pool_, pairing.black(game));
            for (const auto& [player, values] :
                 {std::pair{&*white, &plan.parameters[0]}, std::pair{&*black, &plan.parameters[1]}})
                if (*values)
                    if (auto ok = player->set_parameters(**values); !ok) return ok.error();
            record.emplace(play_game(setup, *white, *black, time, std::move(stop)));
        }
        if (!*record) return record->error();
        const BasicGameRecord<V>& r = record->value();
        return RenderedGame{r.end, r.not_started, to_pdn(r),
                            game_line(r, pairing, game, plan.book_index)};
    }

  private:
    BasicPlayerFactory<V> factory_;
    std::unique_ptr<BasicPlayerPool<V>> pool_;  ///< refers to factory_
    StartPositions<V> starts_;
};

}  // namespace

Expected<std::unique_ptr<MatchGames>> make_match_games(const MatchConfig& config,
                                                       ChildRegistry* registry, EngineLog* log) {
    return rules::dispatch_variant(
        config.variant, [&]<typename V>(V) -> Expected<std::unique_ptr<MatchGames>> {
            auto factory = BasicPlayerFactory<V>::create(config, registry, log);
            if (!factory) return factory.error();
            auto starts = load_start_positions<V>(config);
            if (!starts) return starts.error();
            return std::unique_ptr<MatchGames>(std::make_unique<BasicMatchGames<V>>(
                std::move(factory).value(), std::move(starts).value(), log));
        });
}

}  // namespace draughts::harness
