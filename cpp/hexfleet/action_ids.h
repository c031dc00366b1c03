// Stable integer action ids: the OpenSpiel adapter's ids (python/triptych/openspiel.py),
// computed natively for the Python fast path, and the compact action mask.
//
// A hex (q, r) is a cell (q+64)*128 + (r+64) of a 128x128 window (q, r in
// -64..63); with C = 128*128 cells:
//   move      from*C + to              destroy   C*C + from*C + target
//   push      2*C*C + from*C + target  spawn     3*C*C + (unit*2 + face_down)*C + at
//   shipyard  3*C*C + 12*C + at        (805,519,360 ids in all: they fit an int32)
// A fleet of 48 connected tiles around Cores that start at (0,0)/(1,0) never
// leaves the window in play; an action outside it has no id (an error).
//
// The id space is far too large for a mask, so action_mask() is compact: a
// (38, 17, 17) grid aligned with observation(), indexed [plane][dq+8][dr+8]
// by the acting hex relative to the mover's Core (the hex moved from,
// destroying or pushing, or spawned on). Planes:
//   0-17  move to the hex at kMoveOffsets[plane] from it (distance 1, then 2)
//   18-23 destroy the neighbour in direction plane-18 (kDirections order)
//   24-29 push the neighbour in direction plane-24
//   30-36 spawn: shield, frigate, destroyer, repulsor, then face-down frigate, destroyer, repulsor
//   37    shipyard
// Actions whose acting hex lies outside the window are not in the mask
// (legal_action_ids() always lists every legal action).
#pragma once

#include <array>
#include <cstdint>

#include "hexfleet/types.h"

namespace triptych::hexfleet {

inline constexpr int kIdOffset = 64, kIdSide = 128;
inline constexpr std::int64_t kIdCells = kIdSide * kIdSide;
inline constexpr std::int64_t kIdPairs = kIdCells * kIdCells;
inline constexpr std::int64_t kIdSpawn = 3 * kIdPairs;
inline constexpr std::int64_t kActionIds = kIdSpawn + 13 * kIdCells;

inline constexpr int kMaskWindow = 17;  // the observation window (State::kWindow)
inline constexpr int kMaskPlanes = 38;
inline constexpr int kMaskSize = kMaskPlanes * kMaskWindow * kMaskWindow;
// The 18 hexes a move can reach: distance 1 in kDirections order, then distance 2.
inline constexpr std::array<Hex, 18> kMoveOffsets{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1},
                                                   {2, 0}, {2, -1}, {2, -2}, {1, -2}, {0, -2}, {-1, -1},
                                                   {-2, 0}, {-2, 1}, {-2, 2}, {-1, 2}, {0, 2}, {1, 1}}};

// The id of `a`; throws IllegalActionError when a hex lies outside the window.
std::int32_t action_id(const Action& a);
// The action with id `id` (its climb is left 0: apply fills it in); throws
// IllegalActionError for an id out of range or one that names no action.
Action action_from_id(long long id);
// The compact mask index of `a` with the mover's Core at `core`, or -1 when
// its acting hex is outside the window.
int mask_index(const Action& a, Hex core);
// The action at compact mask index `index` with the mover's Core at `core`;
// throws IllegalActionError for an index out of range.
Action action_from_mask_index(int index, Hex core);

}  // namespace triptych::hexfleet
