#pragma once
// A file mapped read-only into memory. Loading a share of a large data set (one rank of a
// distributed tuning run) reads only the pages of its own records, and the mapped pages belong to
// the page cache, not to the process: N ranks on one machine share one copy of the file.

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

  private:
    MappedFile(const char* data, std::size_t size) : data_(data), size_(size) {}

    const char* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace draughts
