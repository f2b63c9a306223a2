#include "python/yaml_text.hpp"

#include <yaml-cpp/yaml.h>

#include "config/yaml_section.hpp"

namespace draughts::python {

namespace py = pybind11;

namespace {

void emit(YAML::Emitter& out, const py::handle& value) {
    if (value.is_none()) {
        out << YAML::Null;
    } else if (py::isinstance<py::bool_>(value)) {
        out << value.cast<bool>();
    } else if (py::isinstance<py::int_>(value)) {
        out << py::str(value).cast<std::string>();
    } else if (py::isinstance<py::float_>(value)) {
        out << harness::yaml_number(value.cast<double>());
    } else if (py::isinstance<py::str>(value)) {
        out << YAML::DoubleQuoted << value.cast<std::string>();
    } else if (py::isinstance<py::dict>(value)) {
        out << YAML::BeginMap;
        for (const auto& [key, item] : value.cast<py::dict>()) {
            out << YAML::Key << py::str(key).cast<std::string>() << YAML::Value;
            emit(out, item);
        }
        out << YAML::EndMap;
    } else if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
        out << YAML::BeginSeq;
        for (const auto& item : value) emit(out, item);
        out << YAML::EndSeq;
    } else if (py::hasattr(value, "__fspath__")) {
        out << YAML::DoubleQuoted << py::str(value.attr("__fspath__")()).cast<std::string>();
    } else {
        throw py::type_error(
            "a configuration value must be a dict, list, str, int, float, bool, "
            "None or path, not " +
            py::str(py::type::of(value).attr("__name__")).cast<std::string>());
    }
}

}  // namespace

std::string yaml_text(const py::handle& value) {
    YAML::Emitter out;
    emit(out, value);
    return std::string(out.c_str()) + "\n";
}

}  // namespace draughts::python
