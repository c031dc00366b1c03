// The C++ objects behind triptych.combat's Action and State, shared by the
// rules bindings (combat_bindings.cpp) and the search bindings
// (combat_search_bindings.cpp).
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "combat/notation.h"
#include "combat/players.h"
#include "combat/state.h"
#include "combat/variant.h"
#include "common/rng.h"

namespace triptych::bindings {

// An action with the variant that reads it (verbs are variant-specific).
struct PyAction {
  combat::Action action;
  const combat::Variant* variant;
  std::string notation() const { return combat::to_notation(*variant, action); }
};

// A fight: the position plus the seeded generator behind play_chance().
// Searches never touch `rng`: they sample chance from their own generators.
struct Game {
  combat::State state;
  Rng rng;
  std::uint64_t search_calls = 0;  // varies the greedy player's own samples from call to call
};

// Shared by the binding files, defined in combat_bindings.cpp.

// The variant with this id; ValueError naming the known ids otherwise.
const combat::Variant& variant_or_raise(const std::string& id);
// A new fight of `v` with `params` (a dict name -> int, or None) overriding its
// defaults; TypeError for a bad dict, ValueError for a value the variant refuses.
combat::State start_state(const combat::Variant& v, pybind11::object params);
// The position as JSON-compatible data, and back (validated; InvalidStateError
// naming the field). Defined in combat_dicts.cpp.
pybind11::dict state_to_dict(const Game& g);
Game state_from_dict(pybind11::handle obj);
// What run_fights and run_fights_mcts return: the counts, win rate, mean turns and time.
pybind11::dict stats_dict(const combat::Stats& st, double seconds);

}  // namespace triptych::bindings
