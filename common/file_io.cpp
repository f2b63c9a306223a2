#include "common/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "common/system_error.hpp"
#include "common/unique_fd.hpp"

namespace draughts {

Expected<std::string> read_whole_file(const std::filesystem::path& path) {
    // POSIX calls, not a stream: libstdc++'s file streams throw from a failed read (a folder
    // opens, and its first read fails with EISDIR), and an error here must be a value.
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) return make_error(with_errno(path.string() + ": cannot open for reading"));
    struct stat info {};
    if (::fstat(fd.get(), &info) == 0 && S_ISDIR(info.st_mode))
        return make_error(path.string() + ": is a directory, not a file");
    std::string bytes;
    if (S_ISREG(info.st_mode)) bytes.reserve(static_cast<std::size_t>(info.st_size));
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            return make_error(with_errno(path.string() + ": read error"));
        }
        bytes.append(buffer, static_cast<std::size_t>(n));
    }
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
    // Whatever fails from here on, the temporary file goes: a half-written PATH.tmp helps nobody
    // and would be taken for debris of a crash.
    const auto fail = [&](Error error) -> Expected<void> {
        fd.reset();
        ::unlink(temporary.c_str());
        return error;
    };
    if (auto ok = write_all(fd.get(), bytes, temporary); !ok) return fail(ok.error());
    if (::fsync(fd.get()) != 0)
        return fail(make_error(with_errno(temporary.string() + ": fsync failed")));
    fd.reset();
    if (::rename(temporary.c_str(), path.c_str()) != 0)
        return fail(make_error(with_errno(path.string() + ": rename failed")));
    sync_folder(path.parent_path());
    return {};
}

}  // namespace draughts
