#include "harness/config/adjudication_config.hpp"

#include <cstdint>

#include "egdb/database.hpp"
#include "egdb/material.hpp"

namespace draughts::harness {

namespace {

constexpr std::int64_t kMaxMoves = 100'000;
constexpr double kMaxMen = 1000.0;

}  // namespace

void read_adjudication(YamlSection section, AdjudicationConfig& a) {
    a.max_moves = static_cast<int>(section.integer("max_moves", a.max_moves, 0, kMaxMoves));
    YamlSection draw = section.section("draw");
    a.draw_moves = static_cast<int>(draw.integer("moves", a.draw_moves, 0, kMaxMoves));
    a.draw_score = draw.men("score", a.draw_score, kMaxMen);
    a.draw_from_move = static_cast<int>(draw.integer("from_move", a.draw_from_move, 0, kMaxMoves));
    draw.finish();
    YamlSection resign = section.section("resign");
    a.resign_moves = static_cast<int>(resign.integer("moves", a.resign_moves, 0, kMaxMoves));
    a.resign_score = resign.men("score", a.resign_score, kMaxMen);
    a.resign_confirmed = resign.boolean("confirmed", a.resign_confirmed);
    if (a.resign_moves > 0 && a.resign_score == 0)
        resign.error("score", "must be above 0 when resign.moves is set");
    resign.finish();
    YamlSection egdb = section.section("egdb");
    a.egdb_path = egdb.file_path("path");
    a.egdb_pieces =
        static_cast<int>(egdb.integer("pieces", a.egdb_pieces, 0, egdb::kMaxDatabasePieces));
    if (a.egdb_pieces > 0 && a.egdb_path.empty())
        egdb.error("pieces", "needs egdb.path, the database folder");
    egdb.finish();
    section.finish();
}

void write_adjudication(YAML::Emitter& out, const AdjudicationConfig& a) {
    out << YAML::Key << "adjudication" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "max_moves" << YAML::Value << a.max_moves;
    out << YAML::Key << "draw" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "moves" << YAML::Value << a.draw_moves;
    out << YAML::Key << "score" << YAML::Value << yaml_men(a.draw_score);
    out << YAML::Key << "from_move" << YAML::Value << a.draw_from_move;
    out << YAML::EndMap;
    out << YAML::Key << "resign" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "moves" << YAML::Value << a.resign_moves;
    out << YAML::Key << "score" << YAML::Value << yaml_men(a.resign_score);
    out << YAML::Key << "confirmed" << YAML::Value << a.resign_confirmed;
    out << YAML::EndMap;
    // Absent unless set, so that configurations written before databases read back the same.
    if (!a.egdb_path.empty()) {
        out << YAML::Key << "egdb" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "path" << YAML::Value << YAML::DoubleQuoted << a.egdb_path;
        out << YAML::Key << "pieces" << YAML::Value << a.egdb_pieces;
        out << YAML::EndMap;
    }
    out << YAML::EndMap;
}

Expected<AdjudicationOptions> adjudication_options(const AdjudicationConfig& config) {
    AdjudicationOptions options;
    if (config.max_moves > 0) options.max_moves = config.max_moves;
    if (config.draw_moves > 0)
        options.score_draw =
            ScoreDrawOptions{config.draw_from_move, config.draw_moves, config.draw_score};
    if (config.resign_moves > 0)
        options.resign =
            ResignOptions{config.resign_moves, config.resign_score, config.resign_confirmed};
    if (!config.egdb_path.empty()) {
        auto db = egdb::Database::open(config.egdb_path);
        if (!db) return make_error("egdb.path: " + db.error().message);
        const int pieces = config.egdb_pieces > 0 ? config.egdb_pieces : (*db)->pieces();
        options.egdb = EgdbAdjudication{std::move(db).value(), pieces};
    }
    if (auto ok = validate(options); !ok) return ok.error();
    return options;
}

}  // namespace draughts::harness
