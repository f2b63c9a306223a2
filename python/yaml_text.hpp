#pragma once
// Python values (dicts, lists, strings, numbers, booleans, None, paths) as YAML text, so that a
// configuration given as a dict goes through the same reader, defaults and checks as a file:
// errors name the key the same way (and the line of this text).

#include <pybind11/pybind11.h>

#include <string>

namespace draughts::python {

/// `value` as block-style YAML; TypeError for a value YAML cannot hold.
std::string yaml_text(const pybind11::handle& value);

}  // namespace draughts::python
