#include "report/base64.hpp"

namespace draughts::report {

std::string base64_encode(std::string_view bytes) {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    // Widened to unsigned before shifting: an unsigned char would be promoted to int.
    const auto byte = [&bytes](std::size_t at) {
        return static_cast<unsigned>(static_cast<unsigned char>(bytes[at]));
    };
    for (; i + 3 <= bytes.size(); i += 3) {
        const unsigned v = (byte(i) << 16U) | (byte(i + 1) << 8U) | byte(i + 2);
        out += kAlphabet[(v >> 18U) & 63U];
        out += kAlphabet[(v >> 12U) & 63U];
        out += kAlphabet[(v >> 6U) & 63U];
        out += kAlphabet[v & 63U];
    }
    if (i < bytes.size()) {
        const bool two = i + 1 < bytes.size();
        const unsigned v = (byte(i) << 16U) | (two ? byte(i + 1) << 8U : 0U);
        out += kAlphabet[(v >> 18U) & 63U];
        out += kAlphabet[(v >> 12U) & 63U];
        out += two ? kAlphabet[(v >> 6U) & 63U] : '=';
        out += '=';
    }
    return out;
}

}  // namespace draughts::report
