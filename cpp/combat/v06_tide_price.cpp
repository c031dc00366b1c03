// V06 Tide Price (verb): the element die sets this turn's price rule (the
// tide) and the number die opens the one slot you may pay for. Cards wait
// face-up on the board; buying the open card fires it at once.
#include <algorithm>
#include <string>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

enum Mark { kSpent = 0 };  // fired this turn (a High Tide card stays but fires once a turn)
// bought: the open card of the current roll has been bought (one purchase per roll, V06-R12).
enum Counter { kOpenSlot = 0, kFired = 1, kFiredLast = 2, kCarry = 3, kSlackOwed = 4, kBought = 5 };
enum Verb { kFireVerb = 0, kTakeBackVerb = 1 };
enum Param {
  kFirstRollCost = kCommonParams,
  kRerollCost,
  kTakeBackCost,
  kLashCost,
  kUndertowCost,
  kGaleCost,
  kStoneskinCost,
  kShunyaCost,
  kBaseIncome,
  kFiredIncomeCap,
  kCarryCap,
  kCarryWeakCap,
  kTideDiscount,
  kHighTideSurcharge,
  kBloodTidePercent,
  kSlackDiscards,
  kSlackDraws,
  kHighTideBlockPerEnergy,
};

class TidePrice final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v06", "Tide Price", "verb",
        "The element die sets this turn's price rule and the number die says which slot you may pay for.",
        "AGNI — Blood Tide: pay costs in HP, not energy. Everything you fire hits twice as hard.\n"
        "JAL — Ebb Tide: firing refunds its cost, and leftover energy carries to next turn (and Weakens the enemy).\n"
        "VAYU — Slack Tide: everything is free, but each firing discards 1 and draws 1. You can keep placing.\n"
        "PRITHVI — High Tide: everything costs 1 more, leftover energy becomes Block, and fired cards stay in their slot.\n"
        "BLANK — Neap Tide: prices as printed.\n"
        "MATCHING — a card whose element is the tide costs 1 less.\n"
        "AKASHA — No Tide: fires free from any slot, once, then it is gone."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({70, 9, 5, 4, 7, 12, 0, 8, 13, 10, 4});
      p.insert(p.end(), {
                            {"first_roll_cost", 1, "energy for the first roll of a turn"},
                            {"reroll_cost", 2, "energy for each reroll (flat)"},
                            {"take_back_cost", 1, "energy to swap a placed card back to hand"},
                            {"ember_lash_cost", 2, "printed cost of Ember Lash"},
                            {"undertow_cost", 1, "printed cost of Undertow"},
                            {"gale_cost", 0, "printed cost of Gale"},
                            {"stoneskin_cost", 1, "printed cost of Stoneskin"},
                            {"shunya_cost", 0, "cost of firing Shunya (any tide, any slot)"},
                            {"base_income", 3, "flat energy income every turn"},
                            {"fired_income_cap", 2, "most extra income from cards fired last turn (+1 each)"},
                            {"carry_cap", 6, "most energy the Ebb Tide carries into next turn"},
                            {"carry_weak_cap", 3, "most Weak stacks the carry-over gives the enemy"},
                            {"tide_discount", 1, "a card whose element is the tide costs this much less (min 0)"},
                            {"high_tide_surcharge", 1, "High Tide (Prithvi) adds this to every cost"},
                            {"blood_tide_percent", 200, "damage of cards fired under the Blood Tide (Agni), %"},
                            {"slack_discards", 1, "random cards discarded from hand per firing under the Slack Tide"},
                            {"slack_draws", 1, "cards drawn per firing under the Slack Tide"},
                            {"high_tide_block_per_energy", 1, "Block per unspent energy at turn end under High Tide"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"fire", "pay the open card's tide-adjusted cost and fire it now, once per roll (Shunya: free, from any slot, no tide)",
         {ArgKind::kSlot}, {"slot"}},
        {"take_back", "pay take_back_cost: a placed card goes back to hand (while placement is open)",
         {ArgKind::kSlot}, {"slot"}},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {"spent"};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {"open_slot", "fired", "fired_last", "carry", "slack_owed", "bought"};
    return names;
  }

  static int tide(const State& s) { return s.d.number == kNotRolled ? kNotRolled : s.d.element; }

  // The card's price under the current tide: printed, -discount when its
  // element is the tide, then High Tide's surcharge; Slack Tide makes it 0.
  static int cost(const State& s, int code) {
    const int kind = card_kind(code);
    if (kind == kShunya) return s.param(kShunyaCost);
    const int t = tide(s);
    if (t == kVayu) return 0;
    static constexpr int kCostParam[4] = {kLashCost, kUndertowCost, kGaleCost, kStoneskinCost};
    int c = s.param(kCostParam[kind]);
    if (card_element(code) == t) c = std::max(0, c - s.param(kTideDiscount));
    if (t == kPrithvi) c += s.param(kHighTideSurcharge);
    return c;
  }

  static bool placement_open(const State& s) {
    return s.d.phase == kPlacement || tide(s) == kVayu;  // the Slack Tide never locks placement
  }

  static bool can_fire(const State& s, int slot) {
    const auto& sd = s.d.slots[slot];
    if (s.d.phase != kRolled || sd.card == kNoCard || sd.mark[kSpent]) return false;
    const bool shunya = card_kind(sd.card) == kShunya;
    if (!shunya && (s.d.counters[kOpenSlot] != slot + 1 || s.d.counters[kBought])) return false;
    const int c = cost(s, sd.card);
    if (tide(s) == kAgni && !shunya) return s.d.player.hp > c;  // V06-R2: you cannot pay with your last HP
    return s.d.energy >= c;
  }

  int income(const State& s) const override {
    return s.param(kBaseIncome) + std::min<int>(s.d.counters[kFiredLast], s.param(kFiredIncomeCap)) +
           s.d.counters[kCarry];
  }

  void on_turn_start(State& s) const override {
    for (auto& slot : s.d.slots) slot.mark[kSpent] = 0;
    s.d.counters[kOpenSlot] = 0;
    s.d.counters[kBought] = 0;
  }

  void legal_actions(const State& s, ActionList& out) const override {
    const int energy = s.d.energy;
    if (placement_open(s)) {
      add_placements(s, out, [](int) { return true; });
      if (energy >= s.param(kTakeBackCost))
        for (int i = 0; i < kSlots; ++i)
          if (s.d.slots[i].card != kNoCard) out.push_back(Action::verb_action(kTakeBackVerb, i));
    }
    if (s.d.phase == kPlacement && energy >= s.param(kPaidDrawCost) && can_draw_from(s, kDrawPile))
      out.push_back(Action::buy());
    for (int i = 0; i < kSlots; ++i)
      if (can_fire(s, i)) out.push_back(Action::verb_action(kFireVerb, i));
    const int roll_cost = s.d.phase == kPlacement ? s.param(kFirstRollCost) : s.param(kRerollCost);
    if (energy >= roll_cost) out.push_back(Action::roll());
    // V06-R1: the first roll is not optional while it is affordable.
    if (s.d.phase == kRolled || energy < roll_cost) out.push_back(Action::end());
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace: s.place_from_hand(a.a, a.b); return true;
      case ActionType::kBuy:
        s.spend_energy(s.param(kPaidDrawCost));
        s.queue_draws(s.param(kPaidDrawCards));
        return true;
      case ActionType::kRoll:
        s.spend_energy(s.d.phase == kPlacement ? s.param(kFirstRollCost) : s.param(kRerollCost));
        s.request_roll();
        return true;
      case ActionType::kVerb:
        if (a.verb == kTakeBackVerb) {
          s.spend_energy(s.param(kTakeBackCost));
          s.d.slots[a.a].mark[kSpent] = 0;
          s.slot_to_pile(a.a, kHand);
        } else {
          fire(s, a.a);
        }
        return true;
      default: return false;  // kEnd: the framework starts the turn-end step
    }
  }

  void fire(State& s, int slot) const {
    const int code = s.d.slots[slot].card;
    const bool shunya = card_kind(code) == kShunya;
    // V06-R9: Shunya is "NO TIDE": no tide touches it (no Blood doubling, no Slack discard).
    const int t = shunya ? kBlankElement : tide(s);
    if (!shunya) s.d.counters[kBought] = 1;
    const int c = cost(s, code);
    if (t == kAgni && !shunya) {
      s.lose_hp(kPlayer, c);  // Blood Tide: paid in HP, unblockable
    } else if (t != kJal) {
      s.spend_energy(c);  // the Ebb Tide refunds at once: pay and get it back
    }
    // The card leaves (or stays, under High Tide) before its effect, so a
    // draw it causes can never see it.
    if (shunya) s.slot_to_pile(slot, kExhaust);
    else if (t == kPrithvi) s.d.slots[slot].mark[kSpent] = 1;
    else s.slot_to_pile(slot, kDiscard);
    ++s.d.counters[kFired];
    if (s.is_terminal()) return;
    const int damage = s.card_damage(code), block = s.card_block(code);
    if (damage > 0) s.deal_damage(t == kAgni ? damage * s.param(kBloodTidePercent) / 100 : damage);
    if (s.is_terminal()) return;
    if (block > 0) s.gain_block(block);
    if (card_kind(code) == kUndertow) s.apply_weak(kEnemy, s.param(kUndertowWeak));
    int draws = card_kind(code) == kGale ? s.param(kGaleDraw) : 0;
    if (t == kVayu) {
      // V06-R4: the Slack Tide's random discard comes first, then its draw and the card's own.
      draws += s.param(kSlackDraws);
      const int discards = std::min(s.param(kSlackDiscards), s.pile_size(kHand));
      if (discards > 0) {
        s.d.counters[kSlackOwed] = static_cast<std::int16_t>(draws);
        s.queue_draws(discards, kHand);
        return;
      }
    }
    s.queue_draws(draws);
  }

  void on_card_drawn(State& s, int code, int source) const override {
    if (source != kHand) return;
    s.move_card(code, kHand, kDiscard);  // the Slack Tide's random discard
    if (s.d.pending_draws == 0) {
      s.queue_draws(s.d.counters[kSlackOwed]);
      s.d.counters[kSlackOwed] = 0;
    }
  }

  void on_roll(State& s) const override {
    // V06-R3: the open slot is fixed when the dice land (a blank opens the lowest occupied slot then).
    const int n = s.d.number != kBlankNumber ? s.d.number : s.lowest_occupied_slot() + 1;
    s.d.counters[kOpenSlot] = static_cast<std::int16_t>(n);
    s.d.counters[kBought] = 0;  // new dice, a new purchase ("you may fire again")
  }

  bool resolve_step(State& s) const override {
    const int t = tide(s);
    const int left = s.d.energy;
    s.d.counters[kCarry] = 0;
    if (t == kJal) {
      const int carry = std::min(left, s.param(kCarryCap));
      s.d.counters[kCarry] = static_cast<std::int16_t>(carry);
      if (carry > 0) s.apply_weak(kEnemy, std::min(carry, s.param(kCarryWeakCap)));
    } else if (t == kPrithvi && left > 0) {
      s.gain_block(left * s.param(kHighTideBlockPerEnergy));
    }
    s.d.energy = 0;
    s.d.counters[kFiredLast] = s.d.counters[kFired];
    s.d.counters[kFired] = 0;
    s.d.counters[kOpenSlot] = 0;
    s.d.counters[kBought] = 0;
    for (auto& slot : s.d.slots) slot.mark[kSpent] = 0;
    return true;
  }

  std::string describe(const State& s) const override {
    std::string out;
    if (tide(s) == kNotRolled) return "Tide: not rolled";
    static const char* kTides[kDieElements] = {"Blood", "Ebb", "Slack", "High", "None", "Neap"};
    out = std::string("Tide: ") + kTides[tide(s)] + "  open slot: ";
    out += s.d.counters[kOpenSlot] ? std::to_string(s.d.counters[kOpenSlot]) : std::string("none");
    for (int i = 0; i < kSlots; ++i)
      if (s.d.slots[i].card != kNoCard)
        out += "  [" + std::to_string(i + 1) + "] costs " + std::to_string(cost(s, s.d.slots[i].card));
    return out;
  }

  void validate(const State& s) const override {
    for (int i = 0; i < kSlots; ++i)
      if (s.d.slots[i].mark[kSpent] != 0 && s.d.slots[i].mark[kSpent] != 1)
        throw InvalidStateError("slots[" + std::to_string(i) + "].spent: must be 0 or 1");
    auto range = [&](int c, int lo, int hi) {
      if (s.d.counters[c] < lo || s.d.counters[c] > hi)
        throw InvalidStateError(std::string("counters.") + counter_names()[c] + ": must be " + std::to_string(lo) +
                                ".." + std::to_string(hi));
    };
    range(kOpenSlot, 0, kSlots);
    range(kFired, 0, 99);
    range(kFiredLast, 0, 99);
    range(kCarry, 0, s.param(kCarryCap));
    range(kSlackOwed, 0, kMaxPendingDraws);
    range(kBought, 0, 1);
    // Only states play can reach: nothing opens, fires or is bought before the first roll, and
    // draws are owed only while a Slack Tide discard is being drawn from the hand.
    const bool rolled = s.d.phase == kRolled;
    if (s.d.counters[kOpenSlot] && !rolled) throw InvalidStateError("counters.open_slot: no slot is open before the first roll");
    if (s.d.counters[kFired] && !rolled) throw InvalidStateError("counters.fired: nothing fires before the first roll");
    if (s.d.counters[kBought] && (!rolled || s.d.counters[kFired] == 0))
      throw InvalidStateError("counters.bought: nothing is bought before the first roll (and a purchase is a firing)");
    if (s.d.counters[kSlackOwed] && (s.d.draw_source != kHand || s.d.pending_draws == 0))
      throw InvalidStateError("counters.slack_owed: draws are owed only while a Slack Tide discard is pending");
  }
};

}  // namespace

const Variant& v06_tide_price() {
  static const TidePrice variant;
  return variant;
}

}  // namespace triptych::combat
