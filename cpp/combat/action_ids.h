// Stable integer action ids for Combat: decisions and chance outcomes alike
// (OpenSpiel-style: a chance node's outcomes are ids too).
//
// An id is a mixed-radix number over the action's fields,
//   (((type*16 + verb+1)*128 + a+1)*128 + b+1)*128 + c+1
// with type 0..6 = place, roll_dice, end, buy, a variant verb, roll outcome,
// draw outcome, and the fields as the engine holds them (-1: unused; see
// combat/types.h: place a=card code b=slot; roll outcome a=number b=element;
// draw outcome a=card code; verb = the index in the variant's verb table,
// a..c its arguments). 7*16*128**3 = 234,881,024 ids, all int32. A verb's id
// depends on its variant (its index in that variant's table).
#pragma once

#include <cstdint>
#include <string>

#include "combat/types.h"
#include "combat/variant.h"
#include "common/errors.h"

namespace triptych::combat {

inline constexpr int kVerbRadix = 16, kFieldRadix = 128;
inline constexpr std::int64_t kActionIds = 7LL * kVerbRadix * kFieldRadix * kFieldRadix * kFieldRadix;

inline std::int32_t action_id(const Action& a) {
  std::int64_t id = static_cast<int>(a.type);
  id = id * kVerbRadix + (a.verb + 1);
  for (int field : {a.a, a.b, a.c}) id = id * kFieldRadix + (field + 1);
  return static_cast<std::int32_t>(id);
}

// The action with id `id` in variant `v`; throws IllegalActionError for an id
// out of range or one whose fields no action of that kind has.
inline Action action_from_id(long long id, const Variant& v) {
  if (id < 0 || id >= kActionIds)
    throw IllegalActionError("action id " + std::to_string(id) + " is out of range 0.." + std::to_string(kActionIds - 1));
  std::int64_t rest = id;
  int digits[3];
  for (int k = 2; k >= 0; --k) {
    digits[k] = static_cast<int>(rest % kFieldRadix) - 1;
    rest /= kFieldRadix;
  }
  const int verb = static_cast<int>(rest % kVerbRadix) - 1;
  const int type = static_cast<int>(rest / kVerbRadix);
  Action a{static_cast<ActionType>(type), static_cast<std::int8_t>(verb), static_cast<std::int8_t>(digits[0]),
           static_cast<std::int8_t>(digits[1]), static_cast<std::int8_t>(digits[2])};
  auto fail = [&](const char* why) {
    throw IllegalActionError("action id " + std::to_string(id) + " names no action (" + why + ")");
  };
  const bool is_verb = a.type == ActionType::kVerb;
  if (is_verb != (verb >= 0)) fail("a verb index on a non-verb action, or a verb without one");
  switch (a.type) {
    case ActionType::kPlace:
      if (!is_valid_card(a.a) || a.b < 0 || a.b >= kSlots || a.c != -1) fail("place needs a card code and a slot 0..3");
      break;
    case ActionType::kRoll:
    case ActionType::kEnd:
    case ActionType::kBuy:
      if (a.a != -1 || a.b != -1 || a.c != -1) fail("this action has no fields");
      break;
    case ActionType::kVerb: {
      if (verb >= static_cast<int>(v.verbs().size())) fail("no such verb in this variant");
      const int arity = v.verbs()[verb].arity();
      const int fields[3] = {a.a, a.b, a.c};
      for (int k = arity; k < 3; ++k)
        if (fields[k] != -1) fail("an argument the verb does not take");
      break;
    }
    case ActionType::kRollOutcome:
      if (a.a < 0 || a.a > 4 || a.b < 0 || a.b >= kDieElements || a.c != -1) fail("a roll is a number 0..4 and an element");
      break;
    case ActionType::kDrawOutcome:
      if (!is_valid_card(a.a) || a.b != -1 || a.c != -1) fail("a draw is one card code");
      break;
    default: fail("no such action type");
  }
  return a;
}

}  // namespace triptych::combat
