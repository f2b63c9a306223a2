#include "egdb/database.hpp"

#include <algorithm>

#include "egdb/slice_index.hpp"
#include "egdb/slice_table.hpp"

namespace draughts::egdb {

/// One decoded block in the cache (direct-mapped: each block has one slot it may occupy).
struct Database::CacheSlot {
    std::mutex mutex;
    int file = -1;
    std::uint32_t block = 0;
    std::vector<std::uint8_t> bytes;
};

Database::~Database() = default;

Expected<std::shared_ptr<const Database>> Database::open(const std::filesystem::path& folder,
                                                         const OpenOptions& options) {
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        return make_error(folder.string() + ": no such endgame database folder");
    std::shared_ptr<Database> db(new Database());
    db->folder_ = folder;
    db->by_material_.assign(kMaterialKeys, -1);
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.path().extension() == kSliceExtension) paths.push_back(entry.path());
    if (ec) return make_error(folder.string() + ": cannot list: " + ec.message());
    std::sort(paths.begin(), paths.end());
    for (const std::filesystem::path& path : paths) {
        auto file = SliceFile::load(path, options.check_sums);
        if (!file) return file.error();
        const Material& m = file->info().material;
        if (path.stem().string() != m.name())
            return make_error(path.string() + ": holds slice " + m.name() + ", which belongs in " +
                              m.name() + kSliceExtension);
        db->by_material_[m.key()] = static_cast<int>(db->files_.size());
        db->max_pieces_ = std::max(db->max_pieces_, m.pieces());
        db->files_.push_back(std::move(file).value());
    }
    for (int n = 2; n <= kMaxDatabasePieces; ++n) {
        const auto needed = materials_up_to(n);
        if (!std::all_of(needed.begin(), needed.end(),
                         [&](const Material& m) { return db->by_material_[m.key()] >= 0; }))
            break;
        db->pieces_ = n;
    }
    db->cache_slots_ = std::max<std::size_t>(16, options.cache_mb * 1024 * 1024 / kBlockPositions);
    db->cache_ = std::make_unique<CacheSlot[]>(db->cache_slots_);
    return std::shared_ptr<const Database>(std::move(db));
}

std::vector<SliceFileInfo> Database::slices() const {
    std::vector<SliceFileInfo> out;
    for (const Material& m : materials_up_to(kMaxDatabasePieces))
        if (const SliceFile* file = slice_of(m)) out.push_back(file->info());
    return out;
}

const SliceFile* Database::slice_of(const Material& canonical) const {
    if (canonical.pieces() > kMaxDatabasePieces) return nullptr;
    const int file = by_material_[canonical.key()];
    return file < 0 ? nullptr : &files_[static_cast<std::size_t>(file)];
}

bool Database::covers(const rules::Position& position) const {
    return slice_of(Material::of(position).canonical()) != nullptr;
}

Expected<std::optional<Value>> Database::probe(const rules::Position& position) const {
    // The side to move has no pieces: the game is over and it has lost [FMJD 7.2.2].
    if (position.pieces(position.side_to_move()) == 0) return std::optional(Value::loss(0));
    const Material material = Material::of(position);
    const bool canonical = material.is_canonical();
    const SliceFile* file = slice_of(canonical ? material : material.flipped());
    if (file == nullptr) return std::optional<Value>();
    const std::uint64_t index =
        SliceIndex(file->info().material).index(canonical ? position : flipped(position));
    const auto block = static_cast<std::uint32_t>(index / kBlockPositions);
    const auto file_number = static_cast<int>(file - files_.data());
    const std::uint64_t hash = (std::uint64_t(file_number) << 32 | block) * 0x9E3779B97F4A7C15ULL;
    CacheSlot& slot = cache_[static_cast<std::size_t>(hash >> 20) % cache_slots_];
    std::uint8_t byte = 0;
    {
        const std::lock_guard lock(slot.mutex);
        if (slot.file != file_number || slot.block != block) {
            slot.file = -1;
            if (auto ok = file->decode_block(block, slot.bytes); !ok) return ok.error();
            slot.file = file_number;
            slot.block = block;
        }
        byte = slot.bytes[static_cast<std::size_t>(index % kBlockPositions)];
    }
    const auto value = Value::from_byte(byte);
    if (!value)
        return make_error(file->path().string() + ": position " + std::to_string(index) +
                          " holds no value (byte " + std::to_string(byte) +
                          "): the file is damaged");
    return std::optional(*value);
}

}  // namespace draughts::egdb
