// Ctrl-C for long native calls. Python only runs its SIGINT handler between
// bytecodes, so a call that releases the GIL and loops in C++ would never see
// it. While an InterruptScope is open, SIGINT also sets the stop flag of
// common/interrupt.h (perft, the searches and the fight batches poll it) and
// then runs the previous handler, Python's, which records the signal as usual.
// After the work returns, raise_if_interrupted() raises the KeyboardInterrupt.
//
//   InterruptScope interrupt;
//   { py::gil_scoped_release release; result = long_work(); }
//   interrupt.raise_if_interrupted();
#pragma once

#include <pybind11/pybind11.h>

#include <mutex>
#include <string>

#ifndef _WIN32
#include <csignal>
#endif

#include "common/interrupt.h"

namespace triptych::bindings {

class InterruptScope {
 public:
  InterruptScope() {
    std::lock_guard<std::mutex> lock(mutex());
    if (open_scopes()++ == 0) {
      g_interrupt_requested.store(false);
      install();
    }
  }
  ~InterruptScope() {
    std::lock_guard<std::mutex> lock(mutex());
    if (--open_scopes() == 0) uninstall();
  }
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  // Call with the GIL held. Python's handler raises (KeyboardInterrupt by
  // default); if it chose not to, or this is not the main thread (where
  // Python handles signals), the partial result is still not returned.
  void raise_if_interrupted() const {
    if (!interrupt_requested()) return;
    if (PyErr_CheckSignals() != 0) throw pybind11::error_already_set();
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw pybind11::error_already_set();
  }

 private:
  static std::mutex& mutex() {
    static std::mutex m;
    return m;
  }
  static int& open_scopes() {
    static int n = 0;
    return n;
  }
#ifdef _WIN32
  static void install() {}
  static void uninstall() {}
#else
  static struct sigaction& previous() {
    static struct sigaction p {};
    return p;
  }
  static bool& installed() {
    static bool i = false;
    return i;
  }
  static void on_sigint(int sig, siginfo_t* info, void* context) {
    g_interrupt_requested.store(true);
    const struct sigaction& p = previous();
    if (p.sa_flags & SA_SIGINFO) {
      if (p.sa_sigaction) p.sa_sigaction(sig, info, context);
    } else if (p.sa_handler != SIG_DFL && p.sa_handler != SIG_IGN && p.sa_handler) {
      p.sa_handler(sig);
    }
  }
  static void install() {
    installed() = false;
    if (sigaction(SIGINT, nullptr, &previous()) != 0) return;
    // SIG_IGN: the user asked Ctrl-C to do nothing; SIG_DFL: it kills the process anyway.
    const bool has_handler = (previous().sa_flags & SA_SIGINFO) ||
                             (previous().sa_handler != SIG_DFL && previous().sa_handler != SIG_IGN);
    if (!has_handler) return;
    struct sigaction ours {};
    ours.sa_sigaction = &on_sigint;
    ours.sa_flags = SA_SIGINFO;
    sigemptyset(&ours.sa_mask);
    installed() = sigaction(SIGINT, &ours, nullptr) == 0;
  }
  static void uninstall() {
    if (installed()) sigaction(SIGINT, &previous(), nullptr);
    installed() = false;
  }
#endif
};

// perft(state, depth) with the GIL released and Ctrl-C able to stop it.
// Deeper than any perft that could finish, and shallow enough that the
// recursion (one native frame per ply) stays far inside the thread's stack.
inline constexpr int kMaxPerftDepth = 64;

template <class State, class Perft>
std::uint64_t interruptible_perft(const State& state, int depth, Perft perft) {
  if (depth < 0 || depth > kMaxPerftDepth)
    throw pybind11::value_error("perft depth must be from 0 to " + std::to_string(kMaxPerftDepth) + ", got " +
                                std::to_string(depth));
  InterruptScope interrupt;
  std::uint64_t leaves;
  {
    pybind11::gil_scoped_release release;
    leaves = perft(state, depth);
  }
  interrupt.raise_if_interrupted();
  return leaves;
}

}  // namespace triptych::bindings
