#include "aquaignis/evaluate.h"

#include <bit>
#include <cstdlib>

namespace triptych::aquaignis {

int evaluate(const State& s, const EvalWeights& w) {
  const int me = s.side_to_act();
  int side_value[2] = {0, 0};
  int runners[2] = {0, 0};
  // Every unit on the board, walked by its bit (an empty slot adds nothing).
  for (std::uint64_t units = s.unit_mask(kAqua) | s.unit_mask(kIgnis); units; units &= units - 1) {
    const int index = std::countr_zero(units);
    const int flow = index / kSlots, pos = index % kSlots;
    const Cell c = s.cell(flow, pos);
    const int side = c.owner();
    int& v = side_value[side];
    if (c.kind() == Kind::kBarrier) {
      v += w.barrier * c.value();
      continue;
    }
    v += w.charge * c.value() + w.progress * std::abs(pos - entry_pos(side));
    if (c.value() == kCrownCharge) v += w.crown;
    if (pos == edge_pos(side)) ++runners[side];
  }
  for (int side = 0; side < 2; ++side) {
    side_value[side] += w.breakthrough * s.score(side);
    if (s.link(side).active()) side_value[side] += w.link;
  }
  // A runner of the side to act scores this turn if actions remain for it;
  // the opponent's runners are threats we may still answer, so they count less.
  const int my_runs = std::min(runners[me], s.actions_left());
  side_value[me] += my_runs * (w.breakthrough * 3 / 4) + (runners[me] - my_runs) * w.edge_runner;
  side_value[opponent(me)] += runners[opponent(me)] * w.edge_runner;
  return side_value[me] - side_value[opponent(me)] + w.tempo * s.actions_left();
}

}  // namespace triptych::aquaignis
