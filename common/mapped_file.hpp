#pragma once
// A file mapped read-only into memory. Loading a share of a large data set (one rank of a
// distributed tuning run) reads only the pages of its own records, and the mapped pages belong to
// the page cache: N ranks on one machine share one copy of the file (each still counts the pages
// it touched in its resident memory until it releases them).

#include <cstddef>
#include <filesystem>
#include <string_view>

#include "common/expected.hpp"

namespace draughts {

/// See the top of the file. Move-only; unmaps on destruction.
class MappedFile {
  public:
    /// Maps the whole file; the error names the file. An empty file gives an empty view.
    static Expected<MappedFile> open(const std::filesystem::path& path);

    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    std::string_view bytes() const { return {data_, size_}; }

    /// Gives back the whole pages inside `part` (a view into bytes()) that the process has read
    /// and no longer needs: they leave its resident memory and stay in the page cache, and reading
    /// them again maps them again. Lets a rank scan a large file while holding little of it.
    void release(std::string_view part) const;

  private:
    MappedFile(const char* data, std::size_t size) : data_(data), size_(size) {}

    const char* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace draughts
