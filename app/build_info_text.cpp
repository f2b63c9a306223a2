#include "app/build_info.hpp"

namespace draughts::app {

std::string version_line() {
    const BuildInfo info = build_info();
    return "draughts " + info.version + " (commit " + info.commit + ")";
}

}  // namespace draughts::app
