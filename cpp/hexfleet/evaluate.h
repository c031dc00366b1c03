// The static evaluation of a Hexfleet position for the search (see
// docs/ai.md): material, the race for the Cores, structure and mobility,
// from the side to act's point of view.
#pragma once

#include "hexfleet/state.h"

namespace triptych::hexfleet {

// Weights in centi-units.
struct EvalWeights {
  int frigate = 120;        // a ship of each class on the board
  int destroyer = 110;
  int repulsor = 110;
  int shipyard = 90;        // a Shipyard on the board
  int shield = 40;          // a Shield (dedicated or face-down) on the board
  int reserve = 25;         // each tile still in the reserve (it can still be played)
  int working_shipyard = 60;  // a Shipyard that can spawn now (uncovered, with room)
  int core_approach = 30;   // per ship, for each step closer than 5 to the enemy Core
  int core_threat = 400;    // a ship adjacent to the enemy Core within one level (it can board)
  int core_guard = 35;      // a friendly tile beside the own Core
  int pinned = 25;          // a ship on a cut vertex: it cannot move without breaking the chain
  int boarded = 800;        // a ship on top of the enemy Core: it wins at the owner's next turn start unless removed
  int tempo = 20;           // each action left to the side to act
  // The boarding race (docs/ai.md, "Hexfleet evaluation"); 0 leaves the terms above exactly as they were.
  int board_reach = 0;      // a ship one move from the uncovered enemy Core: beside it at any level, or a Frigate two away
  int board_now = 0;        // the side to act has such a ship: it can board with its next action
  int defender = 0;         // a Repulsor beside its own Core within one level of a boarder (level 0-2): it can push one off
  int boarded_safe = 0;     // a boarding ship that no Repulsor of the Core's owner stands ready to push off
  int core_open = 0;        // an empty hex beside the own Core (room to walk, and a landing for boarders)
};

// Score for the side to act (side_to_act()); positive is good for it.
int evaluate(const State& state, const EvalWeights& weights = {});

}  // namespace triptych::hexfleet
