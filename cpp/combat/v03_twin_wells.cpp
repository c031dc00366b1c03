// V03 Twin Wells (track): rolling an element fills that element's well, and
// wells pay for everything — but no two wells work the same way. There is no
// separate energy: the four wells are the currency (energy stays 0).
#include <algorithm>
#include <string>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

enum Mark { kPrimed = 0, kClogged = 1 };
// Wells are counters 0..3, indexed by element. null_well: 0 closed, 1 open, 2 sealed.
enum Counter { kNullWell = 4, kBlunt = 5, kLockMask = 6, kPrimeMask = 7 };
// The most charge a well holds (F-R16). It keeps the Null Well's one conversion listable: every amount
// from Jal and Vayu into each other well (at a rate of 1, 3 x 99 each) fits kMaxActions, and the largest
// fits an action's 8-bit argument.
constexpr int kMaxWell = 99;
enum Verb { kReroll = 0, kBuyFrom, kDetonate, kSlide, kBluntVerb, kExhaustVerb, kShunyaVerb, kConvert };
enum Param {
  kRollPour = kCommonParams,
  kBlankPour,
  kFirePour,
  kDetonateDamage,
  kJalCap,
  kSlideCost,
  kBluntCost,
  kBluntAmount,
  kRerollCost,
  kVayuRerollCost,
  kVayuDrawCost,
  kExhaustCost,
  kPrimeThreshold,
  kLadderBlockAt,
  kLadderBlock,
  kLadderClogAt,
  kLadderSlot4At,
  kNullRate,
  kRollCap,
};
enum EndCursor { kFreezeStep = 0, kFirstSlotStep = 1, kAfterSlots = kFirstSlotStep + kSlots };

class TwinWells final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v03", "Twin Wells", "track",
        "Rolling an element fills that element's well, and wells pay for everything you do — but no two wells work "
        "the same way.",
        "AGNI WELL — Detonator: never decays, no cap. Spending empties it for 2 damage per charge.\n"
        "JAL WELL — Spillway: caps at 4 and spills into Prithvi. 1 = move a card. 2 = blunt the next attack by 5.\n"
        "VAYU WELL — Gust: empties every turn. Pays rerolls at 1. 1 charge draws 2.\n"
        "PRITHVI WELL — Ladder: cannot be spent. 3 = +2 Block per placement. 6 = clogs stop costing you. 9 = slot 4 "
        "self-fires.\n"
        "AKASHA — Null Well: converts between wells at 2:1, once, then seals."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({60, 7, 5, 5, 7, 6, 0, 7, 12, 8, 4});
      p[kPaidDrawCost] = {"paid_draw_cost", 2, "charge (from one well) for a paid draw"};
      p.insert(p.end(), {
                            {"roll_pour", 2, "charge every roll pours into the rolled element's well"},
                            {"blank_pour", 1, "charge a blank element pours into each of the four wells"},
                            {"fire_pour", 1, "charge a firing card pours into its element's well"},
                            {"detonate_damage", 2, "damage per Agni charge spent"},
                            {"jal_cap", 4, "Jal well cap; overflow spills into Prithvi"},
                            {"slide_cost", 1, "Jal charge to slide a card to an empty slot"},
                            {"blunt_cost", 2, "Jal charge to blunt the Sentinel's next attack"},
                            {"blunt_amount", 5, "damage a blunt removes from the next attack"},
                            {"reroll_cost", 2, "charge (from one well) for a reroll"},
                            {"vayu_reroll_cost", 1, "Vayu charge for a reroll"},
                            {"vayu_draw_cost", 1, "Vayu charge for a paid draw"},
                            {"exhaust_cost", 1, "charge to exhaust a clogged card"},
                            {"prime_threshold", 3, "a primed card fires at turn start if its well holds this much"},
                            {"ladder_block_at", 3, "Prithvi rung: every placed card also grants Block"},
                            {"ladder_block", 2, "Block per placement at that rung"},
                            {"ladder_clog_at", 6, "Prithvi rung: clogged cards no longer reduce income (inert, R)"},
                            {"ladder_slot4_at", 9, "Prithvi rung: slot 4 fires on a number-only match"},
                            {"null_rate", 2, "Null Well: charge taken per charge given", 1},
                            {"rolls_per_turn_cap", 12, "guard: most rolls in one turn (rerolls can pour more than they cost)"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"reroll", "reroll both dice, paid from one well (2; Vayu 1; Agni empties and detonates)", {ArgKind::kElement}, {"well"}},
        {"buy", "paid draw of 2 cards from one well (2; Vayu 1) before the first roll", {ArgKind::kElement}, {"well"}},
        {"detonate", "empty the Agni well: 2 damage per charge"},
        {"slide", "Jal 1: move a card to an empty slot", {ArgKind::kSlot, ArgKind::kSlot}, {"from", "to"}},
        {"blunt", "Jal 2: the Sentinel's next attack deals 5 less"},
        {"exhaust", "1 charge from one well: exhaust a clogged card (before the first roll)",
         {ArgKind::kSlot, ArgKind::kElement}, {"slot", "well"}},
        {"shunya", "play Shunya: deal 6, open the Null Well, exhaust"},
        {"convert", "Null Well, once: 2 charge of one well into 1 of another", {ArgKind::kElement, ArgKind::kElement, ArgKind::kInt},
         {"from", "to", "amount"}},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {"primed", "clogged"};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {"agni", "jal", "vayu", "prithvi", "null_well",
                                                   "blunt", "lock_mask", "prime_mask"};
    return names;
  }

  static int well(const State& s, int e) { return s.d.counters[e]; }

  // A well holds at most kMaxWell charge (F-R16): more is lost, as past V07's Wick.
  static void pour(State& s, int element, int amount) {
    if (element == kJal) {
      const int total = s.d.counters[kJal] + amount;
      const int cap = std::min(s.param(kJalCap), kMaxWell);
      s.d.counters[kJal] = static_cast<std::int16_t>(std::min(total, cap));
      if (total > cap) s.d.counters[kPrithvi] = at_most(s.d.counters[kPrithvi] + total - cap, kMaxWell);
    } else {
      s.d.counters[element] = at_most(s.d.counters[element] + amount, kMaxWell);
    }
  }

  // Can `cost` be paid from well e? Prithvi never spends; Agni pays all it holds.
  static bool can_pay(const State& s, int e, int cost) { return e != kPrithvi && well(s, e) >= cost; }
  static void pay(State& s, int e, int cost) {
    if (e == kAgni) {
      const int spent = s.d.counters[kAgni];
      s.d.counters[kAgni] = 0;
      s.deal_damage(spent * s.param(kDetonateDamage));  // any Agni spend detonates the whole well
    } else {
      s.d.counters[e] = static_cast<std::int16_t>(s.d.counters[e] - cost);
    }
  }
  int reroll_cost(const State& s, int e) const { return e == kVayu ? s.param(kVayuRerollCost) : s.param(kRerollCost); }
  int draw_cost(const State& s, int e) const { return e == kVayu ? s.param(kVayuDrawCost) : s.param(kPaidDrawCost); }

  void fire_slot(State& s, int slot) const {
    const int code = s.d.slots[slot].card;
    s.d.slots[slot].mark[kPrimed] = s.d.slots[slot].mark[kClogged] = 0;
    s.slot_to_pile(slot, kDiscard);
    s.fire_card(code, [](int base) { return base; });
    if (card_element(code) < 4) pour(s, card_element(code), s.param(kFirePour));
  }

  void on_turn_start(State& s) const override {
    for (auto& slot : s.d.slots) slot.mark[kClogged] = slot.card != kNoCard;
    // Primed cards check their well: at the threshold they fire free, else the prime lapses.
    for (int i = 0; i < kSlots && !s.is_terminal(); ++i) {
      auto& slot = s.d.slots[i];
      if (!slot.mark[kPrimed]) continue;
      slot.mark[kPrimed] = 0;
      if (slot.card != kNoCard && card_element(slot.card) < 4 && well(s, card_element(slot.card)) >= s.param(kPrimeThreshold))
        fire_slot(s, i);
    }
  }

  int income(const State&) const override { return 0; }

  // Shunya is played from hand by its verb (V03-R9), never placed as a card.
  bool shunya_placed_as_card() const override { return false; }

  void legal_actions(const State& s, ActionList& out) const override {
    const bool placing = s.d.phase == kPlacement;
    if (placing) {
      add_placements(s, out, [](int) { return true; });
      if (can_draw_from(s, kDrawPile))
        for (int e = 0; e < 4; ++e)
          if (can_pay(s, e, draw_cost(s, e))) out.push_back(Action::verb_action(kBuyFrom, e));
      for (int i = 0; i < kSlots; ++i)
        if (s.d.slots[i].card != kNoCard && s.d.slots[i].mark[kClogged])
          for (int e = 0; e < 4; ++e)
            if (can_pay(s, e, s.param(kExhaustCost))) out.push_back(Action::verb_action(kExhaustVerb, i, e));
      out.push_back(Action::roll());  // the first roll is free, and required
    } else {
      if (s.d.rolls < s.param(kRollCap))
        for (int e = 0; e < 4; ++e)
          if (can_pay(s, e, reroll_cost(s, e))) out.push_back(Action::verb_action(kReroll, e));
    }
    if (well(s, kAgni) > 0) out.push_back(Action::verb_action(kDetonate));
    if (well(s, kJal) >= s.param(kSlideCost))
      for (int a = 0; a < kSlots; ++a)
        for (int b = 0; b < kSlots; ++b)
          if (s.d.slots[a].card != kNoCard && s.d.slots[b].card == kNoCard)
            out.push_back(Action::verb_action(kSlide, a, b));
    if (well(s, kJal) >= s.param(kBluntCost)) out.push_back(Action::verb_action(kBluntVerb));
    if (s.d.piles[kHand][card_code(kShunya)] > 0) out.push_back(Action::verb_action(kShunyaVerb));
    if (s.d.counters[kNullWell] == 1)
      for (int from = 0; from < 3; ++from)  // Prithvi never spends
        for (int to = 0; to < 4; ++to) {
          if (from == to) continue;
          const int most = well(s, from) / s.param(kNullRate);
          if (from == kAgni) {
            if (most > 0) out.push_back(Action::verb_action(kConvert, from, to, most));  // all or nothing
          } else {
            for (int k = 1; k <= most; ++k) out.push_back(Action::verb_action(kConvert, from, to, k));
          }
        }
    if (!placing) out.push_back(Action::end());
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace:
        s.place_from_hand(a.a, a.b);
        if (well(s, kPrithvi) >= s.param(kLadderBlockAt)) s.gain_block(s.param(kLadderBlock));
        return true;
      case ActionType::kRoll: s.request_roll(); return true;
      case ActionType::kVerb: apply_verb(s, a); return true;
      default: return false;
    }
  }

  void apply_verb(State& s, const Action& a) const {
    switch (a.verb) {
      case kReroll: pay(s, a.a, reroll_cost(s, a.a)); if (!s.is_terminal()) s.request_roll(); break;
      case kBuyFrom: pay(s, a.a, draw_cost(s, a.a)); s.queue_draws(s.param(kPaidDrawCards)); break;
      case kDetonate: pay(s, kAgni, 1); break;
      case kSlide:
        pay(s, kJal, s.param(kSlideCost));
        std::swap(s.d.slots[a.a], s.d.slots[a.b]);
        break;
      case kBluntVerb:
        pay(s, kJal, s.param(kBluntCost));
        s.d.counters[kBlunt] = static_cast<std::int16_t>(s.d.counters[kBlunt] + s.param(kBluntAmount));
        break;
      case kExhaustVerb:
        pay(s, a.b, s.param(kExhaustCost));
        s.slot_to_pile(a.a, kExhaust);
        s.d.slots[a.a].mark[kPrimed] = s.d.slots[a.a].mark[kClogged] = 0;
        break;
      case kShunyaVerb:
        s.move_card(card_code(kShunya), kHand, kExhaust);
        if (s.d.counters[kNullWell] == 0) s.d.counters[kNullWell] = 1;
        s.deal_damage(s.param(kShunyaDamage));
        break;
      case kConvert:
        pay(s, a.a, a.c * s.param(kNullRate));
        pour(s, a.b, a.c);
        s.d.counters[kNullWell] = 2;
        break;
    }
  }

  void on_roll(State& s) const override {
    if (s.d.element == kBlankElement)
      for (int e = 0; e < 4; ++e) pour(s, e, s.param(kBlankPour));
    else
      pour(s, s.d.element, s.param(kRollPour));
  }

  bool resolve_step(State& s) const override {
    const int step = s.d.cursor++;
    if (step == kFreezeStep) {
      // Locks (both match) fire now; number-only matches are primed for next
      // turn (or, on slot 4 at Prithvi 9+, fire now as well).
      int locks = 0, primes = 0;
      if (s.d.number != kNotRolled && s.d.number != kBlankNumber) {
        const int i = s.d.number - 1;
        const int card = s.d.slots[i].card;
        if (card != kNoCard) {
          if (card_element(card) == s.d.element) locks |= 1 << i;
          else if (i == 3 && well(s, kPrithvi) >= s.param(kLadderSlot4At)) locks |= 1 << i;
          else primes |= 1 << i;
        }
      }
      s.d.counters[kLockMask] = static_cast<std::int16_t>(locks);
      s.d.counters[kPrimeMask] = static_cast<std::int16_t>(primes);
      return false;
    }
    if (step < kAfterSlots) {
      const int i = step - kFirstSlotStep;
      if (s.d.counters[kLockMask] >> i & 1) fire_slot(s, i);
      return false;
    }
    for (int i = 0; i < kSlots; ++i)
      if (s.d.counters[kPrimeMask] >> i & 1 && s.d.slots[i].card != kNoCard) s.d.slots[i].mark[kPrimed] = 1;
    s.d.counters[kVayu] = 0;  // the Gust well empties every turn
    s.d.counters[kLockMask] = s.d.counters[kPrimeMask] = 0;
    return true;
  }

  int adjust_enemy_attack(State& s, int damage) const override {
    const int blunt = s.d.counters[kBlunt];
    s.d.counters[kBlunt] = 0;
    return std::max(0, damage - blunt);
  }

  std::string describe(const State& s) const override {
    std::string out = "Wells: agni " + std::to_string(well(s, kAgni)) + ", jal " + std::to_string(well(s, kJal)) +
                      "/" + std::to_string(s.param(kJalCap)) + ", vayu " + std::to_string(well(s, kVayu)) +
                      ", prithvi " + std::to_string(well(s, kPrithvi));
    if (s.d.counters[kNullWell] == 1) out += ", Null Well open";
    if (s.d.counters[kBlunt]) out += "  (next attack -" + std::to_string(s.d.counters[kBlunt]) + ")";
    return out;
  }

  // The resolution stops only for a draw after a locked card fired.
  int resolution_steps() const override { return kAfterSlots + 2; }
  void validate_resolution(const State& s) const override {
    require_cursor_in(s, {kFirstSlotStep + 1, kFirstSlotStep + 2, kFirstSlotStep + 3, kFirstSlotStep + 4},
                      "a draw after a slot fired");
    require_zero_in_player_turn(s, {kLockMask, kPrimeMask});
    require_masked_slots_fire_in_order(s, kLockMask, kFirstSlotStep);
  }

  void validate(const State& s) const override {
    for (int e = 0; e < 4; ++e)
      // Agni and Prithvi have no cap of their own; every well stops at the position's limit (F-R16).
      if (s.d.counters[e] < 0 || s.d.counters[e] > kMaxWell)
        throw InvalidStateError(std::string("counters.") + counter_names()[e] + ": must be 0.." + std::to_string(kMaxWell));
    if (s.d.counters[kJal] > s.param(kJalCap)) throw InvalidStateError("counters.jal: above the Jal cap");
    if (s.d.counters[kNullWell] < 0 || s.d.counters[kNullWell] > 2) throw InvalidStateError("counters.null_well: must be 0..2");
    for (int i = 0; i < kSlots; ++i)
      for (int m : {kPrimed, kClogged})
        if (s.d.slots[i].mark[m] != 0 && s.d.slots[i].mark[m] != 1)
          throw InvalidStateError("slots[" + std::to_string(i) + "]." + mark_names()[m] + ": must be 0 or 1");
  }
};

}  // namespace

const Variant& v03_twin_wells() {
  static const TwinWells variant;
  return variant;
}

}  // namespace triptych::combat
