#include "tests/soak/soak_run.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

extern char** environ;

namespace draughts::soak {

namespace {

namespace fs = std::filesystem;

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* text = std::getenv(name);
    if (text == nullptr || *text == '\0') return fallback;
    return std::strtoull(text, nullptr, 10);
}

int count_entries(const fs::path& dir) {
    DIR* handle = ::opendir(dir.c_str());
    if (handle == nullptr) return 0;
    int count = 0;
    while (const dirent* entry = ::readdir(handle))
        if (entry->d_name[0] != '.') ++count;
    ::closedir(handle);
    return count - 1;  // the descriptor opendir itself holds
}

/// One chaos engine of the match, with its fault rates per thousand searches.
std::string chaos_engine(const std::string& name, std::uint64_t seed, const std::string& rates,
                         const std::string& tag) {
    return "  - name: " + name +
           "\n    kind: hub\n    command: " + testing::mock_binary("hub_chaos").string() +
           "\n    args: [--seed, \"" + std::to_string(seed) + "\", " + rates +
           ", --think-ms, \"3\", --tag, \"" + tag +
           "\"]\n    timeouts: {handshake: 5, init: 5, ping: 2, stop: 0.5}\n";
}

}  // namespace

SoakSettings soak_settings_from_environment() {
    SoakSettings s;
    const auto clock_seed = static_cast<std::uint64_t>(
        std::chrono::system_clock::now().time_since_epoch().count() % 1000000007);
    s.seed = env_number("SOAK_SEED", clock_seed);
    s.games = static_cast<int>(env_number("SOAK_GAMES", static_cast<std::uint64_t>(s.games)));
    s.kills = static_cast<int>(env_number("SOAK_KILLS", static_cast<std::uint64_t>(s.kills)));
    s.games = std::max(6, (s.games + 5) / 6 * 6);
    return s;
}

std::string soak_match_yaml(const SoakSettings& settings, const fs::path& results,
                            const fs::path& hub_command, const std::string& tag) {
    // Chaos engines on a fast clock (a hang costs the rest of it); `draughts hub` at a node
    // limit, so that it never loses on time and any forfeit of its own is a harness fault.
    std::string yaml = "event: soak\nseed: " + std::to_string(settings.seed) +
                       "\nconcurrency: 2\ntime_control: 1+0.02\ntime_margin: 0.1\n"
                       "output: " +
                       results.string() + "\ntournament: {type: round-robin, games: 2, rounds: " +
                       std::to_string(settings.games / 6) +
                       "}\nadjudication: {max_moves: 60}\nengines:\n";
    yaml += chaos_engine("chaos-a", settings.seed * 2 + 1,
                         "--crash, \"4\", --hang, \"2\", --slow, \"2\", --garbage, \"3\", "
                         "--illegal, \"3\"",
                         tag);
    yaml += chaos_engine("chaos-b", settings.seed * 2 + 2,
                         "--crash, \"3\", --hang, \"3\", --slow, \"1\", --garbage, \"2\", "
                         "--illegal, \"2\"",
                         tag);
    yaml += "  - name: hub\n    kind: hub\n    command: " + hub_command.string() +
            "\n    args: [hub]\n    time_control: nodes=300\n    parameters: {hash: \"1\"}\n";
    return yaml;
}

HarnessProcess::HarnessProcess(const std::vector<std::string>& args, const fs::path& log) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    std::vector<std::string> argv_text{testing::draughts_binary().string()};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int error = ::posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) throw std::runtime_error("cannot start " + argv_text[0]);
}

HarnessProcess::~HarnessProcess() {
    if (!reaped_) kill();
}

bool HarnessProcess::exited() {
    if (reaped_) return true;
    if (::waitpid(pid_, &status_, WNOHANG) != pid_) return false;
    reaped_ = true;
    return true;
}

void HarnessProcess::kill() {
    if (reaped_) return;
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
}

int HarnessProcess::open_descriptors() const {
    return reaped_ ? 0 : count_entries("/proc/" + std::to_string(pid_) + "/fd");
}

int own_open_descriptors() { return testing::open_fd_count(); }

}  // namespace draughts::soak
