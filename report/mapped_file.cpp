#include "report/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "common/unique_fd.hpp"

namespace draughts::report {

Expected<MappedFile> MappedFile::open(const std::filesystem::path& path) {
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) return make_error(path.string() + ": " + std::strerror(errno));
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0)
        return make_error(path.string() + ": " + std::strerror(errno));
    if (!S_ISREG(info.st_mode)) return make_error(path.string() + ": not a regular file");
    const auto size = static_cast<std::size_t>(info.st_size);
    if (size == 0) return MappedFile(nullptr, 0);
    void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd.get(), 0);
    if (data == MAP_FAILED) return make_error(path.string() + ": " + std::strerror(errno));
    return MappedFile(data, size);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

MappedFile::~MappedFile() {
    if (data_ != nullptr) ::munmap(data_, size_);
}

}  // namespace draughts::report
