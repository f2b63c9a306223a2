// The binary form of data sets. All numbers little-endian.
//
//   header, 64 bytes:
//     0  magic "\x89DRDATA\n" (8 bytes; the high byte and newline catch text-mode damage)
//     8  u32 version (1)             12  u32 flags (bit 0: coefficient section present)
//    16  u64 sample count            24  u64 coefficient entry count (0 without coefficients)
//    32  u64 weight-layout hash      40  u32 parameter count   44  u32 index bits
//        (the three are 0 without coefficients; the layout is that of the variant's board)
//    48  u32 variant: its PDN GameType (25 Russian, 26 Brazilian), 0 for international draughts
//        (so files written before variants were recorded read as international)
//    52  12 bytes reserved, zero
//   samples, 32 bytes each:
//     0  u64 white squares (bit s-1 = square s, s up to the board's 50 or 32) with bit 63 set
//        when Black is to move
//     8  u64 black squares          16  u64 kings
//    24  i32 score (INT32_MIN = none)   28  u16 ply (0xFFFF = none)
//    30  u8 result (0 Black wins, 1 draw, 2 White wins)   31  u8 reserved, zero
//   coefficient section (flag bit 0), for each sample 32 bytes:
//     0  the quiet leaf as three u64 (as above)   24  u32 number of entries   28  u8 phase
//    29  3 bytes reserved, zero
//   then every entry as u32 (index in the low `index bits`, signed value above), row by row.

#include <bit>
#include <cstring>
#include <limits>
#include <string>

#include "common/byte_io.hpp"
#include "rules/fen.hpp"
#include "rules/variant.hpp"
#include "tuner/dataset.hpp"
#include "tuner/release_behind.hpp"
#include "tuner/variant_key.hpp"

namespace draughts::tuner {

namespace {

constexpr std::string_view kMagic{
    "\x89"
    "DRDATA\n",
    8};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kHasCoefficients = 1;
constexpr std::size_t kHeaderBytes = 64;
constexpr std::size_t kRecordBytes = 32;
constexpr std::uint64_t kBlackToMove = std::uint64_t{1} << 63;
constexpr std::size_t kVariantOffset = 48;
constexpr std::int32_t kNoScore = std::numeric_limits<std::int32_t>::min();
constexpr std::uint16_t kNoPly = 0xFFFF;

/// The squares of board B as bits 0 .. kNumSquares - 1.
template <typename B>
constexpr std::uint64_t kSquaresMask = (std::uint64_t{1} << B::kNumSquares) - 1;

template <typename B>
std::uint64_t square_mask(rules::Bitboard b) {
    std::uint64_t mask = 0;
    while (b != 0) mask |= std::uint64_t{1} << (B::square_of_bit_index(rules::pop_lsb(b)) - 1);
    return mask;
}

template <typename B>
rules::Bitboard bitboard_of(std::uint64_t mask) {
    rules::Bitboard b = 0;
    for (; mask != 0; mask &= mask - 1) b |= B::square_bit(std::countr_zero(mask) + 1);
    return b;
}

template <typename V>
void put_position(ByteWriter& w, const rules::BasicPosition<V>& p) {
    using B = typename V::Board;
    w.put(square_mask<B>(p.white()) | (p.side_to_move() == rules::Color::Black ? kBlackToMove : 0));
    w.put(square_mask<B>(p.black()));
    w.put(square_mask<B>(p.kings()));
}

/// Reads and checks a position at `offset`, as strictly as the FEN reader does.
template <typename V>
Expected<rules::BasicPosition<V>> get_position(std::string_view bytes, std::size_t offset) {
    using B = typename V::Board;
    const auto white_word = get_le<std::uint64_t>(bytes, offset);
    const std::uint64_t white = white_word & ~kBlackToMove;
    const auto black = get_le<std::uint64_t>(bytes, offset + 8);
    const auto kings = get_le<std::uint64_t>(bytes, offset + 16);
    if (((white | black | kings) & ~kSquaresMask<B>) != 0)
        return make_error("square bits beyond square " + std::to_string(B::kNumSquares));
    if ((white & black) != 0) return make_error("a square holds a white and a black piece");
    if ((kings & ~(white | black)) != 0) return make_error("a king on an empty square");
    const rules::Color side =
        (white_word & kBlackToMove) != 0 ? rules::Color::Black : rules::Color::White;
    const auto position = rules::BasicPosition<V>::from_bitboards(
        bitboard_of<B>(white), bitboard_of<B>(black), bitboard_of<B>(kings), side);
    // Men on the row where they would have promoted cannot arise in play.
    if ((position.men(rules::Color::White) & B::promotion_row(rules::Color::White)) != 0 ||
        (position.men(rules::Color::Black) & B::promotion_row(rules::Color::Black)) != 0)
        return make_error("a man stands on its promotion row");
    return position;
}

std::string at(std::string_view source, std::size_t offset) {
    return std::string(source) + ": byte " + std::to_string(offset) + ": ";
}

}  // namespace

bool has_binary_magic(std::string_view bytes) { return bytes.substr(0, kMagic.size()) == kMagic; }

template <typename V>
std::string format_binary_dataset(const BasicDataset<V>& dataset) {
    const auto* coefficients = dataset.coefficients ? &*dataset.coefficients : nullptr;
    std::string out;
    out.reserve(kHeaderBytes + kRecordBytes * dataset.samples.size() * (coefficients ? 2 : 1) +
                (coefficients ? 4 * coefficients->store.entry_count() : 0));
    ByteWriter w(out);
    out.append(kMagic);
    w.put(kVersion);
    w.put(coefficients ? kHasCoefficients : 0U);
    w.put(std::uint64_t{dataset.samples.size()});
    w.put(std::uint64_t{coefficients ? coefficients->store.entry_count() : 0});
    w.put(coefficients ? LayoutOf<V>::hash() : std::uint64_t{0});
    w.put(static_cast<std::uint32_t>(coefficients ? coefficients->store.parameter_count() : 0));
    w.put(coefficients ? coefficients->store.packing().index_bits() : 0U);
    w.put(variant_file_word(variant_of<V>()));
    w.zeros(12);
    for (const BasicSample<V>& s : dataset.samples) {
        put_position(w, s.position);
        w.put(static_cast<std::int32_t>(s.score.value_or(kNoScore)));
        w.put(static_cast<std::uint16_t>(s.ply.value_or(kNoPly)));
        w.put(static_cast<std::uint8_t>(s.result));
        w.zeros(1);
    }
    if (!coefficients) return out;
    const CoefficientStore& store = coefficients->store;
    for (std::size_t i = 0; i < store.size(); ++i) {
        put_position(w, coefficients->leaves[i]);
        w.put(static_cast<std::uint32_t>(store.row(i).size()));
        w.put(static_cast<std::uint8_t>(store.phase(i)));
        w.zeros(3);
    }
    for (std::size_t i = 0; i < store.entry_count(); ++i) w.put(store.entries()[i]);
    return out;
}

namespace {

/// The fixed-size parts of a file as announced by its header.
struct Header {
    std::uint64_t samples = 0;
    std::uint64_t entries = 0;
    bool coefficients = false;
    unsigned index_bits = 0;
};

/// Checks the magic, the size of the header and the version.
Expected<void> check_header(std::string_view bytes, std::string_view source) {
    if (!has_binary_magic(bytes))
        return make_error(std::string(source) + ": not a binary data set (bad magic)");
    if (bytes.size() < kHeaderBytes)
        return make_error(at(source, bytes.size()) + "truncated header (" +
                          std::to_string(bytes.size()) + " of " + std::to_string(kHeaderBytes) +
                          " bytes)");
    const auto version = get_le<std::uint32_t>(bytes, 8);
    if (version != kVersion)
        return make_error(at(source, 8) + "format version " + std::to_string(version) +
                          " is not supported (this program reads version " +
                          std::to_string(kVersion) + ")");
    return {};
}

template <typename V>
Expected<Header> read_header(std::string_view bytes, std::string_view source) {
    const auto variant = binary_dataset_variant(bytes, source);
    if (!variant) return variant.error();
    if (*variant != variant_of<V>()) return variant_mismatch(source, *variant, variant_of<V>());
    const auto flags = get_le<std::uint32_t>(bytes, 12);
    if ((flags & ~kHasCoefficients) != 0)
        return make_error(at(source, 12) + "unknown flags " + std::to_string(flags));
    Header h;
    h.samples = get_le<std::uint64_t>(bytes, 16);
    h.entries = get_le<std::uint64_t>(bytes, 24);
    h.coefficients = (flags & kHasCoefficients) != 0;
    if (!h.coefficients) {
        if (h.entries != 0)
            return make_error(at(source, 24) + "entries announced without coefficients");
        return h;
    }
    const auto layout = get_le<std::uint64_t>(bytes, 32);
    const auto parameters = get_le<std::uint32_t>(bytes, 40);
    using Layout = LayoutOf<V>;
    if (layout != Layout::hash() || parameters != Layout::count())
        return make_error(
            at(source, 32) + "coefficients were computed for another weight layout (" +
            std::to_string(parameters) + " parameters, hash " + std::to_string(layout) +
            "; this engine has " + std::to_string(Layout::count()) + ", hash " +
            std::to_string(Layout::hash()) + "): convert the samples again");
    h.index_bits = get_le<std::uint32_t>(bytes, 44);
    const auto packing = EntryPacking::for_parameters(parameters);
    if (h.index_bits != packing->index_bits())
        return make_error(at(source, 44) + "index bits " + std::to_string(h.index_bits) +
                          " do not match the layout (" + std::to_string(packing->index_bits()) +
                          ")");
    return h;
}

/// Checks the file size against the header; names where the data stops when it is short.
Expected<void> check_size(std::string_view bytes, std::string_view source, const Header& h) {
    const std::uint64_t size = bytes.size();
    const std::uint64_t room = size - kHeaderBytes;
    const std::uint64_t per_sample = kRecordBytes * (h.coefficients ? 2 : 1);
    if (h.samples > room / per_sample || h.entries > room / 4 ||
        h.samples * per_sample + 4 * h.entries > room) {
        const std::uint64_t records = room / kRecordBytes;
        std::string where;
        if (records < h.samples) {
            where = "sample record " + std::to_string(records);
        } else if (h.coefficients && records < 2 * h.samples) {
            where = "leaf record " + std::to_string(records - h.samples);
        } else {
            where = "coefficient entry " + std::to_string((room - per_sample * h.samples) / 4);
        }
        return make_error(at(source, size) + "truncated: the header announces " +
                          std::to_string(h.samples) + " samples and " + std::to_string(h.entries) +
                          " entries, the data ends in " + where);
    }
    const std::uint64_t expected = kHeaderBytes + h.samples * per_sample + 4 * h.entries;
    if (size != expected)
        return make_error(at(source, expected) + std::to_string(size - expected) +
                          " unexpected bytes after the data");
    return {};
}

template <typename V>
Expected<BasicSample<V>> read_sample(std::string_view bytes, std::size_t offset) {
    auto position = get_position<V>(bytes, offset);
    if (!position) return position.error();
    BasicSample<V> s;
    s.position = *position;
    const auto score = get_le<std::int32_t>(bytes, offset + 24);
    const auto ply = get_le<std::uint16_t>(bytes, offset + 28);
    const auto result = static_cast<unsigned char>(bytes[offset + 30]);
    if (result > 2) return make_error("result code " + std::to_string(result));
    if (bytes[offset + 31] != 0) return make_error("reserved byte is not zero");
    if (score != kNoScore) s.score = score;
    if (ply != kNoPly) s.ply = ply;
    s.result = static_cast<Outcome>(result);
    return s;
}

/// Where the entries of row `first` start: the entry counts of the rows before it are added up,
/// checked against the announced total as reading every row would check them. The leaf records
/// scanned are handed to `scanned` window by window.
Expected<std::size_t> entries_before(std::string_view bytes, std::string_view source,
                                     const Header& h, std::size_t offset, std::uint64_t first,
                                     const ScannedBytes& scanned) {
    std::size_t entry_offset = offset + kRecordBytes * h.samples;
    const std::size_t entries_end = entry_offset + 4 * h.entries;
    ReleaseBehind behind(bytes, offset, scanned);
    for (std::uint64_t i = 0; i < first; ++i, offset += kRecordBytes) {
        const auto count = get_le<std::uint32_t>(bytes, offset + 24);
        if (count > (entries_end - entry_offset) / 4)
            return make_error(at(source, offset) + "leaf " + std::to_string(i) + ": its " +
                              std::to_string(count) + " entries run past the announced total");
        entry_offset += 4 * std::size_t{count};
        behind.reached(offset);
    }
    behind.finish(offset);
    return entry_offset;
}

/// Reads the coefficient section (leaves, then the entries row by row) of the samples kept in
/// `kept`: the rows [first, first + kept.samples.size()) of the file.
template <typename V>
Expected<BasicResolvedCoefficients<V>> read_coefficients(
    std::string_view bytes, std::string_view source, const Header& h, std::size_t offset,
    const BasicDataset<V>& kept, std::uint64_t first, const ScannedBytes& scanned) {
    BasicResolvedCoefficients<V> out;
    out.leaves.reserve(kept.samples.size());
    const std::size_t leaves_end = offset + kRecordBytes * h.samples;
    const std::size_t entries_end = leaves_end + 4 * h.entries;
    auto start = entries_before(bytes, source, h, offset, first, scanned);
    if (!start) return start.error();
    std::size_t entry_offset = *start;
    offset += kRecordBytes * first;
    const std::uint64_t end = first + kept.samples.size();
    // Allocated once (a share's rows and their entries, as the counts say): see resolve_dataset.
    std::size_t slice_entries = 0;
    {
        ReleaseBehind counted(bytes, offset, scanned);
        for (std::uint64_t i = first; i < end; ++i) {
            const std::size_t record = offset + kRecordBytes * (i - first);
            slice_entries += get_le<std::uint32_t>(bytes, record + 24);
            counted.reached(record);
        }
        counted.finish(offset + kRecordBytes * (end - first));
    }
    out.store.reserve(kept.samples.size(), std::min(slice_entries, h.entries));
    const EntryPacking& packing = out.store.packing();
    std::vector<engine::EvalCoefficient> row;
    ReleaseBehind leaves_behind(bytes, offset, scanned);
    ReleaseBehind entries_behind(bytes, entry_offset, scanned);
    for (std::uint64_t i = first; i < end; ++i, offset += kRecordBytes) {
        leaves_behind.reached(offset);
        entries_behind.reached(entry_offset);
        const std::string where = at(source, offset) + "leaf " + std::to_string(i) + ": ";
        const auto count = get_le<std::uint32_t>(bytes, offset + 24);
        if (count > (entries_end - entry_offset) / 4)
            return make_error(where + "its " + std::to_string(count) +
                              " entries run past the announced total");
        auto leaf = get_position<V>(bytes, offset);
        if (!leaf) return make_error(where + leaf.error().message);
        const auto phase = static_cast<unsigned char>(bytes[offset + 28]);
        row.clear();
        for (std::uint32_t k = 0; k < count; ++k, entry_offset += 4) {
            const auto entry = get_le<std::uint32_t>(bytes, entry_offset);
            const engine::EvalCoefficient c{packing.index(entry), packing.value(entry)};
            if (c.value == 0 || (!row.empty() && c.index <= row.back().index))
                return make_error(at(source, entry_offset) + "leaf " + std::to_string(i) +
                                  ": entries not sorted by index or zero");
            row.push_back(c);
        }
        const BasicSample<V>& sample = kept.samples[i - first];
        if (auto ok = out.store.append(row, phase, sample.result, sample.score); !ok)
            return make_error(where + ok.error().message);
        out.leaves.push_back(*leaf);
    }
    leaves_behind.finish(offset);
    entries_behind.finish(entry_offset);
    // Only the share that ends the file knows whether the rows use every announced entry.
    if (end == h.samples && entry_offset != entries_end)
        return make_error(at(source, entry_offset) + "rows use " +
                          std::to_string((entry_offset - leaves_end) / 4) + " of " +
                          std::to_string(h.entries) + " announced entries");
    return out;
}

}  // namespace

Expected<rules::Variant> binary_dataset_variant(std::string_view bytes, std::string_view source) {
    if (auto ok = check_header(bytes, source); !ok) return ok.error();
    const auto word = get_le<std::uint32_t>(bytes, kVariantOffset);
    const auto variant = variant_of_file_word(word);
    if (!variant)
        return make_error(at(source, kVariantOffset) + "unknown variant (PDN GameType " +
                          std::to_string(word) + ")");
    return *variant;
}

template <typename V>
Expected<BasicDataset<V>> parse_binary_dataset(std::string_view bytes, std::string_view source,
                                               DatasetShare share, const ScannedBytes& scanned) {
    const auto header = read_header<V>(bytes, source);
    if (!header) return header.error();
    if (auto ok = check_size(bytes, source, *header); !ok) return ok.error();
    BasicDataset<V> out;
    out.file_samples = header->samples;
    const std::uint64_t first = share.begin(header->samples);
    const std::uint64_t end = share.end(header->samples);
    out.samples.reserve(end - first);
    ReleaseBehind behind(bytes, kHeaderBytes + kRecordBytes * first, scanned);
    for (std::uint64_t i = first; i < end; ++i) {
        const std::size_t offset = kHeaderBytes + kRecordBytes * i;
        behind.reached(offset);
        auto sample = read_sample<V>(bytes, offset);
        if (!sample)
            return make_error(at(source, offset) + "sample " + std::to_string(i) + ": " +
                              sample.error().message);
        out.samples.push_back(*sample);
        if (!share.whole()) out.numbers.push_back(i);
    }
    behind.finish(kHeaderBytes + kRecordBytes * end);
    if (!header->coefficients) return out;
    auto coefficients = read_coefficients(
        bytes, source, *header, kHeaderBytes + kRecordBytes * header->samples, out, first, scanned);
    if (!coefficients) return coefficients.error();
    out.coefficients = std::move(*coefficients);
    return out;
}

#define DRAUGHTS_TUNER_BINARY_FORM(Policy)                                              \
    template std::string format_binary_dataset(const BasicDataset<rules::Policy>&);     \
    template Expected<BasicDataset<rules::Policy>> parse_binary_dataset<rules::Policy>( \
        std::string_view, std::string_view, DatasetShare, const ScannedBytes&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_TUNER_BINARY_FORM)
#undef DRAUGHTS_TUNER_BINARY_FORM

}  // namespace draughts::tuner
