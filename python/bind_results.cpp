// A match's results folder in Python, as columns for pandas (draughts_toolkit/results.py): one
// table of games and one of moves. The folder is read by its own reader (records/results_folder:
// only complete pairs, a torn end after a crash left out), every line is checked by the schema's
// reader (records/game_line: parse_game_line), and the columns are named by the schema's keys
// (line_key, side_key, move_key), so that Python reads the same fields the C++ writes.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "python/bindings.hpp"
#include "python/errors.hpp"
#include "records/game_line.hpp"
#include "records/results_folder.hpp"

namespace draughts::python {

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

namespace key = harness::line_key;

/// The keys of a line copied as they are into the games table, in the schema's order.
constexpr const char* kGameKeys[] = {key::kPair,
                                     key::kPairGame,
                                     key::kGame,
                                     key::kRound,
                                     key::kOpeningIndex,
                                     key::kEvent,
                                     key::kOpening,
                                     key::kWhite,
                                     key::kBlack,
                                     key::kStartFen,
                                     key::kTimeControlWhite,
                                     key::kTimeControlBlack,
                                     key::kResult,
                                     key::kTermination,
                                     key::kCategory,
                                     key::kTerminationText,
                                     key::kPlies};

/// The keys of a move's object copied into the moves table.
constexpr const char* kMoveKeys[] = {harness::move_key::kMove,  harness::move_key::kTime,
                                     harness::move_key::kClock, harness::move_key::kScore,
                                     harness::move_key::kWinIn, harness::move_key::kDepth,
                                     harness::move_key::kNodes};

/// The keys of white_stats and black_stats, as columns white_<key> and black_<key>.
constexpr const char* kSideKeys[] = {harness::side_key::kMoves, harness::side_key::kTime,
                                     harness::side_key::kNodes};

/// A JSON value as a Python object (null and a missing key: None).
py::object to_python(const Json* value) {
    if (value == nullptr || value->is_null()) return py::none();
    if (value->is_boolean()) return py::bool_(value->get<bool>());
    if (value->is_number_unsigned()) return py::int_(value->get<std::uint64_t>());
    if (value->is_number_integer()) return py::int_(value->get<std::int64_t>());
    if (value->is_number_float()) return py::float_(value->get<double>());
    if (value->is_string()) return py::str(value->get<std::string>());
    return py::module_::import("json").attr("loads")(dump_json(*value));
}

const Json* member(const Json& object, const char* name) {
    if (!object.is_object()) return nullptr;
    const auto found = object.find(name);
    return found == object.end() ? nullptr : &*found;
}

/// Columns: a list per name, filled a row at a time.
class Columns {
  public:
    void add(const std::string& name, py::object value) {
        if (!table_.contains(name)) {
            py::list column;
            for (std::size_t i = 0; i < rows_; ++i) column.append(py::none());
            table_[py::str(name)] = column;
        }
        table_[py::str(name)].cast<py::list>().append(std::move(value));
    }
    /// Ends a row: columns the row had no value for get None.
    void end_row() {
        ++rows_;
        for (auto item : table_) {
            py::list column = item.second.cast<py::list>();
            while (py::len(column) < rows_) column.append(py::none());
        }
    }
    py::dict table() const { return table_; }

  private:
    py::dict table_;
    std::size_t rows_ = 0;
};

/// White's points: 1, 0.5 or 0; None for an unfinished game.
py::object white_points(harness::GameResult result) {
    switch (result) {
        case harness::GameResult::WhiteWin:
            return py::float_(1.0);
        case harness::GameResult::Draw:
            return py::float_(0.5);
        case harness::GameResult::BlackWin:
            return py::float_(0.0);
        case harness::GameResult::Unfinished:
            break;
    }
    return py::none();
}

/// The tables of a results folder: {"games": {column: [values]}, "moves": {...}}.
py::dict results_tables(const std::filesystem::path& folder) {
    // The reader takes a folder without games.jsonl for a run with no games yet; here, as for
    // `draughts report`, it is no results folder.
    std::error_code exists_error;
    if (!std::filesystem::exists(folder / harness::kJsonlFile, exists_error))
        throw FileError(folder.string() + ": not a results folder (no " + harness::kJsonlFile +
                        ")");
    std::optional<Expected<harness::StoredRun>> stored;
    {
        py::gil_scoped_release release;
        stored.emplace(harness::read_results(folder));
    }
    if (!*stored) throw InputError((*stored).error().message);
    Columns games;
    Columns moves;
    std::size_t line_number = 0;
    const std::string jsonl = (folder / harness::kJsonlFile).string();
    for (const auto& pair : (*stored)->pairs) {
        for (const harness::StoredGame& stored_game : pair) {
            ++line_number;
            const Json& line = stored_game.line;
            const std::string where = jsonl + ":" + std::to_string(line_number);
            const harness::GameLine game = value_or_throw(harness::parse_game_line(line, where));
            for (const char* name : kGameKeys) games.add(name, to_python(member(line, name)));
            games.add(key::kVariant, py::str(game.variant));
            games.add("white_score", white_points(game.result));
            for (const auto& [side, prefix] :
                 {std::pair{key::kWhiteStats, "white_"}, std::pair{key::kBlackStats, "black_"}}) {
                const Json* stats = member(line, side);
                for (const char* name : kSideKeys)
                    games.add(std::string(prefix) + name,
                              to_python(stats ? member(*stats, name) : nullptr));
            }
            games.add("pdn", py::str(stored_game.pdn));
            games.end_row();

            const Json* line_moves = member(line, key::kMoves);
            // A FEN starts with the side to move.
            const bool white_first = game.start_fen.empty() || game.start_fen.front() == 'W';
            std::size_t ply = 0;
            for (const Json& move : line_moves ? *line_moves : Json::array()) {
                ++ply;
                const bool white = (ply % 2 == 1) == white_first;
                moves.add(key::kGame, to_python(member(line, key::kGame)));
                moves.add("ply", py::int_(ply));
                moves.add("color", py::str(white ? "white" : "black"));
                moves.add("player", py::str(white ? game.white : game.black));
                for (const char* name : kMoveKeys) moves.add(name, to_python(member(move, name)));
                moves.end_row();
            }
        }
    }
    return py::dict("games"_a = games.table(), "moves"_a = moves.table());
}

}  // namespace

void bind_results(py::module_& m) {
    m.def("results_tables", &results_tables, "folder"_a,
          "The games and moves of a match's results folder as columns (dicts of lists named by "
          "the keys of games.jsonl), for pandas.DataFrame: draughts_toolkit.results.games() and "
          ".moves() build the tables. Only complete pairs count, as for `draughts match "
          "--resume`. Raises FileError for a missing folder, InputError for a damaged one (the "
          "message names the file and line).");
}

}  // namespace draughts::python
