#include "common/file_io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <iterator>

#include "common/system_error.hpp"
#include "common/unique_fd.hpp"

namespace draughts {

Expected<std::string> read_whole_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(path.string() + ": cannot open for reading");
    std::string bytes;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec) bytes.reserve(size);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) return make_error(path.string() + ": read error");
    return bytes;
}

Expected<void> write_all(int fd, std::string_view bytes, const std::filesystem::path& path) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return make_error(with_errno(path.string() + ": write failed"));
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return {};
}

void sync_folder(const std::filesystem::path& dir) {
    // A bare file name lives in the working directory, whose path is then empty.
    const std::filesystem::path folder = dir.empty() ? std::filesystem::path(".") : dir;
    const UniqueFd fd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd) ::fsync(fd.get());
}

Expected<void> write_file_atomically(const std::filesystem::path& path, std::string_view bytes) {
    const std::filesystem::path temporary = path.string() + ".tmp";
    UniqueFd fd(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (!fd) return make_error(with_errno(temporary.string() + ": cannot create"));
    if (auto ok = write_all(fd.get(), bytes, temporary); !ok) return ok;
    if (::fsync(fd.get()) != 0)
        return make_error(with_errno(temporary.string() + ": fsync failed"));
    fd.reset();
    if (::rename(temporary.c_str(), path.c_str()) != 0)
        return make_error(with_errno(path.string() + ": rename failed"));
    sync_folder(path.parent_path());
    return {};
}

}  // namespace draughts
