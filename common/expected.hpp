#pragma once
// A small stand-in for C++23 std::expected: parsers of untrusted input return either a value or
// an Error whose message names the input and what is wrong, and never throw.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace draughts {

/// What went wrong while reading input, as a message for the user.
struct Error {
    std::string message;
};

/// Wraps an error so it can be returned where an Expected<T> is expected.
inline Error make_error(std::string message) { return Error{std::move(message)}; }

/// Either a value of type T or an Error.
template <typename T>
class [[nodiscard]] Expected {
  public:
    Expected(T value) : data_(std::in_place_index<0>, std::move(value)) {}      // NOLINT: implicit
    Expected(Error error) : data_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit

    bool has_value() const { return data_.index() == 0; }
    explicit operator bool() const { return has_value(); }

    const T& value() const& {
        assert(has_value());
        return std::get<0>(data_);
    }
    T& value() & {
        assert(has_value());
        return std::get<0>(data_);
    }
    T&& value() && {
        assert(has_value());
        return std::get<0>(std::move(data_));
    }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }

    const Error& error() const {
        assert(!has_value());
        return std::get<1>(data_);
    }

  private:
    std::variant<T, Error> data_;
};

/// Expected<void>: success or an Error.
template <>
class [[nodiscard]] Expected<void> {
  public:
    Expected() = default;
    Expected(Error error) : error_(std::move(error)), ok_(false) {}  // NOLINT: implicit

    bool has_value() const { return ok_; }
    explicit operator bool() const { return ok_; }
    const Error& error() const {
        assert(!ok_);
        return error_;
    }

  private:
    Error error_;
    bool ok_ = true;
};

}  // namespace draughts
