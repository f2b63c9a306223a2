#pragma once
// The exceptions of draughts_toolkit. Every wrong input from Python (a bad FEN, an illegal move, an
// unknown variant, a missing file, a bad configuration) raises one of them with the message the
// command line prints for the same input: the library's Error text, never a new wording.
//
//   Error                      base of them all
//   InputError(Error, ValueError)         input that does not read (FEN, PDN, YAML, weights, ...)
//   IllegalMoveError(InputError)          a move that is malformed, not legal, or ambiguous
//   FileError(Error, OSError)             a file that is missing or cannot be read or written
//   EngineError(Error, RuntimeError)      an engine that could not start or answer
//
// The C++ side throws the exception types below; a translator registered with the module turns
// them into the Python classes, which the module creates when it loads.

#include <pybind11/pybind11.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>

#include "common/expected.hpp"

namespace draughts::python {

/// Input that does not read.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
/// A move that is malformed, not legal here, or ambiguous.
struct IllegalMoveError : InputError {
    using InputError::InputError;
};
/// A file that is missing or cannot be read or written.
struct FileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
/// An engine that could not start or answer.
struct EngineError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Creates the exception classes in `m` and registers their translator.
void register_errors(pybind11::module_& m);

/// The value, or throws InputError with the error's message.
template <typename T>
T value_or_throw(Expected<T> expected) {
    if (!expected) throw InputError(expected.error().message);
    return std::move(expected).value();
}

/// Throws the error of a loader that read `path`: FileError when the path does not exist or is
/// not a readable file (the loader's message says which), InputError when its content is wrong.
[[noreturn]] void throw_load_error(const Error& error, const std::filesystem::path& path);

/// The value of a loader that read `path`, or throws as throw_load_error.
template <typename T>
T loaded_or_throw(Expected<T> expected, const std::filesystem::path& path) {
    if (!expected) throw_load_error(expected.error(), path);
    return std::move(expected).value();
}

}  // namespace draughts::python
