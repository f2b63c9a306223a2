#pragma once
// The `adjudication` section of match and datagen configurations, read and written in one place.
// Scores are written by users in men (0.5 = half a man), like every score the toolkit shows; the
// values are kept in engine units (1000 = one man), the unit of the engines' reports.

#include <yaml-cpp/yaml.h>

#include <string>

#include "config/yaml_section.hpp"
#include "harness/game/adjudication/user_adjudication.hpp"

namespace draughts::harness {

/// Optional adjudications (all off by default). Scores in engine units (read and written in men).
struct AdjudicationConfig {
    int max_moves = 0;   ///< draw after this many moves by each side; 0: off
    int draw_moves = 0;  ///< draw when both report |score| <= draw_score for this many moves each
    int draw_score = 0;
    int draw_from_move = 0;
    int resign_moves = 0;  ///< a side loses after this many moves scored <= -resign_score
    int resign_score = 0;
    bool resign_confirmed = false;  ///< the opponent must agree (score >= +resign_score)
    std::string egdb_path;  ///< endgame database folder (absolute); empty: no such adjudication
    int egdb_pieces = 0;    ///< most pieces adjudicated; 0: all the database covers completely

    friend bool operator==(const AdjudicationConfig&, const AdjudicationConfig&) = default;
};

/// Reads `max_moves`, `draw: {moves, score, from_move}` and `resign: {moves, score, confirmed}`
/// (scores in men) and `egdb: {path, pieces}` into `a`, whose values are the defaults.
void read_adjudication(YamlSection section, AdjudicationConfig& a);
/// Writes the section back (scores in men).
void write_adjudication(YAML::Emitter& out, const AdjudicationConfig& a);

/// The adjudication options of the game runner, with the endgame database opened once for every
/// game (errors name the folder), and checked by validate().
Expected<AdjudicationOptions> adjudication_options(const AdjudicationConfig& config);

}  // namespace draughts::harness
