// The separation outlook (R11): while the two networks are apart, how wide the
// gap is and how many actions each side still takes before the countdown
// draws the game. The evaluations use it to judge a countdown by whether the
// side that is ahead can still close the gap in time, not by the clock alone.
#pragma once

#include <array>

#include "hexfleet/state.h"

namespace triptych::hexfleet {

struct SeparationOutlook {
  // Empty hexes on the shortest line between the networks (at least 1). No
  // action closes more than one: a move or spawn lands beside its own network,
  // and combat, which only removes tiles, needs contact anyway.
  int gap = 0;
  // Actions each side (by player) takes before the draw: the side to act's
  // left this turn plus two a later turn of its own, up to the countdown's end.
  std::array<int, 2> actions{};
};

// The outlook while the networks are apart (a countdown running, or about to
// start at the next turn after a cut in this one); false while they touch.
bool separation_outlook(const State& state, SeparationOutlook& out);

// `score` (for the side to act) drawn toward `draw` (the draw's value for the
// side to act: 0, or a search's contempt) by how far the side that would
// rather play on is from closing the gap in time: its actions a and the gap g
// keep (a + 1 - g) / (a + 1) of the difference, none once the gap is wider
// than its actions (the other side will not close it for it). Unchanged
// while the networks touch.
int scale_for_separation(const State& state, int score, int draw = 0);

}  // namespace triptych::hexfleet
