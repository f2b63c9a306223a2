#pragma once
// An allocator for big tables that are read at random (the engine's hash table): blocks of 2 MB
// or more are aligned to 2 MB and marked for transparent huge pages (madvise MADV_HUGEPAGE), which
// Debian enables for such regions only ("madvise" mode). With 4 KB pages nearly every probe of a
// 16 MB table misses the TLB and waits for a page walk; with 2 MB pages the whole table needs
// eight TLB entries. Smaller blocks, and systems that refuse the advice, get ordinary memory: the
// advice is a hint, and nothing depends on it but speed.

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>

namespace draughts {

inline constexpr std::size_t kLargePageBytes = std::size_t{2} << 20;

template <typename T>
struct LargePageAllocator {
    using value_type = T;

    LargePageAllocator() = default;
    template <typename U>
    LargePageAllocator(const LargePageAllocator<U>& /*other*/) {}

    T* allocate(std::size_t n) {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < kLargePageBytes)
            return static_cast<T*>(::operator new (bytes, std::align_val_t{alignof(T)}));
        void* p = std::aligned_alloc(kLargePageBytes, rounded(bytes));
        if (p == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
        (void)::madvise(p, rounded(bytes), MADV_HUGEPAGE);
#endif
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t n) {
        if (n * sizeof(T) < kLargePageBytes)
            ::operator delete (p, std::align_val_t{alignof(T)});
        else
            std::free(p);
    }

    template <typename U>
    friend bool operator==(const LargePageAllocator& /*a*/, const LargePageAllocator<U>& /*b*/) {
        return true;
    }

  private:
    static std::size_t rounded(std::size_t bytes) {
        return (bytes + kLargePageBytes - 1) / kLargePageBytes * kLargePageBytes;
    }
};

}  // namespace draughts
