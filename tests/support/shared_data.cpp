#include "tests/support/shared_data.hpp"

#include <cstdlib>

namespace draughts::testing {

std::filesystem::path source_dir() { return DRAUGHTS_SOURCE_DIR; }
std::filesystem::path build_dir() { return DRAUGHTS_BINARY_DIR; }
std::filesystem::path draughts_binary() { return build_dir() / "draughts"; }
std::filesystem::path mock_binary(const std::string& name) { return build_dir() / "mocks" / name; }

std::filesystem::path shared_dir() {
    if (const char* env = std::getenv("DRAUGHTS_SHARED_DIR"); env != nullptr && *env != '\0')
        return env;
    return source_dir() / ".." / "shared";
}

bool shared_required() {
    const char* env = std::getenv("DRAUGHTS_REQUIRE_SHARED");
    return env != nullptr && std::string(env) == "1";
}

std::optional<std::filesystem::path> shared_path(const std::string& relative) {
    const std::filesystem::path path = shared_dir() / relative;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::nullopt;
    return path;
}

}  // namespace draughts::testing
