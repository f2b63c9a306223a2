#include "common/zeroed_table.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <new>

namespace draughts::detail {

namespace {

std::size_t round_up(std::size_t bytes, std::size_t unit) {
    return (bytes + unit - 1) / unit * unit;
}

}  // namespace

void* allocate_zeroed(std::size_t bytes, std::size_t alignment) {
    if (bytes < kLargePageBytes) {
        void* block = ::operator new (bytes, std::align_val_t{alignment});
        std::memset(block, 0, bytes);
        return block;
    }
    // Map one huge page more than needed, then unmap what lies before the first 2 MB boundary
    // and after the table, so that the table starts on a boundary.
    const std::size_t length = round_up(bytes, kLargePageBytes);
    void* mapped = ::mmap(nullptr, length + kLargePageBytes, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(mapped);
    const std::uintptr_t aligned = round_up(start, kLargePageBytes);
    if (aligned > start) ::munmap(mapped, aligned - start);
    const std::uintptr_t tail = aligned + length;
    const std::uintptr_t mapped_end = start + length + kLargePageBytes;
    if (mapped_end > tail) ::munmap(reinterpret_cast<void*>(tail), mapped_end - tail);
    void* block = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
    (void)::madvise(block, length, MADV_HUGEPAGE);
#endif
    return block;
}

void release_zeroed(void* block, std::size_t bytes, std::size_t alignment) noexcept {
    if (bytes < kLargePageBytes)
        ::operator delete (block, std::align_val_t{alignment});
    else
        ::munmap(block, round_up(bytes, kLargePageBytes));
}

}  // namespace draughts::detail
