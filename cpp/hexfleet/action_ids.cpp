// Hexfleet action ids and the compact action mask (see action_ids.h).
#include "hexfleet/action_ids.h"

#include <string>

#include "common/errors.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

static_assert(kMaskWindow == State::kWindow, "the mask is aligned with the observation window");

namespace {

std::int64_t cell_of(Hex h) {
  const int q = h.q + kIdOffset, r = h.r + kIdOffset;
  if (q < 0 || q >= kIdSide || r < 0 || r >= kIdSide)
    throw IllegalActionError("hex (" + std::to_string(h.q) + ", " + std::to_string(h.r) +
                             ") is outside the 128x128 action id window (q, r in -64..63)");
  return q * kIdSide + r;
}

Hex hex_of(std::int64_t cell) {
  return {static_cast<std::int32_t>(cell / kIdSide) - kIdOffset, static_cast<std::int32_t>(cell % kIdSide) - kIdOffset};
}

// Spawn forms in mask order: (unit, face_down).
constexpr std::array<std::pair<std::uint8_t, bool>, 7> kSpawnForms{{{kShield, false},
                                                                    {kFrigate, false},
                                                                    {kDestroyer, false},
                                                                    {kRepulsor, false},
                                                                    {kFrigate, true},
                                                                    {kDestroyer, true},
                                                                    {kRepulsor, true}}};
constexpr int kDestroyPlane = 18, kPushPlane = 24, kSpawnPlane = 30, kShipyardPlane = 37;

int direction_to(Hex from, Hex to) {
  for (int d = 0; d < 6; ++d)
    if (neighbour(from, d) == to) return d;
  return -1;
}

}  // namespace

std::int32_t action_id(const Action& a) {
  std::int64_t id = 0;
  switch (a.type) {
    case ActionType::kMove: id = cell_of(a.from) * kIdCells + cell_of(a.to); break;
    case ActionType::kDestroy: id = kIdPairs + cell_of(a.from) * kIdCells + cell_of(a.to); break;
    case ActionType::kPush: id = 2 * kIdPairs + cell_of(a.from) * kIdCells + cell_of(a.to); break;
    case ActionType::kSpawn: id = kIdSpawn + (a.unit * 2 + (a.face_down ? 1 : 0)) * kIdCells + cell_of(a.to); break;
    case ActionType::kShipyard: id = kIdSpawn + 12 * kIdCells + cell_of(a.to); break;
  }
  return static_cast<std::int32_t>(id);
}

Action action_from_id(long long id) {
  if (id < 0 || id >= kActionIds)
    throw IllegalActionError("action id " + std::to_string(id) + " is out of range 0.." + std::to_string(kActionIds - 1));
  Action a;
  if (id >= kIdSpawn) {
    const std::int64_t slot = (id - kIdSpawn) / kIdCells;
    a.from = a.to = hex_of((id - kIdSpawn) % kIdCells);
    if (slot == 12) {
      a.type = ActionType::kShipyard;
    } else {
      a.type = ActionType::kSpawn;
      a.unit = static_cast<std::uint8_t>(slot / 2);
      a.face_down = slot % 2 != 0;
    }
    return a;
  }
  static constexpr ActionType kBlocks[3] = {ActionType::kMove, ActionType::kDestroy, ActionType::kPush};
  a.type = kBlocks[id / kIdPairs];
  a.from = hex_of(id % kIdPairs / kIdCells);
  a.to = hex_of(id % kIdCells);
  return a;
}

int mask_index(const Action& a, Hex core) {
  constexpr int kHalf = kMaskWindow / 2, kArea = kMaskWindow * kMaskWindow;
  const Hex at = a.type == ActionType::kSpawn || a.type == ActionType::kShipyard ? a.to : a.from;
  const int x = at.q - core.q + kHalf, y = at.r - core.r + kHalf;
  if (x < 0 || y < 0 || x >= kMaskWindow || y >= kMaskWindow) return -1;
  int plane = -1;
  switch (a.type) {
    case ActionType::kMove:
      for (int k = 0; k < static_cast<int>(kMoveOffsets.size()); ++k)
        if (Hex{a.from.q + kMoveOffsets[k].q, a.from.r + kMoveOffsets[k].r} == a.to) plane = k;
      break;
    case ActionType::kDestroy:
    case ActionType::kPush: {
      const int d = direction_to(a.from, a.to);
      if (d >= 0) plane = (a.type == ActionType::kDestroy ? kDestroyPlane : kPushPlane) + d;
      break;
    }
    case ActionType::kSpawn:
      for (int k = 0; k < static_cast<int>(kSpawnForms.size()); ++k)
        if (kSpawnForms[k].first == a.unit && kSpawnForms[k].second == a.face_down) plane = kSpawnPlane + k;
      break;
    case ActionType::kShipyard: plane = kShipyardPlane; break;
  }
  return plane < 0 ? -1 : plane * kArea + x * kMaskWindow + y;
}

Action action_from_mask_index(int index, Hex core) {
  constexpr int kHalf = kMaskWindow / 2, kArea = kMaskWindow * kMaskWindow;
  if (index < 0 || index >= kMaskSize)
    throw IllegalActionError("mask index " + std::to_string(index) + " is out of range 0.." + std::to_string(kMaskSize - 1));
  const int plane = index / kArea, x = index % kArea / kMaskWindow, y = index % kMaskWindow;
  const Hex at{core.q + x - kHalf, core.r + y - kHalf};
  Action a;
  a.from = a.to = at;
  if (plane < kDestroyPlane) {
    a.type = ActionType::kMove;
    a.to = {at.q + kMoveOffsets[plane].q, at.r + kMoveOffsets[plane].r};
  } else if (plane < kSpawnPlane) {
    a.type = plane < kPushPlane ? ActionType::kDestroy : ActionType::kPush;
    a.to = neighbour(at, (plane - kDestroyPlane) % 6);
  } else if (plane < kShipyardPlane) {
    a.type = ActionType::kSpawn;
    a.unit = kSpawnForms[plane - kSpawnPlane].first;
    a.face_down = kSpawnForms[plane - kSpawnPlane].second;
  } else {
    a.type = ActionType::kShipyard;
  }
  return a;
}

}  // namespace triptych::hexfleet
