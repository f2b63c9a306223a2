#pragma once
// Pieces of the soak test (soak_slowtest.cpp): the settings, the match configuration it plays,
// the harness process it starts and kills, and the scan for processes it left behind.

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace draughts::soak {

/// What a soak run does; every value can be set from the environment (see docs/development.md).
struct SoakSettings {
    std::uint64_t seed = 0;        ///< SOAK_SEED (default: from the clock); printed
    int games = 300;               ///< SOAK_GAMES, rounded up to whole rounds (6 games each)
    int kills = 100;               ///< SOAK_KILLS: at most this many SIGKILLs, all before two
                                   ///< thirds of the games are recorded; the last run finishes
    double min_kill_after = 0.05;  ///< seconds a run lives at least before its SIGKILL
    double max_kill_after = 2.0;   ///< and at most (uniform in between)
};

/// The settings from the environment.
SoakSettings soak_settings_from_environment();

/// The match: a round robin of two chaos mock engines and `draughts hub` (started as
/// `hub_command`, a link to the program whose path holds the tag), 2 games per encounter. `tag`
/// goes on every engine's command line so that its processes can be found.
std::string soak_match_yaml(const SoakSettings& settings, const std::filesystem::path& results,
                            const std::filesystem::path& hub_command, const std::string& tag);

/// A `draughts` process of the soak: stdout and stderr appended to a log file.
class HarnessProcess {
  public:
    HarnessProcess(const std::vector<std::string>& args, const std::filesystem::path& log);
    ~HarnessProcess();
    HarnessProcess(const HarnessProcess&) = delete;
    HarnessProcess& operator=(const HarnessProcess&) = delete;

    pid_t pid() const { return pid_; }
    /// True once the process has exited (and was reaped); its wait status is then status().
    bool exited();
    int status() const { return status_; }
    /// SIGKILL and reap.
    void kill();
    /// Open file descriptors of the process now (0 once it is gone).
    int open_descriptors() const;

  private:
    pid_t pid_ = -1;
    int status_ = 0;
    bool reaped_ = false;
};

/// Open file descriptors of this process.
int own_open_descriptors();

}  // namespace draughts::soak
