// A process-wide request to stop native work early, set by SIGINT while a
// long native call runs (bindings/interrupt_scope.h installs the handler).
// Long loops (perft, searches, fight batches) poll it and return what they
// have; the binding then raises KeyboardInterrupt in Python.
#pragma once

#include <atomic>

namespace triptych {

inline std::atomic<bool> g_interrupt_requested{false};

inline bool interrupt_requested() { return g_interrupt_requested.load(std::memory_order_relaxed); }

}  // namespace triptych
