#pragma once
// An owned array of trivial objects whose bytes start at zero, for big tables read at random (the
// engine's hash table).
//
// Two things make it cheaper than a value-initialised std::vector:
// - Blocks of 2 MB or more come straight from mmap, whose pages the kernel supplies already zeroed
//   on first touch, so creating a table writes nothing: a 16 MB table costs a system call instead
//   of 16 MB of stores and 4096 page faults up front. That matters where engines are created
//   often (a match's players) and above all under ThreadSanitizer, which shadows every one of
//   those stores: it was the first hot spot perf showed in the TSan suite's game-playing tests
//   (results/2026-12-05-ci-budget.md).
// - Such blocks are aligned to 2 MB and marked for transparent huge pages (madvise
//   MADV_HUGEPAGE), which Debian enables for such regions only ("madvise" mode). With 4 KB pages
//   nearly every probe of a 16 MB table misses the TLB and waits for a page walk; with 2 MB pages
//   the whole table needs eight TLB entries. The advice is a hint: nothing but speed depends on it.
// Smaller blocks get ordinary aligned memory, zeroed by memset.

#include <cstddef>
#include <type_traits>
#include <utility>

namespace draughts {

inline constexpr std::size_t kLargePageBytes = std::size_t{2} << 20;

namespace detail {
/// `bytes` zeroed bytes: below 2 MB aligned to `alignment`, from 2 MB on to 2 MB (mapped).
/// Throws std::bad_alloc when memory is short.
void* allocate_zeroed(std::size_t bytes, std::size_t alignment);
void release_zeroed(void* block, std::size_t bytes, std::size_t alignment) noexcept;
}  // namespace detail

template <typename T>
class ZeroedTable {
    // Objects are never constructed: their lifetime starts with the zeroed storage, which must
    // then be a valid value of T.
    static_assert(std::is_trivially_default_constructible_v<T> &&
                      std::is_trivially_destructible_v<T>,
                  "a ZeroedTable holds trivial types only");

  public:
    ZeroedTable() = default;
    /// `count` objects, every byte zero. Throws std::bad_alloc when memory is short.
    explicit ZeroedTable(std::size_t count)
        : data_(count == 0
                    ? nullptr
                    : static_cast<T*>(detail::allocate_zeroed(count * sizeof(T), alignof(T)))),
          size_(count) {}
    ZeroedTable(ZeroedTable&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
    ZeroedTable& operator=(ZeroedTable&& other) noexcept {
        ZeroedTable(std::move(other)).swap(*this);
        return *this;
    }
    ZeroedTable(const ZeroedTable&) = delete;
    ZeroedTable& operator=(const ZeroedTable&) = delete;
    ~ZeroedTable() {
        if (data_ != nullptr) detail::release_zeroed(data_, size_ * sizeof(T), alignof(T));
    }

    void swap(ZeroedTable& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(size_, other.size_);
    }

    std::size_t size() const { return size_; }
    T* data() { return data_; }
    const T* data() const { return data_; }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }
    T* begin() { return data_; }
    T* end() { return data_ + size_; }
    const T* begin() const { return data_; }
    const T* end() const { return data_ + size_; }

  private:
    T* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace draughts
