// Zobrist keys of Hexfleet. The board is unbounded, so a tile's key is not
// looked up in a table but computed: its (q, r, level, tile) packed into one
// word and put through a bijective mixer, which gives every placement its own
// fixed random key. Everything else has table keys. The turn number is left
// out on purpose (as chess leaves out its move counters) so transpositions meet.
#pragma once

#include <cstdint>

#include "common/zobrist.h"
#include "hexfleet/types.h"

namespace triptych::hexfleet::zobrist {

// MurmurHash3's 64-bit finalizer: a bijection with full avalanche.
constexpr std::uint64_t mix(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xFF51AFD7ED558CCDULL;
  k ^= k >> 33;
  k *= 0xC4CEB9FE1A85EC53ULL;
  k ^= k >> 33;
  return k;
}

inline constexpr std::uint64_t kBoardSeed = 0x4E5F1EE7C0DE0001ULL;

// 20 bits each for q and r, 8 for the level, 5 for the tile: distinct
// placements within a million hexes of the origin get distinct keys.
constexpr std::uint64_t tile(Hex h, int level, Tile t) {
  const std::uint64_t packed = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(h.q) & 0xFFFFF) << 44) |
                               (static_cast<std::uint64_t>(static_cast<std::uint32_t>(h.r) & 0xFFFFF) << 24) |
                               (static_cast<std::uint64_t>(level & 0xFF) << 8) | t.code;
  return mix(packed ^ kBoardSeed);
}

inline constexpr std::uint64_t kClimbSeed = 0x4E5F1EE7C11B0002ULL;

// R19: the ship on hex h climbed `levels` (1 or 2) in this turn's first action.
constexpr std::uint64_t climb(Hex h, int levels) {
  if (levels == 0) return 0;
  const std::uint64_t packed = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(h.q) & 0xFFFFF) << 44) |
                               (static_cast<std::uint64_t>(static_cast<std::uint32_t>(h.r) & 0xFFFFF) << 24) |
                               static_cast<std::uint64_t>(levels);
  return mix(packed ^ kClimbSeed);
}

inline constexpr int kSideKey = 0;
inline constexpr int kOneActionLeftKey = 1;
inline constexpr int kCountdownKeys = 2;                             // [0..4]
inline constexpr int kOverKeys = kCountdownKeys + kCountdownTurns + 1;  // [winner + 1]
inline constexpr int kReserveKeys = kOverKeys + 3;                   // [side][unit][count 0..48]
inline constexpr int kShieldTowersKey = kReserveKeys + 2 * kUnitCount * (kMaxTiles + 1);
inline constexpr int kKeyCount = kShieldTowersKey + 1;

inline constexpr auto kKeys = make_zobrist_keys<kKeyCount>(0x4E5F1EE7ULL);

inline constexpr std::uint64_t side(int s) { return s == 1 ? kKeys[kSideKey] : 0; }
inline constexpr std::uint64_t one_action_left(int actions_left) {
  return actions_left == 1 ? kKeys[kOneActionLeftKey] : 0;
}
inline constexpr std::uint64_t countdown(int c) { return c == 0 ? 0 : kKeys[kCountdownKeys + c]; }
inline constexpr std::uint64_t over(bool is_over, int winner) { return is_over ? kKeys[kOverKeys + winner + 1] : 0; }
// R4's option changes which actions are legal, so it is part of the position
// (0 for the default: default hashes are unchanged).
inline constexpr std::uint64_t shield_towers(bool on) { return on ? kKeys[kShieldTowersKey] : 0; }
inline constexpr std::uint64_t reserve(int s, int unit, int count) {
  return count == 0 ? 0 : kKeys[kReserveKeys + (s * kUnitCount + unit) * (kMaxTiles + 1) + count];
}

}  // namespace triptych::hexfleet::zobrist
