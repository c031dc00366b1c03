// A fixed set of worker threads for the Batch's parallel loops, started once
// with the batch instead of once per call: starting and joining a thread costs
// tens of microseconds, more than a whole step of 64 small games (threads
// made per call made two threads slower than one).
//
// run(n, grain, body) calls body(begin, end) over [0, n) in chunks of `grain`
// items taken from a shared counter by the caller and every worker, so a
// thread that the OS puts aside for a while does not hold the others up. Which
// thread runs which chunk varies, so body must only touch its own items.
//
// Idle workers spin a short while (the usual gap between two steps of a
// learner's loop is a few microseconds of Python) and then sleep on the
// generation counter (std::atomic::wait, a futex on Linux).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace triptych::bindings {

class WorkerPool {
 public:
  // `threads` in all, counting the caller: threads - 1 workers are started.
  explicit WorkerPool(int threads) {
    for (int t = 1; t < threads; ++t) workers_.emplace_back([this] { work(); });
  }
  ~WorkerPool() {
    stopping_.store(true, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    for (auto& w : workers_) w.join();
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  template <class Body>
  void run(int n, int grain, Body& body) {
    if (workers_.empty() || n <= grain) {
      body(0, n);
      return;
    }
    body_ = &body;
    call_ = [](void* b, int begin, int end) { (*static_cast<Body*>(b))(begin, end); };
    n_ = n;
    grain_ = std::max(1, grain);
    next_.store(0, std::memory_order_relaxed);
    busy_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);  // publishes the fields above
    generation_.notify_all();
    take_chunks();
    // Wait for the workers to finish their last chunk.
    for (int spin = 0;; ++spin) {
      const int left = busy_.load(std::memory_order_acquire);
      if (left == 0) break;
      if (spin < kSpins)
        pause();
      else
        busy_.wait(left, std::memory_order_acquire);
    }
  }

 private:
  static constexpr int kSpins = 512;  // a few microseconds before sleeping

  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
  }

  void take_chunks() {
    while (true) {
      const int begin = next_.fetch_add(grain_, std::memory_order_relaxed);
      if (begin >= n_) return;
      call_(body_, begin, std::min(n_, begin + grain_));
    }
  }

  void work() {
    std::uint64_t seen = 0;
    while (true) {
      std::uint64_t now = generation_.load(std::memory_order_acquire);
      for (int spin = 0; now == seen; ++spin) {
        if (spin < kSpins) {
          pause();
        } else {
          generation_.wait(seen, std::memory_order_acquire);
        }
        now = generation_.load(std::memory_order_acquire);
      }
      seen = now;
      if (stopping_.load(std::memory_order_relaxed)) return;
      take_chunks();
      if (busy_.fetch_sub(1, std::memory_order_acq_rel) == 1) busy_.notify_one();
    }
  }

  std::vector<std::thread> workers_;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<int> next_{0};
  std::atomic<int> busy_{0};
  std::atomic<bool> stopping_{false};
  // The loop being run (written by run() before the generation is bumped).
  void* body_ = nullptr;
  void (*call_)(void*, int, int) = nullptr;
  int n_ = 0, grain_ = 1;
};

}  // namespace triptych::bindings
