#include "common/byte_io.hpp"

#include <bit>

namespace draughts {

void ByteWriter::put_real(double value) { put(std::bit_cast<std::uint64_t>(value)); }

double get_real_le(std::string_view bytes, std::size_t offset) {
    return std::bit_cast<double>(get_le<std::uint64_t>(bytes, offset));
}

}  // namespace draughts
