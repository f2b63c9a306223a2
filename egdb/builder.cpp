#include "egdb/builder.hpp"

#include <algorithm>
#include <chrono>

#include "common/time_source.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/slice_table.hpp"

namespace draughts::egdb {

namespace {

/// Reads an intact earlier file of `material` into the table; nullopt when there is none.
std::optional<SliceReport> reuse(const std::filesystem::path& path, const Material& material,
                                 SliceTable& table) {
    const auto start = std::chrono::steady_clock::now();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::nullopt;
    auto file = SliceFile::load(path, true);
    if (!file || !(file->info().material == material)) return std::nullopt;
    auto bytes = file->decode_all();
    if (!bytes) return std::nullopt;
    SliceReport report{material, slice_stats(*bytes), file->info().file_bytes(), 0.0, true};
    table.add(material, std::move(bytes).value());
    report.seconds = seconds_since(start);
    return report;
}

}  // namespace

std::vector<Material> slices_needed(const std::vector<Material>& only) {
    int pieces = 0;
    for (const Material& m : only) pieces = std::max(pieces, m.pieces());
    std::vector<Material> out;
    for (const Material& candidate : materials_up_to(pieces)) {
        const bool needed = std::any_of(only.begin(), only.end(), [&](const Material& m) {
            const Material target = m.canonical();
            // Promotions: fewer men and as many more kings of the same side; captures: fewer
            // pieces of either kind. Everything at most as strong on both sides may be reached.
            const auto reachable = [&](const Material& c) {
                return c.white() <= target.white() && c.black() <= target.black() &&
                       c.white_men <= target.white_men && c.black_men <= target.black_men;
            };
            return candidate == target || reachable(candidate) || reachable(candidate.flipped());
        });
        if (needed) out.push_back(candidate);
    }
    return out;
}

Expected<BuildReport> build_database(const BuildOptions& options) {
    if (options.pieces < 2 || options.pieces > kMaxDatabasePieces)
        return make_error("pieces must be 2 to " + std::to_string(kMaxDatabasePieces));
    std::error_code ec;
    std::filesystem::create_directories(options.output, ec);
    if (ec) return make_error(options.output.string() + ": cannot create: " + ec.message());
    const auto start = std::chrono::steady_clock::now();
    const std::vector<Material> order =
        options.only.empty() ? materials_up_to(options.pieces) : slices_needed(options.only);
    BuildReport report;
    SliceTable table;
    for (const Material& material : order) {
        // Free what no slice from here on can reach.
        for (const Material& held : order)
            if (table.contains(held) && done_with(held, material, order.back().pieces()))
                table.remove(held);
        const std::filesystem::path path = options.output / (material.name() + kSliceExtension);
        std::optional<SliceReport> slice = reuse(path, material, table);
        if (!slice) {
            const auto slice_start = std::chrono::steady_clock::now();
            const SliceStats stats = solve_slice(material, table);
            auto written = write_slice_file(path, material, *table.bytes(material));
            if (!written) return written.error();
            slice = SliceReport{material, stats, written->file_bytes(), seconds_since(slice_start),
                                false};
        }
        if (options.on_slice) options.on_slice(*slice);
        report.slices.push_back(*slice);
    }
    report.seconds = seconds_since(start);
    return report;
}

}  // namespace draughts::egdb
