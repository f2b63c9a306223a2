#include "common/sha256.hpp"

#include <openssl/evp.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>

namespace draughts {

namespace {

/// An OpenSSL digest context computing SHA-256, freed with its owner.
class Sha256 {
  public:
    Sha256() : context_(EVP_MD_CTX_new(), &EVP_MD_CTX_free) {
        ok_ = context_ && EVP_DigestInit_ex(context_.get(), EVP_sha256(), nullptr) == 1;
    }

    void update(const void* data, std::size_t size) {
        ok_ = ok_ && EVP_DigestUpdate(context_.get(), data, size) == 1;
    }

    /// The hash in hexadecimal; empty if OpenSSL failed (it does not for SHA-256 in practice,
    /// short of running out of memory).
    std::string finish() {
        std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
        unsigned int size = 0;
        if (!ok_ || EVP_DigestFinal_ex(context_.get(), digest.data(), &size) != 1) return {};
        static constexpr char kHex[] = "0123456789abcdef";
        std::string out;
        out.reserve(2 * size);
        for (unsigned int i = 0; i < size; ++i) {
            out += kHex[digest[i] >> 4];
            out += kHex[digest[i] & 0x0f];
        }
        return out;
    }

  private:
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context_;
    bool ok_ = false;
};

}  // namespace

std::string sha256_hex(std::string_view bytes) {
    Sha256 hash;
    hash.update(bytes.data(), bytes.size());
    return hash.finish();
}

Expected<std::string> sha256_file(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return make_error(path.string() + ": is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(path.string() + ": cannot read the file: " + std::strerror(errno));
    Sha256 hash;
    std::array<char, 1 << 16> block{};
    while (in) {
        in.read(block.data(), block.size());
        hash.update(block.data(), static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) return make_error(path.string() + ": read error");
    std::string hex = hash.finish();
    if (hex.empty()) return make_error(path.string() + ": SHA-256 failed (OpenSSL)");
    return hex;
}

}  // namespace draughts
