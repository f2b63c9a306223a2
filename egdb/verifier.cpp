#include "egdb/verifier.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>

#include "common/time_source.hpp"
#include "common/tsan_annotations.hpp"
#include "egdb/counting.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/slice_index.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"

namespace draughts::egdb {

namespace {

constexpr std::size_t kMaxExamples = 5;

/// Checks every index of one decoded slice against its moves.
SliceCheck check_slice(const Material& material, const SliceTable& table) {
    const auto start = std::chrono::steady_clock::now();
    const SliceIndex index(material);
    const std::vector<std::uint8_t>& bytes = *table.bytes(material);
    SliceCheck check{material, 0, 0, {}, 0.0};
    std::atomic<std::uint64_t> positions{0};
    std::atomic<std::uint64_t> inconsistent{0};
    std::mutex mutex;
    // The tasks read the table the caller built (TSan cannot see TBB's fork and join).
    const ForkJoinEdges edges;
    tbb::parallel_for(
        tbb::blocked_range<std::uint64_t>(0, index.size(), 1024),
        edges.traced([&](const tbb::blocked_range<std::uint64_t>& range) {
            std::uint64_t seen = 0;
            for (std::uint64_t i = range.begin(); i < range.end(); ++i) {
                const auto position = index.position(i);
                const std::uint8_t stored = bytes[i];
                std::string problem;
                if (!position) {
                    if (stored != Value::kInvalidByte)
                        problem = "index " + std::to_string(i) + " is no position but holds " +
                                  std::to_string(stored);
                } else {
                    ++seen;
                    const Value expected = value_from_moves(*position, table);
                    const auto value = Value::from_byte(stored);
                    if (!value || !(*value == expected))
                        problem = rules::to_fen(*position) + ": stored " +
                                  (value ? value->text() : "byte " + std::to_string(stored)) +
                                  ", its moves give " + expected.text();
                }
                if (problem.empty()) continue;
                ++inconsistent;
                const std::lock_guard lock(mutex);
                if (check.examples.size() < kMaxExamples) check.examples.push_back(problem);
            }
            positions += seen;
        }));
    edges.joined();
    check.positions = positions.load();
    check.inconsistent = inconsistent.load();
    check.seconds = seconds_since(start);
    return check;
}

/// Every slice a slice's moves can reach must be in the folder (else it cannot be checked).
Expected<void> check_dependencies(const Material& material, const std::vector<Material>& present,
                                  const std::filesystem::path& folder) {
    for (const Material& needed : materials_up_to(material.pieces())) {
        if (needed == material) continue;
        const auto reachable = [&](const Material& c) {
            return c.white() <= material.white() && c.black() <= material.black() &&
                   c.white_men <= material.white_men && c.black_men <= material.black_men;
        };
        if (!reachable(needed) && !reachable(needed.flipped())) continue;
        if (std::find(present.begin(), present.end(), needed) == present.end())
            return make_error(folder.string() + ": slice " + material.name() + " needs slice " +
                              needed.name() + ", which is missing");
    }
    return {};
}

}  // namespace

bool VerifyReport::ok() const {
    return std::all_of(slices.begin(), slices.end(),
                       [](const SliceCheck& s) { return s.inconsistent == 0; });
}

Value value_from_moves(const rules::Position& position, const SliceTable& table) {
    rules::MoveList moves;
    rules::generate_moves(position, moves);
    if (moves.empty()) return Value::loss(0);  // no legal move: lost [FMJD 7.2.2, 7.2.3]
    const int limit = count_limit(rules::endgame_rule(position));
    int win = limit + 1;
    int loss = 0;
    bool losable = true;
    for (const rules::Move& m : moves) {
        const rules::Position next = position.after(m);
        const auto reply = Value::from_byte(table.byte_of(next).value_or(Value::kInvalidByte));
        if (!reply) return Value{Outcome::Draw, -1};  // no value: never equal to a stored one
        const int need = restarts_count(position, next) ? 1 : reply->plies + 1;
        if (reply->outcome == Outcome::Loss) {
            win = std::min(win, need);
            losable = false;
        } else if (reply->outcome == Outcome::Win && need <= limit) {
            loss = std::max(loss, need);
        } else {
            losable = false;
        }
    }
    if (win <= limit) return Value::win(win);
    return losable ? Value::loss(loss) : Value::draw();
}

Expected<VerifyReport> verify_database(const std::filesystem::path& folder,
                                       const std::function<void(const SliceCheck&)>& on_slice) {
    const auto start = std::chrono::steady_clock::now();
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        return make_error(folder.string() + ": no such endgame database folder");
    std::vector<Material> present;
    for (const Material& m : materials_up_to(kMaxDatabasePieces))
        if (std::filesystem::exists(folder / (m.name() + kSliceExtension), ec))
            present.push_back(m);
    if (present.empty()) return make_error(folder.string() + ": no slice files (*.egdb)");
    VerifyReport report;
    SliceTable table;
    for (const Material& material : present) {
        for (const Material& held : present)
            if (table.contains(held) && done_with(held, material, present.back().pieces()))
                table.remove(held);
        if (auto ok = check_dependencies(material, present, folder); !ok) return ok.error();
        auto file = SliceFile::load(folder / (material.name() + kSliceExtension), true);
        if (!file) return file.error();
        auto bytes = file->decode_all();
        if (!bytes) return bytes.error();
        table.add(material, std::move(bytes).value());
        report.slices.push_back(check_slice(material, table));
        if (on_slice) on_slice(report.slices.back());
    }
    report.seconds = seconds_since(start);
    return report;
}

}  // namespace draughts::egdb
