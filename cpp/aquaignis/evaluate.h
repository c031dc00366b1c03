// The static evaluation of an AquaIgnis position for the search (see
// docs/ai.md): material and progress from the side to act's point of view.
#pragma once

#include "aquaignis/state.h"

namespace triptych::aquaignis {

// Weights in centi-units. Fitted (Texel) to the results of 220 depth-3 games with charge, progress and
// tempo held; the fit passed SPRT(0, 10) at depth 3 against the earlier set (docs/ai.md, Tuning runs).
struct EvalWeights {
  int breakthrough = 3580;  // each point of score (1000 before the fit)
  int charge = 40;          // each point of charge on a piece
  int progress = 30;        // each slot a piece has travelled from its entry
  int edge_runner = 286;    // a piece on its edge row: it scores with its next action (220)
  int crown = 53;           // holding the Crown, beyond its charge (60)
  int barrier = 26;         // each point of barrier durability (35)
  int link = 36;            // an active Flow Link (45)
  int tempo = 25;           // each action left to the side to act
};

// Score for the side to act (side_to_act()); positive is good for it.
int evaluate(const State& state, const EvalWeights& weights = {});

}  // namespace triptych::aquaignis
