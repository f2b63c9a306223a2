#include "harness/game/game_runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "common/text.hpp"
#include "harness/game/adjudication/adjudicator.hpp"
#include "harness/game/clock.hpp"
#include "rules/draw_claim.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

using rules::Color;

/// Longest reply text quoted in a game record; longer garbage is cut.
constexpr std::size_t kMaxQuotedReply = 60;
/// Longest text that can possibly be a move (a 20-piece capture in long form is ~62 characters).
constexpr std::size_t kMaxMoveText = 200;

std::size_t side_index(Color c) { return static_cast<std::size_t>(rules::index_of(c)); }

/// A measured time, to the millisecond: "0.412 s".
std::string measured_seconds(double s) { return fmt::format("{:.3f} s", s); }

/// The reply text as it may appear in a message: printable, and not too long.
std::string quote(std::string_view text) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size() && i < kMaxQuotedReply; ++i)
        out += (text[i] >= 0x20 && text[i] < 0x7f) ? text[i] : '?';
    if (text.size() > kMaxQuotedReply) out += "...";
    return out + "\"";
}

/// The legal move a reply names, or the forfeit it causes.
template <typename V>
Expected<rules::BasicMove<V>> resolve_move(const rules::BasicPosition<V>& position,
                                           const BasicThinkReply<V>& reply, Termination& forfeit) {
    if (reply.move) {
        rules::BasicMoveList<V> legal;
        rules::generate_moves(position, legal);
        if (legal.contains(*reply.move)) return *reply.move;
        forfeit = Termination::IllegalMove;
        return make_error("played " + rules::to_long_notation(position, *reply.move) +
                          ", which is not a legal move in " + rules::to_fen(position));
    }
    const std::string_view text = trim(reply.move_text);
    if (text.empty()) {
        forfeit = Termination::NoMove;
        return make_error("replied without a move");
    }
    if (text.size() > kMaxMoveText) {
        forfeit = Termination::MalformedReply;
        return make_error("replied " + quote(text) + ", which is not a move");
    }
    auto move = rules::parse_move(position, text);
    if (move) return move;
    // parse_move says "... ambiguous ..." or "... not a legal move" for well-formed texts;
    // anything else is a syntax error in the text itself.
    const std::string& message = move.error().message;
    if (message.find(": ambiguous") != std::string::npos) {
        forfeit = Termination::AmbiguousMove;
    } else if (message.ends_with(": not a legal move")) {
        forfeit = Termination::IllegalMove;
    } else {
        forfeit = Termination::MalformedReply;
    }
    return make_error("replied " + quote(text) + ": " + message);
}

/// One game in progress: the game as the rules follow it, both clocks, the adjudicator and the
/// record.
template <typename V>
class Referee {
  public:
    using Position = rules::BasicPosition<V>;
    using Move = rules::BasicMove<V>;
    using Player = BasicPlayer<V>;

    Referee(const BasicGameSetup<V>& setup, Player& white, Player& black, const TimeSource& time,
            std::stop_token stop)
        : setup_(setup),
          players_{&white, &black},
          time_(time),
          stop_(std::move(stop)),
          clocks_{SideClock(setup.time_controls[0], setup.time_margin, setup.move_caps[0],
                            setup.latency[0]),
                  SideClock(setup.time_controls[1], setup.time_margin, setup.move_caps[1],
                            setup.latency[1])},
          adjudicator_(setup.adjudication),
          game_(setup.start) {
        record_.info = setup.info;
        record_.white = white.name();
        record_.black = black.name();
        record_.start = setup.start;
        record_.time_controls = setup.time_controls;
        adjudicator_.reset(setup.start);
    }

    BasicGameRecord<V> run() {
        std::optional<GameEnd> end = start_players();
        if (!end) end = adjudicator_.at_start(game_);
        while (!end) end = play_ply();
        record_.end = std::move(*end);
        record_.egdb_value = adjudicator_.egdb_value();
        record_.egdb_probe_errors = adjudicator_.egdb_probe_errors();
        record_.egdb_probe_error = adjudicator_.egdb_probe_error();
        for (Player* p : players_) p->game_over(record_.end);
        return std::move(record_);
    }

  private:
    Player& player(Color c) { return *players_[side_index(c)]; }
    SideClock& clock(Color c) { return clocks_[side_index(c)]; }

    std::optional<GameEnd> start_players() {
        std::array<std::optional<std::string>, 2> failures;
        for (Color c : {Color::White, Color::Black}) {
            const BasicGameStart<V> start{setup_.start, c, setup_.time_controls[side_index(c)],
                                          player(rules::opposite(c)).name()};
            if (auto ok = player(c).new_game(start); !ok) {
                failures[side_index(c)] = ok.error().message;
                record_.not_started[side_index(c)] = true;
            }
        }
        if (failures[0] && failures[1])
            return GameEnd{
                GameResult::Unfinished, Termination::Aborted,
                "neither player could start the game: " + *failures[0] + "; " + *failures[1]};
        for (Color c : {Color::White, Color::Black})
            if (const auto& f = failures[side_index(c)])
                return GameEnd{win_for(rules::opposite(c)), Termination::Crash,
                               std::string(color_name(c)) + " could not start the game: " + *f};
        return std::nullopt;
    }

    BasicThinkRequest<V> make_request(Color side) {
        BasicThinkRequest<V> request;
        request.start = setup_.start;
        request.moves = game_.moves();
        request.position = game_.position();
        request.reversible_from = game_.reversible_from();
        request.limits = clock(side).limits();
        request.opponent_time_left = clock(rules::opposite(side)).time_left();
        request.reply_within = clock(side).allowance();
        return request;
    }

    GameEnd aborted() const {
        return GameEnd{GameResult::Unfinished, Termination::Aborted, "game aborted"};
    }

    GameEnd forfeit(Color side, Termination termination, const std::string& what) const {
        return GameEnd{win_for(rules::opposite(side)), termination,
                       std::string(color_name(side)) + " " + what};
    }

    /// The forfeit of a move that took `elapsed` seconds of the `allowed`: on time under a clock
    /// or a move time, or over the move cap under node and depth limits. What the player said
    /// about its failure (e.g. the lines it sent instead of a move) is kept.
    GameEnd late(Color side, double elapsed, double allowed, const BasicThinkReply<V>& reply) {
        std::string what;
        if (clock(side).capped()) {
            what = "exceeded the move cap: no move within " + measured_seconds(allowed) +
                   " under " + to_string(clock(side).time_control()) +
                   " (the match's `move_cap` sets how long such a move may take)";
        } else {
            // How far over it went, so that a margin can be chosen from what time losses overran.
            what = "lost on time: the move took " + measured_seconds(elapsed) + " of " +
                   measured_seconds(allowed) + " allowed (" + measured_seconds(elapsed - allowed) +
                   " over)";
        }
        if (reply.failure) what += "; " + reply.failure->reason;
        return forfeit(side, Termination::TimeForfeit, what);
    }

    /// The end of a game that the side to move ended on its turn instead of moving.
    GameEnd claimed(Color side, GameClaim claim) const {
        const std::string who(color_name(side));
        if (claim == GameClaim::Resign)
            return GameEnd{win_for(rules::opposite(side)), Termination::Resignation,
                           who + " resigned [FMJD 7.2.1]"};
        if (const auto draw = rules::claimable_draw(game_)) {
            return GameEnd{GameResult::Draw, Termination::DrawClaim,
                           who + " claimed a draw, which " +
                               rules::to_pdn_notation(game_.position(), draw->move) +
                               " would give: " + draw->verdict.text};
        }
        // Stopping play without a rule to stand on is refusing to play on [FMJD 7.2.4].
        return forfeit(side, Termination::InvalidDrawClaim,
                       "claimed a draw, but none of its moves ends the game in a rule draw");
    }

    std::optional<GameEnd> play_ply() {
        if (stop_.stop_requested()) return aborted();
        const Color side = game_.position().side_to_move();
        Player& mover = player(side);
        const BasicThinkRequest<V> request = make_request(side);
        const double started = time_.now();
        BasicThinkReply<V> reply;
        {
            std::stop_callback interrupt(stop_, [&mover] { mover.stop(); });
            reply = mover.think(request);
        }
        const double elapsed = std::max(0.0, time_.now() - started);
        if (stop_.stop_requested()) return aborted();
        SideStats& stats = record_.stats[side_index(side)];
        stats.nodes += reply.nodes.value_or(0);
        const double allowed = clock(side).allowance();
        const bool in_time = clock(side).charge(elapsed);
        stats.time_used = clock(side).time_used();
        if (!in_time) return late(side, elapsed, allowed, reply);
        if (reply.failure)
            return forfeit(side, termination_for(reply.failure->kind),
                           "failed to move: " + reply.failure->reason);
        if (reply.claim) return claimed(side, *reply.claim);
        Termination termination = Termination::MalformedReply;
        const auto move = resolve_move(game_.position(), reply, termination);
        if (!move) return forfeit(side, termination, move.error().message);
        ++stats.moves;
        return apply(*move, reply, elapsed, clock(side).time_left());
    }

    std::optional<GameEnd> apply(const Move& move, const BasicThinkReply<V>& reply, double elapsed,
                                 std::optional<double> clock_left) {
        BasicPlyRecord<V> ply;
        ply.move = move;
        ply.notation = rules::to_pdn_notation(game_.position(), move);
        ply.seconds = elapsed;
        ply.clock_left = clock_left;
        ply.score = reply.score;
        ply.depth = reply.depth;
        ply.nodes = reply.nodes;
        ply.reported_seconds = reply.seconds;
        ply.pv = reply.pv;
        record_.plies.push_back(std::move(ply));

        const Position before = game_.position();
        game_.play(move);
        const BasicPlyEvent<V> event{before, move, game_.position(), game_.ply(), reply.score};
        return adjudicator_.after_ply(game_, event);
    }

    const BasicGameSetup<V>& setup_;
    std::array<Player*, 2> players_;
    const TimeSource& time_;
    std::stop_token stop_;
    std::array<SideClock, 2> clocks_;
    BasicAdjudicator<V> adjudicator_;
    rules::BasicGameState<V> game_;
    BasicGameRecord<V> record_;
};

}  // namespace

template <typename V>
Expected<rules::BasicPosition<V>> parse_start_position(std::string_view fen) {
    auto position = rules::parse_fen<V>(fen);
    if (!position)
        return make_error("start position \"" + std::string(fen) +
                          "\": " + position.error().message);
    if (auto ok = check_start_position(*position); !ok) return ok.error();
    return position;
}

template <typename V>
Expected<BasicGameRecord<V>> play_game(const BasicGameSetup<V>& setup, BasicPlayer<V>& white,
                                       BasicPlayer<V>& black, const TimeSource& time,
                                       std::stop_token stop) {
    if (auto ok = check_start_position(setup.start); !ok) return ok.error();
    if (auto ok = validate(setup.adjudication); !ok)
        return make_error("adjudication options: " + ok.error().message);
    if (setup.time_margin < 0.0) return make_error("time margin must not be negative");
    if (setup.latency[0] < 0.0 || setup.latency[1] < 0.0)
        return make_error("latency compensation must not be negative");
    return Referee<V>(setup, white, black, time, std::move(stop)).run();
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_GAME_RUNNER(V)                                                   \
    template Expected<rules::BasicPosition<rules::V>> parse_start_position(std::string_view); \
    template Expected<BasicGameRecord<rules::V>> play_game(                                   \
        const BasicGameSetup<rules::V>&, BasicPlayer<rules::V>&, BasicPlayer<rules::V>&,      \
        const TimeSource&, std::stop_token);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_GAME_RUNNER)
#undef DRAUGHTS_INSTANTIATE_GAME_RUNNER

}  // namespace draughts::harness
