#pragma once
// One slice on disk: a 128-byte header, a table of block offsets and the values (a byte per
// index, egdb/value.hpp) compressed with zstd in blocks that can each be decoded alone.
//
//   offset  size  field (integers little-endian)
//        0     8  magic "DRGTEGDB"
//        8     4  format version (kFormatVersion)
//       12     4  rules (kRulesFmjd: the FMJD counting rules as docs/egdb.md applies them)
//       16     4  pieces of the slice
//       20     4  material: white men, white kings, black men, black kings (a byte each)
//       24     8  positions (indices of the slice, egdb/slice_index.hpp)
//       32     4  positions per block (the last block may be shorter)
//       36     4  blocks
//       40     8  payload bytes (everything after the header)
//       48    64  checksum: SHA-256, in hexadecimal, of header bytes 0-47 followed by the
//                 SHA-256 (hexadecimal) of the payload
//      112    16  zero
//      128        payload: blocks + 1 offsets (8 bytes each, from the end of the table), then
//                 the zstd frames, each with zstd's own content checksum

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "egdb/material.hpp"

namespace draughts::egdb {

inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::uint32_t kRulesFmjd = 1;
/// Positions per compressed block: 64 KiB of values, decoded in tens of microseconds.
inline constexpr std::uint32_t kBlockPositions = 1 << 16;
inline constexpr std::size_t kHeaderBytes = 128;
/// File name extension of a slice ("KKMvK.egdb").
inline constexpr const char* kSliceExtension = ".egdb";

/// What a slice file's header says.
struct SliceFileInfo {
    Material material;
    std::uint64_t positions = 0;
    std::uint32_t block_positions = kBlockPositions;
    std::uint32_t blocks = 0;
    std::uint64_t payload_bytes = 0;
    std::string checksum;  ///< 64 hexadecimal digits

    std::uint64_t file_bytes() const { return kHeaderBytes + payload_bytes; }
};

/// Compresses `bytes` (all indices of canonical `material`) into `path`, written to a temporary
/// file first and renamed into place. Errors name the file.
Expected<SliceFileInfo> write_slice_file(const std::filesystem::path& path,
                                         const Material& material,
                                         const std::vector<std::uint8_t>& bytes);

/// Reads and checks only the header of the slice file `path` (its checksum field names the whole
/// file's content): what a run's provenance records of a database.
Expected<SliceFileInfo> read_slice_header(const std::filesystem::path& path);

/// A slice file read into memory; blocks are decoded on demand.
class SliceFile {
  public:
    /// Reads `path` and checks its header (magic, version, rules, material, sizes and the block
    /// table); `check_sum` also recomputes the checksum. Errors name the file and what is wrong.
    static Expected<SliceFile> load(const std::filesystem::path& path, bool check_sum);
    /// The same for the bytes of a file (`path` names it in errors). Untrusted bytes: never
    /// crashes (tests/fuzz: egdb slices).
    static Expected<SliceFile> from_bytes(const std::filesystem::path& path,
                                          std::vector<std::uint8_t> data, bool check_sum);

    const SliceFileInfo& info() const { return info_; }
    const std::filesystem::path& path() const { return path_; }

    /// Recomputes the checksum; the error says the file is damaged.
    Expected<void> check_sum() const;
    /// Decodes block `block` into `out` (resized to the block's positions).
    Expected<void> decode_block(std::uint32_t block, std::vector<std::uint8_t>& out) const;
    /// Decodes every block (in parallel).
    Expected<std::vector<std::uint8_t>> decode_all() const;

  private:
    std::filesystem::path path_;
    SliceFileInfo info_;
    std::vector<std::uint8_t> data_;  ///< the whole file
    std::vector<std::uint64_t> offsets_;
};

}  // namespace draughts::egdb
