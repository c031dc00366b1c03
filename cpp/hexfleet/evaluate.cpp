#include "hexfleet/evaluate.h"

#include <algorithm>

namespace triptych::hexfleet {

int evaluate_board(const State& s, const EvalWeights& w) {
  const int me = s.side_to_act();
  int value[2] = {0, 0};
  // The boarding race, counted per side as the columns go by and scored after the loop.
  int reach[2] = {0, 0};      // ships one move from the enemy Core
  int defenders[2] = {0, 0};  // Repulsors that can push a boarder off their own Core
  int boarders[2] = {0, 0};   // ships on top of the enemy Core
  // Boarding needs the enemy Core uncovered (R7 keeps its owner's ships off; a boarder already there is `boarded`).
  const bool open_core[2] = {s.height_at(s.core_[0]) == 1, s.height_at(s.core_[1]) == 1};
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
    const int enemy = opponent(owner);
    const Hex enemy_core = s.core_[enemy];
    const int distance = hex_distance(at, enemy_core);
    if (distance == 0) {
      value[owner] += w.boarded;
      ++boarders[owner];
      continue;
    }
    value[owner] += w.core_approach * std::max(0, 5 - distance);
    // Boarding needs the enemy Core uncovered and this ship at most one level above it.
    if (distance == 1 && open_core[enemy] && s.level_of_top(col) <= 1) value[owner] += w.core_threat;
    // A ship drops any depth, so beside the Core it boards from any level; a Frigate covers two hexes.
    if (open_core[enemy] && (distance == 1 || (distance == 2 && top.unit() == kFrigate))) ++reach[owner];
    // A boarder stands at level 1: a Repulsor beside the Core at levels 0-2 is within one level of it.
    if (top.unit() == kRepulsor && s.level_of_top(col) <= 2 && hex_distance(at, s.core_[owner]) == 1)
      ++defenders[owner];
  }
  for (int side = 0; side < 2; ++side) {
    for (int unit = 1; unit < kUnitCount; ++unit) value[side] += w.reserve * s.reserve(side, unit);
    const Hex core = s.core_[side];
    for (int d = 0; d < 6; ++d) {
      const int col = s.find_column(neighbour(core, d));
      if (col < 0)
        value[side] += w.core_open;
      else if (s.top(col).owner() == side)
        value[side] += w.core_guard;
    }
    value[side] += w.board_reach * reach[side] + w.defender * std::min(defenders[side], 2);
    if (defenders[opponent(side)] == 0) value[side] += w.boarded_safe * boarders[side];
  }
  int score = value[me] - value[opponent(me)] + w.tempo * s.actions_left();
  if (reach[me] > 0) score += w.board_now;
  return score;
}

int evaluate(const State& s, const EvalWeights& w) {
  const int score = evaluate_board(s, w);
  // A running separation countdown pulls every judgement toward the draw.
  return s.countdown() > 0 ? score * s.countdown() / (kCountdownTurns + 1) : score;
}

}  // namespace triptych::hexfleet
