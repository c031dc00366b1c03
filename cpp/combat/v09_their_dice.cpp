// V09 Their Dice (wildcard): the two dice belong to the Sentinel. Rolled
// face-up at the end of every turn, they declare where (number: the slot
// struck, blank: straight at the player for +4) and how (element: the verb)
// the next blow lands. A card in the struck slot is your counter: it fires,
// and its Block absorbs the blow.
#include <algorithm>
#include <string>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

enum Mark { kWard = 0 };
// negated: this turn's strike met a Ward (no damage); blind: the declaration was cancelled by
// Akasha, so this turn's blow is rolled only when it resolves (V09-R5).
enum Counter { kPlaced = 0, kForced = 1, kNegated = 2, kBlind = 3 };
enum Verb { kForceVerb = 0, kPullVerb = 1, kHopVerb = 2 };
enum Choice { kNoChoice = 0, kHopChoice = 1 };
enum Param {
  kExtraPlaceCost = kCommonParams,
  kForceCost,
  kSecondForceCost,
  kPullCost,
  kBaseIncome,
  kBypassBonus,
  kIgnitionPercent,
};
// Resolution steps. The opening declaration (before turn 1) uses the last two.
enum Cursor { kStrikeStep = 0, kHopStep = 1, kDeclareStep = 2, kDoneStep = 3, kOpeningStep = 4, kOpeningDone = 5 };

class TheirDice final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v09", "Their Dice", "wildcard",
        "The enemy shows you where and how it will strike — put a card there to turn its blow into your effect.",
        "AGNI blow — Ignition: the struck card and both neighbours fire; everything that fired burns away.\n"
        "JAL blow — Redirection: the struck card fires, then the blow hops to a slot of your choice and fires that too.\n"
        "VAYU blow — Displacement: cards slide toward the impact; the struck card fires and returns to your hand.\n"
        "PRITHVI blow — Absorption: the struck card fires, stays, and wards its slot against the next strike.\n"
        "BLANK number — the blow bypasses your board and hits you for +4.\n"
        "BLANK element — a plain blow, no verb.\n"
        "AKASHA blow — Nullity: nothing is struck, every card returns to hand, the declaration is cancelled."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({70, 8, 6, 5, 8, 0, 0, 8, 13, 10, 5});
      for (auto& spec : p)
        if (std::string(spec.name) == "akasha_gate_percent") {
          spec.value = 30;
          spec.doc = "an Akasha face replaces a blank of the enemy's element die the first time enemy HP <= this %";
        }
      p.insert(p.end(), {
                            {"extra_place_cost", 1, "energy for each placement after the turn's first (free) one"},
                            {"force_cost", 2, "energy to force the enemy to reroll its declaration"},
                            {"second_force_cost", 4, "energy for the second and every later forcing in the same turn"},
                            {"pull_cost", 1, "energy to pull a card off a slot back to hand"},
                            {"base_income", 1, "energy income before the empty-slot bonus (+1 per empty slot)"},
                            {"bypass_bonus", 4, "extra damage of a blow on a blank number (it bypasses the board)"},
                            {"ignition_percent", 50, "neighbours of an Agni-struck card fire at this % (rounded down)"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"force", "pay force_cost (then second_force_cost each): the enemy rerolls its declaration, both dice; bounded by energy only"},
        {"pull", "pay pull_cost: a card on a slot goes back to hand", {ArgKind::kSlot}, {"slot"}},
        {"hop", "Jal blow: the blow hops to this occupied slot and its card fires too", {ArgKind::kSlot}, {"slot"}},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {"ward"};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {"placed", "forced", "negated", "blind"};
    return names;
  }

  bool gate_adds_shunya() const override { return false; }
  void on_gate(State& s) const override {
    for (auto& face : s.d.element_faces)
      if (face == kBlankElement) {
        face = kAkasha;  // permanently replaces one blank
        return;
      }
  }

  int income(const State& s) const override { return s.param(kBaseIncome) + kSlots - s.board_count(); }

  // The declaration rolled at the end of a turn stays on the table for the next.
  bool dice_reset_each_turn() const override { return false; }

  void on_turn_start(State& s) const override {
    s.d.counters[kPlaced] = s.d.counters[kForced] = s.d.counters[kNegated] = 0;
    if (s.d.number == kNotRolled && !s.d.counters[kBlind]) {
      // Before turn 1 the Sentinel rolls its first declaration (after the opening hand).
      s.d.stage = kStageResolve;
      s.d.cursor = kOpeningStep;
    }
  }

  // The blow is dealt during the resolution, and the Guard's Block is gained
  // there too, before the counter fires (V09-R9); the framework's enemy turn
  // (which would set the Guard's Block after the blow, where it would soak the
  // next turn's counter instead) leaves no Block behind.
  void enemy_attack(State&, int) const override {}
  void on_enemy_turn_end(State& s) const override { s.d.enemy.block = 0; }

  static int place_cost(const State& s) { return s.d.counters[kPlaced] == 0 ? 0 : s.param(kExtraPlaceCost); }
  static int force_cost(const State& s) {
    return s.d.counters[kForced] == 0 ? s.param(kForceCost) : s.param(kSecondForceCost);
  }

  void legal_actions(const State& s, ActionList& out) const override {
    if (s.d.choice == kHopChoice) {
      for (int i = 0; i < kSlots; ++i)
        if (s.d.slots[i].card != kNoCard) out.push_back(Action::verb_action(kHopVerb, i));
      return;
    }
    const int energy = s.d.energy;
    if (energy >= place_cost(s)) add_placements(s, out, [](int) { return true; });
    if (energy >= s.param(kPullCost))
      for (int i = 0; i < kSlots; ++i)
        if (s.d.slots[i].card != kNoCard) out.push_back(Action::verb_action(kPullVerb, i));
    if (energy >= s.param(kPaidDrawCost) && can_draw_from(s, kDrawPile)) out.push_back(Action::buy());
    // A blind turn has no declaration to force (V09-R5). No count limits the forcings: "hard-bounded
    // by income" names energy as the bound (V09-R2).
    if (!s.d.counters[kBlind] && energy >= force_cost(s))
      out.push_back(Action::verb_action(kForceVerb));
    out.push_back(Action::end());
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace:
        s.spend_energy(place_cost(s));
        ++s.d.counters[kPlaced];
        s.place_from_hand(a.a, a.b);
        return true;
      case ActionType::kBuy:
        s.spend_energy(s.param(kPaidDrawCost));
        s.queue_draws(s.param(kPaidDrawCards));
        return true;
      case ActionType::kVerb:
        if (a.verb == kForceVerb) {
          s.spend_energy(force_cost(s));
          ++s.d.counters[kForced];
          s.d.pending_roll = 1;  // the new declaration is a chance node; placements stay
        } else if (a.verb == kPullVerb) {
          s.spend_energy(s.param(kPullCost));
          s.slot_to_pile(a.a, kHand);
        } else {
          s.d.choice = kNoChoice;
          fire_slot(s, a.a, 100, kDiscard);  // the hopped card fires at full value
          if (!s.is_terminal()) blow(s);
          s.d.cursor = kDeclareStep;
        }
        return true;
      default: return false;  // kEnd: the declared blow lands
    }
  }

  static int blow_damage(const State& s) { return s.intent_damage(); }
  // A Ward on the struck slot negates the blow's damage (V09-R3).
  static void blow(State& s, int bonus = 0) {
    if (!s.d.counters[kNegated]) s.hit_player(blow_damage(s) + bonus);
  }

  // The card leaves for `pile` (kNoCard: stays), then fires at `percent`.
  static void fire_slot(State& s, int slot, int percent, int pile) {
    const int code = s.d.slots[slot].card;
    if (pile >= 0) s.slot_to_pile(slot, pile);
    s.fire_card(code, [percent](int base) { return base * percent / 100; });
  }

  // Vayu: every card slides one slot toward the impact, nearest first, so
  // gaps close; the struck slot itself, if empty, takes the left card (V09-R4).
  static void slide(State& s, int impact) {
    for (int i = impact - 1; i >= 0; --i)
      if (s.d.slots[i].card != kNoCard && s.d.slots[i + 1].card == kNoCard)
        s.d.slots[i + 1].card = s.d.slots[i].card, s.d.slots[i].card = kNoCard;
    for (int i = impact + 1; i < kSlots; ++i)
      if (s.d.slots[i].card != kNoCard && s.d.slots[i - 1].card == kNoCard)
        s.d.slots[i - 1].card = s.d.slots[i].card, s.d.slots[i].card = kNoCard;
  }

  // Nullity, the moment Akasha is rolled (a declaration at turn end, a
  // forcing, or a blind re-roll): nothing is struck, every card returns to
  // hand at once, and the declaration is cancelled: the blow of this turn is
  // re-rolled blind when it resolves, and lands then (V09-R5).
  void on_roll(State& s) const override {
    if (s.d.element != kAkasha) return;
    for (int i = 0; i < kSlots; ++i)
      if (s.d.slots[i].card != kNoCard) s.slot_to_pile(i, kHand);
    s.d.number = s.d.element = kNotRolled;
    s.d.counters[kBlind] = 1;
  }

  // The declared blow lands. Returns false when it waits for a choice.
  static bool strike(State& s) {
    if (s.d.number == kNotRolled || s.d.element == kNotRolled || s.d.element == kAkasha)
      throw InvalidStateError("dice: a blow resolves only from a rolled, non-Akasha declaration");
    if (s.d.number == kBlankNumber) {
      blow(s, s.param(kBypassBonus));  // V09-R6: bypasses the board, no verb
      return true;
    }
    const int slot = s.d.number - 1;
    if (s.d.slots[slot].mark[kWard]) {
      // V09-R3: the Ward is consumed and the blow deals nothing; the card
      // still fires and the verb still resolves ("100% of the time").
      s.d.slots[slot].mark[kWard] = 0;
      s.d.counters[kNegated] = 1;
    }
    if (s.d.element == kVayu) slide(s, slot);
    if (s.d.slots[slot].card == kNoCard) {
      blow(s);  // nothing fires
      return true;
    }
    switch (s.d.element) {
      case kAgni: {
        fire_slot(s, slot, 100, kExhaust);
        // The neighbours' Block is gained but is not "Block from the struck
        // slot": it is set aside while the blow lands (V09-R7).
        const int before = s.d.player.block;
        for (int n : {slot - 1, slot + 1})
          if (n >= 0 && n < kSlots && s.d.slots[n].card != kNoCard) fire_slot(s, n, s.param(kIgnitionPercent), kExhaust);
        const int aside = s.d.player.block - before;
        s.d.player.block = static_cast<std::int16_t>(before);
        blow(s);
        s.d.player.block = at_most(s.d.player.block + aside, kMaxStock);
        return true;
      }
      case kJal: {
        fire_slot(s, slot, 100, kDiscard);
        if (!s.is_terminal() && s.board_count() > 0) {
          s.d.choice = kHopChoice;
          return false;
        }
        break;
      }
      case kVayu: fire_slot(s, slot, 100, kHand); break;
      case kPrithvi:
        fire_slot(s, slot, 100, -1);
        s.d.slots[slot].mark[kWard] = 1;
        break;
      default: fire_slot(s, slot, 100, kDiscard); break;
    }
    blow(s);
    return true;
  }

  bool resolve_step(State& s) const override {
    switch (s.d.cursor) {
      case kStrikeStep:
        if (s.d.counters[kBlind] && s.d.number == kNotRolled) {
          s.d.pending_roll = 1;  // the blind blow is rolled now and resolves at once
          return false;
        }
        s.d.counters[kBlind] = 0;
        // "On the 4th it also gains 10 Block before striking" (V09-R9).
        if (s.d.intent == kGuardJab) s.d.enemy.block = static_cast<std::int16_t>(s.param(kGuardBlock));
        if (strike(s)) s.d.cursor = kDeclareStep;
        else s.d.cursor = kHopStep;  // the hop verb finishes the strike
        return false;
      case kDeclareStep:
      case kOpeningStep:
        s.d.pending_roll = 1;  // the Sentinel rolls its next declaration face-up
        s.d.cursor = s.d.cursor == kOpeningStep ? kOpeningDone : kDoneStep;
        return false;
      case kOpeningDone:
        s.d.stage = kStagePlayer;
        s.d.cursor = 0;
        return false;
      default: s.d.cursor = 0; return true;
    }
  }

  std::string describe(const State& s) const override {
    if (s.d.number == kNotRolled)
      return s.d.counters[kBlind] ? "Declaration: cancelled by Akasha; this turn's blow is rolled blind when it lands"
                                  : "Declaration: not rolled yet";
    std::string out = "Declared blow: ";
    out += s.d.number == kBlankNumber ? std::string("straight at you (+") + std::to_string(s.param(kBypassBonus)) + ")"
                                      : "slot " + std::to_string(s.d.number);
    out += std::string(", ") + kElementNames[s.d.element] + ", " + std::to_string(blow_damage(s)) + " damage";
    out += "  Next placement costs " + std::to_string(place_cost(s));
    // "Income at turn start = 1 + number of empty slots ..., visible on the board."
    out += "\nIncome at turn start: " + std::to_string(s.param(kBaseIncome)) + " + empty slots (" +
           std::to_string(kSlots - s.board_count()) + " now) = " + std::to_string(income(s));
    return out;
  }

  // Where the resolution stops: a blind blow in the air (strike), the Jal hop
  // (choice), a counter's draw (declare), the next declaration in the air
  // (done), the opening hand's draws and the first declaration (turn 1).
  int resolution_steps() const override { return kOpeningDone + 1; }
  void validate_resolution(const State& s) const override {
    if (s.d.stage != kStageResolve) return;
    const bool rolled = s.d.number != kNotRolled;
    switch (s.d.cursor) {
      case kStrikeStep:
        require(s.d.pending_roll && s.d.counters[kBlind] && !rolled, "cursor",
                "the strike step waits only for a blind blow being rolled");
        break;
      case kHopStep: require(s.d.choice == kHopChoice, "cursor", "the hop step waits for the hop choice"); break;
      case kDeclareStep:
        require(s.d.pending_draws > 0 && rolled, "cursor", "after the strike the resolution waits only for a draw");
        break;
      case kDoneStep:
        require(s.d.pending_roll != 0, "cursor", "the last step waits for the next declaration's roll");
        break;
      case kOpeningStep:
        require(s.d.turn == 1 && s.d.pending_draws > 0 && !rolled, "cursor", "the opening step is turn 1's hand");
        break;
      default:
        require(s.d.turn == 1 && s.d.pending_roll != 0 && !rolled, "cursor",
                "the opening declaration is rolled before turn 1");
    }
    require(s.d.choice == kNoChoice || s.d.cursor == kHopStep, "choice", "the hop is chosen at the hop step");
  }

  void validate(const State& s) const override {
    for (int i = 0; i < kSlots; ++i)
      if (s.d.slots[i].mark[kWard] != 0 && s.d.slots[i].mark[kWard] != 1)
        throw InvalidStateError("slots[" + std::to_string(i) + "].ward: must be 0 or 1");
    auto range = [&](int c, int lo, int hi) {
      if (s.d.counters[c] < lo || s.d.counters[c] > hi)
        throw InvalidStateError(std::string("counters.") + counter_names()[c] + ": must be " + std::to_string(lo) +
                                ".." + std::to_string(hi));
    };
    range(kPlaced, 0, 99);
    range(kForced, 0, 99);
    range(kNegated, 0, 1);
    range(kBlind, 0, 1);
    if (s.d.counters[kBlind] && !s.d.gated)
      throw InvalidStateError("counters.blind: only an Akasha declaration cancels one, and Akasha comes with the gate");
    if (s.d.counters[kBlind] && s.d.stage == kStagePlayer && s.d.number != kNotRolled)
      throw InvalidStateError("counters.blind: a blind turn shows no declaration");
    if (s.d.element == kAkasha)
      throw InvalidStateError("dice.element: an Akasha declaration is cancelled the moment it is rolled");
    if (s.d.counters[kNegated] && s.d.stage == kStagePlayer)
      throw InvalidStateError("counters.negated: a Ward negates a strike only while it resolves");
    int akasha = 0, blank = 0;
    for (int f : s.d.element_faces) akasha += f == kAkasha, blank += f == kBlankElement;
    if (akasha != (s.d.gated ? 1 : 0) || akasha + blank != 2)
      throw InvalidStateError("element_faces: two blanks, one of them Akasha once the gate has opened");
    if (s.d.choice != kNoChoice && s.d.choice != kHopChoice) throw InvalidStateError("choice: must be 0 or 1 (hop)");
    if (s.d.pending_roll && s.d.stage != kStageResolve && s.d.stage != kStagePlayer)
      throw InvalidStateError("pending_roll: the Sentinel rolls at the end of the turn or when forced");
    if (s.d.stage == kStagePlayer && s.d.number == kNotRolled && !s.d.pending_roll && !s.d.counters[kBlind])
      throw InvalidStateError("dice: the Sentinel's declaration is always on the table during the player's turn");
  }
};

}  // namespace

const Variant& v09_their_dice() {
  static const TheirDice variant;
  return variant;
}

}  // namespace triptych::combat
