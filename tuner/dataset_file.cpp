// Loading and saving data set files in either form.

#include <string>

#include "common/file_io.hpp"
#include "common/mapped_file.hpp"
#include "tuner/dataset.hpp"

namespace draughts::tuner {

DatasetFormat format_for_path(const std::filesystem::path& path) {
    return path.extension() == ".bin" ? DatasetFormat::Binary : DatasetFormat::Text;
}

Expected<Dataset> load_dataset(const std::filesystem::path& path, DatasetShare share) {
    auto file = MappedFile::open(path);
    if (!file) return file.error();
    const std::string_view bytes = file->bytes();
    if (has_binary_magic(bytes)) return parse_binary_dataset(bytes, path.string(), share);
    return parse_text_share(bytes, path.string(), share);
}

Expected<void> save_dataset(const Dataset& dataset, const std::filesystem::path& path,
                            DatasetFormat format) {
    if (format == DatasetFormat::Binary)
        return write_file_atomically(path, format_binary_dataset(dataset));
    std::string text =
        "# draughts data set: FEN, result (White's score), ply=N, score=S (engine units, "
        "White's view)\n";
    for (const Sample& s : dataset.samples) {
        text += format_text_sample(s);
        text += '\n';
    }
    return write_file_atomically(path, text);
}

}  // namespace draughts::tuner
