#include "system/process/exit_status.hpp"

#include <signal.h>
#include <string.h>

namespace draughts::harness {

std::string ExitStatus::describe() const {
    if (kind == Kind::Exited) return "exited with status " + std::to_string(value);
    std::string text = "killed by signal " + std::to_string(value);
    // sigabbrev_np (glibc 2.32) gives the short name without the locale-dependent description.
    if (const char* name = sigabbrev_np(value)) text += std::string(" (SIG") + name + ")";
    return text;
}

}  // namespace draughts::harness
