#include "hexfleet/evaluate.h"

#include <algorithm>

namespace triptych::hexfleet {

int evaluate(const State& s, const EvalWeights& w) {
  const int me = s.side_to_act();
  int value[2] = {0, 0};
  // A search only where a lone ship's neighbours leave the answer open.
  auto cut = [&](int col) { return !State::ring_is_one_arc(s.ring(col)) && s.is_cut_vertex(col); };
  const int ship_value[kUnitCount] = {0, w.shipyard, w.shield, w.frigate, w.destroyer, w.repulsor};

  for (int col = 0; col < s.columns_; ++col) {
    const Hex at = s.col_at_[col];
    // Every tile of the column counts as material; only the top one acts.
    for (int slot = s.col_top_[col]; slot != State::kNone; slot = s.below_[slot]) {
      const Tile t = s.tile_[slot];
      if (t.is_core()) continue;
      value[t.owner()] += t.is_shield() ? w.shield : ship_value[t.unit()];
    }
    const Tile top = s.top(col);
    const int owner = top.owner();
    if (top.is_shipyard()) {
      bool room = false;
      for (int d = 0; d < 6 && !room; ++d) room = s.col_nbr_[col][d] == State::kNone;
      if (room) value[owner] += w.working_shipyard;
    }
    if (!top.is_ship()) continue;
    if (s.col_height_[col] == 1 && cut(col)) value[owner] -= w.pinned;
    const Hex enemy_core = s.core_[opponent(owner)];
    const int distance = hex_distance(at, enemy_core);
    if (distance == 0) {
      value[owner] += w.boarded;
      continue;
    }
    value[owner] += w.core_approach * std::max(0, 5 - distance);
    // Boarding needs the enemy Core uncovered and this ship at most one level above it.
    if (distance == 1 && s.height_at(enemy_core) == 1 && s.level_of_top(col) <= 1) value[owner] += w.core_threat;
  }
  for (int side = 0; side < 2; ++side) {
    for (int unit = 1; unit < kUnitCount; ++unit) value[side] += w.reserve * s.reserve(side, unit);
    const Hex core = s.core_[side];
    for (int d = 0; d < 6; ++d) {
      const int col = s.find_column(neighbour(core, d));
      if (col >= 0 && s.top(col).owner() == side) value[side] += w.core_guard;
    }
  }
  int score = value[me] - value[opponent(me)] + w.tempo * s.actions_left();
  // A running separation countdown pulls every judgement toward the draw.
  if (s.countdown() > 0) score = score * s.countdown() / (kCountdownTurns + 1);
  return score;
}

}  // namespace triptych::hexfleet
