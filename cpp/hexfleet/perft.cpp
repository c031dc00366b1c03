// perft: the number of leaves of the action tree, the standard check of a
// move generator (and, timed, of its speed).
#include "common/interrupt.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

std::uint64_t perft(const State& state, int depth) {
  if (depth <= 0) return 1;
  ActionList actions;
  state.legal_actions(actions);
  if (depth == 1) return actions.size();  // bulk count: no need to apply the last ply
  if (interrupt_requested()) return 0;     // Ctrl-C: unwind at once (the binding raises)
  std::uint64_t leaves = 0;
  for (const Action& action : actions) {
    State child = state;  // copy-make: the state is about 1 KB of flat arrays
    child.apply_unchecked(action);
    leaves += perft(child, depth - 1);
  }
  return leaves;
}

}  // namespace triptych::hexfleet
