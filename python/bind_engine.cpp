// The built-in engine and its weights in Python: SearchEngine (the search with its limits, score,
// principal variation and statistics) and Weights (weight files in and out, the parameter
// layout, the values as a numpy array). draughts_toolkit/engine.py wraps SearchEngine in the
// play/analyse interface that Hub and DXP engines share.

#include <Python.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "python/bindings.hpp"
#include "python/errors.hpp"
#include "python/search_engine.hpp"
#include "python/weights.hpp"

namespace draughts::python {

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

engine::SearchLimits limits_of(std::optional<int> depth, std::optional<std::uint64_t> nodes,
                               std::optional<double> time, std::optional<double> time_left,
                               double increment, int moves_to_go) {
    if (depth && *depth < 1) throw InputError("depth must be at least 1");
    if (time && !(*time > 0)) throw InputError("time must be a positive number of seconds");
    if (time_left && !(*time_left >= 0)) throw InputError("time_left must not be negative");
    if (!depth && !nodes && !time && !time_left)
        throw InputError("a search needs a limit: depth, nodes, time or time_left");
    engine::SearchLimits limits;
    limits.depth = depth;
    limits.nodes = nodes;
    limits.move_time = time;
    limits.time_left = time_left;
    limits.increment = increment;
    limits.moves_to_go = moves_to_go;
    return limits;
}

/// The search, with Python's lock released; `on_info` (a Python callable or None) is called
/// under the lock after each iteration. Ctrl-C, or an exception raised by `on_info`, stops the
/// search and is raised when it returns.
SearchReport search(SearchEngine& engine, const Board& board, const engine::SearchLimits& limits,
                    const py::object& on_info) {
    std::optional<py::error_already_set> raised;
    const ReportCallback report = [&](const SearchReport& progress) {
        py::gil_scoped_acquire acquire;
        if (raised) return;
        try {
            if (PyErr_CheckSignals() != 0) throw py::error_already_set();
            if (!on_info.is_none()) on_info(progress);
        } catch (py::error_already_set& e) {
            raised = std::move(e);
            engine.stop();
        }
    };
    SearchReport out;
    {
        py::gil_scoped_release release;
        out = engine.search(board, limits, report);
    }
    if (raised) throw std::move(*raised);
    return out;
}

void bind_weights(py::module_& m) {
    py::class_<Weights>(m, "Weights",
                        "Evaluation weights of a variant in engine units (1000 = one man): the "
                        "flat parameter layout of the engine and the tuner.")
        .def_static(
            "builtin", [](const std::string& v) { return Weights::builtin(variant_or_throw(v)); },
            "variant"_a = "international", "What the engine plays when given none.")
        .def_static(
            "defaults", [](const std::string& v) { return Weights::defaults(variant_or_throw(v)); },
            "variant"_a = "international", "The hand-set defaults.")
        .def_static(
            "zero", [](const std::string& v) { return Weights::zero(variant_or_throw(v)); },
            "variant"_a = "international")
        .def_static(
            "material_only",
            [](const std::string& v) { return Weights::material_only(variant_or_throw(v)); },
            "variant"_a = "international", "Piece values only.")
        .def_static(
            "load",
            [](const std::filesystem::path& path, const std::string& v) {
                return Weights::load(path, variant_or_throw(v));
            },
            "path"_a, "variant"_a = "international",
            "Reads a weight file. Raises FileError (missing or unreadable) or InputError (the "
            "file, line and key that are wrong).")
        .def_static(
            "parse",
            [](const std::string& text, const std::string& source, const std::string& v) {
                return Weights::parse(text, source, variant_or_throw(v));
            },
            "text"_a, "source"_a = "<string>", "variant"_a = "international")
        .def_static(
            "from_values",
            [](const std::vector<int>& values, const std::string& v) {
                Weights w = Weights::zero(variant_or_throw(v));
                if (values.size() != w.size())
                    throw InputError(std::to_string(values.size()) + " values given, the " + v +
                                     " layout has " + std::to_string(w.size()));
                for (std::size_t i = 0; i < values.size(); ++i) w.set(i, values[i]);
                return w;
            },
            "values"_a, "variant"_a = "international",
            "Weights from a sequence of integers in layout order.")
        .def_property_readonly("variant",
                               [](const Weights& w) { return rules::variant_name(w.variant()); })
        .def("__len__", &Weights::size)
        .def("name", &Weights::name, "index"_a, "The parameter's name: man.mg, pattern_band0[12].")
        .def("names",
             [](const Weights& w) {
                 std::vector<std::string> names;
                 for (std::size_t i = 0; i < w.size(); ++i) names.push_back(w.name(i));
                 return names;
             })
        .def("index", &Weights::index_of, "name"_a)
        .def("__getitem__",
             [](const Weights& w, py::object key) {
                 if (py::isinstance<py::str>(key))
                     return w.get(w.index_of(key.cast<std::string>()));
                 return w.get(key.cast<std::size_t>());
             })
        .def("__setitem__",
             [](Weights& w, py::object key, int value) {
                 w.set(py::isinstance<py::str>(key) ? w.index_of(key.cast<std::string>())
                                                    : key.cast<std::size_t>(),
                       value);
             })
        .def(
            "values",
            [](const Weights& w) {
                const auto& values = w.values();
                return py::array_t<std::int32_t>(static_cast<py::ssize_t>(values.size()),
                                                 values.data());
            },
            "The values in layout order, as a numpy int32 array (a copy).")
        .def("to_list", [](const Weights& w) { return w.values(); })
        .def_property_readonly("layout_hash", &Weights::layout_hash,
                               "Hash of the parameter names: equal hashes, equal layouts.")
        .def("format", &Weights::format, "comment"_a = "", "The weight-file text.")
        .def("save", &Weights::save, "path"_a, "comment"_a = "",
             "Writes a weight file (replacing it); load() reads it back equal.")
        .def("__eq__",
             [](const Weights& a, py::object b) {
                 return py::isinstance<Weights>(b) && a == b.cast<const Weights&>();
             })
        .def("__repr__", [](const Weights& w) {
            return "<Weights " + std::string(rules::variant_name(w.variant())) + ", " +
                   std::to_string(w.size()) + " parameters>";
        });
}

void bind_search_engine(py::module_& m) {
    py::class_<SearchReport>(m, "SearchReport",
                             "A search's result, or its progress after an iteration.")
        .def_readonly("best_move", &SearchReport::best_move, "None when there is no legal move.")
        .def_readonly("ponder_move", &SearchReport::ponder_move)
        .def_readonly("score", &SearchReport::score,
                      "Engine units (1000 = one man), side to move's point of view.")
        .def_readonly("depth", &SearchReport::depth, "Last completed iteration.")
        .def_readonly("selective_depth", &SearchReport::selective_depth)
        .def_readonly("nodes", &SearchReport::nodes)
        .def_readonly("seconds", &SearchReport::seconds)
        .def_readonly("pv", &SearchReport::pv, "Principal variation from the root.")
        .def("__repr__", [](const SearchReport& r) {
            return "<SearchReport " + (r.best_move ? r.best_move->short_notation() : "none") +
                   " score " + std::to_string(r.score) + " depth " + std::to_string(r.depth) +
                   " nodes " + std::to_string(r.nodes) + ">";
        });
    m.attr("SCORE_PER_MAN") = engine::kScorePerMan;
    m.attr("WIN_SCORE") = engine::kWinScore;
    m.attr("WIN_THRESHOLD") = engine::kWinThreshold;

    py::class_<SearchEngine>(m, "SearchEngine",
                             "The built-in engine: alpha-beta search with its own hash table "
                             "and weights (many engines may live side by side).")
        .def(py::init([](const std::string& variant, std::size_t hash_mb,
                         const std::optional<Weights>& weights) {
                 return std::make_unique<SearchEngine>(variant_or_throw(variant), hash_mb, weights);
             }),
             "variant"_a = "international", "hash_mb"_a = 16, "weights"_a = py::none())
        .def_property_readonly(
            "variant", [](const SearchEngine& e) { return rules::variant_name(e.variant()); })
        .def(
            "search",
            [](SearchEngine& e, const Board& board, std::optional<int> depth,
               std::optional<std::uint64_t> nodes, std::optional<double> time,
               std::optional<double> time_left, double increment, int moves_to_go,
               const py::object& on_info) {
                return search(e, board,
                              limits_of(depth, nodes, time, time_left, increment, moves_to_go),
                              on_info);
            },
            "board"_a, py::kw_only(), "depth"_a = py::none(), "nodes"_a = py::none(),
            "time"_a = py::none(), "time_left"_a = py::none(), "increment"_a = 0.0,
            "moves_to_go"_a = 0, "on_info"_a = py::none(),
            "Searches the board's position (with the game's history, for repetitions and the "
            "draw rules) until the first limit: depth (plies), nodes, time (seconds for this "
            "move), or a clock (time_left, increment, moves_to_go) for the time manager. "
            "on_info(report) is called after each iteration. Depth- and node-limited searches "
            "are deterministic after new_game().")
        .def("stop", &SearchEngine::stop, "Ends a running search soon (from another thread).")
        .def("new_game", &SearchEngine::new_game, "Forgets what earlier searches learned.")
        .def_property("weights", &SearchEngine::weights, &SearchEngine::set_weights)
        .def("set_hash_size", &SearchEngine::set_hash_size, "megabytes"_a);
}

}  // namespace

void bind_engine(py::module_& m) {
    bind_weights(m);
    bind_search_engine(m);
}

}  // namespace draughts::python
