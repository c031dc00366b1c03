// Invariant checks over seeded random fights, run in C++ so tests can afford
// thousands of fights per variant.
#pragma once

#include <cstdint>
#include <string>

#include "combat/state.h"

namespace triptych::combat {

struct AuditReport {
  std::string failure;  // empty when every check held
  int fights = 0;
  long long steps = 0;
  int capped = 0;  // fights that reached the turn cap (must stay 0)
};

// Plays `fights` random fights from `start` and after every step checks: no
// exception, HP / Block / energy / statuses never negative, card
// conservation, validate() accepts the position, the hash equals a rebuild,
// legality is consistent (every listed action is accepted) and the fight ends.
AuditReport audit_random_fights(const State& start, int fights, std::uint64_t seed);

}  // namespace triptych::combat
