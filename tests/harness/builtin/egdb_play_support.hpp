#pragma once
// Acceptance test 3 of the endgame databases (issue 18): games from sampled database positions,
// played through the real referee by the built-in engine with the database against the engine
// without it, must keep every result the database promises under the FMJD counting rules.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/portable_random.hpp"
#include "egdb/database.hpp"
#include "egdb/judgement.hpp"
#include "egdb/slice_index.hpp"
#include "harness/builtin/in_process_player.hpp"
#include "harness/game/game_runner.hpp"
#include "rules/fen.hpp"

namespace draughts::harness {

/// What the games of one sample showed.
struct EgdbPlayTally {
    int won = 0;    ///< won positions played (the database engine to move)
    int drawn = 0;  ///< games from drawn positions (the database engine on either side)
    std::vector<std::string> failures;  ///< one line per game whose result broke the promise
};

namespace egdb_play {

/// Plays one game; `with_db` plays `db_colour`. Returns the result.
inline GameRecord play(const rules::Position& start, std::shared_ptr<const egdb::Database> db,
                       rules::Color db_colour) {
    engine::EngineOptions with;
    with.hash_mb = 1;
    with.egdb = std::move(db);
    engine::EngineOptions without;
    without.hash_mb = 1;
    InProcessPlayer strong("with-egdb", std::move(with));
    InProcessPlayer plain("without-egdb", std::move(without));
    GameSetup setup;
    setup.start = start;
    setup.set_time_control(*parse_time_control("nodes=2000"));
    SteadyTimeSource time;
    const bool white = db_colour == rules::Color::White;
    return *play_game(setup, white ? static_cast<Player&>(strong) : plain,
                      white ? static_cast<Player&>(plain) : strong, time);
}

inline std::string describe(const rules::Position& start, const GameRecord& record,
                            const char* want) {
    return rules::to_fen(start) + ": " + want + ", but " +
           std::string(to_pdn_result(record.end.result)) + " (" +
           std::string(termination_code(record.end.termination)) + ": " + record.end.text +
           ") after " + std::to_string(record.plies.size()) + " plies";
}

}  // namespace egdb_play

/// Plays `positions` random positions of each slice in `slices` (canonical names) that are legal
/// starts, won or drawn for the side to move with a fresh count: the database engine wins every
/// won one as the side to move, and plays each drawn one once with each colour without losing.
inline EgdbPlayTally play_database_sample(std::shared_ptr<const egdb::Database> db,
                                          const std::vector<std::string>& slices, int positions,
                                          std::uint64_t seed) {
    EgdbPlayTally tally;
    PortableRandom random(seed);
    for (const std::string& name : slices) {
        const egdb::SliceIndex index(*egdb::Material::parse(name));
        for (int found = 0; found < positions;) {
            const auto start = index.position(random.below(index.size()));
            if (!start || !check_start_position(*start)) continue;
            const auto judged = egdb::judge(*db, *start, rules::DrawCounters::at_start(*start));
            if (!judged || !*judged || (*judged)->outcome == egdb::Outcome::Loss) continue;
            ++found;
            const rules::Color mover = start->side_to_move();
            if ((*judged)->outcome == egdb::Outcome::Win) {
                ++tally.won;
                const GameRecord record = egdb_play::play(*start, db, mover);
                if (record.end.result != win_for(mover))
                    tally.failures.push_back(egdb_play::describe(*start, record, "won"));
                continue;
            }
            for (const rules::Color side : {mover, rules::opposite(mover)}) {
                ++tally.drawn;
                const GameRecord record = egdb_play::play(*start, db, side);
                if (record.end.result == win_for(rules::opposite(side)))
                    tally.failures.push_back(egdb_play::describe(*start, record, "drawn"));
            }
        }
    }
    return tally;
}

}  // namespace draughts::harness
