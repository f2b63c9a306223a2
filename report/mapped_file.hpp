#pragma once
// A file mapped read-only into memory: the report reads games.jsonl files of hundreds of
// megabytes, and mapping them saves copying every byte into a string first.

#include <filesystem>
#include <string_view>

#include "common/expected.hpp"

namespace draughts::report {

/// The whole of a file as a view of its bytes, valid while the object lives.
class MappedFile {
  public:
    static Expected<MappedFile> open(const std::filesystem::path& path);

    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&&) = delete;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    std::string_view text() const { return {static_cast<const char*>(data_), size_}; }

  private:
    MappedFile(void* data, std::size_t size) : data_(data), size_(size) {}

    void* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace draughts::report
