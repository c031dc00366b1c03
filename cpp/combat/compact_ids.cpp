#include "combat/compact_ids.h"

#include <string>

#include "common/errors.h"

namespace triptych::combat {

namespace {

constexpr int kPlaceIds = kCardCodes * kSlots;
constexpr int kFixedIds = kPlaceIds + 3;  // place, then roll_dice, end, buy

int arg_range(ArgKind kind) {
  switch (kind) {
    case ArgKind::kSlot: return kSlots;
    case ArgKind::kElement: return kDieElements;
    case ArgKind::kInt: return 128;  // the int8 an argument is stored in, non-negative
    case ArgKind::kStatus: return kStatuses;
    case ArgKind::kSide: return 2;
    case ArgKind::kNone: break;
  }
  return 1;
}

int verb_block(const VerbSpec& spec) {
  int size = 1;
  for (int i = 0; i < spec.arity(); ++i) size *= arg_range(spec.kinds[i]);
  return size;
}

int verb_start(const Variant& v, int verb) {
  int start = kFixedIds;
  for (int i = 0; i < verb; ++i) start += verb_block(v.verbs()[i]);
  return start;
}

}  // namespace

int compact_chance_offset(const Variant& v) { return verb_start(v, static_cast<int>(v.verbs().size())); }

int compact_id_count(const Variant& v) { return compact_chance_offset(v) + kCompactChanceIds; }

int compact_id(const Variant& v, const Action& a) {
  switch (a.type) {
    case ActionType::kPlace: return a.a * kSlots + a.b;
    case ActionType::kRoll: return kPlaceIds;
    case ActionType::kEnd: return kPlaceIds + 1;
    case ActionType::kBuy: return kPlaceIds + 2;
    case ActionType::kRollOutcome: return compact_chance_offset(v) + a.a * kDieElements + a.b;
    case ActionType::kDrawOutcome: return compact_chance_offset(v) + kCompactRollIds + a.a;
    case ActionType::kVerb: break;
  }
  const VerbSpec& spec = v.verbs()[a.verb];
  const int args[3] = {a.a, a.b, a.c};
  int code = 0;
  for (int i = 0; i < spec.arity(); ++i) {
    const int range = arg_range(spec.kinds[i]);
    if (args[i] < 0 || args[i] >= range)
      throw IllegalActionError(std::string(spec.name) + ": argument " + spec.arg_names[i] + " has no id");
    code = code * range + args[i];
  }
  return verb_start(v, a.verb) + code;
}

Action action_from_compact_id(const Variant& v, long long id) {
  if (id < 0 || id >= compact_id_count(v))
    throw IllegalActionError("action id " + std::to_string(id) + " is out of range 0.." +
                             std::to_string(compact_id_count(v) - 1) + " for " + v.info().id);
  const int x = static_cast<int>(id);
  if (x < kPlaceIds) return Action::place(x / kSlots, x % kSlots);
  if (x == kPlaceIds) return Action::roll();
  if (x == kPlaceIds + 1) return Action::end();
  if (x == kPlaceIds + 2) return Action::buy();
  const int chance = x - compact_chance_offset(v);
  if (chance >= kCompactRollIds) return Action::draw_outcome(chance - kCompactRollIds);
  if (chance >= 0) return Action::roll_outcome(chance / kDieElements, chance % kDieElements);
  int start = kFixedIds;
  for (int verb = 0;; ++verb) {
    const VerbSpec& spec = v.verbs()[verb];
    const int size = verb_block(spec);
    if (x < start + size) {
      int code = x - start;
      int args[3] = {-1, -1, -1};
      for (int i = spec.arity() - 1; i >= 0; --i) {
        const int range = arg_range(spec.kinds[i]);
        args[i] = code % range;
        code /= range;
      }
      return Action::verb_action(verb, args[0], args[1], args[2]);
    }
    start += size;
  }
}

}  // namespace triptych::combat
