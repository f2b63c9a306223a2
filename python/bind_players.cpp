// Engines of any kind a match can play (built-in, Hub, DXP) as Python objects: PlayerEngine, made
// from a match file's engine entry given as a dict. draughts_toolkit/engine.py wraps it in the
// play/analyse interface of chess.engine.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python/bindings.hpp"
#include "python/errors.hpp"
#include "python/player_engine.hpp"
#include "python/yaml_text.hpp"

namespace draughts::python {

namespace py = pybind11;
using namespace pybind11::literals;

void bind_players(py::module_& m) {
    py::class_<EngineReply>(m, "EngineReply", "An engine's move and what it reported with it.")
        .def_readonly("move", &EngineReply::move, "The move, checked to be legal.")
        .def_readonly("score", &EngineReply::score,
                      "Engine units (1000 = one man), side to move's point of view, or None.")
        .def_readonly("depth", &EngineReply::depth)
        .def_readonly("nodes", &EngineReply::nodes)
        .def_readonly("seconds", &EngineReply::seconds, "Time the engine says it used.")
        .def_readonly("elapsed", &EngineReply::elapsed, "Time measured here, seconds.")
        .def_readonly("pv", &EngineReply::pv, "Principal variation in the engine's notation.");

    py::class_<PlayerEngine>(m, "PlayerEngine",
                             "An engine of a match (kind builtin, hub or dxp), started as a match "
                             "starts it, playing a Board's position.")
        .def(py::init([](const py::dict& entry, const std::string& variant) {
                 const std::string yaml = yaml_text(entry);
                 const rules::Variant v = variant_or_throw(variant);
                 py::gil_scoped_release release;
                 return PlayerEngine::create(yaml, v);
             }),
             "entry"_a, "variant"_a = "international",
             "The engine of a match file's engine entry, e.g. {'name': 'x', 'kind': 'hub', "
             "'command': '/path/engine'}. Raises InputError for a bad entry and EngineError when "
             "the engine cannot start.")
        .def_property_readonly("name", &PlayerEngine::name)
        .def_property_readonly(
            "variant", [](const PlayerEngine& e) { return rules::variant_name(e.variant()); })
        .def(
            "think",
            [](PlayerEngine& e, const Board& board, std::optional<int> depth,
               std::optional<std::uint64_t> nodes, std::optional<double> time) {
                if (!depth && !nodes && !time)
                    throw InputError("a move needs a limit: depth, nodes or time");
                engine::SearchLimits limits;
                limits.depth = depth;
                limits.nodes = nodes;
                limits.move_time = time;
                py::gil_scoped_release release;
                return e.think(board, limits);
            },
            "board"_a, py::kw_only(), "depth"_a = py::none(), "nodes"_a = py::none(),
            "time"_a = py::none(),
            "The engine's move in the board's position. Raises EngineError when the engine "
            "crashes, times out or replies with an illegal or malformed move.")
        .def("stop", &PlayerEngine::stop)
        .def("quit", [](PlayerEngine& e) {
            py::gil_scoped_release release;
            e.quit();
        });
}

}  // namespace draughts::python
