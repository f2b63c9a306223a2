#pragma once
// Tuning data sets for Python: the tuner's own reader (tuner/dataset.hpp, both file forms, any
// variant), and the sparse coefficient rows the Texel tuner fits (tuner/dataset_resolver.hpp),
// kept in the tuner's compact store so that numpy can view its arrays without copying them.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "python/weights.hpp"
#include "rules/variant.hpp"
#include "tuner/coefficient_store.hpp"

namespace draughts::python {

/// The coefficient rows of a data set: row i is the linear evaluation of sample `kept[i]`'s quiet
/// leaf, e = sum_j w_j * value_j / kPhaseScale from White's side (engine/evaluate.hpp), with
/// the sample's result. The entries stay packed as the tuner keeps them; indices() and values()
/// unpack them.
struct Coefficients {
    rules::Variant variant = rules::Variant::International;
    tuner::CoefficientStore store = tuner::CoefficientStore::for_parameters(1);
    std::vector<std::string> leaves;  ///< the quiet leaf of each row, as FEN
    std::vector<std::int64_t> kept;   ///< the sample each row comes from
    std::size_t game_over = 0;        ///< samples dropped: the leaf has no legal move
    std::size_t too_deep = 0;         ///< samples dropped: still a capture at the depth bound

    /// The parameter index of every entry, row after row (as the store's offsets delimit them).
    std::vector<std::int32_t> indices() const;
    /// The real coefficient of every entry: value / kPhaseScale, exact in binary.
    std::vector<double> values() const;
};

/// Samples of one variant's data set; see the top of the file.
class Dataset {
  public:
    /// Reads a data set file (text or binary, by its content). `variant`: the one the caller
    /// expects (an error names both when the file declares another); none: the file's own.
    /// FileError when the file cannot be read, InputError naming the line (or record) otherwise.
    static Dataset load(const std::filesystem::path& path, std::optional<rules::Variant> variant);
    ~Dataset();
    Dataset(Dataset&&) noexcept;
    Dataset& operator=(Dataset&&) noexcept;

    rules::Variant variant() const;
    std::size_t size() const;
    std::string fen(std::size_t index) const;
    /// White's score of every sample: 0, 0.5 or 1.
    std::vector<double> results() const;
    /// Each sample's ply and search score (engine units, White's side), where the file has them.
    std::vector<std::optional<int>> plies() const;
    std::vector<std::optional<int>> scores() const;
    /// The rows the Texel tuner fits: each sample's quiet leaf under `quiet_weights` (the
    /// capture search needs an evaluation; `draughts tune`'s quiet_weights, by default its start
    /// weights), traced by the engine's evaluation. A binary file's stored coefficients are
    /// used as they are when no weights are given.
    Coefficients coefficients(const std::optional<Weights>& quiet_weights) const;

  private:
    struct Typed;
    explicit Dataset(std::unique_ptr<Typed> typed);
    std::unique_ptr<Typed> typed_;
};

}  // namespace draughts::python
