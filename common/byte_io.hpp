#pragma once
// Little-endian numbers in byte strings (binary data sets, checkpoints, network files). Whole files
// are read and written by common/file_io.hpp.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace draughts {

/// Appends little-endian numbers to a byte string.
class ByteWriter {
  public:
    explicit ByteWriter(std::string& out) : out_(out) {}

    template <typename T>
    void put(T value) {
        static_assert(std::is_integral_v<T>);
        auto bits = static_cast<std::make_unsigned_t<T>>(value);
        for (std::size_t i = 0; i < sizeof(T); ++i) {
            out_.push_back(static_cast<char>(bits & 0xFF));
            bits = static_cast<decltype(bits)>(bits >> 8);
        }
    }
    void put_real(double value);
    void zeros(std::size_t n) { out_.append(n, '\0'); }

  private:
    std::string& out_;
};

/// Reads a little-endian number at `offset`; the caller has checked that it fits.
template <typename T>
T get_le(std::string_view bytes, std::size_t offset) {
    static_assert(std::is_integral_v<T>);
    std::make_unsigned_t<T> bits = 0;
    for (std::size_t i = sizeof(T); i-- > 0;)
        bits = static_cast<decltype(bits)>((bits << 8) |
                                           static_cast<unsigned char>(bytes[offset + i]));
    return static_cast<T>(bits);
}
double get_real_le(std::string_view bytes, std::size_t offset);

}  // namespace draughts
