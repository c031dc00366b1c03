// A vector with its capacity fixed at compile time, stored inline.
// Move lists live in these so generating moves never touches the heap.
#pragma once

#include <cassert>
#include <cstddef>
#include <new>
#include <type_traits>

namespace triptych {

template <typename T, std::size_t Capacity>
class FixedVector {
  // Elements are written with placement new into raw storage, so creating a
  // list costs nothing: an array of T would construct every slot (a move
  // list is kilobytes, built at every node of a search).
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "FixedVector holds plain values");

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  FixedVector() = default;
  FixedVector(const FixedVector& other) : size_(other.size_) { copy_from(other); }
  FixedVector& operator=(const FixedVector& other) {
    size_ = other.size_;
    copy_from(other);
    return *this;
  }

  void push_back(const T& value) {
    assert(size_ < Capacity);
    new (data() + size_++) T(value);
  }
  // Writes `value` after the last element and keeps it only when `keep`: move
  // generators use it where legality is a coin flip, so there is no branch to
  // mispredict. Needs a free slot even when nothing is kept.
  void push_back_if(const T& value, bool keep) {
    assert(size_ < Capacity);
    new (data() + size_) T(value);
    size_ += keep ? 1 : 0;
  }
  void pop_back() {
    assert(size_ > 0);
    --size_;
  }
  void clear() { size_ = 0; }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return Capacity; }

  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T& back() { return data()[size_ - 1]; }

  iterator begin() { return data(); }
  iterator end() { return data() + size_; }
  const_iterator begin() const { return data(); }
  const_iterator end() const { return data() + size_; }

 private:
  T* data() { return std::launder(reinterpret_cast<T*>(storage_)); }
  const T* data() const { return std::launder(reinterpret_cast<const T*>(storage_)); }
  void copy_from(const FixedVector& other) {
    for (std::size_t i = 0; i < size_; ++i) new (data() + i) T(other.data()[i]);
  }

  alignas(T) unsigned char storage_[sizeof(T) * Capacity];
  std::size_t size_ = 0;
};

}  // namespace triptych
