// A match from Python, run by the code of `draughts match` (cluster/match_run.hpp): the
// configuration (a dict as YAML text, or a file) read and checked by the command's reader, so an
// error names the key as the command's does, then the same runner with its results folder,
// summary.json and report, the interpreter's lock released while the games are played.
// draughts_toolkit.match (matches.py) turns the folder into Python objects.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cluster/match_run.hpp"
#include "harness/config/engine_options.hpp"
#include "harness/config/match_config.hpp"
#include "python/bindings.hpp"
#include "python/errors.hpp"
#include "python/yaml_text.hpp"

namespace draughts::python {

namespace py = pybind11;
using namespace pybind11::literals;
namespace fs = std::filesystem;

namespace {

/// The configuration of a dict or a file, with `output` (when given) as an override of the key.
harness::MatchConfig match_config(const py::object& config, const std::optional<fs::path>& output) {
    std::vector<harness::ConfigAssignment> overrides;
    if (output)
        overrides.push_back(
            {"output", harness::yaml_quoted(output->string()), "output=" + output->string()});
    Expected<harness::MatchConfig> parsed = make_error("no configuration");
    if (py::isinstance<py::dict>(config)) {
        const std::string text = yaml_text(config);
        parsed =
            harness::parse_match_config(text, "configuration dict", fs::current_path(), overrides);
    } else {
        const fs::path file = config.cast<fs::path>();
        if (!fs::is_regular_file(file))
            throw FileError("cannot read match configuration " + file.string() + ": no such file");
        parsed = harness::load_match_config(file, overrides);
    }
    if (!parsed) throw InputError("invalid configuration:\n" + parsed.error().message);
    if (parsed->output.empty())
        throw InputError("no results folder: give output= or the configuration's `output` key");
    return std::move(*parsed);
}

/// Runs a new match; returns (exit status, results folder) as `draughts match` would end.
py::tuple run_new_match(const py::object& config, const std::optional<fs::path>& output, bool quiet,
                        const std::optional<fs::path>& stop_file) {
    const harness::MatchConfig resolved = match_config(config, output);
    const auto checked = cluster::check_new_match(resolved);
    if (!checked) throw InputError(checked.error().message);
    harness::RunScope scope;
    if (stop_file) scope.stop_file = stop_file->string();
    cluster::MatchOutput mode;
    mode.quiet = quiet;
    mode.report_text = !quiet;
    Expected<cluster::MatchRunEnd> ended = make_error("not run");
    {
        py::gil_scoped_release release;
        ended = cluster::start_new_match(resolved, *checked,
                                         {"python", "unknown", {"draughts_toolkit.match"}}, mode,
                                         scope, nullptr);
    }
    if (!ended) throw FileError(ended.error().message);
    return py::make_tuple(ended->status, fs::path(resolved.output),
                          ended->failed_before_first_game);
}

}  // namespace

void bind_match(py::module_& m) {
    m.def("run_match", &run_new_match, "config"_a, "output"_a = py::none(), "quiet"_a = true,
          "stop_file"_a = py::none(),
          "Plays a new match of a configuration dict or file by the code of `draughts match` "
          "and returns (exit status, results folder, no game played). Raises InputError for a "
          "bad configuration (the command's message) and FileError when the folder cannot be "
          "made. draughts_toolkit.match() wraps it with the results as objects.");
}

}  // namespace draughts::python
