#include "python/player_engine.hpp"

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <filesystem>

#include "harness/config/engine_config.hpp"
#include "python/errors.hpp"
#include "python/typed_board.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"

namespace draughts::python {

namespace {

/// Seconds a timed move may overrun before the engine counts as not answering.
constexpr double kMoveMargin = 5.0;

std::string failure_text(const harness::PlayerFailure& failure) {
    return "engine " +
           std::string(harness::termination_code(harness::termination_for(failure.kind))) + ": " +
           failure.reason;
}

template <typename V>
class BasicPlayerEngine final : public PlayerEngine {
  public:
    BasicPlayerEngine(std::string name, std::unique_ptr<harness::BasicPlayer<V>> player,
                      bool restart_from_position)
        : name_(std::move(name)),
          player_(std::move(player)),
          restart_from_position_(restart_from_position) {}
    ~BasicPlayerEngine() override { quit(); }

    std::string name() const override { return name_; }
    rules::Variant variant() const override { return rules::variant_of<V>(); }
    void stop() override { player_->stop(); }
    void quit() override {
        if (!quit_) player_->quit();
        quit_ = true;
    }

    EngineReply think(const Board& board, const engine::SearchLimits& limits) override {
        if (quit_) throw EngineError("engine '" + name_ + "' has quit");
        const rules::BasicGameState<V>* game = typed_game<V>(board);
        if (game == nullptr)
            throw InputError("engine '" + name_ + "' plays " +
                             std::string(rules::variant_name(variant())) + " draughts, not " +
                             std::string(rules::variant_name(board.variant())));
        // A DXP engine plays one side of one game: every other position starts a game from it.
        const rules::BasicPosition<V> start =
            restart_from_position_ ? game->position() : game->start();
        const std::vector<rules::BasicMove<V>> moves =
            restart_from_position_ ? std::vector<rules::BasicMove<V>>{} : game->moves();
        const rules::Color color = game->position().side_to_move();
        if (!continues(start, moves, color)) {
            // The game the engine was in ends first (DXP: a GAMEEND, without which the engine
            // refuses the next game request).
            if (game_color_) {
                player_->game_over(harness::GameEnd{rules::GameResult::Unfinished,
                                                    harness::Termination::Aborted,
                                                    "the next position starts a new game"});
                game_color_.reset();
            }
            harness::BasicGameStart<V> setup{start, color, harness::TimeControl{}, "python"};
            if (limits.move_time) setup.time_control.move_time = limits.move_time;
            if (auto ok = player_->new_game(setup); !ok)
                throw EngineError("engine '" + name_ + "': " + ok.error().message);
            game_start_ = start;
            game_moves_.clear();
            game_color_ = color;
        }
        harness::BasicThinkRequest<V> request;
        request.start = start;
        request.moves = moves;
        request.position = game->position();
        request.reversible_from = restart_from_position_ ? 0 : game->reversible_from();
        request.limits = limits;
        if (limits.move_time) request.reply_within = *limits.move_time + kMoveMargin;
        const auto begin = std::chrono::steady_clock::now();
        harness::BasicThinkReply<V> reply = player_->think(request);
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        if (reply.failure)
            throw EngineError("engine '" + name_ + "': " + failure_text(*reply.failure));
        if (reply.claim)
            throw EngineError(
                "engine '" + name_ + "' " +
                (*reply.claim == harness::GameClaim::Resign ? "resigned" : "claimed a draw") +
                " instead of moving");
        rules::BasicMove<V> move;
        if (reply.move) {
            move = *reply.move;
        } else {
            auto parsed = rules::parse_move(game->position(), reply.move_text);
            if (!parsed)
                throw EngineError("engine '" + name_ + "' replied with " + parsed.error().message);
            move = *parsed;
        }
        rules::BasicMoveList<V> legal;
        rules::generate_moves(game->position(), legal);
        if (!legal.contains(move))
            throw EngineError("engine '" + name_ + "' played the illegal move " +
                              rules::to_hub_notation(move) + " in " + board.fen());
        game_moves_ = moves;
        game_moves_.push_back(move);
        if (restart_from_position_) game_start_ = game->position().after(move);
        EngineReply out;
        out.move = AnyMove::of(move);
        out.score = reply.score;
        out.depth = reply.depth;
        out.nodes = reply.nodes;
        out.seconds = reply.seconds;
        out.elapsed = elapsed;
        out.pv = reply.pv;
        return out;
    }

  private:
    /// True when this request goes on with the game the engine is in: same start and colour,
    /// and the moves are those of the last request, the engine's reply and one more ply.
    bool continues(const rules::BasicPosition<V>& start,
                   const std::vector<rules::BasicMove<V>>& moves, rules::Color color) const {
        if (!game_color_ || *game_color_ != color || !(start == game_start_)) return false;
        if (restart_from_position_) return false;  // a DXP game is restarted from every position
        if (moves.size() != game_moves_.size() + 1) return false;
        return std::equal(game_moves_.begin(), game_moves_.end(), moves.begin());
    }

    std::string name_;
    std::unique_ptr<harness::BasicPlayer<V>> player_;
    bool restart_from_position_;
    bool quit_ = false;
    rules::BasicPosition<V> game_start_;
    std::vector<rules::BasicMove<V>> game_moves_;
    std::optional<rules::Color> game_color_;
};

}  // namespace

std::unique_ptr<PlayerEngine> PlayerEngine::create(const std::string& entry_yaml,
                                                   rules::Variant variant) {
    YAML::Node root;
    try {
        root["engines"].push_back(YAML::Load(entry_yaml));
    } catch (const YAML::Exception& e) {
        throw InputError("engine configuration: " + std::string(e.what()));
    }
    harness::ConfigSource source("engine configuration", std::filesystem::current_path());
    harness::YamlSection section(root, "", source);
    std::vector<harness::EngineConfig> engines = harness::read_engines(section);
    if (!source.ok()) throw InputError(source.to_error().message);
    const harness::EngineConfig& config = engines.front();
    return rules::dispatch_variant(variant, [&](auto policy) -> std::unique_ptr<PlayerEngine> {
        using V = decltype(policy);
        harness::PlayerContext context;
        auto maker = harness::prepare_engine<V>(config, context);
        if (!maker) throw InputError(maker.error().message);
        std::unique_ptr<harness::BasicPlayer<V>> player = maker->make(1);
        if (auto started = player->start(); !started)
            throw EngineError("engine '" + config.name +
                              "' could not start: " + started.error().message);
        const bool dxp = harness::kind_name(config.spec) == "dxp";
        return std::make_unique<BasicPlayerEngine<V>>(config.name, std::move(player), dxp);
    });
}

}  // namespace draughts::python
