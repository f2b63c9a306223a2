#include "report/deflate.hpp"

#include <zlib.h>

namespace draughts::report {

Expected<std::string> deflate_bytes(std::string_view bytes) {
    uLongf size = compressBound(static_cast<uLong>(bytes.size()));
    std::string out(size, '\0');
    const int status = compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                                 reinterpret_cast<const Bytef*>(bytes.data()),
                                 static_cast<uLong>(bytes.size()), Z_DEFAULT_COMPRESSION);
    if (status != Z_OK) return make_error("zlib could not compress the game data");
    out.resize(size);
    return out;
}

}  // namespace draughts::report
