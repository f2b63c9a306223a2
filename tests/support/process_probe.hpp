#pragma once
// Helpers shared by the process-layer tests: descriptor counts and liveness checks from /proc.

#include <sys/types.h>

#include <string>
#include <vector>

namespace draughts::testing {

/// Number of open descriptors of this process (entries of /proc/self/fd).
int open_fd_count();
/// True while `pid` exists and is not a zombie.
bool process_alive(pid_t pid);
/// True when `pid` is no child of ours left to reap (no zombie of ours).
bool reaped(pid_t pid);
/// Processes other than this one whose command line contains `text` (zombies have none).
std::vector<pid_t> processes_with_argument(const std::string& text);
/// Fails the current test unless `pid` is gone: reaped, and no such process any more.
void expect_gone(pid_t pid);
/// argv for `/bin/sh -c script`.
std::vector<std::string> shell(const std::string& script);

}  // namespace draughts::testing
