#include "tuner/byte_io.hpp"

#include <bit>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>

namespace draughts::tuner {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

void ByteWriter::put_real(double value) { put(std::bit_cast<std::uint64_t>(value)); }

double get_real_le(std::string_view bytes, std::size_t offset) {
    return std::bit_cast<double>(get_le<std::uint64_t>(bytes, offset));
}

Expected<std::string> read_whole_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(path.string() + ": cannot open for reading");
    std::string bytes;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec) bytes.reserve(size);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) return make_error(path.string() + ": read error");
    return bytes;
}

Expected<void> write_file_atomically(const std::filesystem::path& path, std::string_view bytes) {
    const std::filesystem::path temporary = path.string() + ".partial";
    {
        std::unique_ptr<std::FILE, FileCloser> out(std::fopen(temporary.c_str(), "wb"));
        if (!out) return make_error(path.string() + ": cannot open for writing");
        if (std::fwrite(bytes.data(), 1, bytes.size(), out.get()) != bytes.size() ||
            std::fflush(out.get()) != 0)
            return make_error(path.string() + ": write error");
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) return make_error(path.string() + ": cannot rename into place: " + ec.message());
    return {};
}

}  // namespace draughts::tuner
