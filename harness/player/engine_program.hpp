#pragma once
// The program behind an engine that runs as a child process (Hub engines, and DXP engines the
// harness starts): what to run, where, and when to start it again. The process-based kinds of
// engine (harness/hub/hub_engine.hpp, harness/dxp/dxp_engine.hpp) share these keys.

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/enum_names.hpp"
#include "config/yaml_section.hpp"
#include "harness/player/engine_maker.hpp"
#include "system/process/process.hpp"

namespace draughts::harness {

/// When an engine process is started again.
enum class RestartPolicy : unsigned char {
    OnCrash,  ///< after it crashed or stopped answering (it loses that game)
    Always,   ///< for every game
    Never,    ///< not restarted: it loses its remaining games
};

/// The `restart` key's values: "crash", "always", "never".
inline constexpr EnumNames<RestartPolicy, 3> kRestartPolicyNames{{{RestartPolicy::OnCrash, "crash"},
                                                                  {RestartPolicy::Always, "always"},
                                                                  {RestartPolicy::Never, "never"}}};

/// An engine program and how to run it.
struct EngineProgram {
    std::string command;  ///< absolute, or a name searched in PATH; empty: started by someone else
    std::vector<std::string> args;
    std::string working_directory;  ///< absolute; empty: the harness's own
    RestartPolicy restart = RestartPolicy::OnCrash;

    /// The YAML keys read by read().
    static constexpr std::array<std::string_view, 4> kKeys{"command", "args", "working_directory",
                                                           "restart"};

    /// Reads `command` (checked: an executable file, or a program found in PATH), `args`,
    /// `working_directory` (checked: a folder) and `restart` of an engine entry.
    static EngineProgram read(YamlSection& entry);
    /// Writes command, args and working_directory (restart is written by the kind, last).
    void write_command(YAML::Emitter& out) const;

    /// The command line as a shell would take it ("'/opt/my engine' --hash 64"); empty without
    /// a command.
    std::string command_line() const;

    /// The program's file, when there is a command: the command itself, or where a name
    /// without '/' is found in PATH (the name alone when it is not found).
    std::vector<EngineFile> input_files() const;

    /// The process options of one instance: argv, folder, child registry, and the engine's
    /// stderr to the engine log under `who`.
    void set_up(const PlayerContext& context, const std::string& who,
                ProcessOptions& process) const;

    /// The names of the `{NAME}` placeholders in the arguments, in order of first appearance
    /// (NAME: letters, digits and _ . - [ ]). Tuning puts parameter values there, so that a
    /// program without parameters of its own can be tuned through its command line.
    std::vector<std::string> placeholders() const;

    friend bool operator==(const EngineProgram&, const EngineProgram&) = default;
};

/// `args` with every `{NAME}` placeholder whose NAME has a value in `values` replaced by it
/// (the last value of a name counts); other text, and placeholders without a value, stay.
std::vector<std::string> substitute_placeholders(
    const std::vector<std::string>& args,
    const std::vector<std::pair<std::string, std::string>>& values);

/// The names of the `{NAME}` placeholders of `args`, in order of first appearance.
std::vector<std::string> placeholder_names(const std::vector<std::string>& args);

/// The longest timeout (and move margin) an engine entry's `timeouts` section may set: a day, in
/// seconds. The shortest is a millisecond, the resolution of timeout_millis().
inline constexpr double kMaxTimeoutSeconds = 86400.0;

/// A timeout read in seconds, rounded to the whole milliseconds the protocol clients wait for.
std::chrono::milliseconds timeout_millis(double seconds);

/// True when `command` names an executable file: an absolute path, or a name found in PATH.
bool is_executable_command(const std::string& command);

/// The executable file `command` runs: itself when it contains '/', otherwise the first
/// executable file of that name in PATH, searched as execvp does; nullopt when there is none.
std::optional<std::filesystem::path> find_executable(const std::string& command);

}  // namespace draughts::harness
