// Stable integer action ids: the OpenSpiel adapter's ids (python/triptych/openspiel.py),
// computed natively for the Python fast path (legal_action_ids, apply_id, action_mask).
//
// An id is a mixed-radix number over the action's fields, 7 digits each:
//   ((((type*7 + flow)*7 + pos)*7 + to_flow)*7 + to_pos)
// with the engine's 0-based flows (the seed's flow 1 is digit 0) and fields an
// action type does not have at 0. 7**5 = 16807 ids; most decode to no action.
#pragma once

#include <cstdint>
#include <string>

#include "aquaignis/types.h"
#include "common/errors.h"

namespace triptych::aquaignis {

inline constexpr int kActionIds = 7 * 7 * 7 * 7 * 7;

inline std::int32_t action_id(const Action& a) {
  return (((static_cast<int>(a.type) * 7 + a.flow) * 7 + a.pos) * 7 + a.to_flow) * 7 + a.to_pos;
}

// The action with id `id`; throws IllegalActionError for an id outside
// 0..16806 or one whose absent fields are not 0 (no action has it).
inline Action action_from_id(long long id) {
  if (id < 0 || id >= kActionIds)
    throw IllegalActionError("action id " + std::to_string(id) + " is out of range 0.." + std::to_string(kActionIds - 1));
  int code = static_cast<int>(id);
  const std::int8_t to_pos = code % 7, to_flow = (code /= 7) % 7, pos = (code /= 7) % 7, flow = (code /= 7) % 7;
  const Action a{static_cast<ActionType>(code / 7), flow, pos, to_flow, to_pos};
  const bool has_flow = a.type != ActionType::kPass, has_pos = has_flow && a.type != ActionType::kSpawn,
             has_target = a.type == ActionType::kJump;
  if ((!has_flow && flow) || (!has_pos && pos) || (!has_target && (to_flow || to_pos)))
    throw IllegalActionError("action id " + std::to_string(id) + " names no action (a field the action type lacks is set)");
  return a;
}

}  // namespace triptych::aquaignis
