#pragma once
// A tuning data set in memory, and its two file forms. A data set belongs to one rules variant
// (the template argument V); its files say which, and reading a file of another variant is an
// error naming the file and both variants.
//
// Text (any extension but .bin): one sample per line, `FEN RESULT [ply=N] [score=S]`, where RESULT
// is White's score (1, 0.5, 0; PDN tokens such as 2-0 or 1-1 are read too) and `score` is a search
// score in engine units from White's point of view. Blank lines and lines starting with # are
// skipped, except a leading `# variant: NAME` line (before the first sample; NAME as
// rules::parse_variant reads it), which declares the variant; without one the data set is
// international, so international files carry no such line. Human-readable, easy to append to,
// and what `draughts datagen` writes.
//
// Binary (.bin): a 64-byte header (magic, version, flags, counts, weight-layout hash, entry
// packing, the variant's PDN GameType with 0 for international) then fixed 32-byte sample records,
// optionally followed by the resolved coefficients (each sample's quiet leaf, its phase and packed
// (index, value) entries) so that tuning can start without searching and tracing again. The exact
// layout is in dataset_binary.cpp.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"
#include "tuner/coefficient_store.hpp"
#include "tuner/sample.hpp"
#include "tuner/variant_engine.hpp"

namespace draughts::tuner {

/// An empty coefficient store for the parameter layout of variant V's board.
template <typename V>
CoefficientStore coefficient_store_for() {
    return CoefficientStore::for_parameters(LayoutOf<V>::count());
}

/// Quiet leaves and coefficients of a data set's samples: row i of `store` and `leaves[i]`
/// belong to sample i.
template <typename V>
struct BasicResolvedCoefficients {
    std::vector<rules::BasicPosition<V>> leaves;
    CoefficientStore store = coefficient_store_for<V>();
};

/// Samples of variant V and, when resolved, their coefficients.
template <typename V>
struct BasicDataset {
    using Variant = V;

    std::vector<BasicSample<V>> samples;
    std::optional<BasicResolvedCoefficients<V>> coefficients;
    /// The number in the file (0-based, in file order) of each sample, when the data set holds
    /// only some of the file's samples (a share, or after resolving dropped some); empty when
    /// sample i is the file's sample i.
    std::vector<std::uint64_t> numbers;
    /// Samples in the file (all of them, also when only a share was kept).
    std::uint64_t file_samples = 0;

    std::uint64_t number(std::size_t i) const { return numbers.empty() ? i : numbers[i]; }
};

/// Coefficients and data sets of international draughts.
using ResolvedCoefficients = BasicResolvedCoefficients<rules::International>;
using Dataset = BasicDataset<rules::International>;

/// Which of a file's samples a process keeps: the `part`-th of `parts` contiguous slices, the
/// samples [begin(n), end(n)) of the file's n. Every rank of a distributed tuning run loads its
/// own slice and reads only that part of the file (what it scans to find the slice, it gives back
/// as it goes: ScannedBytes); the default keeps them all.
struct DatasetShare {
    std::uint64_t part = 0;
    std::uint64_t parts = 1;

    std::uint64_t begin(std::uint64_t samples) const { return boundary(samples, part); }
    std::uint64_t end(std::uint64_t samples) const { return boundary(samples, part + 1); }
    bool whole() const { return parts == 1; }

  private:
    /// floor(samples * k / parts), without overflow.
    std::uint64_t boundary(std::uint64_t samples, std::uint64_t k) const {
        return samples / parts * k + samples % parts * k / parts;
    }
};

/// Receives the parts of a file that reading a share has scanned and no longer needs (a mapped
/// file releases their pages: MappedFile::release); may be empty.
using ScannedBytes = std::function<void(std::string_view)>;

/// The two file forms.
enum class DatasetFormat : unsigned char { Text, Binary };

/// The form a path is written in by default: Binary for the .bin extension, Text otherwise.
DatasetFormat format_for_path(const std::filesystem::path& path);

/// Reads either form (recognised by the binary magic, not by the name) of variant V, keeping the
/// samples of `share` (the file is mapped; only the share's lines or records are parsed, and the
/// pages scanned to find them are released). Errors name the file and the line (text) or byte
/// offset and record (binary) and what is wrong; only the share's lines or records are checked,
/// so the shares of all ranks together check the whole file, and the lowest rank's error is the
/// first in the file. A file of another variant is refused (the error names both).
template <typename V = rules::International>
Expected<BasicDataset<V>> load_dataset(const std::filesystem::path& path, DatasetShare share = {});

/// Writes a data set (with its variant); the text form drops the coefficients. Replaces the file.
template <typename V>
Expected<void> save_dataset(const BasicDataset<V>& dataset, const std::filesystem::path& path,
                            DatasetFormat format);

/// The variant a data set file declares (either form), without reading its samples.
Expected<rules::Variant> read_dataset_variant(const std::filesystem::path& path);
/// The variant declared by data in either form; `source` names it in error messages.
Expected<rules::Variant> dataset_variant(std::string_view bytes, std::string_view source);
/// The error for a data set of variant `found` read by a run of variant `wanted`.
Error variant_mismatch(std::string_view source, rules::Variant found, rules::Variant wanted);

// The text form.

/// The line declaring `variant` at the top of a text data set, with its newline; empty for
/// international draughts (the default, so that international files stay as they were).
std::string text_variant_line(rules::Variant variant);
/// The variant a text data set declares (international without a `# variant:` line).
Expected<rules::Variant> text_dataset_variant(std::string_view text, std::string_view source);
/// Parses text-form data of variant V; `source` names the input in error messages.
template <typename V = rules::International>
Expected<std::vector<BasicSample<V>>> parse_text_dataset(std::string_view text,
                                                         std::string_view source);
/// The same, keeping the samples of `share` (with their numbers when it is not whole); with a
/// share, the text is scanned twice to find its slice, and only the slice's lines are parsed.
template <typename V = rules::International>
Expected<BasicDataset<V>> parse_text_share(std::string_view text, std::string_view source,
                                           DatasetShare share, const ScannedBytes& scanned = {});
/// One line of the text form (without the newline).
template <typename V>
std::string format_text_sample(const BasicSample<V>& sample);

// The binary form.

/// Parses binary-form data of variant V; `source` names the input in error messages. Only the
/// records of `share` are read and checked (the header and the file size always are, and the
/// entry counts of the rows before the share, to find where its entries start).
template <typename V = rules::International>
Expected<BasicDataset<V>> parse_binary_dataset(std::string_view bytes, std::string_view source,
                                               DatasetShare share = {},
                                               const ScannedBytes& scanned = {});
/// The binary form of a data set.
template <typename V>
std::string format_binary_dataset(const BasicDataset<V>& dataset);
/// The variant a binary data set's header declares.
Expected<rules::Variant> binary_dataset_variant(std::string_view bytes, std::string_view source);
/// True when `bytes` start with the binary form's magic.
bool has_binary_magic(std::string_view bytes);

}  // namespace draughts::tuner
