#include "engine/network.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "common/byte_io.hpp"
#include "common/file_io.hpp"
#include "engine/evaluate.hpp"
#include "engine/search_types.hpp"

namespace draughts::engine {

namespace {

constexpr std::string_view kNetworkMagic = "DRNN";
constexpr std::uint32_t kNetworkVersion = 1;

constexpr std::size_t size_of(int n) { return static_cast<std::size_t>(n); }

std::string at(std::string_view source, std::size_t offset) {
    return std::string(source) + ": byte " + std::to_string(offset) + ": ";
}

/// Reads the file form front to back, remembering the offset for its errors.
class Reader {
  public:
    Reader(std::string_view bytes, std::string_view source) : bytes_(bytes), source_(source) {}

    template <typename T>
    Expected<T> get(std::string_view what) {
        if (offset_ + sizeof(T) > bytes_.size())
            return make_error(at(source_, offset_) + "the file ends inside " + std::string(what));
        const T value = get_le<T>(bytes_, offset_);
        offset_ += sizeof(T);
        return value;
    }

    template <typename T>
    Expected<void> get_array(std::vector<T>& out, std::size_t count, std::string_view what) {
        if (offset_ + count * sizeof(T) > bytes_.size())
            return make_error(at(source_, offset_) + "the file ends inside " + std::string(what) +
                              " (" + std::to_string(count) + " values)");
        out.resize(count);
        for (std::size_t i = 0; i < count; ++i, offset_ += sizeof(T))
            out[i] = get_le<T>(bytes_, offset_);
        return {};
    }

    Expected<std::string_view> get_text(std::size_t length, std::string_view what) {
        if (offset_ + length > bytes_.size())
            return make_error(at(source_, offset_) + "the file ends inside " + std::string(what));
        const std::string_view text = bytes_.substr(offset_, length);
        offset_ += length;
        return text;
    }

    std::size_t offset() const { return offset_; }

  private:
    std::string_view bytes_;
    std::string_view source_;
    std::size_t offset_ = 0;
};

std::int64_t clipped(std::int64_t value, std::int64_t top) {
    return std::clamp<std::int64_t>(value, 0, top);
}

}  // namespace

Network Network::zero(rules::Variant variant) {
    Network n;
    n.variant = variant;
    n.squares =
        rules::dispatch_variant(variant, []<typename V>(V) { return V::Board::kNumSquares; });
    n.feature_weights.assign(size_of(n.inputs()) * size_of(kNetworkAccumulator), 0);
    n.feature_bias.assign(size_of(kNetworkAccumulator), 0);
    n.hidden_weights.assign(size_of(kNetworkHidden) * size_of(2 * kNetworkAccumulator), 0);
    n.hidden_bias.assign(size_of(kNetworkHidden), 0);
    n.output_weights.assign(size_of(kNetworkHidden), 0);
    return n;
}

namespace {

constexpr std::size_t kHiddenInputs = 2 * size_of(kNetworkAccumulator);
using HiddenInput = std::array<std::int16_t, kHiddenInputs>;

// A hidden unit sums 2 x kNetworkAccumulator products of a clipped activation (at most
// kNetworkActivationScale = 2^10) and an int16 weight (at most 2^15 in size): up to 2^33, beyond
// 32 bits. Both versions below sum them in 32-bit lanes, each lane taking a share of the
// products, and only the lanes' totals in 64 bits: a lane holding at most kLaneProducts products
// of at most 2^25 cannot overflow, so the result is exactly the 64-bit sum, while the lanes fit
// SIMD registers (16-bit inputs, a multiply-add of two products into each 32-bit lane).
constexpr std::size_t kLaneProducts = 32;
static_assert(kLaneProducts * size_of(kNetworkActivationScale) * 32768 <=
              std::size_t{std::numeric_limits<std::int32_t>::max()});

/// The clipped activations of both accumulators, the side to move's first.
HiddenInput hidden_input(const NetworkAccumulator& us, const NetworkAccumulator& them) {
    HiddenInput input;
    for (std::size_t j = 0; j < size_of(kNetworkAccumulator); ++j) {
        input[j] = static_cast<std::int16_t>(clipped(us[j], kNetworkActivationScale));
        input[j + size_of(kNetworkAccumulator)] =
            static_cast<std::int16_t>(clipped(them[j], kNetworkActivationScale));
    }
    return input;
}

/// The output from the hidden units' sums (each before its bias and clipping).
std::int64_t output_of(const std::array<std::int64_t, kNetworkHidden>& sums,
                       const Network& network) {
    std::int64_t out = network.output_bias;
    for (std::size_t k = 0; k < size_of(kNetworkHidden); ++k)
        out += network.output_weights[k] *
               clipped(sums[k] + network.hidden_bias[k], kNetworkHiddenScale);
    return out;
}

/// One hidden unit's sum in plain C++: kLanes lanes, each taking every kLanes-th product.
std::int64_t hidden_sum_portable(const std::int16_t* row, const HiddenInput& input) {
    constexpr std::size_t kLanes = kHiddenInputs / kLaneProducts;
    std::array<std::int32_t, kLanes> lanes{};
    for (std::size_t j = 0; j < kHiddenInputs; j += kLanes)
        for (std::size_t lane = 0; lane < kLanes; ++lane)
            lanes[lane] += std::int32_t{row[j + lane]} * std::int32_t{input[j + lane]};
    std::int64_t sum = 0;
    for (const std::int32_t lane : lanes) sum += lane;
    return sum;
}

#if defined(__AVX2__)
/// One hidden unit's sum with AVX2: each of the 8 lanes takes two products per step of 16
/// inputs (vpmaddwd), kHiddenInputs / 8 = 32 products in all.
std::int64_t hidden_sum_avx2(const std::int16_t* row, const HiddenInput& input) {
    static_assert(kHiddenInputs / 8 <= kLaneProducts && kHiddenInputs % 16 == 0);
    __m256i lanes = _mm256_setzero_si256();
    for (std::size_t j = 0; j < kHiddenInputs; j += 16) {
        const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(input.data() + j));
        const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + j));
        lanes = _mm256_add_epi32(lanes, _mm256_madd_epi16(a, w));
    }
    const __m256i wide =
        _mm256_add_epi64(_mm256_cvtepi32_epi64(_mm256_castsi256_si128(lanes)),
                         _mm256_cvtepi32_epi64(_mm256_extracti128_si256(lanes, 1)));
    alignas(32) std::array<std::int64_t, 4> parts;
    _mm256_store_si256(reinterpret_cast<__m256i*>(parts.data()), wide);
    return parts[0] + parts[1] + parts[2] + parts[3];
}
#endif

template <typename HiddenSum>
std::int64_t output_with(const NetworkAccumulator& us, const NetworkAccumulator& them,
                         const Network& network, HiddenSum hidden_sum) {
    const HiddenInput input = hidden_input(us, them);
    std::array<std::int64_t, kNetworkHidden> sums;
    for (std::size_t k = 0; k < size_of(kNetworkHidden); ++k)
        sums[k] = hidden_sum(network.hidden_weights.data() + k * kHiddenInputs, input);
    return output_of(sums, network);
}

}  // namespace

std::int64_t network_output_portable(const NetworkAccumulator& us, const NetworkAccumulator& them,
                                     const Network& network) {
    return output_with(us, them, network, hidden_sum_portable);
}

std::int64_t network_output(const NetworkAccumulator& us, const NetworkAccumulator& them,
                            const Network& network) {
#if defined(__AVX2__)
    return output_with(us, them, network, hidden_sum_avx2);
#else
    return output_with(us, them, network, hidden_sum_portable);
#endif
}

int network_evaluation(const NetworkAccumulators& acc, rules::Color side_to_move,
                       const Network& network) {
    const auto us = static_cast<std::size_t>(rules::index_of(side_to_move));
    const std::int64_t out = network_output(acc[us], acc[1 - us], network);
    const std::int64_t units = out * kScorePerMan / kNetworkOutputUnit;
    return static_cast<int>(std::clamp<std::int64_t>(units, -kMaxEvaluation, kMaxEvaluation));
}

std::uint64_t network_checksum(std::string_view bytes) {
    std::uint64_t h = 14695981039346656037ULL;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ULL;
    }
    return h;
}

std::string network_bytes(const Network& network) {
    std::string out(kNetworkMagic);
    ByteWriter w(out);
    w.put(kNetworkVersion);
    const std::string_view name = rules::variant_name(network.variant);
    w.put(static_cast<std::uint8_t>(name.size()));
    out.append(name);
    for (const int size : {network.squares, kNetworkAccumulator, kNetworkHidden,
                           kNetworkActivationScale, kNetworkWeightScale, kNetworkOutputScale})
        w.put(static_cast<std::uint16_t>(size));
    for (const auto* array : {&network.feature_weights, &network.feature_bias,
                              &network.hidden_weights, &network.output_weights})
        for (const std::int16_t v : *array) w.put(v);
    for (const std::int32_t v : network.hidden_bias) w.put(v);
    w.put(network.output_bias);
    w.put(network_checksum(out));
    return out;
}

Expected<Network> parse_network(std::string_view bytes, std::string_view source) {
    if (!bytes.starts_with(kNetworkMagic))
        return make_error(std::string(source) + ": not a network file (bad magic)");
    if (bytes.size() < kNetworkMagic.size() + sizeof(std::uint64_t))
        return make_error(at(source, bytes.size()) + "the file is cut short");
    const std::size_t body = bytes.size() - sizeof(std::uint64_t);
    if (get_le<std::uint64_t>(bytes, body) != network_checksum(bytes.substr(0, body)))
        return make_error(at(source, body) + "checksum mismatch: the file is damaged or cut short");
    Reader r(bytes.substr(0, body), source);
    if (auto magic = r.get_text(kNetworkMagic.size(), "the magic"); !magic) return magic.error();
    const std::size_t version_at = r.offset();
    const auto version = r.get<std::uint32_t>("the version");
    if (!version) return version.error();
    if (*version != kNetworkVersion)
        return make_error(at(source, version_at) + "format version " + std::to_string(*version) +
                          ", this build reads version " + std::to_string(kNetworkVersion));
    const auto length = r.get<std::uint8_t>("the variant name");
    if (!length) return length.error();
    const std::size_t name_at = r.offset();
    const auto name = r.get_text(*length, "the variant name");
    if (!name) return name.error();
    const auto variant = rules::parse_variant(*name);
    if (!variant)
        return make_error(at(source, name_at) + "unknown variant '" + std::string(*name) + "'");
    Network n = Network::zero(*variant);
    const int expected[] = {n.squares,           kNetworkAccumulator,
                            kNetworkHidden,      kNetworkActivationScale,
                            kNetworkWeightScale, kNetworkOutputScale};
    const char* what[] = {"squares",          "accumulator width", "hidden width",
                          "activation scale", "weight scale",      "output scale"};
    for (std::size_t i = 0; i < std::size(expected); ++i) {
        const std::size_t size_at = r.offset();
        const auto size = r.get<std::uint16_t>(what[i]);
        if (!size) return size.error();
        if (*size != expected[i])
            return make_error(at(source, size_at) + what[i] + " " + std::to_string(*size) +
                              ", this build's network has " + std::to_string(expected[i]));
    }
    for (auto* array : {&n.feature_weights, &n.feature_bias, &n.hidden_weights, &n.output_weights})
        if (auto read = r.get_array(*array, array->size(), "the weights"); !read)
            return read.error();
    if (auto read = r.get_array(n.hidden_bias, n.hidden_bias.size(), "the hidden biases"); !read)
        return read.error();
    const auto bias = r.get<std::int64_t>("the output bias");
    if (!bias) return bias.error();
    n.output_bias = *bias;
    if (r.offset() != body)
        return make_error(at(source, r.offset()) + std::to_string(body - r.offset()) +
                          " bytes after the weights");
    return n;
}

Expected<Network> read_network(const std::filesystem::path& path, rules::Variant variant) {
    const auto bytes = read_whole_file(path);
    if (!bytes) return bytes.error();
    auto network = parse_network(*bytes, path.string());
    if (!network) return network.error();
    if (network->variant != variant)
        return make_error(path.string() + ": a network for " +
                          std::string(rules::variant_name(network->variant)) + ", not for " +
                          std::string(rules::variant_name(variant)));
    return network;
}

Expected<void> write_network(const Network& network, const std::filesystem::path& path) {
    return write_file_atomically(path, network_bytes(network));
}

}  // namespace draughts::engine
