// The C++ objects behind triptych.combat's Action and State, shared by the
// rules bindings (combat_bindings.cpp) and the search bindings
// (combat_search_bindings.cpp).
#pragma once

#include <string>

#include "combat/notation.h"
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
};

}  // namespace triptych::bindings
