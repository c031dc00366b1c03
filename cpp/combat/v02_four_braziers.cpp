// V02 Four Braziers (reaction): every slot belongs to an element, so where
// you put a card decides what it does. The number die names the brazier that
// resolves at turn end; the element die makes it STRONG or SWIFT.
#include <algorithm>
#include <string>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

// Brazier i is printed with element i (Agni, Jal, Vayu, Prithvi): the wheel
// Agni -> Jal -> Vayu -> Prithvi -> Agni (FEEDS) runs in slot order.
enum Mark { kCharged = 0, kDoused = 1, kPermanent = 2, kEscalation = 3, kHeld = 4 };
// Doused: 2 when set at a resolution, 1 during the next turn (no placing), then 0.
enum Counter { kMercyUsed = 0, kFirst = 1, kSecond = 2, kStrong = 3 };
enum Verb { kClear = 0, kHold, kRedirectCharge, kRedirectStatus, kSwap, kSkip };
enum Choice { kNoChoice = 0, kRedirectChoice = 1, kDisplaceChoice = 2 };
enum Pairing { kPure, kCharge, kDouse, kRupture };
enum Param {
  kFirstRollCost = kCommonParams,
  kRerollCost,
  kFreeRerolls,
  kClearDouseCost,
  kHoldCost,
  kBaseIncome,
  kChargeIncome,
  kPurePercent,
  kChargePercent,
  kDousePercent,
  kRupturePercent,
  kRuptureRecoil,
  kStrongPercent,
  kEscalateStep,
};
enum Cursor { kFreezeStep = 0, kFirstStep = 1, kSecondStep = 2, kCleanupStep = 3 };

Pairing pairing(int card_element, int brazier) {
  if (card_element == kAkasha || card_element == brazier) return kPure;  // Shunya is PURE anywhere
  if ((card_element + 1) % 4 == brazier) return kCharge;                  // the card feeds the brazier
  if ((brazier + 1) % 4 == card_element) return kDouse;                   // the brazier feeds the card
  return kRupture;                                                        // across the wheel
}

class FourBraziers final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v02", "Four Braziers", "reaction",
        "Every slot belongs to an element, so where you put a card decides what it does.",
        "Slot 1 AGNI — Escalate: resolving here permanently raises every brazier's output by 1.\n"
        "Slot 2 JAL — Redirect: resolving here moves a Charge marker or a status effect.\n"
        "Slot 3 VAYU — Displace: resolving here swaps two braziers' contents.\n"
        "Slot 4 PRITHVI — Hold: resolving here makes Charge permanent and Block persistent.\n"
        "PAIRING — Same = PURE ×2. Feeds = CHARGE ×1 (+1 energy/turn). Smothered = DOUSE ×½. Across = RUPTURE ×3, card exhausts, take 4.\n"
        "AKASHA — Void: PURE anywhere, and wipes its brazier clean."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({70, 7, 5, 4, 6, 6, 6, 8, 13, 10, 4});
      p.insert(p.end(), {
                            {"first_roll_cost", 1, "energy for the first roll of a turn"},
                            {"reroll_cost", 2, "energy for each reroll (flat)"},
                            {"free_rerolls", 1, "rerolls that cost nothing on turn 1 (the turn-1 mercy; unused, it lapses)"},
                            {"clear_douse_cost", 1, "energy to clear a Doused brazier early"},
                            {"hold_cost", 1, "energy to hold the named brazier's card from resolving"},
                            {"base_income", 1, "energy income before Charged braziers"},
                            {"charge_income", 1, "energy each Charged brazier pays at turn start"},
                            {"pure_percent", 200, "PURE pairing effect %"},
                            {"charge_percent", 100, "CHARGE pairing effect %"},
                            {"douse_percent", 50, "DOUSE pairing effect % (rounded down)"},
                            {"rupture_percent", 300, "RUPTURE pairing effect %"},
                            {"rupture_recoil", 4, "unblockable damage the player takes on a RUPTURE"},
                            {"strong_percent", 200, "STRONG multiplier %"},
                            {"escalate_step", 1, "output every brazier gains when the Agni brazier resolves"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"clear", "pay clear_douse_cost: a Doused brazier takes cards again this turn (before the first roll)",
         {ArgKind::kSlot}, {"slot"}},
        {"hold", "pay hold_cost: the named brazier's card does not resolve this turn (after rolling)"},
        {"redirect_charge", "Jal brazier resolved: move a Charge marker", {ArgKind::kSlot, ArgKind::kSlot},
         {"from", "to"}},
        {"redirect_status", "Jal brazier resolved: move a status from a side to the other",
         {ArgKind::kStatus, ArgKind::kSide}, {"status", "from"}},
        {"swap", "Vayu brazier resolved: swap two braziers' contents", {ArgKind::kSlot, ArgKind::kSlot}, {"a", "b"}},
        {"skip", "decline the Jal or Vayu brazier's choice"},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {"charged", "doused", "permanent", "escalation", "held"};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {"mercy_used", "first", "second", "strong"};
    return names;
  }

  void on_turn_start(State& s) const override {
    for (auto& slot : s.d.slots)
      if (slot.mark[kDoused] > 0) --slot.mark[kDoused];
  }

  int income(const State& s) const override {
    int charged = 0;
    for (const auto& slot : s.d.slots) charged += slot.mark[kCharged] > 0;
    return s.param(kBaseIncome) + charged * s.param(kChargeIncome);
  }

  // "First reroll of each combat is free (turn-1 mercy)": the mercy is
  // turn 1's; unused, it lapses with turn 1 (V02-R11).
  bool mercy_left(const State& s) const { return s.d.turn == 1 && s.d.counters[kMercyUsed] < s.param(kFreeRerolls); }
  int reroll_cost(const State& s) const { return mercy_left(s) ? 0 : s.param(kRerollCost); }

  // The brazier the number die names on this board (-1: none).
  static int named(const State& s) {
    if (s.d.number == kNotRolled) return -1;
    if (s.d.number == kBlankNumber) return s.lowest_occupied_slot();
    return s.d.number - 1;
  }

  void legal_actions(const State& s, ActionList& out) const override {
    if (s.d.choice == kRedirectChoice) {
      for (int a = 0; a < kSlots; ++a)
        for (int b = 0; b < kSlots; ++b)
          if (a != b && s.d.slots[a].mark[kCharged] && !s.d.slots[a].mark[kPermanent] && !s.d.slots[b].mark[kCharged])
            out.push_back(Action::verb_action(kRedirectCharge, a, b));
      for (int st = 0; st < kStatuses; ++st)
        for (int side : {kPlayer, kEnemy}) {
          const Fighter& f = side == kPlayer ? s.d.player : s.d.enemy;
          if (f.status[st] != 0) out.push_back(Action::verb_action(kRedirectStatus, st, side));
        }
      out.push_back(Action::verb_action(kSkip));
      return;
    }
    if (s.d.choice == kDisplaceChoice) {
      for (int a = 0; a < kSlots; ++a)
        for (int b = a + 1; b < kSlots; ++b)
          if (s.d.slots[a].card != kNoCard || s.d.slots[b].card != kNoCard)
            out.push_back(Action::verb_action(kSwap, a, b));
      out.push_back(Action::verb_action(kSkip));
      return;
    }
    const int energy = s.d.energy;
    const bool placing = s.d.phase == kPlacement;
    if (placing) {
      add_placements(s, out, [&](int slot) { return s.d.slots[slot].mark[kDoused] != 1; });
      if (energy >= s.param(kPaidDrawCost) && can_draw_from(s, kDrawPile)) out.push_back(Action::buy());
      if (energy >= s.param(kClearDouseCost))
        for (int i = 0; i < kSlots; ++i)
          if (s.d.slots[i].mark[kDoused] == 1) out.push_back(Action::verb_action(kClear, i));
    } else {
      const int b = named(s);
      if (b >= 0 && s.d.slots[b].card != kNoCard && !s.d.slots[b].mark[kHeld] && energy >= s.param(kHoldCost))
        out.push_back(Action::verb_action(kHold));
    }
    const int roll_cost = placing ? s.param(kFirstRollCost) : reroll_cost(s);
    if (energy >= roll_cost) out.push_back(Action::roll());
    if (!placing || energy < roll_cost) out.push_back(Action::end());
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace: s.place_from_hand(a.a, a.b); return true;
      case ActionType::kBuy:
        s.spend_energy(s.param(kPaidDrawCost));
        s.queue_draws(s.param(kPaidDrawCards));
        return true;
      case ActionType::kRoll:
        if (s.d.phase == kPlacement) {
          s.spend_energy(s.param(kFirstRollCost));
        } else {
          if (mercy_left(s)) ++s.d.counters[kMercyUsed];  // counts free rerolls only
          else s.spend_energy(s.param(kRerollCost));
        }
        s.request_roll();
        return true;
      case ActionType::kVerb: apply_verb(s, a); return true;
      default: return false;
    }
  }

  void apply_verb(State& s, const Action& a) const {
    switch (a.verb) {
      case kClear:
        s.spend_energy(s.param(kClearDouseCost));
        s.d.slots[a.a].mark[kDoused] = 0;
        break;
      case kHold:
        s.spend_energy(s.param(kHoldCost));
        s.d.slots[named(s)].mark[kHeld] = 1;
        break;
      case kRedirectCharge:
        s.d.slots[a.a].mark[kCharged] = 0;
        s.d.slots[a.b].mark[kCharged] = 1;
        s.d.choice = kNoChoice;
        break;
      case kRedirectStatus: {
        Fighter& from = a.b == kPlayer ? s.d.player : s.d.enemy;
        Fighter& to = a.b == kPlayer ? s.d.enemy : s.d.player;
        to.status[a.a] = static_cast<std::int16_t>(std::clamp(to.status[a.a] + from.status[a.a], -kMaxStatus, kMaxStatus));
        from.status[a.a] = 0;
        if (a.a == kBurn) {
          to.burn_turns = std::max(to.burn_turns, from.burn_turns);
          from.burn_turns = 0;
        }
        s.d.choice = kNoChoice;
        break;
      }
      case kSwap: std::swap(s.d.slots[a.a].card, s.d.slots[a.b].card); s.d.choice = kNoChoice; break;
      default: s.d.choice = kNoChoice; break;
    }
  }

  // Resolves brazier b: the card's effect (pairing, STRONG, escalation,
  // pipeline), its exit, Charge/Douse, the brazier's verb, Akasha's wipe.
  void resolve(State& s, int b, bool strong) const {
    auto& slot = s.d.slots[b];
    const int code = slot.card;
    const int element = card_element(code);
    const Pairing p = pairing(element, b);
    static constexpr int kPercentParam[4] = {kPurePercent, kChargePercent, kDousePercent, kRupturePercent};
    const int percent = s.param(kPercentParam[p]);
    const int strong_percent = strong ? s.param(kStrongPercent) : 100;
    const int escalation = slot.mark[kEscalation];
    s.slot_to_pile(b, p == kRupture ? kExhaust : kDiscard);
    s.fire_card(code, [&](int base) { return base * percent / 100 * strong_percent / 100 + escalation; });
    if (s.is_terminal()) return;
    if (p == kRupture) {
      s.lose_hp(kPlayer, s.param(kRuptureRecoil));
      if (s.is_terminal()) return;
    }
    // A Charge pays until its brazier next resolves; a permanent one stays.
    if (!slot.mark[kPermanent]) slot.mark[kCharged] = 0;
    if (p == kCharge) slot.mark[kCharged] = 1;
    if (p == kDouse && !slot.mark[kPermanent]) slot.mark[kDoused] = 2;
    switch (b) {
      case kAgni:
        for (auto& other : s.d.slots) other.mark[kEscalation] = static_cast<std::int16_t>(other.mark[kEscalation] + s.param(kEscalateStep));
        break;
      case kJal: s.d.choice = kRedirectChoice; break;
      case kVayu: s.d.choice = kDisplaceChoice; break;
      default: {
        slot.mark[kPermanent] = 1;
        slot.mark[kDoused] = 0;
        const int kept = std::min<int>(s.d.block_gained, s.d.player.block);
        s.d.player.block = static_cast<std::int16_t>(s.d.player.block - kept);
        s.d.player.standing_block = at_most(s.d.player.standing_block + kept, kMaxStock);
        s.d.block_gained = 0;
      }
    }
    if (element == kAkasha) slot.mark[kCharged] = slot.mark[kDoused] = slot.mark[kPermanent] = slot.mark[kEscalation] = 0;
    if (!s.is_terminal() && s.d.choice != kNoChoice) {
      // Nothing to redirect or swap is no choice at all.
      ActionList options;
      legal_actions(s, options);
      if (options.size() == 1) s.d.choice = kNoChoice;
    }
  }

  bool resolve_step(State& s) const override {
    const int step = s.d.cursor++;
    if (step == kFreezeStep) {
      const int b = named(s);
      s.d.counters[kFirst] = s.d.counters[kSecond] = s.d.counters[kStrong] = 0;
      if (b < 0 || s.d.slots[b].card == kNoCard) return false;  // nothing named: nothing resolves
      const int card = card_element(s.d.slots[b].card);
      s.d.counters[kFirst] = static_cast<std::int16_t>(b + 1);
      if (s.d.element == b) s.d.counters[kStrong] = 1;                       // shows the brazier's element
      else if (s.d.element == card) s.d.counters[kSecond] = static_cast<std::int16_t>((b + 1) % kSlots + 1);  // SWIFT
      return false;
    }
    if (step == kFirstStep || step == kSecondStep) {
      const int b = s.d.counters[step == kFirstStep ? kFirst : kSecond] - 1;
      if (b >= 0 && s.d.slots[b].card != kNoCard && !s.d.slots[b].mark[kHeld])
        resolve(s, b, step == kFirstStep && s.d.counters[kStrong]);
      return false;
    }
    for (auto& slot : s.d.slots) slot.mark[kHeld] = 0;
    s.d.counters[kFirst] = s.d.counters[kSecond] = s.d.counters[kStrong] = 0;
    return true;
  }

  std::string describe(const State& s) const override {
    static const char* kPairNames[4] = {"PURE", "CHARGE", "DOUSE", "RUPTURE"};
    std::string out = "Braziers: 1 agni, 2 jal, 3 vayu, 4 prithvi. Pairings:";
    for (int i = 0; i < kSlots; ++i)
      if (s.d.slots[i].card != kNoCard)
        out += " " + std::to_string(i + 1) + "=" + kPairNames[pairing(card_element(s.d.slots[i].card), i)];
    // The live preview: what each card in hand would pair as in each open brazier.
    if (s.d.phase == kPlacement && s.d.choice == kNoChoice && s.pile_size(kHand) > 0) {
      std::string preview;
      for (int i = 0; i < kSlots; ++i) {
        if (s.d.slots[i].card != kNoCard || s.d.slots[i].mark[kDoused] == 1) continue;
        preview += " [" + std::to_string(i + 1) + "]";
        for (int code = 0; code < kCardCodes; ++code)
          if (s.d.piles[kHand][code] > 0)
            preview += " " + std::string(kCardShort[card_kind(code)]) + "=" + kPairNames[pairing(card_element(code), i)];
      }
      if (!preview.empty()) out += "\nPreview:" + preview;
    }
    const int b = named(s);
    if (b >= 0) out += "  Named: " + std::to_string(b + 1);
    if (s.d.choice == kRedirectChoice) out += "\nJal brazier resolved: redirect a Charge or a status (or skip).";
    if (s.d.choice == kDisplaceChoice) out += "\nVayu brazier resolved: swap two braziers (or skip).";
    return out;
  }

  // The resolution stops after a brazier resolved (a draw, or Jal's / Vayu's choice).
  int resolution_steps() const override { return kCleanupStep + 2; }
  void validate_resolution(const State& s) const override {
    require_cursor_in(s, {kFirstStep + 1, kSecondStep + 1}, "after a brazier resolved");
    require_zero_in_player_turn(s, {kFirst, kSecond, kStrong});
  }

  void validate(const State& s) const override {
    for (int i = 0; i < kSlots; ++i) {
      const auto& m = s.d.slots[i].mark;
      const std::string field = "slots[" + std::to_string(i) + "].";
      for (int k : {kCharged, kPermanent, kHeld})
        if (m[k] != 0 && m[k] != 1) throw InvalidStateError(field + mark_names()[k] + ": must be 0 or 1");
      if (m[kDoused] < 0 || m[kDoused] > 2) throw InvalidStateError(field + "doused: must be 0..2");
      if (m[kEscalation] < 0 || m[kEscalation] > 999) throw InvalidStateError(field + "escalation: must be 0..999");
    }
    if (s.d.choice < 0 || s.d.choice > kDisplaceChoice) throw InvalidStateError("choice: must be 0..2");
    if (s.d.choice && s.d.stage != kStageResolve) throw InvalidStateError("choice: only during the resolution");
    if (s.d.counters[kMercyUsed] < 0 || s.d.counters[kMercyUsed] > s.param(kFreeRerolls))
      throw InvalidStateError("counters.mercy_used: must be 0.." + std::to_string(s.param(kFreeRerolls)));
    for (int c : {kFirst, kSecond})
      if (s.d.counters[c] < 0 || s.d.counters[c] > kSlots)
        throw InvalidStateError(std::string("counters.") + counter_names()[c] + ": must be 0..4");
  }
};

}  // namespace

const Variant& v02_four_braziers() {
  static const FourBraziers variant;
  return variant;
}

}  // namespace triptych::combat
