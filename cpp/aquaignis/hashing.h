// Zobrist keys of AquaIgnis. The hash covers everything that decides the
// future of the game: units, side to move, actions left, scores and links.
// The turn number and the no-progress counter are left out on purpose (as
// chess engines leave out the 50-move counter) so transpositions still meet.
#pragma once

#include <cstdint>

#include "aquaignis/types.h"
#include "common/zobrist.h"

namespace triptych::aquaignis::zobrist {

inline constexpr int kCellVariants = 2 * 2 * 5;  // owner x kind x value 0..4
inline constexpr int kCellKeys = kCells * kCellVariants;
inline constexpr int kSideKey = kCellKeys;
inline constexpr int kOneActionLeftKey = kSideKey + 1;
inline constexpr int kScoreKeys = kOneActionLeftKey + 1;   // [side][score 0..4]
inline constexpr int kLinkKeys = kScoreKeys + 2 * 5;       // [owner][center][turns_left 0..2]
inline constexpr int kKeyCount = kLinkKeys + 2 * kFlows * 3;

inline constexpr auto kKeys = make_zobrist_keys<kKeyCount>(0xA9A161C5ULL);

inline constexpr std::uint64_t cell(int index, Cell c) {
  if (c.empty()) return 0;
  return kKeys[index * kCellVariants + c.owner() * 10 + static_cast<int>(c.kind()) * 5 + c.value()];
}
inline constexpr std::uint64_t side(int s) { return s == kIgnis ? kKeys[kSideKey] : 0; }
inline constexpr std::uint64_t one_action_left(int actions_left) {
  return actions_left == 1 ? kKeys[kOneActionLeftKey] : 0;
}
inline constexpr std::uint64_t score(int s, int points) { return kKeys[kScoreKeys + s * 5 + points]; }
inline constexpr std::uint64_t link(int owner, int center, int turns_left) {
  return center < 0 ? 0 : kKeys[kLinkKeys + (owner * kFlows + center) * 3 + turns_left];
}

}  // namespace triptych::aquaignis::zobrist
