// V01 House Rules (verb): the element die decides what counts as a match
// this turn; the number die is the number. Matched slots fire at turn end in
// slot order; unmatched cards clog their slots.
#include <algorithm>
#include <string>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

enum Mark { kScorch = 0, kLatched = 1, kClogged = 2 };
enum Counter { kVoid = 0, kFired = 1, kMatchedMask = 2 };
enum Verb { kExhaustVerb = 0, kShunyaVerb = 1 };
enum Param {
  kFirstRollCost = kCommonParams,
  kRerollCost,
  kExhaustCost,
  kShunyaCost,
  kScorchCap,
  kScorchBonus,
  kMinIncome,
  kJalWeak,
  kVayuDraw,
  kBlankBoardDraw,
  kVoidPercent,
};
// Resolution cursor: freeze the matches, fire slots 1..4 in order, the Vayu
// draw, clean-up. Matches are frozen first because a blank number means "the
// lowest occupied slot", which would move as cards leave.
enum Cursor { kFreezeStep = 0, kFirstSlotStep = 1, kVayuDrawStep = kFirstSlotStep + kSlots, kCleanupStep };

class HouseRules final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v01", "House Rules", "verb",
        "The element die decides what counts as a match this turn; the number die is the number.",
        "AGNI — Threshold: every slot at or above the number matches. Lower slots gain Scorch (+1 each).\n"
        "JAL — Mirror: the opposite slot matches (1↔4, 2↔3). Firing applies Weak.\n"
        "VAYU — Neighbours: the slots either side of the number match. Cards return to hand, draw 1.\n"
        "PRITHVI — Latch: the number's slot matches and stays matched through rerolls.\n"
        "BLANK — Calm: the number's slot matches, plainly.\n"
        "AKASHA — Void: clears Scorch and latches; every occupied slot fires at half."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({70, 8, 6, 5, 7, 0, 0, 8, 13, 10, 4});
      p.insert(p.end(), {
                            {"first_roll_cost", 1, "energy for the first roll of a turn"},
                            {"reroll_cost", 2, "energy for each reroll (flat)"},
                            {"exhaust_cost", 1, "energy to exhaust one clogged card and free its slot"},
                            {"shunya_cost", 2, "energy to play Shunya"},
                            {"scorch_cap", 4, "most Scorch tokens one slot can hold"},
                            {"scorch_bonus", 1, "damage (or Block) a firing card gains per Scorch on its slot"},
                            {"min_income", 1, "least energy income (income = empty slots)"},
                            {"jal_weak", 1, "Weak stacks every card firing under Jal adds"},
                            {"vayu_draw", 1, "cards drawn at turn end under Vayu, whether or not a card fired"},
                            {"blank_board_draw", 1, "cards drawn when the number is blank and the board empty"},
                            {"void_percent", 50, "effect of cards fired under Shunya's Void (rounded down)"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"exhaust", "pay exhaust_cost: exhaust the clogged card in a slot, freeing it (before the first roll)",
         {ArgKind::kSlot}, {"slot"}},
        {"shunya", "pay shunya_cost: play Shunya (before the first roll) — clear all Scorch and latches, every occupied slot matches at half"},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {"scorch", "latched", "clogged"};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {"void", "fired", "matched_mask"};
    return names;
  }

  // Shunya is played by its own verb (cost 2, exhausts), never placed as a card.
  bool shunya_placed_as_card() const override { return false; }

  void on_turn_start(State& s) const override {
    // A card still on the board at turn start is clogged (it can be exhausted).
    for (auto& slot : s.d.slots) slot.mark[kClogged] = slot.card != kNoCard;
  }

  int income(const State& s) const override {
    return std::max(s.param(kMinIncome), kSlots - s.board_count());
  }

  void legal_actions(const State& s, ActionList& out) const override {
    const int energy = s.d.energy;
    const bool placing = s.d.phase == kPlacement;
    if (placing) {
      add_placements(s, out, [](int) { return true; });
      if (energy >= s.param(kPaidDrawCost) && s.pile_size(kDiscard) > 0) out.push_back(Action::buy());
      if (energy >= s.param(kExhaustCost))
        for (int i = 0; i < kSlots; ++i)
          if (s.d.slots[i].card != kNoCard && s.d.slots[i].mark[kClogged])
            out.push_back(Action::verb_action(kExhaustVerb, i));
      // Shunya is placed into an empty slot, so it is a placement too:
      // locked once you roll (V01-R3). Never offered as a plain `shunya>N`.
      if (s.d.piles[kHand][card_code(kShunya)] > 0 && energy >= s.param(kShunyaCost) && s.board_count() < kSlots &&
          !s.d.counters[kVoid])
        out.push_back(Action::verb_action(kShunyaVerb));
    }
    const int roll_cost = placing ? s.param(kFirstRollCost) : s.param(kRerollCost);
    if (energy >= roll_cost) out.push_back(Action::roll());
    // The first roll is not optional while it is affordable.
    if (!placing || energy < roll_cost) out.push_back(Action::end());
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace: s.place_from_hand(a.a, a.b); return true;
      case ActionType::kBuy:
        s.spend_energy(s.param(kPaidDrawCost));
        s.queue_draws(s.param(kPaidDrawCards), kDiscard);  // V01: paid draws come from the discard
        return true;
      case ActionType::kRoll:
        s.spend_energy(s.d.phase == kPlacement ? s.param(kFirstRollCost) : s.param(kRerollCost));
        s.request_roll();
        return true;
      case ActionType::kVerb:
        if (a.verb == kExhaustVerb) {
          s.spend_energy(s.param(kExhaustCost));
          s.slot_to_pile(a.a, kExhaust);
          s.d.slots[a.a].mark[kClogged] = 0;
        } else {
          s.spend_energy(s.param(kShunyaCost));
          s.move_card(card_code(kShunya), kHand, kExhaust);  // placed, resolved at once, exhausted
          for (auto& slot : s.d.slots) slot.mark[kScorch] = slot.mark[kLatched] = 0;
          s.d.counters[kVoid] = 1;
        }
        return true;
      default: return false;  // kEnd: the framework starts the resolution
    }
  }

  // The number the dice mean on this board: 1..4, or 0 when no slot can match.
  static int effective_number(const State& s) {
    if (s.d.number == kNotRolled) return 0;
    if (s.d.number != kBlankNumber) return s.d.number;
    return s.lowest_occupied_slot() + 1;  // 0 on an empty board
  }

  static bool predicate(int element, int n, int slot1) {
    if (n == 0) return false;
    switch (element) {
      case kAgni: return slot1 >= n;
      case kJal: return slot1 == 5 - n;
      case kVayu: return slot1 == n - 1 || slot1 == n + 1;
      default: return slot1 == n;  // Prithvi and blank
    }
  }

  static bool matched(const State& s, int slot) {
    if (s.d.slots[slot].card == kNoCard) return false;
    if (s.d.counters[kVoid] || s.d.slots[slot].mark[kLatched]) return true;
    if (s.d.number == kNotRolled) return false;
    return predicate(s.d.element, effective_number(s), slot + 1);
  }

  void on_roll(State& s) const override {
    const int n = effective_number(s);
    if (n == 0) {  // blank number on an empty board: draw instead
      s.queue_draws(s.param(kBlankBoardDraw));
      return;
    }
    if (s.d.element == kAgni)
      for (int i = 0; i < n - 1; ++i)
        s.d.slots[i].mark[kScorch] = static_cast<std::int16_t>(std::min(s.param(kScorchCap), s.d.slots[i].mark[kScorch] + 1));
    if (s.d.element == kPrithvi) s.d.slots[n - 1].mark[kLatched] = 1;
  }

  bool resolve_step(State& s) const override {
    const int step = s.d.cursor++;
    if (step == kFreezeStep) {
      int mask = 0;
      for (int i = 0; i < kSlots; ++i) mask |= matched(s, i) << i;
      s.d.counters[kMatchedMask] = static_cast<std::int16_t>(mask);
      return false;
    }
    if (step < kVayuDrawStep) {
      const int index = step - kFirstSlotStep;
      if (!(s.d.counters[kMatchedMask] >> index & 1)) return false;
      auto& slot = s.d.slots[index];
      const int code = slot.card;
      const int bonus = slot.mark[kScorch] * s.param(kScorchBonus);
      const int percent = s.d.counters[kVoid] ? s.param(kVoidPercent) : 100;
      slot.mark[kScorch] = 0;
      s.slot_to_pile(index, s.d.element == kVayu ? kHand : kDiscard);
      ++s.d.counters[kFired];
      s.fire_card(code, [&](int base) { return (base + bonus) * percent / 100; });
      if (s.d.element == kJal) s.apply_weak(kEnemy, s.param(kJalWeak));
      return false;
    }
    if (step == kVayuDrawStep) {
      // "...returns to hand instead of the discard pile, and you draw 1": the draw is the verb's own,
      // whether or not a card fired (V01-R6).
      if (s.d.element == kVayu) s.queue_draws(s.param(kVayuDraw));
      return false;
    }
    for (auto& slot : s.d.slots) slot.mark[kLatched] = 0;
    s.d.counters[kVoid] = 0;
    s.d.counters[kFired] = 0;
    s.d.counters[kMatchedMask] = 0;
    return true;
  }

  std::string describe(const State& s) const override {
    std::string out = "Matches now:";
    for (int i = 0; i < kSlots; ++i)
      if (matched(s, i)) out += " " + std::to_string(i + 1);
    if (s.d.counters[kVoid]) out += "  (VOID: every occupied slot at half)";
    return out;
  }

  // The resolution stops only for a draw: a fired Gale's (after slot steps) or Vayu's.
  int resolution_steps() const override { return kCleanupStep + 2; }
  void validate_resolution(const State& s) const override {
    require_cursor_in(s, {kFirstSlotStep + 1, kFirstSlotStep + 2, kFirstSlotStep + 3, kFirstSlotStep + 4, kCleanupStep},
                      "a draw after a slot fired or Vayu's draw");
    require_zero_in_player_turn(s, {kFired, kMatchedMask});
    require_masked_slots_fire_in_order(s, kMatchedMask, kFirstSlotStep);
  }

  void validate(const State& s) const override;
};

void HouseRules::validate(const State& s) const {
  for (int i = 0; i < kSlots; ++i) {
    const auto& m = s.d.slots[i].mark;
    if (m[kScorch] < 0 || m[kScorch] > s.param(kScorchCap))
      throw InvalidStateError("slots[" + std::to_string(i) + "].scorch: must be 0.." + std::to_string(s.param(kScorchCap)));
    for (int k : {kLatched, kClogged})
      if (m[k] != 0 && m[k] != 1)
        throw InvalidStateError("slots[" + std::to_string(i) + "]." + mark_names()[k] + ": must be 0 or 1");
  }
  if (s.d.counters[kVoid] != 0 && s.d.counters[kVoid] != 1) throw InvalidStateError("counters.void: must be 0 or 1");
  if (s.d.counters[kFired] < 0 || s.d.counters[kFired] > kSlots) throw InvalidStateError("counters.fired: must be 0..4");
  if (s.d.counters[kMatchedMask] < 0 || s.d.counters[kMatchedMask] > 15)
    throw InvalidStateError("counters.matched_mask: must be 0..15");
}

}  // namespace

const Variant& v01_house_rules() {
  static const HouseRules variant;
  return variant;
}

}  // namespace triptych::combat
