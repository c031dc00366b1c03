#include "hexfleet/separation.h"

#include <algorithm>

namespace triptych::hexfleet {

bool separation_outlook(const State& s, SeparationOutlook& out) {
  if (s.is_terminal() || s.in_contact()) return false;
  // Apart, every tile is its owner's: a tile in the other network could not
  // reach its own Core and would have lost power. So the owner names the network.
  std::array<Hex, kMaxColumns> network[2];
  int size[2] = {0, 0};
  Tile tiles[kMaxTiles];
  for (int col = 0; col < s.column_count(); ++col) {
    s.column_tiles(col, tiles);
    const int owner = tiles[0].owner();
    network[owner][size[owner]++] = s.column_hex(col);
  }
  int nearest = 1 << 20;
  for (int a = 0; a < size[0]; ++a)
    for (int b = 0; b < size[1]; ++b) nearest = std::min(nearest, hex_distance(network[0][a], network[1][b]));
  out.gap = nearest - 1;
  // Turns after this one before the draw: the countdown's rest, or all four
  // when the cut came this turn (the clock starts at the next turn's start).
  const int later_turns = s.countdown() > 0 ? s.countdown() - 1 : kCountdownTurns;
  const int me = s.side_to_act();
  out.actions[me] = s.actions_left() + 2 * (later_turns / 2);
  out.actions[opponent(me)] = 2 * ((later_turns + 1) / 2);
  return true;
}

int scale_for_separation(const State& s, int score, int draw) {
  SeparationOutlook outlook;
  if (score == draw || !separation_outlook(s, outlook)) return score;
  // The side that scores the position above the draw must close the gap.
  const int ahead = score > draw ? s.side_to_act() : opponent(s.side_to_act());
  const int actions = outlook.actions[ahead];
  if (outlook.gap > actions) return draw;
  return draw + (score - draw) * (actions + 1 - outlook.gap) / (actions + 1);
}

}  // namespace triptych::hexfleet
