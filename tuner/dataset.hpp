#pragma once
// A tuning data set in memory, and its two file forms:
//
// Text (any extension but .bin): one sample per line, `FEN RESULT [ply=N] [score=S]`, where RESULT
// is White's score (1, 0.5, 0; PDN tokens such as 2-0 or 1-1 are read too) and `score` is a search
// score in engine units from White's point of view. Blank lines and lines starting with # are
// skipped. Human-readable, easy to append to, and what `draughts datagen` streams while it runs.
//
// Binary (.bin): a 64-byte header (magic, version, flags, counts, weight-layout hash, entry
// packing) then fixed 32-byte sample records, optionally followed by the resolved coefficients
// (each sample's quiet leaf, its phase and packed (index, value) entries) so that tuning can start
// without searching and tracing again. The exact layout is in dataset_binary.cpp.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "rules/position.hpp"
#include "tuner/coefficient_store.hpp"
#include "tuner/sample.hpp"

namespace draughts::tuner {

/// Quiet leaves and coefficients of a data set's samples: row i of `store` and `leaves[i]`
/// belong to sample i.
struct ResolvedCoefficients {
    std::vector<rules::Position> leaves;
    CoefficientStore store = CoefficientStore::for_engine_layout();
};

/// Samples and, when resolved, their coefficients.
struct Dataset {
    std::vector<Sample> samples;
    std::optional<ResolvedCoefficients> coefficients;
    /// The number in the file (0-based, in file order) of each sample, when the data set holds
    /// only some of the file's samples (a share, or after resolving dropped some); empty when
    /// sample i is the file's sample i.
    std::vector<std::uint64_t> numbers;
    /// Samples in the file (all of them, also when only a share was kept).
    std::uint64_t file_samples = 0;

    std::uint64_t number(std::size_t i) const { return numbers.empty() ? i : numbers[i]; }
};

/// Which of a file's samples a process keeps: sample i when i % parts == part. Every rank of a
/// distributed tuning run loads its own share; the default keeps them all.
struct DatasetShare {
    std::uint64_t part = 0;
    std::uint64_t parts = 1;

    bool keeps(std::uint64_t sample) const { return sample % parts == part; }
    bool whole() const { return parts == 1; }
};

/// The two file forms.
enum class DatasetFormat : unsigned char { Text, Binary };

/// The form a path is written in by default: Binary for the .bin extension, Text otherwise.
DatasetFormat format_for_path(const std::filesystem::path& path);

/// Reads either form (recognised by the binary magic, not by the name), keeping the samples of
/// `share` (a binary file is mapped, and only the share's records are read). Errors name the file
/// and the line (text) or byte offset and record (binary) and what is wrong; every line of a
/// text file is checked, the records of a binary file only within the share.
Expected<Dataset> load_dataset(const std::filesystem::path& path, DatasetShare share = {});

/// Writes a data set; the text form drops the coefficients. Replaces the file.
Expected<void> save_dataset(const Dataset& dataset, const std::filesystem::path& path,
                            DatasetFormat format);

// The text form.

/// Parses text-form data; `source` names the input in error messages.
Expected<std::vector<Sample>> parse_text_dataset(std::string_view text, std::string_view source);
/// The same, keeping the samples of `share` (with their numbers when it is not whole).
Expected<Dataset> parse_text_share(std::string_view text, std::string_view source,
                                   DatasetShare share);
/// One line of the text form (without the newline).
std::string format_text_sample(const Sample& sample);

// The binary form.

/// Parses binary-form data; `source` names the input in error messages. Only the records of
/// `share` are read and checked (the header and the file size always are).
Expected<Dataset> parse_binary_dataset(std::string_view bytes, std::string_view source,
                                       DatasetShare share = {});
/// The binary form of a data set.
std::string format_binary_dataset(const Dataset& dataset);
/// True when `bytes` start with the binary form's magic.
bool has_binary_magic(std::string_view bytes);

}  // namespace draughts::tuner
