// V05 Sangam (reaction): each roll pours one element onto one of your cards,
// and what those two elements do to each other is your turn. Exactly one
// confluence resolves, at the end of the roll phase.
#include <algorithm>
#include <string>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

// kVoid: Shunya was played this turn — the element die is blank and no confluence resolves (V05-R4).
enum Counter { kEscalation = 0, kClashThisTurn, kClashLastTurn, kHoldPending, kHoldActive, kBrace, kVoid };
enum Verb { kBraceVerb = 0, kShunyaVerb };
enum Outcome { kPure, kFeed, kSmother, kClash, kPlain };
enum Param {
  kFirstRollCost = kCommonParams,
  kRerollCostStep,
  kBraceCost,
  kBaseIncome,
  kClashIncome,
  kClashRecoil,
  kPurePercent,
  kFeedPercent,
  kSmotherPercent,
  kClashPercent,
  kEscalateStep,
  kBurnAmount,
  kBurnTurns,
  kEmptyBoardDraw,
};

// The wheel Vayu -> Agni -> Prithvi -> Jal -> Vayu: position of each element.
constexpr int kWheelPos[4] = {/*agni*/ 1, /*jal*/ 3, /*vayu*/ 0, /*prithvi*/ 2};

Outcome outcome(int incoming, int card) {
  if (card == kAkasha) return kPlain;  // Shunya cannot react
  if (incoming == kBlankElement || incoming == card) return kPure;
  const int pi = kWheelPos[incoming], pc = kWheelPos[card];
  if ((pi + 1) % 4 == pc) return kFeed;     // the arrow points from incoming to card
  if ((pc + 1) % 4 == pi) return kSmother;  // the arrow points the wrong way
  return kClash;                            // across the wheel
}

class Sangam final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v05", "Sangam", "reaction",
        "Each roll pours one element onto one of your cards, and what those two elements do to each other is your turn.",
        "THE WHEEL — Vayu → Agni → Prithvi → Jal → Vayu. The arrow means \"feeds\".\n"
        "PURE (same) — fires at double.\n"
        "FEED (arrow points at your card) — fires, and the incoming element's verb hits the whole board.\n"
        "SMOTHER (arrow points away) — fires at half and your card is converted to the incoming element.\n"
        "CLASH (opposite sides) — fires, card destroyed, take 3, gain 2 energy.\n"
        "AGNI verb — Escalate: Burn 3 and +1 to every future confluence, forever.\n"
        "JAL verb — Redirect: swap all debuffs between you and the enemy.\n"
        "VAYU verb — Displace: every card rotates one slot right.\n"
        "PRITHVI verb — Hold: next turn nothing converts, rotates or dies; Block persists.\n"
        "AKASHA — Void: fires plain, then no more confluences this turn."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({65, 7, 5, 4, 6, 6, 6, 7, 12, 8, 4});
      p.insert(p.end(), {
                            {"first_roll_cost", 1, "energy for the first roll of a turn"},
                            {"reroll_cost_step", 1, "the k-th reroll of a turn costs k times this"},
                            {"brace_cost", 2, "energy to Brace: this turn's confluence resolves as PURE"},
                            {"base_income", 2, "energy income every turn"},
                            {"clash_income", 2, "extra income per card a CLASH destroyed last turn"},
                            {"clash_recoil", 3, "unblockable damage the player takes on a CLASH"},
                            {"pure_percent", 200, "PURE effect %"},
                            {"feed_percent", 100, "FEED effect %"},
                            {"smother_percent", 50, "SMOTHER effect % (rounded down)"},
                            {"clash_percent", 100, "CLASH effect %"},
                            {"escalate_step", 1, "Agni FEED: magnitude every future confluence gains"},
                            {"burn_amount", 3, "Agni FEED: Burn per enemy turn"},
                            {"burn_turns", 3, "Agni FEED: turns the Burn lasts (refreshing)"},
                            {"empty_board_draw", 1, "cards drawn when a blank number finds an empty board"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"brace", "pay brace_cost (after rolling): this turn's confluence resolves as PURE"},
        {"shunya", "play Shunya from hand (free, after rolling): it fires plain (x1) at once, then the element die "
                   "is blank for the rest of the turn and no confluence resolves; it goes to the discard"},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {"escalation", "clash_this_turn", "clash_last_turn",
                                                   "hold_pending", "hold_active", "brace", "void"};
    return names;
  }

  // Shunya cannot react, so it is never a card in a slot: it is played by its own verb (V05-R4).
  bool shunya_placed_as_card() const override { return false; }

  void on_turn_start(State& s) const override {
    auto& c = s.d.counters;
    c[kHoldActive] = c[kHoldPending];
    c[kHoldPending] = 0;
    c[kClashLastTurn] = c[kClashThisTurn];
    c[kClashThisTurn] = 0;
    c[kBrace] = 0;
    c[kVoid] = 0;
  }

  int income(const State& s) const override {
    return s.param(kBaseIncome) + s.param(kClashIncome) * s.d.counters[kClashLastTurn];
  }

  int roll_cost(const State& s) const {
    return s.d.phase == kPlacement ? s.param(kFirstRollCost) : s.d.rolls * s.param(kRerollCostStep);
  }

  void legal_actions(const State& s, ActionList& out) const override {
    const int energy = s.d.energy;
    const bool placing = s.d.phase == kPlacement;
    if (s.d.counters[kVoid]) {  // the element die is blank: nothing is left to roll or brace for
      out.push_back(Action::end());
      return;
    }
    if (!placing && s.d.piles[kHand][card_code(kShunya)] > 0) out.push_back(Action::verb_action(kShunyaVerb));
    if (placing) {
      add_placements(s, out, [](int) { return true; });
      if (energy >= s.param(kPaidDrawCost) && can_draw_from(s, kDrawPile)) out.push_back(Action::buy());
    } else if (!s.d.counters[kBrace] && energy >= s.param(kBraceCost)) {
      out.push_back(Action::verb_action(kBraceVerb));
    }
    if (energy >= roll_cost(s)) out.push_back(Action::roll());
    if (!placing || energy < roll_cost(s)) out.push_back(Action::end());
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace: s.place_from_hand(a.a, a.b); return true;
      case ActionType::kBuy:
        s.spend_energy(s.param(kPaidDrawCost));
        s.queue_draws(s.param(kPaidDrawCards));
        return true;
      case ActionType::kRoll:
        s.spend_energy(roll_cost(s));
        s.request_roll();
        return true;
      case ActionType::kVerb:
        if (a.verb == kShunyaVerb) {
          // V05-R4: it fires at once, plain (x1, no outcome, no escalation: it is no confluence),
          // then blanks the element die: no confluence can occur this turn.
          const int code = card_code(kShunya);
          s.move_card(code, kHand, kDiscard);
          s.fire_card(code, [](int base) { return base; });
          s.d.element = kBlankElement;
          s.d.counters[kVoid] = 1;
          return true;
        }
        s.spend_energy(s.param(kBraceCost));
        s.d.counters[kBrace] = 1;
        return true;
      default: return false;
    }
  }

  // The slot the confluence lands on (-1: none; -2: empty board under a blank number).
  static int landing(const State& s) {
    if (s.d.number == kNotRolled) return -1;
    if (s.d.number == kBlankNumber) return s.lowest_occupied_slot() < 0 ? -2 : s.lowest_occupied_slot();
    return s.d.number - 1;
  }

  void feed_verb(State& s, int incoming) const {
    auto& c = s.d.counters;
    switch (incoming) {
      case kAgni:
        s.apply_burn(kEnemy, s.param(kBurnAmount), s.param(kBurnTurns));
        c[kEscalation] = static_cast<std::int16_t>(c[kEscalation] + s.param(kEscalateStep));
        break;
      case kJal:
        for (int st : {kWeak, kVulnerable, kBurn}) std::swap(s.d.player.status[st], s.d.enemy.status[st]);
        std::swap(s.d.player.burn_turns, s.d.enemy.burn_turns);
        break;
      case kVayu:
        if (!c[kHoldActive]) std::rotate(s.d.slots.begin(), s.d.slots.end() - 1, s.d.slots.end());
        break;
      default: c[kHoldPending] = 1;
    }
  }

  bool resolve_step(State& s) const override {
    if (s.d.counters[kVoid]) return true;  // Shunya's Void: no confluence (and no empty-board draw) this turn
    const int target = landing(s);
    if (target == -2) s.queue_draws(s.param(kEmptyBoardDraw));
    if (target < 0 || s.d.slots[target].card == kNoCard) return true;
    const int code = s.d.slots[target].card;
    const int incoming = s.d.element;
    Outcome o = outcome(incoming, card_element(code));
    if (s.d.counters[kBrace] && o != kPlain) o = kPure;
    static constexpr int kPercentParam[4] = {kPurePercent, kFeedPercent, kSmotherPercent, kClashPercent};
    const int percent = o == kPlain ? 100 : s.param(kPercentParam[o]);
    const int escalation = s.d.counters[kEscalation];
    const bool hold = s.d.counters[kHoldActive];
    auto scaled = [&](int base) { return base * percent / 100 + escalation; };
    switch (o) {
      case kSmother:
        s.fire_card(code, scaled);  // stays in its slot ...
        if (!hold) s.d.slots[target].card = static_cast<std::int16_t>(card_code(card_kind(code), incoming));  // ... converted
        break;
      case kClash:
        if (hold) {
          s.slot_to_pile(target, kDiscard);  // HOLD: nothing is destroyed
        } else {
          s.slot_to_pile(target, kExhaust);
          ++s.d.counters[kClashThisTurn];
        }
        s.fire_card(code, scaled);
        s.lose_hp(kPlayer, s.param(kClashRecoil));
        break;
      default:
        s.slot_to_pile(target, kDiscard);
        s.fire_card(code, scaled);
        if (o == kFeed && !s.is_terminal()) feed_verb(s, incoming);
    }
    return true;
  }

  bool block_decays(const State& s) const override { return !s.d.counters[kHoldActive]; }

  std::string describe(const State& s) const override {
    static const char* kOutcomeNames[5] = {"PURE", "FEED", "SMOTHER", "CLASH", "PLAIN"};
    std::string out = "Wheel: vayu > agni > prithvi > jal > vayu.";
    const int target = landing(s);
    if (target >= 0 && s.d.slots[target].card != kNoCard) {
      Outcome o = outcome(s.d.element, card_element(s.d.slots[target].card));
      if (s.d.counters[kBrace] && o != kPlain) o = kPure;
      out += std::string(" Pending: slot ") + std::to_string(target + 1) + " " + kOutcomeNames[o];
    }
    if (s.d.counters[kVoid]) out += " Void: Shunya blanked the element die, no confluence this turn.";
    if (s.d.counters[kHoldActive]) out += " (HOLD this turn)";
    // "cumulative, visible counter": the Agni escalation is shown once it exists.
    if (s.d.counters[kEscalation]) out += " Escalation +" + std::to_string(s.d.counters[kEscalation]) + ".";
    return out;
  }

  void validate(const State& s) const override {
    const auto& c = s.d.counters;
    if (c[kEscalation] < 0 || c[kEscalation] > 999) throw InvalidStateError("counters.escalation: must be 0..999");
    for (int k : {kClashThisTurn, kClashLastTurn})
      if (c[k] < 0 || c[k] > 60) throw InvalidStateError(std::string("counters.") + counter_names()[k] + ": must be 0..60");
    for (int k : {kHoldPending, kHoldActive, kBrace, kVoid})
      if (c[k] != 0 && c[k] != 1) throw InvalidStateError(std::string("counters.") + counter_names()[k] + ": must be 0 or 1");
    if (c[kVoid] && s.d.phase == kRolled && s.d.element != kBlankElement)
      throw InvalidStateError("counters.void: the element die is blank once Shunya is played");
    for (int i = 0; i < kSlots; ++i)
      if (s.d.slots[i].card != kNoCard && card_kind(s.d.slots[i].card) == kShunya)
        throw InvalidStateError("slots[" + std::to_string(i) + "]: Shunya is never a card in a slot in V05");
  }
};

}  // namespace

const Variant& v05_sangam() {
  static const Sangam variant;
  return variant;
}

}  // namespace triptych::combat
