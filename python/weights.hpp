#pragma once
// Evaluation weights of any variant for Python: the engine's BasicEvalWeights<V> with their
// parameter layout, read from and written to weight files by the engine's own reader and writer
// (engine/weights_file.hpp).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/eval_weights.hpp"
#include "python/per_variant.hpp"

namespace draughts::python {

/// Weights of one variant; see the top of the file.
class Weights {
  public:
    /// What the engine plays when given none (engine/builtin_weights.hpp).
    static Weights builtin(rules::Variant variant);
    /// The hand-set defaults, every weight zero, or piece values only.
    static Weights defaults(rules::Variant variant);
    static Weights zero(rules::Variant variant);
    static Weights material_only(rules::Variant variant);
    /// A weight file of `variant`; FileError when it cannot be read, InputError naming the file,
    /// line and key when its content is wrong (the messages of `draughts tune` and `match`).
    static Weights load(const std::filesystem::path& path, rules::Variant variant);
    /// Weight-file text; `source` names it in messages.
    static Weights parse(std::string_view text, std::string_view source, rules::Variant variant);

    template <typename V>
    explicit Weights(engine::BasicEvalWeights<V> weights)
        : variant_(rules::variant_of<V>()), weights_(std::move(weights)) {}

    rules::Variant variant() const { return variant_; }
    std::size_t size() const;
    std::string name(std::size_t index) const;
    /// The index of a parameter name ("man.mg", "pattern_band0[12]"); InputError when unknown.
    std::size_t index_of(std::string_view name) const;
    int get(std::size_t index) const;
    void set(std::size_t index, int value);
    const std::vector<int>& values() const;
    std::uint64_t layout_hash() const;
    std::string format(std::string_view comment) const;
    void save(const std::filesystem::path& path, std::string_view comment) const;
    bool operator==(const Weights& other) const;

    /// The typed weights; the caller has checked the variant.
    template <typename V>
    const engine::BasicEvalWeights<V>& typed() const {
        return std::get<engine::BasicEvalWeights<V>>(weights_);
    }

  private:
    template <typename V>
    engine::BasicEvalWeights<V>& typed_mutable() {
        return std::get<engine::BasicEvalWeights<V>>(weights_);
    }
    void check_index(std::size_t index) const;

    rules::Variant variant_;
    PerVariant<engine::BasicEvalWeights> weights_;
};

}  // namespace draughts::python
