// R20's record: the hashes of the positions that started the turns so far,
// newest first, as an immutable linked list that copies of a State share.
// Search copies a State per child, so a copy must cost little: one atomic
// increment of a count kept in the node itself (std::shared_ptr's control
// block doubled that work and showed in the profile). A list is freed node
// by node in a loop, never by recursion, however long the game.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <new>
#include <utility>

namespace triptych::hexfleet {

class TurnHistory {
 public:
  TurnHistory() = default;
  TurnHistory(const TurnHistory& other) noexcept : head_(other.head_) { retain(head_); }
  TurnHistory(TurnHistory&& other) noexcept : head_(std::exchange(other.head_, nullptr)) {}
  TurnHistory& operator=(const TurnHistory& other) noexcept {
    retain(other.head_);  // first, so assigning a list to itself keeps it alive
    release(head_);
    head_ = other.head_;
    return *this;
  }
  TurnHistory& operator=(TurnHistory&& other) noexcept {
    std::swap(head_, other.head_);
    return *this;
  }
  ~TurnHistory() { release(head_); }

  // A newer turn start; the new node takes over this list's reference to the older ones.
  void push(std::uint64_t hash) {
    Filter seen = head_ == nullptr ? Filter{} : head_->seen;
    seen[hash >> 62] |= filter_bit(hash);
    head_ = new (NodePool::take()) Node{hash, head_, {1}, seen};
  }
  // How many times `hash` occurs. Each node carries a 256-bit Bloom filter of
  // its list, so a hash never seen before (the usual case) costs no walk.
  int count(std::uint64_t hash) const {
    if (head_ == nullptr || !(head_->seen[hash >> 62] & filter_bit(hash))) return 0;
    int n = 0;
    for_each([&](std::uint64_t h) { n += h == hash; });
    return n;
  }
  void clear() {
    release(head_);
    head_ = nullptr;
  }
  // Calls f(hash) newest first.
  template <typename F>
  void for_each(F f) const {
    for (const Node* n = head_; n != nullptr; n = n->older) f(n->hash);
  }

 private:
  // Word hash >> 62, bit (hash >> 56) & 63: one of 256 bits per hash.
  using Filter = std::array<std::uint64_t, 4>;
  static std::uint64_t filter_bit(std::uint64_t hash) { return std::uint64_t{1} << (hash >> 56 & 63); }
  struct Node {
    std::uint64_t hash;
    Node* older;  // one reference to it
    std::atomic<std::uint32_t> refs;
    Filter seen;  // the filter bits of every hash in this list
  };
  static void retain(Node* n) {
    if (n != nullptr) n->refs.fetch_add(1, std::memory_order_relaxed);
  }
  static void release(Node* n) {
    while (n != nullptr && n->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      Node* older = n->older;
      n->~Node();
      NodePool::give(n);
      n = older;
    }
  }
  // Freed nodes kept for reuse, per thread (a node freed on another thread
  // than made it joins that thread's pool): a random playout starts a turn
  // every two actions, and operator new and delete were 2% of its step.
  class NodePool {
   public:
    static void* take() {
      Pool& pool = local();
      if (pool.free == nullptr) return ::operator new(sizeof(Node));
      Free* f = pool.free;
      pool.free = f->next;
      --pool.size;
      return f;
    }
    static void give(void* p) {
      Pool& pool = local();
      if (pool.free == nullptr && !pool.closed) {
        static thread_local Closer closer;  // empties the pool when the thread ends
        (void)closer;
      }
      if (pool.size == kKeep || pool.closed) {
        ::operator delete(p);
        return;
      }
      pool.free = new (p) Free{pool.free};
      ++pool.size;
    }

   private:
    struct Free {
      Free* next;
    };
    // Trivial, so it is never destroyed: a State freed during the thread's
    // (or the program's) exit, after the Closer ran, still finds it, closed.
    struct Pool {
      Free* free;
      int size;
      bool closed;
    };
    struct Closer {
      ~Closer() {
        Pool& pool = local();
        pool.closed = true;
        while (pool.free != nullptr) ::operator delete(std::exchange(pool.free, pool.free->next));
        pool.size = 0;
      }
    };
    static Pool& local() {
      static thread_local Pool pool{nullptr, 0, false};
      return pool;
    }
    static constexpr int kKeep = 4096;  // about the turns of 40 long games
  };
  Node* head_ = nullptr;
};

}  // namespace triptych::hexfleet
