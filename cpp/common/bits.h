// Bit counting for the portable build.
#pragma once

#include <bit>
#include <cstdint>

namespace triptych {

// Set bits. The portable x86-64 baseline has no POPCNT instruction, and there
// std::popcount is a call into libgcc (__popcountdi2: a third of AquaIgnis's
// random_action once); this is a dozen inline instructions.
inline int bit_count(std::uint64_t x) {
#ifdef __POPCNT__
  return std::popcount(x);
#else
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}

}  // namespace triptych
