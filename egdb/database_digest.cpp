#include "egdb/database_digest.hpp"

#include <algorithm>
#include <vector>

#include "common/sha256.hpp"
#include "egdb/slice_file.hpp"

namespace draughts::egdb {

Expected<std::string> database_digest(const std::filesystem::path& folder) {
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        return make_error(folder.string() + ": no such endgame database folder");
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.path().extension() == kSliceExtension) paths.push_back(entry.path());
    if (ec) return make_error(folder.string() + ": cannot list: " + ec.message());
    std::sort(paths.begin(), paths.end());
    std::string lines;
    for (const std::filesystem::path& path : paths) {
        auto info = read_slice_header(path);
        if (!info) return info.error();
        lines += path.filename().string() + " " + info->checksum + "\n";
    }
    return sha256_hex(lines);
}

}  // namespace draughts::egdb
