// Compact integer ids for Combat actions and chance outcomes, per variant:
// what the OpenSpiel adapter, the Gymnasium env and action masks use (the
// native ids of action_ids.h are sparse, 234M, too many for a mask). A
// compact id depends only on the action and the variant, never on the position.
//
// Layout (ascending):
//   place      card_code*4 + slot                      0..99   (25 card codes x 4 slots)
//   roll_dice  100, end 101, buy 102
//   verbs      one block per verb of the variant, in its table order; inside a
//              block a mixed-radix number over the arguments, each in its kind's
//              range: slot 0..3, element 0..5, int 0..127, status 0..4, side 0..1
//   chance     roll outcomes number*6 + element (30), then draws by card code (25)
// Player decisions come before chance outcomes, so an env's action space is
// [0, compact_chance_offset) and an OpenSpiel chance outcome is id - chance_id_offset.
#pragma once

#include "combat/types.h"
#include "combat/variant.h"

namespace triptych::combat {

inline constexpr int kCompactRollIds = 5 * kDieElements;  // number 0 (blank)..4 x element agni..blank
inline constexpr int kCompactChanceIds = kCompactRollIds + kCardCodes;

// The first chance-outcome id of `v` (= the number of decision ids).
int compact_chance_offset(const Variant& v);
// Every id of `v`: decisions then chance outcomes.
int compact_id_count(const Variant& v);
// The id of `a` in `v`; throws IllegalActionError for an argument outside its kind's range.
int compact_id(const Variant& v, const Action& a);
// The action with id `id` in `v` (it may be illegal in a given position);
// throws IllegalActionError for an id out of range.
Action action_from_compact_id(const Variant& v, long long id);

}  // namespace triptych::combat
