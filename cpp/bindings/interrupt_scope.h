// Ctrl-C for long native calls. Python only runs its SIGINT handler between
// bytecodes, so a call that releases the GIL and loops in C++ would never see
// it. While an InterruptScope is open, SIGINT also sets the stop flag of
// common/interrupt.h (perft, the searches and the fight batches poll it) and
// then runs the previous handler, Python's, which records the signal as usual.
// After the work returns, raise_if_interrupted() raises the KeyboardInterrupt.
// SIGTERM is treated alike where Python handles it (the command line turns it
// into Ctrl-C, cli/boundary.py); left to its default, it still ends the process.
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
    // A handler that ran just now may have raised another signal (the command line's SIGTERM raises
    // SIGINT) after Python's pass had gone by it: run that one too, here rather than at some later bytecode.
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
  static constexpr int kSignals[2] = {SIGINT, SIGTERM};
  static int slot(int sig) { return sig == SIGINT ? 0 : 1; }
  static struct sigaction& previous(int sig) {
    static struct sigaction p[2] {};
    return p[slot(sig)];
  }
  static bool& installed(int sig) {
    static bool i[2] = {false, false};
    return i[slot(sig)];
  }
  static void on_signal(int sig, siginfo_t* info, void* context) {
    g_interrupt_requested.store(true);
    const struct sigaction& p = previous(sig);
    if (p.sa_flags & SA_SIGINFO) {
      if (p.sa_sigaction) p.sa_sigaction(sig, info, context);
    } else if (p.sa_handler != SIG_DFL && p.sa_handler != SIG_IGN && p.sa_handler) {
      p.sa_handler(sig);
    }
  }
  static void install() {
    for (const int sig : kSignals) {
      installed(sig) = false;
      if (sigaction(sig, nullptr, &previous(sig)) != 0) continue;
      // SIG_IGN: the user asked the signal to do nothing; SIG_DFL: it ends the process anyway.
      const bool has_handler = (previous(sig).sa_flags & SA_SIGINFO) ||
                               (previous(sig).sa_handler != SIG_DFL && previous(sig).sa_handler != SIG_IGN);
      if (!has_handler) continue;
      struct sigaction ours {};
      ours.sa_sigaction = &on_signal;
      ours.sa_flags = SA_SIGINFO;
      sigemptyset(&ours.sa_mask);
      installed(sig) = sigaction(sig, &ours, nullptr) == 0;
    }
  }
  static void uninstall() {
    for (const int sig : kSignals) {
      if (installed(sig)) sigaction(sig, &previous(sig), nullptr);
      installed(sig) = false;
    }
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
