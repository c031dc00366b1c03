// Hexfleet's NNUE input features (feature set 1, "HF-1"; docs/nnue.md). The
// board has no origin, so every tile is placed relative to a Core: once from
// the perspective's own Core and once from the enemy's, each as an offset
// within 4 hexes (61 places) or, farther, only its distance (5, 6, 7, 8+).
// Then the reserves (a thermometer per class), the countdown and the turn.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "hexfleet/state.h"

namespace triptych::hexfleet::nnue_features {

inline constexpr std::uint32_t kFeatureSet = 1;
inline constexpr int kNear = 4;                             // offsets within this distance are told apart
inline constexpr int kPlaces = 61 + 4;                      // 61 near offsets, then distances 5, 6, 7, 8+
inline constexpr int kFrameFeatures = 2 * 7 * 3 * kPlaces;  // owner x kind x level x place = 2,730
inline constexpr int kReserveBase = 2 * kFrameFeatures;     // 5,460: two frames (my Core, their Core)
inline constexpr int kReserveDepth = 6;
inline constexpr int kCountdownBase = kReserveBase + 2 * kUnitCount * kReserveDepth;  // 5,532
inline constexpr int kTurnBase = kCountdownBase + kCountdownTurns + 1;                 // 5,537
inline constexpr int kFeatures = kTurnBase + 4;                                        // 5,541
// Every tile in both frames, a full thermometer of reserves (at most 24 tiles a side), countdown, turn.
inline constexpr int kMaxActive = 2 * kMaxTiles + 2 * kFleetSize + 2;

// The place of offset (dq, dr): 0..60 within kNear (in (dq, dr) order), else 61.. by distance.
inline constexpr std::array<std::int8_t, 81> kNearPlaces = [] {
  std::array<std::int8_t, 81> table{};
  int next = 0;
  for (int q = -kNear; q <= kNear; ++q)
    for (int r = -kNear; r <= kNear; ++r)
      table[(q + kNear) * 9 + r + kNear] = std::int8_t(hex_distance({q, r}, {0, 0}) <= kNear ? next++ : -1);
  return table;
}();
inline int place(int dq, int dr) {
  const int distance = hex_distance({dq, dr}, {0, 0});
  if (distance <= kNear) return kNearPlaces[(dq + kNear) * 9 + dr + kNear];
  return 61 + std::min(distance, 8) - 5;
}

inline int tile_feature(int perspective, int frame, Hex at, int level, Tile t, Hex core) {
  const int mine = t.owner() == perspective ? 0 : 1;
  const int kind = t.face_down() ? 6 : t.unit();
  return frame * kFrameFeatures + ((mine * 7 + kind) * 3 + std::min(level, 2)) * kPlaces +
         place(at.q - core.q, at.r - core.r);
}

// A tile's features in both perspectives at once, from its places relative to each side's Core
// (places[side]): out[perspective][frame], the same numbers as tile_feature.
inline void tile_features_both(Tile t, int level, const int* places, int (&out)[2][2]) {
  const int kind = (t.face_down() ? 6 : t.unit()) * 3 + std::min(level, 2);
  for (int p = 0; p < 2; ++p) {
    const int tile = ((t.owner() == p ? 0 : 7) * 3 + kind) * kPlaces;
    out[p][0] = tile + places[p];                       // frame 0: p's own Core
    out[p][1] = kFrameFeatures + tile + places[1 - p];  // frame 1: the other Core
  }
}

inline int reserve_feature(int perspective, int side, int unit, int t) {  // t = 1..kReserveDepth
  const int who = side == perspective ? 0 : 1;
  return kReserveBase + (who * kUnitCount + unit) * kReserveDepth + t - 1;
}
inline int countdown_feature(int countdown) { return kCountdownBase + std::clamp(countdown, 0, kCountdownTurns); }
inline int turn_feature(int perspective, int side_to_act, int actions_left) {
  return kTurnBase + (side_to_act == perspective ? 0 : 2) + std::clamp(actions_left, 1, 2) - 1;
}

// Factors, for training only (docs/nnue.md, "Factorized training"): while a net is trained, a tile's
// feature also counts as two coarser ones that many features share -- the same tile at the same
// distance from the Core in any direction, and the same tile anywhere -- so what is learnt of one
// offset carries to the others. The export adds a factor's weights into every feature it covers;
// the engine never sees them.
inline constexpr int kRings = 9;                        // distances 0-4 near, then 5, 6, 7, 8+
inline constexpr int kTileKinds = 2 * 7 * 3;            // owner x kind x level
inline constexpr int kRingFactorBase = 0;               // (frame, owner, kind, level, distance): 756
inline constexpr int kTileFactorBase = 2 * kTileKinds * kRings;  // (owner, kind, level): 42
inline constexpr int kFactorFeatures = kTileFactorBase + kTileKinds;  // 798
inline constexpr int kMaxFactors = 2;
// The distance from the Core of each place (the inverse of place()).
inline constexpr std::array<std::int8_t, kPlaces> kPlaceDistance = [] {
  std::array<std::int8_t, kPlaces> table{};
  for (int q = -kNear; q <= kNear; ++q)
    for (int r = -kNear; r <= kNear; ++r)
      if (const int near = kNearPlaces[(q + kNear) * 9 + r + kNear]; near >= 0)
        table[near] = std::int8_t(hex_distance({q, r}, {0, 0}));
  for (int far = 61; far < kPlaces; ++far) table[far] = std::int8_t(5 + far - 61);
  return table;
}();
// The factors of `feature`; returns how many were written (<= kMaxFactors).
inline int factors(int feature, int* out) {
  if (feature >= kReserveBase) return 0;  // reserves, countdown and turn stand alone
  const int frame = feature / kFrameFeatures;
  const int tile = feature % kFrameFeatures / kPlaces, at = feature % kPlaces;
  out[0] = kRingFactorBase + (frame * kTileKinds + tile) * kRings + kPlaceDistance[at];
  out[1] = kTileFactorBase + tile;
  return 2;
}

// The features that are not tiles (reserves, countdown, turn) for `perspective`; returns the count.
inline int other_features(const State& s, int perspective, int* out) {
  int n = 0;
  for (int side = 0; side < 2; ++side)
    for (int unit = 0; unit < kUnitCount; ++unit)
      for (int t = 1; t <= std::min(s.reserve(side, unit), kReserveDepth); ++t)
        out[n++] = reserve_feature(perspective, side, unit, t);
  out[n++] = countdown_feature(s.countdown());
  out[n++] = turn_feature(perspective, s.side_to_act(), s.actions_left());
  return n;
}

// Every active feature for `perspective`; returns the count (<= kMaxActive).
inline int active_features(const State& s, int perspective, int* out) {
  int n = 0;
  const Hex cores[2] = {s.core(perspective), s.core(1 - perspective)};
  Tile column[kMaxTiles];
  for (int col = 0; col < s.column_count(); ++col) {
    const Hex at = s.column_hex(col);
    const int height = s.column_tiles(col, column);
    for (int level = 0; level < height; ++level)
      for (int frame = 0; frame < 2; ++frame)
        out[n++] = tile_feature(perspective, frame, at, level, column[level], cores[frame]);
  }
  return n + other_features(s, perspective, out + n);
}

// Both perspectives' active features at once, the same as active_features for each (in the same
// order): a full refresh's listing, which places each column once from each Core instead of twice.
inline void active_features_both(const State& s, int* out0, int& n0, int* out1, int& n1) {
  int* out[2] = {out0, out1};
  int n[2] = {0, 0};
  const Hex cores[2] = {s.core(0), s.core(1)};
  Tile column[kMaxTiles];
  for (int col = 0; col < s.column_count(); ++col) {
    const Hex at = s.column_hex(col);
    const int places[2] = {place(at.q - cores[0].q, at.r - cores[0].r), place(at.q - cores[1].q, at.r - cores[1].r)};
    const int height = s.column_tiles(col, column);
    for (int level = 0; level < height; ++level) {
      int f[2][2];
      tile_features_both(column[level], level, places, f);
      for (int p = 0; p < 2; ++p) out[p][n[p]++] = f[p][0], out[p][n[p]++] = f[p][1];
    }
  }
  n0 = n[0] + other_features(s, 0, out0 + n[0]);
  n1 = n[1] + other_features(s, 1, out1 + n[1]);
}

}  // namespace triptych::hexfleet::nnue_features
