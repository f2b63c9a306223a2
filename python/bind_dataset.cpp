// Data sets and their coefficient matrix in Python: the samples of a tuning data set, and the
// rows the Texel tuner fits as numpy arrays (scipy.sparse.csr_matrix built on them by
// draughts_toolkit.data), so that a researcher fits their own model to the toolkit's features.
// The row offsets, results and phases are views of the tuner's store (the Coefficients object is
// their base: no copy, read-only); the packed entries are unpacked once into indices and values.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <optional>
#include <string>

#include "engine/builtin_weights.hpp"
#include "engine/evaluate.hpp"
#include "python/bindings.hpp"
#include "python/dataset.hpp"
#include "python/errors.hpp"
#include "python/typed_board.hpp"

namespace draughts::python {

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

/// A read-only numpy view of `count` values at `data`, kept alive by `owner`.
template <typename T>
py::array_t<T> view_of(const T* data, std::size_t count, const py::object& owner) {
    py::array_t<T> array(static_cast<py::ssize_t>(count), data, owner);
    array.attr("setflags")("write"_a = false);
    return array;
}

/// A numpy array that takes over `values` (moved into a capsule that frees them).
template <typename T>
py::array_t<T> array_of(std::vector<T> values) {
    auto* held = new std::vector<T>(std::move(values));
    py::capsule owner(held, [](void* p) { delete static_cast<std::vector<T>*>(p); });
    return py::array_t<T>(static_cast<py::ssize_t>(held->size()), held->data(), owner);
}

/// The engine's static evaluation of the board's position (side to move's view, clamped).
int evaluate_board(const Board& board, const std::optional<Weights>& weights) {
    if (weights && weights->variant() != board.variant())
        throw InputError("weights of " + std::string(rules::variant_name(weights->variant())) +
                         " draughts for a board of " +
                         std::string(rules::variant_name(board.variant())) + " draughts");
    return rules::dispatch_variant(board.variant(), [&](auto policy) {
        using V = decltype(policy);
        const auto& position = typed_game<V>(board)->position();
        return engine::evaluate(position,
                                weights ? weights->typed<V>() : engine::builtin_weights<V>());
    });
}

void bind_coefficients(py::module_& m) {
    py::class_<Coefficients>(m, "Coefficients",
                             "The sparse rows the Texel tuner fits, in compressed-row form: row "
                             "i's entries are indices[indptr[i]:indptr[i+1]] and the same slice "
                             "of values; values @ weights is White's linear evaluation of the "
                             "row's quiet leaf (engine units, before truncation).")
        .def_property_readonly("variant",
                               [](const Coefficients& c) { return rules::variant_name(c.variant); })
        .def_property_readonly(
            "shape",
            [](const Coefficients& c) {
                return py::make_tuple(c.store.size(), c.store.parameter_count());
            },
            "(rows, parameters).")
        .def("__len__", [](const Coefficients& c) { return c.store.size(); })
        .def_property_readonly(
            "indptr",
            [](py::object self) {
                const auto& c = self.cast<const Coefficients&>();
                return view_of(c.store.offsets(), c.store.size() + 1, self);
            },
            "Row offsets (uint64, a view of the tuner's store).")
        .def_property_readonly(
            "indices", [](const Coefficients& c) { return array_of(c.indices()); },
            "Parameter index of each entry (int32).")
        .def_property_readonly(
            "values", [](const Coefficients& c) { return array_of(c.values()); },
            "Coefficient of each entry (float64): the trace value / kPhaseScale, exact.")
        .def_property_readonly(
            "outcomes",
            [](py::object self) {
                const auto& c = self.cast<const Coefficients&>();
                return view_of(c.store.results(), c.store.size(), self);
            },
            "White's result of each row in half points, 0, 1 or 2 (uint8, a view).")
        .def_property_readonly(
            "results",
            [](const Coefficients& c) {
                std::vector<double> out(c.store.size());
                for (std::size_t i = 0; i < out.size(); ++i)
                    out[i] = tuner::outcome_score(c.store.result(i));
                return array_of(std::move(out));
            },
            "White's score of each row: 0, 0.5 or 1 (float64).")
        .def_property_readonly(
            "phases",
            [](const Coefficients& c) {
                std::vector<std::int32_t> out(c.store.size());
                for (std::size_t i = 0; i < out.size(); ++i) out[i] = c.store.phase(i);
                return array_of(std::move(out));
            },
            "Game phase of each leaf, 0 (endgame) to 32.")
        .def_readonly("leaves", &Coefficients::leaves, "The quiet leaf of each row, as FEN.")
        .def_property_readonly(
            "samples", [](const Coefficients& c) { return array_of(c.kept); },
            "The data set's sample each row comes from (int64).")
        .def_readonly("game_over", &Coefficients::game_over,
                      "Samples dropped because their leaf has no legal move.")
        .def_readonly("too_deep", &Coefficients::too_deep,
                      "Samples dropped because a capture was still pending at the depth bound.");
}

void bind_dataset_class(py::module_& m) {
    py::class_<Dataset>(m, "Dataset",
                        "A tuning data set (`draughts datagen` output, text or binary form): "
                        "positions with their game's result, read by the tuner's own reader.")
        .def_static(
            "load",
            [](const std::filesystem::path& path, const std::optional<std::string>& variant) {
                return Dataset::load(
                    path, variant ? std::optional(variant_or_throw(*variant)) : std::nullopt);
            },
            "path"_a, "variant"_a = py::none(),
            "Reads a data set file. Raises FileError, or InputError naming the line.")
        .def_property_readonly("variant",
                               [](const Dataset& d) { return rules::variant_name(d.variant()); })
        .def("__len__", &Dataset::size)
        .def(
            "fen",
            [](const Dataset& d, std::size_t i) {
                if (i >= d.size()) throw py::index_error("sample index out of range");
                return d.fen(i);
            },
            "index"_a, "The position of sample `index`, as FEN.")
        .def_property_readonly(
            "results", [](const Dataset& d) { return array_of(d.results()); },
            "White's score of each sample: 0, 0.5 or 1 (float64).")
        .def_property_readonly("plies", &Dataset::plies, "The ply of each sample, or None.")
        .def_property_readonly("scores", &Dataset::scores,
                               "The search score of each sample (White's side), or None.")
        .def(
            "coefficients",
            [](const Dataset& d, const std::optional<Weights>& weights) {
                py::gil_scoped_release release;
                return d.coefficients(weights);
            },
            "quiet_weights"_a = py::none(),
            "The rows `draughts tune` fits: each sample's quiet leaf (the capture search under "
            "`quiet_weights`, by default the built-in weights), traced by the engine's "
            "evaluation. A binary file's stored coefficients are used when no weights are "
            "given.");
    m.def("evaluate", &evaluate_board, "board"_a, "weights"_a = py::none(),
          "The engine's static evaluation of a quiet position, from the side to move's point of "
          "view (engine units), under `weights` (default: the built-in ones).");
}

}  // namespace

void bind_dataset(py::module_& m) {
    bind_coefficients(m);
    bind_dataset_class(m);
}

}  // namespace draughts::python
