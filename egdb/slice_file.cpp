#include "egdb/slice_file.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <unistd.h>
#include <zstd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>

#include "common/file_io.hpp"
#include "common/sha256.hpp"
#include "common/tsan_annotations.hpp"
#include "egdb/slice_index.hpp"
#include "egdb/value.hpp"

namespace draughts::egdb {

namespace {

constexpr std::array<char, 8> kMagic = {'D', 'R', 'G', 'T', 'E', 'G', 'D', 'B'};
constexpr std::size_t kChecksumOffset = 48;
constexpr std::size_t kChecksumSize = 64;
/// zstd level: the values are long runs of few distinct bytes; higher levels gain little.
constexpr int kCompressionLevel = 9;

void put_u32(std::uint8_t* out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
void put_u64(std::uint8_t* out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint32_t get_u32(const std::uint8_t* in) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | in[i];
    return v;
}
std::uint64_t get_u64(const std::uint8_t* in) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | in[i];
    return v;
}

std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// The checksum of a file whose first 48 header bytes and payload are given.
std::string checksum_of(const std::uint8_t* header, const std::uint8_t* payload,
                        std::uint64_t payload_bytes) {
    const std::string payload_hash =
        sha256_hex(as_text(payload, static_cast<std::size_t>(payload_bytes)));
    return sha256_hex(std::string(as_text(header, kChecksumOffset)) + payload_hash);
}

struct ZstdContexts {
    std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> context{ZSTD_createCCtx(), &ZSTD_freeCCtx};
};

/// Compresses every block of `bytes`, in parallel; nullopt-free: errors are returned.
Expected<std::vector<std::string>> compress_blocks(const std::vector<std::uint8_t>& bytes,
                                                   std::uint32_t blocks) {
    std::vector<std::string> frames(blocks);
    tbb::enumerable_thread_specific<ZstdContexts> contexts;
    std::atomic<bool> failed{false};
    // The caller reads the frames the tasks wrote (TSan cannot see TBB's fork and join).
    const ForkJoinEdges edges;
    const auto each = [&](std::uint32_t b) {
        ZSTD_CCtx* cctx = contexts.local().context.get();
        const std::size_t begin = std::size_t{b} * kBlockPositions;
        const std::size_t size = std::min<std::size_t>(kBlockPositions, bytes.size() - begin);
        std::string frame(ZSTD_compressBound(size), '\0');
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, kCompressionLevel);
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
        const std::size_t n =
            ZSTD_compress2(cctx, frame.data(), frame.size(), bytes.data() + begin, size);
        if (ZSTD_isError(n)) {
            failed = true;
            return;
        }
        frame.resize(n);
        frames[b] = std::move(frame);
    };
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(std::uint32_t{0}, blocks),
                      edges.traced([&](const tbb::blocked_range<std::uint32_t>& range) {
                          for (std::uint32_t b = range.begin(); b != range.end(); ++b) each(b);
                      }));
    edges.joined();
    if (failed) return make_error("zstd could not compress a block");
    return frames;
}

/// Header and blocks written in one piece, atomically and durably: a crash or a full disk never
/// leaves a slice file that looks complete.
Expected<void> write_atomically(const std::filesystem::path& path,
                                const std::vector<std::uint8_t>& header,
                                const std::vector<std::uint8_t>& payload) {
    std::string bytes(header.begin(), header.end());
    bytes.append(payload.begin(), payload.end());
    return write_file_atomically(path, bytes);
}

std::vector<std::uint8_t> header_bytes(const SliceFileInfo& info) {
    std::vector<std::uint8_t> header(kHeaderBytes, 0);
    std::copy(kMagic.begin(), kMagic.end(), header.begin());
    put_u32(&header[8], kFormatVersion);
    put_u32(&header[12], kRulesFmjd);
    put_u32(&header[16], static_cast<std::uint32_t>(info.material.pieces()));
    header[20] = static_cast<std::uint8_t>(info.material.white_men);
    header[21] = static_cast<std::uint8_t>(info.material.white_kings);
    header[22] = static_cast<std::uint8_t>(info.material.black_men);
    header[23] = static_cast<std::uint8_t>(info.material.black_kings);
    put_u64(&header[24], info.positions);
    put_u32(&header[32], info.block_positions);
    put_u32(&header[36], info.blocks);
    put_u64(&header[40], info.payload_bytes);
    return header;
}

std::uint32_t blocks_for(std::uint64_t positions) {
    return static_cast<std::uint32_t>((positions + kBlockPositions - 1) / kBlockPositions);
}

}  // namespace

Expected<SliceFileInfo> write_slice_file(const std::filesystem::path& path,
                                         const Material& material,
                                         const std::vector<std::uint8_t>& bytes) {
    SliceFileInfo info;
    info.material = material;
    info.positions = bytes.size();
    info.blocks = blocks_for(bytes.size());
    auto frames = compress_blocks(bytes, info.blocks);
    if (!frames) return make_error(path.string() + ": " + frames.error().message);
    const std::size_t table_bytes = 8 * (std::size_t{info.blocks} + 1);
    std::vector<std::uint8_t> payload(table_bytes);
    std::uint64_t offset = 0;
    for (std::uint32_t b = 0; b < info.blocks; ++b) {
        put_u64(&payload[8 * b], offset);
        offset += (*frames)[b].size();
    }
    put_u64(&payload[8 * std::size_t{info.blocks}], offset);
    payload.reserve(table_bytes + offset);
    for (const std::string& frame : *frames)
        payload.insert(payload.end(), frame.begin(), frame.end());
    info.payload_bytes = payload.size();
    std::vector<std::uint8_t> header = header_bytes(info);
    info.checksum = checksum_of(header.data(), payload.data(), payload.size());
    std::copy(info.checksum.begin(), info.checksum.end(), header.begin() + kChecksumOffset);
    if (auto ok = write_atomically(path, header, payload); !ok) return ok.error();
    return info;
}

namespace {

/// The header of `d` (at least kHeaderBytes long) read and checked against the slice it names;
/// errors start with `name`.
Expected<SliceFileInfo> parse_header(const std::uint8_t* d, const std::string& name) {
    if (!std::equal(kMagic.begin(), kMagic.end(), d))
        return make_error(name + ": not an endgame database slice (no DRGTEGDB header)");
    if (get_u32(&d[8]) != kFormatVersion)
        return make_error(name + ": format version " + std::to_string(get_u32(&d[8])) +
                          ", this program reads version " + std::to_string(kFormatVersion));
    if (get_u32(&d[12]) != kRulesFmjd)
        return make_error(name + ": built for rules " + std::to_string(get_u32(&d[12])) +
                          ", not the FMJD counting rules (" + std::to_string(kRulesFmjd) + ")");
    SliceFileInfo info;
    info.material = Material{d[20], d[21], d[22], d[23]};
    const Material& m = info.material;
    // Each count checked alone before any sum: a damaged byte must not wrap the piece count.
    if (d[20] > kMaxDatabasePieces || d[21] > kMaxDatabasePieces || d[22] > kMaxDatabasePieces ||
        d[23] > kMaxDatabasePieces || m.pieces() > kMaxDatabasePieces || m.white() == 0 ||
        m.black() == 0 || !m.is_canonical() ||
        get_u32(&d[16]) != static_cast<std::uint32_t>(m.pieces()))
        return make_error(name + ": the header names no slice this program knows");
    info.positions = get_u64(&d[24]);
    info.block_positions = get_u32(&d[32]);
    info.blocks = get_u32(&d[36]);
    info.payload_bytes = get_u64(&d[40]);
    info.checksum.assign(reinterpret_cast<const char*>(&d[kChecksumOffset]), kChecksumSize);
    if (info.positions != SliceIndex(m).size() || info.block_positions != kBlockPositions ||
        info.blocks != blocks_for(info.positions))
        return make_error(name + ": the header's sizes do not fit slice " + m.name());
    return info;
}

}  // namespace

Expected<SliceFile> SliceFile::load(const std::filesystem::path& path, bool check_sum) {
    const auto bytes = read_whole_file(path);
    if (!bytes) return bytes.error();
    return from_bytes(path, std::vector<std::uint8_t>(bytes->begin(), bytes->end()), check_sum);
}

Expected<SliceFile> SliceFile::from_bytes(const std::filesystem::path& path,
                                          std::vector<std::uint8_t> data, bool check_sum) {
    SliceFile file;
    file.path_ = path;
    file.data_ = std::move(data);
    const std::string name = path.string();
    const std::vector<std::uint8_t>& d = file.data_;
    if (d.size() < kHeaderBytes)
        return make_error(name + ": not an endgame database slice (no DRGTEGDB header)");
    auto info = parse_header(d.data(), name);
    if (!info) return info.error();
    file.info_ = std::move(info).value();
    if (d.size() != file.info_.file_bytes())
        return make_error(name + ": " + std::to_string(d.size()) + " bytes, the header says " +
                          std::to_string(file.info_.file_bytes()) + " (truncated or padded)");
    const std::size_t table_bytes = 8 * (std::size_t{file.info_.blocks} + 1);
    if (file.info_.payload_bytes < table_bytes)
        return make_error(name + ": the block table is cut off");
    for (std::uint32_t b = 0; b <= file.info_.blocks; ++b)
        file.offsets_.push_back(get_u64(&d[kHeaderBytes + 8 * std::size_t{b}]));
    for (std::uint32_t b = 0; b < file.info_.blocks; ++b)
        if (file.offsets_[b] > file.offsets_[b + 1])
            return make_error(name + ": block table damaged at block " + std::to_string(b));
    if (file.offsets_.front() != 0 ||
        file.offsets_.back() != file.info_.payload_bytes - table_bytes)
        return make_error(name + ": the block table does not cover the payload");
    if (check_sum)
        if (auto ok = file.check_sum(); !ok) return ok.error();
    return file;
}

Expected<SliceFileInfo> read_slice_header(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(name + ": cannot read: " + std::strerror(errno));
    std::array<char, kHeaderBytes> header{};
    try {
        in.read(header.data(), header.size());
    } catch (const std::ios_base::failure& e) {
        return make_error(name + ": cannot read: " + e.what());
    }
    if (in.gcount() != static_cast<std::streamsize>(header.size()))
        return make_error(name + ": not an endgame database slice (no DRGTEGDB header)");
    return parse_header(reinterpret_cast<const std::uint8_t*>(header.data()), name);
}

Expected<void> SliceFile::check_sum() const {
    const std::string actual =
        checksum_of(data_.data(), data_.data() + kHeaderBytes, info_.payload_bytes);
    if (actual != info_.checksum)
        return make_error(path_.string() + ": checksum mismatch (header says " +
                          info_.checksum.substr(0, 16) + "..., content gives " +
                          actual.substr(0, 16) + "...): the file is damaged");
    return {};
}

Expected<void> SliceFile::decode_block(std::uint32_t block, std::vector<std::uint8_t>& out) const {
    if (block >= info_.blocks)
        return make_error(path_.string() + ": no block " + std::to_string(block));
    const std::uint64_t begin = std::uint64_t{block} * kBlockPositions;
    out.resize(static_cast<std::size_t>(
        std::min<std::uint64_t>(kBlockPositions, info_.positions - begin)));
    const std::size_t start = kHeaderBytes + 8 * (std::size_t{info_.blocks} + 1);
    const std::uint8_t* frame = data_.data() + start + offsets_[block];
    const std::size_t size = static_cast<std::size_t>(offsets_[block + 1] - offsets_[block]);
    const std::size_t n = ZSTD_decompress(out.data(), out.size(), frame, size);
    if (ZSTD_isError(n) || n != out.size())
        return make_error(
            path_.string() + ": block " + std::to_string(block) + " cannot be decoded (" +
            (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "wrong size") + "): the file is damaged");
    return {};
}

Expected<std::vector<std::uint8_t>> SliceFile::decode_all() const {
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(info_.positions));
    std::mutex mutex;
    std::optional<Error> error;
    // The caller reads the bytes the tasks wrote (TSan cannot see TBB's fork and join).
    const ForkJoinEdges edges;
    const auto each = [&](std::uint32_t b) {
        std::vector<std::uint8_t> block;
        if (auto ok = decode_block(b, block); !ok) {
            const std::lock_guard lock(mutex);
            if (!error) error = ok.error();
            return;
        }
        std::copy(block.begin(), block.end(),
                  bytes.begin() + static_cast<std::ptrdiff_t>(std::uint64_t{b} * kBlockPositions));
    };
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(std::uint32_t{0}, info_.blocks),
                      edges.traced([&](const tbb::blocked_range<std::uint32_t>& range) {
                          for (std::uint32_t b = range.begin(); b != range.end(); ++b) each(b);
                      }));
    edges.joined();
    if (error) return *error;
    return bytes;
}

}  // namespace draughts::egdb
