// V04 Painted Ground (verb): your rolls paint the four anchors, and each turn
// every painted anchor runs its card the painted way. Paint is a property of
// the anchor (it persists across rerolls and turns); the card's own element
// only matters for resonance.
#include <algorithm>
#include <string>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

// paint: 0 bare, else element + 1. age: turns the card on a Scorched anchor has fired there.
enum Mark { kPaint = 0, kAge = 1 };
enum Verb { kScrape = 0, kShunyaVerb = 1 };
enum Param {
  kFirstRollCost = kCommonParams,
  kRerollCostFirst,
  kRerollCostStep,
  kRerollCostMax,
  kScrapeCost,
  kMinIncome,
  kScorchedStepPercent,
  kScorchedChip,
  kFloodPercent,
  kResonancePercent,
  kSweptDraw,
  kShunyaCost,
};
enum Cursor { kSpreadStep = kSlots };

int paint_of(const State& s, int anchor) { return s.d.slots[anchor].mark[kPaint] - 1; }  // -1 bare

class PaintedGround final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v04", "Painted Ground", "verb",
        "Your rolls paint the four anchors, and each turn every painted anchor runs its card the painted way.",
        "AGNI ground — Scorched: the card fires again every turn, +50% each time. Empty scorched ground chips for 1.\n"
        "JAL ground — Flooded: also fires the anchor to the right at half, and spreads Jal rightwards.\n"
        "VAYU ground — Swept: the card fires and comes back to your hand; draw 1.\n"
        "PRITHVI ground — Stone: the card stays forever and fires every turn. Only scraping removes it.\n"
        "BLANK — Scrapes the anchor bare.\n"
        "RESONANCE — card colour = ground colour → doubled.\n"
        "AKASHA — Null: strips all four anchors; their cards return to hand."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({75, 7, 5, 5, 6, 6, 6, 8, 14, 10, 5});
      p.insert(p.end(), {
                            {"first_roll_cost", 1, "energy for the first roll of a turn"},
                            {"reroll_cost_first", 2, "energy for the first reroll of a turn"},
                            {"reroll_cost_step", 1, "each further reroll that turn costs this much more"},
                            {"reroll_cost_max", 4, "rerolls never cost more than this"},
                            {"scrape_cost", 1, "energy to scrape an anchor bare (Stone included)"},
                            {"min_income", 1, "least energy income (income = distinct paint colours)"},
                            {"scorched_step_percent", 50, "Scorched: extra % of base per turn the card has fired there"},
                            {"scorched_chip", 1, "damage an empty Scorched anchor deals each turn"},
                            {"flood_percent", 50, "Flooded: the right neighbour's card fires at this % (rounded down)"},
                            {"resonance_percent", 200, "card colour = ground colour"},
                            {"swept_draw", 1, "cards drawn when a Swept anchor resolves"},
                            {"shunya_cost", 0, "energy to play Shunya"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"scrape", "pay scrape_cost: scrape a painted anchor bare", {ArgKind::kSlot}, {"slot"}},
        {"shunya", "play Shunya onto an anchor before the first roll: deal 6, gain 6 Block, strip all four anchors (every card on them returns to hand), exhaust"},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {"paint", "age"};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {};
    return names;
  }

  int income(const State& s) const override {
    int colours = 0;
    for (int e = 0; e < 4; ++e) {
      bool present = false;
      for (int i = 0; i < kSlots; ++i) present = present || paint_of(s, i) == e;
      colours += present;
    }
    return std::max(s.param(kMinIncome), colours);
  }

  int roll_cost(const State& s) const {
    if (s.d.phase == kPlacement) return s.param(kFirstRollCost);
    const int rerolls_done = s.d.rolls - 1;
    return std::min(s.param(kRerollCostMax), s.param(kRerollCostFirst) + rerolls_done * s.param(kRerollCostStep));
  }

  void legal_actions(const State& s, ActionList& out) const override {
    const int energy = s.d.energy;
    const bool placing = s.d.phase == kPlacement;
    if (placing) {
      // Shunya is not an ordinary card on an anchor: placing it is playing it
      // (the `shunya` verb), so it never waits on an anchor (V04-R7).
      for (int slot = 0; slot < kSlots; ++slot) {
        if (s.d.slots[slot].card != kNoCard) continue;
        for (int code = 0; code < kCardCodes; ++code)
          if (s.d.piles[kHand][code] > 0 && card_kind(code) != kShunya) out.push_back(Action::place(code, slot));
      }
      if (energy >= s.param(kPaidDrawCost) && can_draw_from(s, kDrawPile)) out.push_back(Action::buy());
      // V04-R7: playing Shunya is a placement, so it locks with the rest at the first roll.
      if (s.d.piles[kHand][card_code(kShunya)] > 0 && energy >= s.param(kShunyaCost))
        out.push_back(Action::verb_action(kShunyaVerb));
    }
    if (energy >= s.param(kScrapeCost))
      for (int i = 0; i < kSlots; ++i)
        if (paint_of(s, i) >= 0) out.push_back(Action::verb_action(kScrape, i));
    if (energy >= roll_cost(s)) out.push_back(Action::roll());
    if (!placing || energy < roll_cost(s)) out.push_back(Action::end());
  }

  static void set_paint(State& s, int anchor, int paint) {
    auto& m = s.d.slots[anchor].mark;
    if (m[kPaint] == paint) return;  // the same colour again is no repaint
    m[kPaint] = static_cast<std::int16_t>(paint);
    m[kAge] = 0;
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace:
        s.place_from_hand(a.a, a.b);
        s.d.slots[a.b].mark[kAge] = 0;
        return true;
      case ActionType::kBuy:
        s.spend_energy(s.param(kPaidDrawCost));
        s.queue_draws(s.param(kPaidDrawCards));
        return true;
      case ActionType::kRoll:
        s.spend_energy(roll_cost(s));
        s.request_roll();
        return true;
      case ActionType::kVerb:
        if (a.verb == kScrape) {
          s.spend_energy(s.param(kScrapeCost));
          set_paint(s, a.a, 0);
        } else {
          s.spend_energy(s.param(kShunyaCost));
          s.move_card(card_code(kShunya), kHand, kExhaust);
          s.deal_damage(s.param(kShunyaDamage));
          s.gain_block(s.param(kShunyaBlock));
          // All four anchors are stripped, so every card on the board returns (V04-R7).
          for (int i = 0; i < kSlots; ++i) {
            set_paint(s, i, 0);
            if (s.d.slots[i].card != kNoCard) s.slot_to_pile(i, kHand);
          }
        }
        return true;
      default: return false;
    }
  }

  void on_roll(State& s) const override {
    int anchor = s.d.number - 1;
    if (s.d.number == kBlankNumber) {
      anchor = 0;
      for (int i = kSlots - 1; i >= 0; --i)
        if (paint_of(s, i) < 0) anchor = i;
    }
    if (paint_of(s, anchor) == kPrithvi) return;  // Stone: no roll repaints or scrapes it
    set_paint(s, anchor, s.d.element == kBlankElement ? 0 : s.d.element + 1);
  }

  void resolve_anchor(State& s, int i) const {
    const int paint = paint_of(s, i);
    if (paint < 0) return;
    auto& slot = s.d.slots[i];
    if (slot.card == kNoCard) {
      if (paint == kAgni) s.deal_damage(s.param(kScorchedChip));
      return;
    }
    const int code = slot.card;
    const int resonance = card_element(code) == paint ? s.param(kResonancePercent) : 100;
    switch (paint) {
      case kAgni: {
        const int percent = 100 + slot.mark[kAge] * s.param(kScorchedStepPercent);
        ++slot.mark[kAge];
        s.fire_card(code, [&](int base) { return base * percent / 100 * resonance / 100; });
        break;
      }
      case kJal:
        s.slot_to_pile(i, kDiscard);
        s.fire_card(code, [&](int base) { return base * resonance / 100; });
        if (i + 1 < kSlots && s.d.slots[i + 1].card != kNoCard) {
          const int flood = s.param(kFloodPercent);
          s.fire_card(s.d.slots[i + 1].card, [&](int base) { return base * flood / 100; });
        }
        break;
      case kVayu:
        s.slot_to_pile(i, kHand);
        s.fire_card(code, [&](int base) { return base * resonance / 100; });
        s.queue_draws(s.param(kSweptDraw));
        break;
      default:  // Stone: fires and stays
        s.fire_card(code, [&](int base) { return base * resonance / 100; });
    }
  }

  bool resolve_step(State& s) const override {
    const int step = s.d.cursor++;
    if (step < kSlots) {
      resolve_anchor(s, step);
      return false;
    }
    // Jal spread, all at once: each Flooded anchor paints a bare right neighbour.
    int spread = 0;
    for (int i = 0; i + 1 < kSlots; ++i)
      if (paint_of(s, i) == kJal && paint_of(s, i + 1) < 0) spread |= 1 << (i + 1);
    for (int i = 0; i < kSlots; ++i)
      if (spread >> i & 1) set_paint(s, i, kJal + 1);
    return true;
  }

  std::string describe(const State& s) const override {
    std::string out = "Paint:";
    for (int i = 0; i < kSlots; ++i) {
      const int p = paint_of(s, i);
      out += " " + std::to_string(i + 1) + "=" + (p < 0 ? "bare" : kElementNames[p]);
    }
    return out;
  }

  // The resolution stops only for a draw after an anchor resolved.
  int resolution_steps() const override { return kSpreadStep + 2; }
  void validate_resolution(const State& s) const override {
    require_cursor_in(s, {1, 2, 3, 4}, "a draw after an anchor resolved");
  }

  void validate(const State& s) const override {
    for (int i = 0; i < kSlots; ++i) {
      const auto& m = s.d.slots[i].mark;
      if (m[kPaint] < 0 || m[kPaint] > 4) throw InvalidStateError("slots[" + std::to_string(i) + "].paint: must be 0..4");
      if (m[kAge] < 0 || m[kAge] > 999) throw InvalidStateError("slots[" + std::to_string(i) + "].age: must be 0..999");
      if (s.d.slots[i].card != kNoCard && card_kind(s.d.slots[i].card) == kShunya)
        throw InvalidStateError("slots[" + std::to_string(i) + "].card: Shunya never stays on an anchor (it exhausts when played)");
    }
  }
};

}  // namespace

const Variant& v04_painted_ground() {
  static const PaintedGround variant;
  return variant;
}

}  // namespace triptych::combat
