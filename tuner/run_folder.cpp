#include "tuner/run_folder.hpp"

#include <string>
#include <system_error>

namespace draughts::tuner {

Expected<void> prepare_run_folder(const std::filesystem::path& folder, bool resume, bool create) {
    std::error_code ec;
    const bool has_checkpoint = std::filesystem::exists(folder / kCheckpointFile, ec);
    if (resume && !has_checkpoint)
        return make_error(folder.string() + ": no " + kCheckpointFile + " to resume from");
    if (!resume && has_checkpoint)
        return make_error(folder.string() +
                          " holds a checkpoint of an earlier run: pass --resume to continue it, "
                          "or choose another output folder");
    if (!create) return {};
    std::filesystem::create_directories(folder, ec);
    if (ec) return make_error(folder.string() + ": cannot create: " + ec.message());
    return {};
}

}  // namespace draughts::tuner
