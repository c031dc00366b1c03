// The static evaluation of an AquaIgnis position for the search (see
// docs/ai.md): material and progress from the side to act's point of view.
#pragma once

#include "aquaignis/state.h"

namespace triptych::aquaignis {

// Weights in centi-units; a breakthrough is worth 1000.
struct EvalWeights {
  int breakthrough = 1000;  // each point of score
  int charge = 40;          // each point of charge on a piece
  int progress = 30;        // each slot a piece has travelled from its entry
  int edge_runner = 220;    // a piece on its edge row: it scores with its next action
  int crown = 60;           // holding the Crown, beyond its charge
  int barrier = 35;         // each point of barrier durability
  int link = 45;            // an active Flow Link
  int tempo = 25;           // each action left to the side to act
};

// Score for the side to act (side_to_act()); positive is good for it.
int evaluate(const State& state, const EvalWeights& weights = {});

}  // namespace triptych::aquaignis
