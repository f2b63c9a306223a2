#include "python/errors.hpp"

#include <Python.h>

#include <exception>
#include <fstream>
#include <system_error>

namespace draughts::python {

namespace py = pybind11;

namespace {

/// Creates exception class `name` of module `m` with the given bases and docstring.
py::object make_exception(py::module_& m, const char* name, py::tuple bases, const char* doc) {
    const std::string qualified = std::string("draughts_toolkit.") + name;
    PyObject* type =
        PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), /*dict=*/nullptr);
    if (type == nullptr) throw py::error_already_set();
    py::object out = py::reinterpret_steal<py::object>(type);
    m.attr(name) = out;
    return out;
}

/// Sets the Python error to class `name` of the core module (looked up at raise time, so that
/// the module keeps no global state).
void set_error(const char* name, const char* message) {
    const py::object type = py::module_::import("draughts_toolkit._core").attr(name);
    PyErr_SetString(type.ptr(), message);
}

}  // namespace

void register_errors(py::module_& m) {
    const py::object base = make_exception(m, "Error", py::make_tuple(py::handle(PyExc_Exception)),
                                           "Base of draughts_toolkit's errors.");
    const py::object input = make_exception(
        m, "InputError", py::make_tuple(base, py::handle(PyExc_ValueError)),
        "Input that does not read (FEN, PDN, move, variant, configuration, weights, data set); "
        "the message is the one the command line prints.");
    make_exception(m, "IllegalMoveError", py::make_tuple(input),
                   "A move that is malformed, not legal in the position, or ambiguous.");
    make_exception(m, "FileError", py::make_tuple(base, py::handle(PyExc_OSError)),
                   "A file that is missing or cannot be read or written.");
    make_exception(m, "EngineError", py::make_tuple(base, py::handle(PyExc_RuntimeError)),
                   "An engine that could not start, or failed to answer.");
    py::register_exception_translator([](std::exception_ptr thrown) {
        try {
            if (thrown) std::rethrow_exception(thrown);
        } catch (const IllegalMoveError& e) {
            set_error("IllegalMoveError", e.what());
        } catch (const InputError& e) {
            set_error("InputError", e.what());
        } catch (const FileError& e) {
            set_error("FileError", e.what());
        } catch (const EngineError& e) {
            set_error("EngineError", e.what());
        }
    });
}

void throw_load_error(const Error& error, const std::filesystem::path& path) {
    std::error_code ec;
    const bool readable = std::filesystem::is_regular_file(path, ec) && std::ifstream(path).good();
    if (!readable) throw FileError(error.message);
    throw InputError(error.message);
}

}  // namespace draughts::python
