#include "app/commands.hpp"

#include <fmt/format.h>

namespace draughts::app {

int command_failed(std::string_view command, const std::string& message) {
    fmt::print(stderr, "draughts {}: {}\n", command, message);
    return kExitError;
}

}  // namespace draughts::app
