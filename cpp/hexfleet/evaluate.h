// The static evaluation of a Hexfleet position for the search (see
// docs/ai.md): material, the race for the Cores, structure and mobility,
// from the side to act's point of view.
#pragma once

#include "hexfleet/state.h"

namespace triptych::hexfleet {

// Weights in centi-units: a Texel fit to 1,480 depth-3 games that beat the earlier set by +97 Elo at
// depth 3 (docs/ai.md, "Tuning runs"; the earlier set is docs/strength/previous_hexfleet.json, where
// the five boarding-race terms are 0).
struct EvalWeights {
  int frigate = 72;         // a ship of each class on the board
  int destroyer = 82;
  int repulsor = 52;
  int shipyard = 41;        // a Shipyard on the board
  int shield = 27;          // a Shield (dedicated or face-down) on the board
  int reserve = 33;         // each tile still in the reserve (it can still be played)
  int working_shipyard = 128;  // a Shipyard that can spawn now (uncovered, with room)
  int core_approach = 52;   // per ship, for each step closer than 5 to the enemy Core
  int core_threat = 4;      // a ship adjacent to the enemy Core within one level (it can board)
  int core_guard = 300;     // a friendly tile beside the own Core
  int pinned = 89;          // a ship on a cut vertex: it cannot move without breaking the chain
  int boarded = 511;        // a ship on top of the enemy Core: it wins at the owner's next turn start unless removed
  int tempo = 76;           // each action left to the side to act
  // The boarding race (docs/ai.md, "Hexfleet evaluation").
  int board_reach = -21;    // a ship one move from the uncovered enemy Core: beside it at any level, or a Frigate two away
  int board_now = 13;       // the side to act has such a ship: it can board with its next action
  int defender = 133;       // a Repulsor beside its own Core within one level of a boarder (level 0-2): it can push one off (at most 2 count)
  int boarded_safe = 302;   // a boarding ship that no Repulsor of the Core's owner stands ready to push off
  int core_open = 295;      // an empty hex beside the own Core (room to walk, and no enemy tile there)
};

// Score for the side to act (side_to_act()); positive is good for it.
int evaluate(const State& state, const EvalWeights& weights = {});
// The same before a running countdown pulls it toward the draw: the board's
// worth alone (the NNUE blend judges the separation by its own rule).
int evaluate_board(const State& state, const EvalWeights& weights = {});

}  // namespace triptych::hexfleet
