// Loading and saving data set files in either form, and the variant a file declares.

#include <string>

#include "common/file_io.hpp"
#include "common/mapped_file.hpp"
#include "tuner/dataset.hpp"

namespace draughts::tuner {

DatasetFormat format_for_path(const std::filesystem::path& path) {
    return path.extension() == ".bin" ? DatasetFormat::Binary : DatasetFormat::Text;
}

Error variant_mismatch(std::string_view source, rules::Variant found, rules::Variant wanted) {
    return make_error(std::string(source) + ": a data set of " +
                      std::string(rules::variant_name(found)) + " draughts, but this run is of " +
                      std::string(rules::variant_name(wanted)) + " draughts");
}

Expected<rules::Variant> dataset_variant(std::string_view bytes, std::string_view source) {
    if (has_binary_magic(bytes)) return binary_dataset_variant(bytes, source);
    return text_dataset_variant(bytes, source);
}

Expected<rules::Variant> read_dataset_variant(const std::filesystem::path& path) {
    auto file = MappedFile::open(path);
    if (!file) return file.error();
    return dataset_variant(file->bytes(), path.string());
}

template <typename V>
Expected<BasicDataset<V>> load_dataset(const std::filesystem::path& path, DatasetShare share) {
    auto file = MappedFile::open(path);
    if (!file) return file.error();
    const std::string_view bytes = file->bytes();
    const ScannedBytes release = [&file](std::string_view part) { file->release(part); };
    if (has_binary_magic(bytes))
        return parse_binary_dataset<V>(bytes, path.string(), share, release);
    return parse_text_share<V>(bytes, path.string(), share, release);
}

template <typename V>
Expected<void> save_dataset(const BasicDataset<V>& dataset, const std::filesystem::path& path,
                            DatasetFormat format) {
    if (format == DatasetFormat::Binary)
        return write_file_atomically(path, format_binary_dataset(dataset));
    std::string text = text_variant_line(variant_of<V>());
    text +=
        "# draughts data set: FEN, result (White's score), ply=N, score=S (engine units, "
        "White's view)\n";
    for (const BasicSample<V>& s : dataset.samples) {
        text += format_text_sample(s);
        text += '\n';
    }
    return write_file_atomically(path, text);
}

#define DRAUGHTS_TUNER_DATASET_FILE(Policy)                                     \
    template Expected<BasicDataset<rules::Policy>> load_dataset<rules::Policy>( \
        const std::filesystem::path&, DatasetShare);                            \
    template Expected<void> save_dataset(const BasicDataset<rules::Policy>&,    \
                                         const std::filesystem::path&, DatasetFormat);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_TUNER_DATASET_FILE)
#undef DRAUGHTS_TUNER_DATASET_FILE

}  // namespace draughts::tuner
