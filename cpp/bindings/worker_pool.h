// A fixed set of worker threads for the Batch's parallel loops, started once
// with the batch instead of once per call: starting and joining a thread costs
// tens of microseconds, more than a whole step of 64 small games (threads
// made per call made two threads slower than one).
//
// run(n, grain, body) calls body(begin, end) over [0, n) in chunks of `grain`
// items and returns once every chunk is done. Each thread (the caller is
// thread 0) has a home range, the same every run: it works off its own range
// first, then claims what is left of the others'. Home ranges keep a game on
// the core that stepped it last time, so its state and legal list stay in that
// core's cache (with chunks handed out in turn, two threads spent more time
// moving games between their caches than stepping them, and ran slower than
// one). Claiming the rest means a thread the OS has not woken costs only the
// work it does not do: the others take its range. It waits only for chunks a
// thread has claimed. (A worker put aside in mid-chunk still holds the step up:
// small chunks keep that short.) Which thread runs which chunk can vary, so
// body must only touch its own items.
//
// Idle workers spin for 100 microseconds (the usual gap between two calls of a
// learner's loop is a few microseconds of Python) and then sleep on the
// generation counter (std::atomic::wait, a futex on Linux).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
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
  explicit WorkerPool(int threads) : slots_(static_cast<std::size_t>(std::max(1, threads))) {
    for (int t = 1; t < threads; ++t) workers_.emplace_back([this, t] { work(t); });
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
    grain_.store(std::max(1, grain), std::memory_order_relaxed);
    done_.store(0, std::memory_order_relaxed);
    n_.store(n, std::memory_order_relaxed);
    ++run_;
    const int threads = this->threads();
    for (int t = 0; t < threads; ++t) {  // home ranges: n split evenly, the same every run
      const int begin = static_cast<int>(std::int64_t{n} * t / threads);
      const int end = static_cast<int>(std::int64_t{n} * (t + 1) / threads);
      slots_[t].next.store(Claim::pack(run_, end, begin), std::memory_order_release);
    }
    generation_.fetch_add(1, std::memory_order_release);  // publishes the fields above
    generation_.notify_all();
    work_off_claims(0);
    Spin spin;
    while (true) {  // the chunks the workers claimed
      const int done = done_.load(std::memory_order_acquire);
      if (done == n) break;
      if (!spin.again()) done_.wait(done, std::memory_order_acquire);
    }
  }

 private:
  // Spins for a while before sleeping: a count of pause instructions took anywhere from about 1 to
  // 20 microseconds by CPU, and a worker that fell asleep between the two calls of a learner's step
  // (a few microseconds of Python) woke late every time (two threads then ran as slowly as one).
  class Spin {
   public:
    // Pauses once and says whether to go on spinning (false once the time is up).
    bool again() {
      if (expired_) return false;
      pause();
      if (++count_ % 64 != 0) return true;  // the clock is read every 64 pauses
      const auto now = std::chrono::steady_clock::now();
      if (count_ == 64) start_ = now;
      expired_ = now - start_ >= kSpinTime;
      return !expired_;
    }

   private:
    static constexpr std::chrono::microseconds kSpinTime{100};
    bool expired_ = false;
    std::uint64_t count_ = 0;
    std::chrono::steady_clock::time_point start_{};
  };

  // A home range's counter: which run (16 bits), the range's end and its next item (24 bits each),
  // claimed together by one compare-and-swap, so a late worker cannot claim items of a run that
  // has ended or read a half-published one.
  struct Claim {
    static std::uint64_t pack(std::uint32_t run, int end, int next) {
      return (std::uint64_t{run & 0xFFFF} << 48) | (std::uint64_t(end) << 24) | std::uint64_t(next);
    }
    static int end(std::uint64_t c) { return static_cast<int>((c >> 24) & 0xFFFFFF); }
    static int next(std::uint64_t c) { return static_cast<int>(c & 0xFFFFFF); }
  };
  struct alignas(64) Slot {  // one cache line each: a thread's claims do not disturb the others'
    std::atomic<std::uint64_t> next{0};
  };

  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
  }

  // Claims and runs chunks until none is left: from thread `self`'s home range, then the others'.
  void work_off_claims(int self) {
    const int threads = this->threads();
    for (int k = 0; k < threads; ++k) {
      std::atomic<std::uint64_t>& slot = slots_[(self + k) % threads].next;
      std::uint64_t claim = slot.load(std::memory_order_acquire);
      while (true) {
        const int end = Claim::end(claim), begin = Claim::next(claim);
        if (begin >= end) break;
        // (A late worker may read the next run's grain here; its claim then fails and is retried.)
        const int stop = std::min(end, begin + grain_.load(std::memory_order_relaxed));
        if (!slot.compare_exchange_weak(claim, claim + static_cast<std::uint64_t>(stop - begin),
                                        std::memory_order_acq_rel, std::memory_order_acquire))
          continue;  // `claim` now holds the counter's current value
        call_(body_, begin, stop);  // safe: the run cannot end before this chunk is counted done
        // This run's size, read after the claim: its slot was published after n_.
        const int n = n_.load(std::memory_order_relaxed);
        if (done_.fetch_add(stop - begin, std::memory_order_acq_rel) + (stop - begin) == n) done_.notify_all();
        claim = slot.load(std::memory_order_acquire);
      }
    }
  }

  void work(int self) {
    std::uint32_t seen = 0;
    while (true) {
      std::uint32_t now = generation_.load(std::memory_order_acquire);
      Spin spin;
      while (now == seen) {
        if (!spin.again()) generation_.wait(seen, std::memory_order_acquire);
        now = generation_.load(std::memory_order_acquire);
      }
      seen = now;
      if (stopping_.load(std::memory_order_relaxed)) return;
      work_off_claims(self);
    }
  }

  std::vector<std::thread> workers_;
  std::atomic<std::uint32_t> generation_{0};  // bumped to wake the workers; 32 bits: a plain futex
  std::vector<Slot> slots_;                   // per thread: its home range's Claim
  std::atomic<int> n_{0};                     // items of this run
  std::atomic<int> done_{0};                  // items of this run finished
  std::atomic<bool> stopping_{false};
  std::uint32_t run_ = 0;  // the caller's count of runs
  // The loop being run (written by run() before the generation is bumped; read only under a claim).
  void* body_ = nullptr;
  void (*call_)(void*, int, int) = nullptr;
  std::atomic<int> grain_{1};
};

}  // namespace triptych::bindings
