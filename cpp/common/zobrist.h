// Zobrist keys: one random 64-bit word per (feature, value). A position's
// hash is the XOR of the keys of its features, so applying an action updates
// it by XOR-ing out what changed and XOR-ing in what replaced it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "common/rng.h"

namespace triptych {

// Keys are generated at compile time from a per-game seed, so hashes are the
// same on every machine and every run (saved games and test tables stay valid).
template <std::size_t N>
constexpr std::array<std::uint64_t, N> make_zobrist_keys(std::uint64_t seed) {
  std::array<std::uint64_t, N> keys{};
  std::uint64_t state = seed;
  for (auto& key : keys) key = splitmix64(state);
  return keys;
}

}  // namespace triptych
