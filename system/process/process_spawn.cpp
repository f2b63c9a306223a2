// Process::spawn: pipes, the stderr sink, and posix_spawn with a clean signal state.

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <system_error>

#include "common/system_error.hpp"
#include "system/process/process.hpp"

extern char** environ;

namespace draughts::harness {
namespace {

/// The environment of the child: the harness's own (optionally) with the overrides applied.
std::vector<std::string> child_environment(const ProcessOptions& options) {
    std::vector<std::string> result;
    if (options.inherit_environment) {
        for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
            result.emplace_back(*entry);
        }
    }
    for (const std::string& assignment : options.environment) {
        const std::string name = assignment.substr(0, assignment.find('='));
        std::erase_if(result, [&](const std::string& existing) {
            return existing.compare(0, name.size(), name) == 0 && existing.size() > name.size() &&
                   existing[name.size()] == '=';
        });
        result.push_back(assignment);
    }
    return result;
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
    std::vector<char*> result;
    result.reserve(strings.size() + 1);
    for (std::string& s : strings) result.push_back(s.data());
    result.push_back(nullptr);
    return result;
}

/// Owns posix_spawn's two attribute objects.
struct SpawnSetup {
    posix_spawn_file_actions_t actions{};
    posix_spawnattr_t attributes{};
    SpawnSetup() {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attributes);
    }
    ~SpawnSetup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
    SpawnSetup(const SpawnSetup&) = delete;
    SpawnSetup& operator=(const SpawnSetup&) = delete;
};

/// The child starts with no blocked signals and default actions for the signals a harness may
/// block or ignore (SIGPIPE above all: an ignored SIGPIPE would survive exec).
void reset_signals(posix_spawnattr_t& attributes, bool own_group) {
    sigset_t empty;
    sigemptyset(&empty);
    posix_spawnattr_setsigmask(&attributes, &empty);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int signal : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2,
                       SIGALRM, SIGTSTP, SIGTTIN, SIGTTOU}) {
        sigaddset(&defaults, signal);
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    if (own_group) {
        flags |= POSIX_SPAWN_SETPGROUP;
        posix_spawnattr_setpgroup(&attributes, 0);
    }
    posix_spawnattr_setflags(&attributes, flags);
}

Expected<std::pair<UniqueFd, UniqueFd>> make_pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return make_error("pipe: " + errno_text(errno));
    return std::pair{UniqueFd(fds[0]), UniqueFd(fds[1])};
}

/// The child's stderr: what becomes its fd 2 (none: inherit) and, for Lines, the pipe's read end.
struct StderrEnds {
    UniqueFd child_end;
    UniqueFd read_end;
};

Expected<StderrEnds> open_stderr(const StderrSink& sink) {
    StderrEnds ends;
    if (const auto* file = std::get_if<stderr_sink::File>(&sink)) {
        ends.child_end.reset(
            ::open(file->path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
        if (!ends.child_end) {
            return make_error("cannot open stderr log '" + file->path.string() +
                              "': " + errno_text(errno));
        }
    } else if (std::holds_alternative<stderr_sink::Discard>(sink)) {
        ends.child_end.reset(::open("/dev/null", O_WRONLY | O_CLOEXEC));
    } else if (std::holds_alternative<stderr_sink::Lines>(sink)) {
        auto pipe = make_pipe();
        if (!pipe) return pipe.error();
        ends.read_end = std::move(pipe->first);
        ends.child_end = std::move(pipe->second);
    }
    return ends;
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

}  // namespace

Expected<std::unique_ptr<Process>> Process::spawn(ProcessOptions options) {
    if (options.argv.empty() || options.argv.front().empty()) {
        return make_error("cannot start a process: no program given");
    }
    const std::string& program = options.argv.front();
    std::error_code error;
    if (!options.working_directory.empty() &&
        !std::filesystem::is_directory(options.working_directory, error)) {
        return make_error("cannot start '" + program + "': working directory '" +
                          options.working_directory.string() + "' does not exist");
    }
    auto to_child = make_pipe();
    if (!to_child) return to_child.error();
    auto from_child = make_pipe();
    if (!from_child) return from_child.error();

    auto stderr_ends = open_stderr(options.stderr_sink);
    if (!stderr_ends) return stderr_ends.error();
    UniqueFd& stderr_target = stderr_ends->child_end;

    SpawnSetup setup;
    // dup2 clears O_CLOEXEC on the copies, so exactly fds 0, 1 (and 2) reach the program.
    posix_spawn_file_actions_adddup2(&setup.actions, to_child->first.get(), 0);
    if (!options.stdout_to_stderr) {
        posix_spawn_file_actions_adddup2(&setup.actions, from_child->second.get(), 1);
    } else if (stderr_target) {
        posix_spawn_file_actions_adddup2(&setup.actions, stderr_target.get(), 1);
    } else {
        posix_spawn_file_actions_adddup2(&setup.actions, 2, 1);  // Inherit: the harness's stderr
    }
    if (stderr_target) posix_spawn_file_actions_adddup2(&setup.actions, stderr_target.get(), 2);
    if (!options.working_directory.empty()) {
        posix_spawn_file_actions_addchdir_np(&setup.actions, options.working_directory.c_str());
    }
    reset_signals(setup.attributes, options.own_process_group);

    std::vector<std::string> arguments = options.argv;
    std::vector<std::string> environment = child_environment(options);
    const std::vector<char*> argv = c_strings(arguments);
    const std::vector<char*> envp = c_strings(environment);
    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, program.c_str(), &setup.actions, &setup.attributes,
                                  argv.data(), envp.data());
    if (rc != 0) return make_error("cannot start '" + program + "': " + errno_text(rc));

    auto process = std::make_unique<Process>(PrivateTag{});
    process->pid_ = pid;
    if (options.registry != nullptr) options.registry->add(pid, options.own_process_group);
    process->stdin_ = std::move(to_child->second);
    process->stdout_ = std::move(from_child->first);
    set_nonblocking(process->stdin_.get());
    set_nonblocking(process->stdout_.get());
    process->pidfd_.reset(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
    process->wake_.reset(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
    if (const auto* lines = std::get_if<stderr_sink::Lines>(&options.stderr_sink)) {
        process->stderr_pump_ =
            std::make_unique<StderrPump>(std::move(stderr_ends->read_end), lines->handler);
    }
    process->options_ = std::move(options);
    return process;
}

}  // namespace draughts::harness
