#pragma once
// The parts of the module (module.cpp calls each once): one function per area of the API, each in
// its own file bind_*.cpp.

#include <pybind11/pybind11.h>

namespace draughts::python {

/// Color, Piece, Move, MoveList, Outcome, DrawState and Board (bind_board.cpp).
void bind_board(pybind11::module_& m);
/// PdnGame, PdnFile, read_pdn, parse_pdn, write_pdn (bind_pdn.cpp).
void bind_pdn(pybind11::module_& m);
/// Weights, SearchReport, SearchEngine (bind_engine.cpp).
void bind_engine(pybind11::module_& m);
/// EngineReply, PlayerEngine (bind_players.cpp).
void bind_players(pybind11::module_& m);
/// results_tables: a match's results folder as columns for pandas (bind_results.cpp).
void bind_results(pybind11::module_& m);
/// Dataset, Coefficients, evaluate (bind_dataset.cpp).
void bind_dataset(pybind11::module_& m);
/// run_match: a match by the code of `draughts match` (bind_match.cpp).
void bind_match(pybind11::module_& m);

}  // namespace draughts::python
