// V07 One Wick (track): one meter, one colour. The Wick's charge is the only
// energy (kept in State::d.energy, so it carries between turns); the element
// die repaints it, the number die names the one slot you may place into, and
// at turn end every card of the Wick's colour fires at once.
#include <algorithm>
#include <string>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

// kColour: the Wick's colour (agni..prithvi, or blank: colourless).
// kColourless: how much of the charge is colourless (the rest is in colour).
// kRepaint: a roll offered a new colour; the player must repaint or hold first.
// kWildUsed: the colourless part already paid an off-colour spend this turn (V07-R3).
enum Counter {
  kColour = 0,
  kColourless = 1,
  kFloor = 2,
  kFrozen = 3,
  kRedirect = 4,
  kFired = 5,
  kRepaint = 6,
  kWildUsed = 7,
};
// The position's limit for the Wick and standing Block (State::validate's 0..kMaxStock, F-R16);
// a guard like the turn cap, never reached in a default fight (V07-R14).
constexpr int kWickCap = kMaxStock;
enum Verb {
  kRepaintVerb = 0,
  kHoldVerb,
  kBlastVerb,
  kMoveVerb,
  kSwapVerb,
  kRedirectVerb,
  kFortifyVerb,
  kExhaustVerb,
  kShunyaVerb,
};
enum Param {
  kRollCharge = kCommonParams,
  kBlankCharge,
  kEmptySlotCharge,
  kFireCharge,
  kHoldCost,
  kJalRepaintExtra,
  kPrithviRepaintExtra,
  kRerollCost,
  kPrithviRerollCost,
  kAgniGrowth,
  kAgniDamagePerCharge,
  kJalMoveCost,
  kJalSwapCost,
  kJalRedirectCost,
  kPrithviFloor,
  kPrithviBlockPerCharge,
  kFortifyCost,
  kVayuDiscount,
  kVayuMinCost,
  kExhaustCost,
  kRollsPerTurnCap,
};

class OneWick final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v07", "One Wick", "track",
        "One meter, one colour — the die paints the colour, and every card of that colour on the board fires at once.",
        "THE WICK — one number, one colour. Every card of that colour fires at end of turn.\n"
        "AGNI — Hoard: grows +1 each turn. Spending empties it all for 2 damage per charge.\n"
        "JAL — Sticky: costs 2 extra to repaint away. Buys movement, swaps and a redirect — never damage.\n"
        "VAYU — Leak: everything cheaper, rerolls free, but the Wick halves every turn.\n"
        "PRITHVI — Floor: never drops below 3, 2 extra to repaint away, converts 1:1 into permanent Block.\n"
        "BLANK — Colourless: +1 charge, no repaint.\n"
        "HOLD — pay 2 to refuse a repaint and keep your colour.\n"
        "AKASHA — Freeze: the colour cannot change for one full turn."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({75, 5, 4, 4, 5, 0, 0, 8, 14, 10, 5});
      p[kPaidDrawCost].value = 2;
      p[kPaidDrawCost].doc = "Wick charge for one paid draw";
      p.insert(p.end(), {
                            {"roll_charge", 2, "charge every roll adds, in the rolled colour"},
                            {"blank_charge", 1, "colourless charge a blank element adds (no repaint)"},
                            {"empty_slot_charge", 1, "colourless charge per empty slot at turn start"},
                            {"fire_charge", 1, "charge per card fired at turn end"},
                            {"hold_cost", 2, "charge to refuse a repaint and keep the colour"},
                            {"jal_repaint_extra", 2, "extra charge to accept a repaint away from Jal"},
                            {"prithvi_repaint_extra", 2, "extra charge to accept a repaint away from Prithvi"},
                            {"reroll_cost", 2, "charge for a reroll (the first roll is free)"},
                            {"prithvi_reroll_cost", 3, "reroll cost while the Wick is Prithvi (Vayu: free)"},
                            {"agni_growth", 1, "a held Agni Wick grows this much each turn"},
                            {"agni_damage_per_charge", 2, "damage per charge of an Agni spend (any payment from an Agni Wick: it empties the meter)"},
                            {"jal_move_cost", 2, "Jal: move a card to an empty slot"},
                            {"jal_swap_cost", 2, "Jal: swap two cards"},
                            {"jal_redirect_cost", 3, "Jal: the enemy's next attack goes into its own Block"},
                            {"prithvi_floor", 3, "a Prithvi Wick that reached this never starts a turn below it"},
                            {"prithvi_block_per_charge", 1, "standing Block per charge of a Prithvi spend"},
                            {"fortify_cost", 1, "charge of one Prithvi spend"},
                            {"vayu_discount", 1, "a Vayu Wick makes everything cost this much less"},
                            {"vayu_min_cost", 1, "... but never less than this"},
                            {"exhaust_cost", 1, "exhaust the card in the named slot"},
                            {"rolls_per_turn_cap", 12, "guard: most rolls in one turn (Vayu rerolls are free and add charge)"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"repaint", "accept the rolled colour (2 extra when leaving Jal or Prithvi)"},
        {"hold", "pay hold_cost: refuse the repaint, keep the colour (the charge is still gained)"},
        {"blast", "Agni spend: empty the meter for agni_damage_per_charge damage per charge (colourless: its part); on an Agni Wick every payment does this"},
        {"move", "Jal spend: move a card to an empty slot", {ArgKind::kSlot, ArgKind::kSlot}, {"from", "to"}},
        {"swap", "Jal spend: swap two cards", {ArgKind::kSlot, ArgKind::kSlot}, {"a", "b"}},
        {"redirect", "Jal spend: the enemy's next attack goes into its own Block (the enemy takes it)"},
        {"fortify", "Prithvi spend: fortify_cost charge into standing Block that persists"},
        {"exhaust", "pay exhaust_cost: exhaust the card in the slot the number names"},
        {"shunya", "play Shunya (free) before the first roll: the colour cannot change this turn; it exhausts",
         {ArgKind::kSlot}, {"slot"}},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {"colour", "colourless", "floor", "frozen", "redirect", "fired", "repaint", "wild_used"};
    return names;
  }

  static int colour(const State& s) { return s.d.counters[kColour]; }

  // Vayu's leak makes everything cheaper (never below vayu_min_cost).
  static int price(const State& s, int base) {
    if (colour(s) != kVayu || base <= 0) return base;
    return std::max(s.param(kVayuMinCost), base - s.param(kVayuDiscount));
  }
  // What a spend may take: a floored Prithvi Wick never drops below the floor (V07-R5).
  static int spendable(const State& s) {
    return s.d.counters[kFloor] ? std::max(0, s.d.energy - s.param(kPrithviFloor)) : s.d.energy;
  }
  // What a colour's own spend may take: the whole Wick in that colour; in any
  // other, the colourless part, for one spend a turn (V07-R3).
  static int spendable_as(const State& s, int element) {
    if (colour(s) == element) return spendable(s);
    if (s.d.counters[kWildUsed]) return 0;
    return std::min<int>(s.d.counters[kColourless], spendable(s));
  }
  static bool can_spend(const State& s, int element, int cost) { return spendable_as(s, element) >= cost; }
  static void pay(State& s, int cost, bool colourless_only = false) {
    const int coloured = s.d.energy - s.d.counters[kColourless];
    const int from_colourless = colourless_only ? cost : std::max(0, cost - coloured);
    s.d.counters[kColourless] = static_cast<std::int16_t>(s.d.counters[kColourless] - from_colourless);
    s.spend_energy(cost);
  }
  // V07-R15: "Any Agni spend empties the meter entirely, dealing 2 damage per
  // charge spent." A general sink (reroll, hold, paid draw, exhaust) paid from
  // an Agni Wick is an Agni spend: the whole meter goes, its colourless part
  // included, for agni_damage_per_charge a charge (the price is part of it).
  static void empty_for_damage(State& s) {
    const int spent = s.d.energy;
    s.d.counters[kColourless] = 0;
    s.spend_energy(spent);
    s.deal_damage(spent * s.param(kAgniDamagePerCharge));
  }
  static void pay_sink(State& s, int cost) {
    if (cost > 0 && colour(s) == kAgni) empty_for_damage(s);
    else pay(s, cost);
  }
  static void pay_as(State& s, int element, int cost) {
    const bool wild = colour(s) != element;
    if (wild) s.d.counters[kWildUsed] = 1;
    pay(s, cost, wild);
  }

  // Charge beyond the position's limit is lost (V07-R14).
  static void add_charge(State& s, int amount, bool colourless) {
    const int added = std::min(amount, kWickCap - s.d.energy);
    s.d.energy = static_cast<std::int16_t>(s.d.energy + added);
    if (colourless) s.d.counters[kColourless] = static_cast<std::int16_t>(s.d.counters[kColourless] + added);
  }
  static void sync_floor(State& s) {
    if (colour(s) != kPrithvi) s.d.counters[kFloor] = 0;
    else if (s.d.energy >= s.param(kPrithviFloor)) s.d.counters[kFloor] = 1;
  }

  static int named_slot(const State& s) {
    return s.d.phase == kRolled && s.d.number != kBlankNumber ? s.d.number - 1 : -1;
  }
  static int reroll_cost(const State& s) {
    if (colour(s) == kVayu) return 0;
    return colour(s) == kPrithvi ? s.param(kPrithviRerollCost) : s.param(kRerollCost);
  }
  static int repaint_cost(const State& s) {
    if (colour(s) == kJal) return s.param(kJalRepaintExtra);
    if (colour(s) == kPrithvi) return s.param(kPrithviRepaintExtra);
    return 0;
  }

  void on_turn_start(State& s) const override {
    if (s.d.turn == 1) s.d.counters[kColour] = kBlankElement;  // the fight starts with a colourless, empty Wick
    // The Wick decays or grows per its colour, then empty slots add colourless charge.
    switch (colour(s)) {
      case kAgni: add_charge(s, s.param(kAgniGrowth), false); break;
      case kVayu:
        s.d.energy = static_cast<std::int16_t>(s.d.energy / 2);
        s.d.counters[kColourless] = std::min(s.d.counters[kColourless], s.d.energy);
        break;
      case kPrithvi:
        if (s.d.counters[kFloor] && s.d.energy < s.param(kPrithviFloor))
          s.d.energy = static_cast<std::int16_t>(s.param(kPrithviFloor));
        break;
      default: break;
    }
    add_charge(s, s.param(kEmptySlotCharge) * (kSlots - s.board_count()), true);
    s.d.counters[kFrozen] = 0;
    s.d.counters[kWildUsed] = 0;
    sync_floor(s);
  }
  int income(const State& s) const override { return s.d.energy; }  // the Wick carries over

  void legal_actions(const State& s, ActionList& out) const override {
    const int energy = spendable(s);
    if (s.d.counters[kRepaint]) {
      const bool can_hold = energy >= price(s, s.param(kHoldCost));
      // V07-R4: a repaint you cannot pay for in full still happens when holding is unaffordable too.
      if (s.d.energy >= repaint_cost(s) || !can_hold) out.push_back(Action::verb_action(kRepaintVerb));
      if (can_hold) out.push_back(Action::verb_action(kHoldVerb));
      return;
    }
    const bool rolled = s.d.phase == kRolled;
    const int named = named_slot(s);
    if (named >= 0) {
      add_placements(s, out, [named](int slot) { return slot == named; });
      if (s.d.slots[named].card != kNoCard && energy >= price(s, s.param(kExhaustCost)))
        out.push_back(Action::verb_action(kExhaustVerb));
    }
    if (!rolled && s.d.piles[kHand][card_code(kShunya)] > 0 && !s.d.counters[kFrozen])
      for (int i = 0; i < kSlots; ++i)
        if (s.d.slots[i].card == kNoCard) out.push_back(Action::verb_action(kShunyaVerb, i));
    if (energy >= price(s, s.param(kPaidDrawCost)) && can_draw_from(s, kDrawPile)) out.push_back(Action::buy());
    // The colours' own spends.
    if (spendable_as(s, kAgni) > 0) out.push_back(Action::verb_action(kBlastVerb));
    if (can_spend(s, kJal, price(s, s.param(kJalMoveCost))))
      for (int a = 0; a < kSlots; ++a)
        for (int b = 0; b < kSlots; ++b)
          if (s.d.slots[a].card != kNoCard && s.d.slots[b].card == kNoCard) out.push_back(Action::verb_action(kMoveVerb, a, b));
    if (can_spend(s, kJal, price(s, s.param(kJalSwapCost))))
      for (int a = 0; a < kSlots; ++a)
        for (int b = a + 1; b < kSlots; ++b)
          if (s.d.slots[a].card != kNoCard && s.d.slots[b].card != kNoCard && s.d.slots[a].card != s.d.slots[b].card)
            out.push_back(Action::verb_action(kSwapVerb, a, b));
    if (!s.d.counters[kRedirect] && can_spend(s, kJal, price(s, s.param(kJalRedirectCost))))
      out.push_back(Action::verb_action(kRedirectVerb));
    if (can_spend(s, kPrithvi, price(s, s.param(kFortifyCost)))) out.push_back(Action::verb_action(kFortifyVerb));
    // V07-R13: a guard of rolls_per_turn_cap rolls a turn (Vayu rerolls are free and add charge).
    if (!rolled || (energy >= reroll_cost(s) && s.d.rolls < s.param(kRollsPerTurnCap))) out.push_back(Action::roll());
    if (rolled) out.push_back(Action::end());  // V07-R1: the first roll is free and not optional
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace: s.place_from_hand(a.a, a.b); break;
      case ActionType::kBuy:
        pay_sink(s, price(s, s.param(kPaidDrawCost)));
        s.queue_draws(s.param(kPaidDrawCards));
        break;
      case ActionType::kRoll:
        if (s.d.phase == kRolled) pay_sink(s, reroll_cost(s));
        s.request_roll();
        break;
      case ActionType::kVerb: apply_verb(s, a); break;
      default: return false;  // kEnd: the Wick's colour fires
    }
    sync_floor(s);
    return true;
  }

  void apply_verb(State& s, const Action& a) const {
    switch (a.verb) {
      case kRepaintVerb:
        pay(s, std::min<int>(repaint_cost(s), s.d.energy));
        s.d.counters[kColour] = s.d.element;
        s.d.counters[kFloor] = 0;
        s.d.counters[kRepaint] = 0;
        break;
      case kHoldVerb:
        pay_sink(s, price(s, s.param(kHoldCost)));
        s.d.counters[kRepaint] = 0;
        break;
      case kBlastVerb: {
        // The explicit Agni spend: an Agni Wick empties entirely (V07-R15); on
        // another colour the colourless part goes at Agni's rate (V07-R3).
        if (colour(s) == kAgni) { empty_for_damage(s); break; }
        const int spent = spendable_as(s, kAgni);
        pay_as(s, kAgni, spent);
        s.deal_damage(spent * s.param(kAgniDamagePerCharge));
        break;
      }
      case kMoveVerb:
        pay_as(s, kJal, price(s, s.param(kJalMoveCost)));
        s.d.slots[a.b].card = s.d.slots[a.a].card;
        s.d.slots[a.a].card = kNoCard;
        break;
      case kSwapVerb:
        pay_as(s, kJal, price(s, s.param(kJalSwapCost)));
        std::swap(s.d.slots[a.a].card, s.d.slots[a.b].card);
        break;
      case kRedirectVerb:
        pay_as(s, kJal, price(s, s.param(kJalRedirectCost)));
        s.d.counters[kRedirect] = 1;
        break;
      case kFortifyVerb: {
        const int cost = price(s, s.param(kFortifyCost));
        pay_as(s, kPrithvi, cost);
        const int block = std::max(0, cost * s.param(kPrithviBlockPerCharge) + s.d.player.status[kDexterity]);
        // Standing Block and the turn's Block gained stop at the position's limit (V07-R14).
        s.d.player.standing_block = static_cast<std::int16_t>(std::min(kWickCap, s.d.player.standing_block + block));
        s.d.block_gained = static_cast<std::int16_t>(std::min(kWickCap, s.d.block_gained + block));
        break;
      }
      case kExhaustVerb:
        pay_sink(s, price(s, s.param(kExhaustCost)));
        if (!s.is_terminal()) s.slot_to_pile(named_slot(s), kExhaust);
        break;
      case kShunyaVerb:
        // Placed, it freezes the colour at once and exhausts (V07-R8).
        s.move_card(card_code(kShunya), kHand, kExhaust);
        s.d.counters[kFrozen] = 1;
        break;
      default: break;
    }
  }

  void on_roll(State& s) const override {
    if (s.d.element == kBlankElement) {
      add_charge(s, s.param(kBlankCharge), true);  // colourless: no repaint
    } else {
      add_charge(s, s.param(kRollCharge), false);
      if (!s.d.counters[kFrozen] && s.d.element != colour(s)) s.d.counters[kRepaint] = 1;
    }
    sync_floor(s);
  }

  // V07-R9: the redirected attack goes into the Sentinel's own Block; what its
  // Block cannot take is lost, never damage ("Jal spends never convert to damage").
  int adjust_enemy_attack(State& s, int damage) const override {
    if (!s.d.counters[kRedirect] || s.d.stage != kStageEnemy) return damage;
    s.d.counters[kRedirect] = 0;
    const int absorbed = std::min<int>(s.d.enemy.block, damage);
    s.d.enemy.block = static_cast<std::int16_t>(s.d.enemy.block - absorbed);
    return 0;
  }

  bool resolve_step(State& s) const override {
    int fired = 0;
    const int c = colour(s);
    for (int i = 0; i < kSlots && c != kBlankElement && !s.is_terminal(); ++i) {
      const int code = s.d.slots[i].card;
      if (code == kNoCard || card_element(code) != c) continue;
      s.slot_to_pile(i, kDiscard);
      ++fired;
      s.fire_card(code, [](int base) { return base; });
    }
    add_charge(s, fired * s.param(kFireCharge), false);
    s.d.counters[kFired] = static_cast<std::int16_t>(fired);
    s.d.counters[kFrozen] = 0;
    sync_floor(s);
    return true;
  }

  std::string describe(const State& s) const override {
    std::string out = std::string("Wick: ") + std::to_string(s.d.energy) + " " +
                      (colour(s) == kBlankElement ? "colourless" : kElementNames[colour(s)]);
    if (s.d.counters[kColourless] && colour(s) != kBlankElement)
      out += " (" + std::to_string(s.d.counters[kColourless]) + " of it colourless)";
    if (s.d.counters[kFloor]) out += ", floored at " + std::to_string(s.param(kPrithviFloor));
    if (s.d.counters[kFrozen]) out += ", colour frozen";
    if (s.d.counters[kRedirect]) out += ", next enemy attack redirected";
    if (s.d.counters[kWildUsed]) out += ", colourless off-colour spend used this turn";
    const int named = named_slot(s);
    if (named >= 0) out += "  named slot: " + std::to_string(named + 1);
    return out;
  }

  void validate(const State& s) const override {
    auto range = [&](int c, int lo, int hi) {
      if (s.d.counters[c] < lo || s.d.counters[c] > hi)
        throw InvalidStateError(std::string("counters.") + counter_names()[c] + ": must be " + std::to_string(lo) +
                                ".." + std::to_string(hi));
    };
    range(kColour, 0, kBlankElement);
    if (colour(s) == kAkasha) throw InvalidStateError("counters.colour: the Wick is never Akasha");
    range(kColourless, 0, s.d.energy);
    range(kFloor, 0, 1);
    range(kFrozen, 0, 1);
    range(kRedirect, 0, 1);
    range(kFired, 0, kSlots);
    if (s.d.counters[kFloor] && colour(s) != kPrithvi) throw InvalidStateError("counters.floor: only a Prithvi Wick");
    range(kRepaint, 0, 1);
    range(kWildUsed, 0, 1);
    if (s.d.counters[kFloor] && s.d.energy < s.param(kPrithviFloor))
      throw InvalidStateError("energy: a floored Prithvi Wick never drops below the floor");
    if (s.d.rolls > std::max(1, s.param(kRollsPerTurnCap))) throw InvalidStateError("rolls: above rolls_per_turn_cap");
    if (s.d.counters[kRepaint] && (s.d.stage != kStagePlayer || s.d.phase != kRolled))
      throw InvalidStateError("counters.repaint: only after a roll, during the player's turn");
    if (s.d.choice != 0) throw InvalidStateError("choice: V07 asks no mid-resolution choice");
  }
};

}  // namespace

const Variant& v07_one_wick() {
  static const OneWick variant;
  return variant;
}

}  // namespace triptych::combat
