// perft: the number of leaves of the action tree, the standard check of a
// move generator (and, timed, of its speed).
#include "common/interrupt.h"
#include "aquaignis/state.h"

namespace triptych::aquaignis {

std::uint64_t perft(const State& state, int depth) {
  if (depth <= 0) return 1;
  ActionList actions;
  state.legal_actions(actions);
  if (depth == 1) return actions.size();  // bulk count: no need to apply the last ply
  if (interrupt_requested()) return 0;     // Ctrl-C: unwind at once (the binding raises)
  std::uint64_t leaves = 0;
  for (const Action& action : actions) {
    State child = state;  // copy-make: the state is small and flat
    child.apply_unchecked(action);
    leaves += perft(child, depth - 1);
  }
  return leaves;
}

}  // namespace triptych::aquaignis
