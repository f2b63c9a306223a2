// The compiled core of the Python package draughts_toolkit (docs/python.md). The package's
// __init__.py re-exports it; the type stubs are draughts_toolkit/_core.pyi.

#include <pybind11/pybind11.h>

#include "python/bindings.hpp"
#include "python/errors.hpp"

PYBIND11_MODULE(_core, m) {
    m.doc() =
        "The rules core, engine, matches and data sets of the draughts toolkit, in Python. "
        "See docs/python.md.";
    draughts::python::register_errors(m);
    draughts::python::bind_board(m);
    draughts::python::bind_pdn(m);
    draughts::python::bind_engine(m);
    draughts::python::bind_players(m);
    draughts::python::bind_results(m);
    draughts::python::bind_dataset(m);
    draughts::python::bind_match(m);
}
