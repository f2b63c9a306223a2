#pragma once
// An endgame database opened for probing: the slice files of a folder (written by `draughts egdb
// build`), kept compressed in memory, with a cache of decoded blocks shared by all threads.
// Probing is thread-safe; one Database serves every engine and referee of a process.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "common/expected.hpp"
#include "egdb/material.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/value.hpp"
#include "rules/position.hpp"

namespace draughts::egdb {

/// How a database is opened.
struct OpenOptions {
    /// Recompute every file's checksum on opening (reads each file once more).
    bool check_sums = true;
    /// Memory for decoded blocks (64 KiB each).
    std::size_t cache_mb = 32;
};

/// The slice files of one folder; see the top of this file.
class Database {
  public:
    /// Opens every slice file (*.egdb) of `folder`. Errors name the folder or the file and what
    /// is wrong (a damaged header or checksum, a file name that does not match its slice).
    static Expected<std::shared_ptr<const Database>> open(const std::filesystem::path& folder,
                                                          const OpenOptions& options = {});

    const std::filesystem::path& folder() const { return folder_; }
    /// Largest N such that every slice of at most N pieces is present (0: not even 2 pieces).
    int pieces() const { return pieces_; }
    /// Most pieces of any slice present (positions with more are never covered).
    int max_pieces() const { return max_pieces_; }
    /// The slices present, in build order.
    std::vector<SliceFileInfo> slices() const;
    /// True when the position's slice is present.
    bool covers(const rules::Position& position) const;

    /// The stored value of `position` (side to move's point of view); nullopt when its slice is
    /// not present. The error names the file of a block that cannot be decoded.
    Expected<std::optional<Value>> probe(const rules::Position& position) const;

    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

  private:
    Database() = default;
    struct CacheSlot;
    const SliceFile* slice_of(const Material& canonical) const;

    std::filesystem::path folder_;
    int pieces_ = 0;
    int max_pieces_ = 0;
    std::vector<SliceFile> files_;
    std::vector<int> by_material_;  ///< file number per material key, -1 when absent
    std::unique_ptr<CacheSlot[]> cache_;
    std::size_t cache_slots_ = 0;
};

}  // namespace draughts::egdb
