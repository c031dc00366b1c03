// V08 Fuse Line (reaction): line cards up so each one feeds the next, then
// roll to see where the spark lands. The spark walks right from the entry
// slot; the wheel Vayu -> Agni -> Prithvi -> Jal -> Vayu decides each link.
#include <algorithm>
#include <string>
#include <utility>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

// kStayed: on the line since an earlier turn (an OPPOSED clog, a card the walk
// never reached, or a Prithvi link). kHeld: a Prithvi card that has resolved —
// a permanent link that never leaves the line, so it cannot be pulled (V08-R5).
enum Mark { kStayed = 0, kHeld = 1 };
// kPos: the slot the walk is at, + 1 (0: the walk has stopped); kAim: 0 the enemy, 1 yourself.
enum Counter { kPos = 0, kSpark = 1, kEscalation = 2, kAim = 3, kChain = 4, kChainLast = 5 };
enum Verb { kMoveVerb = 0, kPullVerb = 1, kAimVerb = 2 };
enum Choice { kNoChoice = 0, kAimChoice = 1 };
enum Param {
  kRerollCost = kCommonParams,
  kPullCost,
  kBaseIncome,
  kIncomeCap,
  kEscalationPercent,
  kSmotherPercent,
  kOpposedBlockPercent,
  kSelfHealPercent,
};
enum Relation { kFeeds, kSame, kSmothered, kOpposed, kNull };
enum Cursor { kStartStep = 0, kWalkStep = 1 };

// The wheel: what each element feeds.
constexpr int feeds_into(int e) {
  switch (e) {
    case kVayu: return kAgni;
    case kAgni: return kPrithvi;
    case kPrithvi: return kJal;
    case kJal: return kVayu;
    default: return -1;
  }
}

// The relation of a spark to the card it reaches. A wild (blank) spark feeds
// the first card; Shunya is a null link.
constexpr Relation relation(int spark, int card) {
  if (card == kAkasha) return kNull;
  if (spark == kBlankElement) return kFeeds;
  if (spark == card) return kSame;
  if (feeds_into(spark) == card) return kFeeds;
  if (feeds_into(card) == spark) return kSmothered;
  return kOpposed;
}

class FuseLine final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v08", "Fuse Line", "reaction",
        "Line your cards up so each one feeds the next, then roll to see where the spark lands.",
        "THE WHEEL — Vayu → Agni → Prithvi → Jal → Vayu. The arrow means \"feeds\".\n"
        "FEEDS or SAME — the card resolves fully and the chain continues carrying that card's element.\n"
        "SMOTHERED (arrow backwards) — the card resolves at half and the chain stops.\n"
        "OPPOSED (across the wheel) — the card resolves as Block only, stays put, and the chain stops.\n"
        "AGNI link — Escalate: +50% to every card after it in the chain.\n"
        "JAL link — Redirect: choose a new target for everything after it.\n"
        "PRITHVI link — Hold: never leaves the line; its Block never decays.\n"
        "VAYU link — Displace: shunts the next card one slot further right and skips the gap.\n"
        "AKASHA link — Void: the spark passes through unchanged and the chain keeps its old element."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({70, 7, 5, 4, 6, 6, 0, 8, 13, 10, 4});
      p.insert(p.end(), {
                            {"reroll_cost", 2, "energy for each reroll (the first roll is free)"},
                            {"pull_cost", 1, "energy to pull a card left on the line back to hand"},
                            {"base_income", 1, "energy income before the chain bonus"},
                            {"income_cap", 6, "most energy income (base + last turn's chain length)"},
                            {"escalation_percent", 50, "each Agni link passed adds this % of base to later links"},
                            {"smother_percent", 50, "a SMOTHERED card resolves at this % (rounded down)"},
                            {"opposed_block_percent", 50, "an OPPOSED attack becomes Block of this % of its damage"},
                            {"self_heal_percent", 50, "damage re-aimed at yourself heals this % (rounded down)"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"move", "rearrange before the first roll (free): move a placed card to a slot, swapping if occupied",
         {ArgKind::kSlot, ArgKind::kSlot}, {"from", "to"}},
        {"pull", "pay pull_cost: a card left on the line from an earlier turn goes back to hand (before the roll); never a Prithvi link",
         {ArgKind::kSlot}, {"slot"}},
        {"aim", "Jal link resolved: aim the rest of the chain at the enemy or at yourself (damage heals at half)",
         {ArgKind::kSide}, {"target"}},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {"stayed", "held"};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {"pos", "spark", "escalation", "aim", "chain", "chain_last"};
    return names;
  }

  int income(const State& s) const override {
    return std::min(s.param(kIncomeCap), s.param(kBaseIncome) + s.d.counters[kChainLast]);
  }

  void on_turn_start(State& s) const override {
    for (auto& slot : s.d.slots) {
      slot.mark[kStayed] = slot.card != kNoCard;
      slot.mark[kHeld] = slot.card != kNoCard && slot.mark[kHeld];
    }
  }

  void legal_actions(const State& s, ActionList& out) const override {
    if (s.d.choice == kAimChoice) {
      out.push_back(Action::verb_action(kAimVerb, kEnemy));
      out.push_back(Action::verb_action(kAimVerb, kPlayer));
      return;
    }
    const int energy = s.d.energy;
    if (s.d.phase == kPlacement) {
      // The roll is listed first: rearranging is free and reversible, so a
      // player that breaks ties by list order must not circle through moves.
      out.push_back(Action::roll());  // the first roll is free: you always get one spark
      add_placements(s, out, [](int) { return true; });
      for (int a = 0; a < kSlots; ++a) {
        if (s.d.slots[a].card == kNoCard) continue;
        for (int b = 0; b < kSlots; ++b) {
          if (b == a) continue;
          const bool occupied = s.d.slots[b].card != kNoCard;
          if (occupied && b < a) continue;  // a swap is listed once
          if (occupied && s.d.slots[b].card == s.d.slots[a].card && s.d.slots[b].mark[kStayed] == s.d.slots[a].mark[kStayed] &&
              s.d.slots[b].mark[kHeld] == s.d.slots[a].mark[kHeld])
            continue;  // swapping twins changes nothing
          out.push_back(Action::verb_action(kMoveVerb, a, b));
        }
      }
      if (energy >= s.param(kPullCost))
        for (int i = 0; i < kSlots; ++i)
          if (s.d.slots[i].card != kNoCard && s.d.slots[i].mark[kStayed] && !s.d.slots[i].mark[kHeld])
            out.push_back(Action::verb_action(kPullVerb, i));  // V08-R5: a Prithvi link never leaves the line
      if (energy >= s.param(kPaidDrawCost) && can_draw_from(s, kDrawPile)) out.push_back(Action::buy());
      return;
    }
    if (energy >= s.param(kRerollCost)) out.push_back(Action::roll());
    out.push_back(Action::end());
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace: s.place_from_hand(a.a, a.b); return true;
      case ActionType::kBuy:
        s.spend_energy(s.param(kPaidDrawCost));
        s.queue_draws(s.param(kPaidDrawCards));
        return true;
      case ActionType::kRoll:
        if (s.d.phase == kRolled) s.spend_energy(s.param(kRerollCost));
        s.request_roll();
        return true;
      case ActionType::kVerb:
        if (a.verb == kMoveVerb) {
          std::swap(s.d.slots[a.a], s.d.slots[a.b]);
        } else if (a.verb == kPullVerb) {
          s.spend_energy(s.param(kPullCost));
          s.d.slots[a.a].mark[kStayed] = 0;
          s.slot_to_pile(a.a, kHand);
        } else {
          s.d.counters[kAim] = a.a == kPlayer ? 1 : 0;
          s.d.choice = kNoChoice;
        }
        return true;
      default: return false;  // kEnd: the chain resolves
    }
  }

  static int entry_slot(const State& s) { return s.d.number == kBlankNumber ? kSlots - 1 : s.d.number - 1; }

  static int scaled(int base, int percent) { return base * percent / 100; }

  // One link: applies the card at `pos` and returns where the walk goes next
  // (-1: it stops). `aim` is the side the link's effects go to.
  static int resolve_link(State& s, int pos, bool shift_cards) {
    auto& slot = s.d.slots[pos];
    const int code = slot.card;
    const int element = card_element(code);
    const Relation rel = relation(s.d.counters[kSpark], element);
    int damage = s.card_damage(code), block = s.card_block(code);
    if (rel == kSmothered) {
      damage = scaled(damage, s.param(kSmotherPercent));
      block = scaled(block, s.param(kSmotherPercent));
    } else if (rel == kOpposed) {
      // V08-R3: pure defence; block cards keep their full Block.
      if (block == 0) block = scaled(damage, s.param(kOpposedBlockPercent));
      damage = 0;
    }
    const int percent = 100 + s.d.counters[kEscalation] * s.param(kEscalationPercent);
    damage = scaled(damage, percent);
    block = scaled(block, percent);
    const bool stays = rel == kOpposed || element == kPrithvi;
    if (!stays) s.slot_to_pile(pos, kDiscard);
    if (element == kPrithvi) slot.mark[kHeld] = 1;  // a permanent link from now on (V08-R5)
    ++s.d.counters[kChain];
    const bool at_self = s.d.counters[kAim] == 1;
    if (damage > 0) {
      if (at_self) heal(s, scaled(damage, s.param(kSelfHealPercent)));
      else s.deal_damage(damage);
    }
    if (s.is_terminal()) return -1;
    if (block > 0) {
      if (element == kPrithvi) {
        // Hold: a Prithvi link's Block never decays (standing Block).
        const int gained = std::max(0, block + s.d.player.status[kDexterity]);
        s.d.player.standing_block = at_most(s.d.player.standing_block + gained, kMaxStock);
        s.d.block_gained = at_most(s.d.block_gained + gained, kMaxStock);
      } else {
        s.gain_block(block);
      }
    }
    if (rel != kOpposed) {
      if (card_kind(code) == kUndertow) s.apply_weak(at_self ? kPlayer : kEnemy, s.param(kUndertowWeak));
      if (card_kind(code) == kGale) s.queue_draws(s.param(kGaleDraw));
    }
    if (rel == kSmothered || rel == kOpposed) return -1;
    // The chain passes through: the spark takes the card's element (Shunya keeps it).
    if (rel != kNull) s.d.counters[kSpark] = static_cast<std::int16_t>(element);
    if (element == kAgni) ++s.d.counters[kEscalation];
    int next = pos + 1;
    if (next >= kSlots) return -1;
    if (element == kVayu && shift_cards && s.d.slots[next].card != kNoCard && next + 1 < kSlots &&
        s.d.slots[next + 1].card == kNoCard) {
      std::swap(s.d.slots[next], s.d.slots[next + 1]);  // shunt it right; the walk skips the gap
      ++next;
    }
    if (s.d.slots[next].card == kNoCard) return -1;
    return next;
  }

  static void heal(State& s, int amount) {
    s.d.player.hp = static_cast<std::int16_t>(std::min<int>(s.d.player.max_hp, s.d.player.hp + amount));
  }

  bool resolve_step(State& s) const override {
    if (s.d.cursor == kStartStep) {
      s.d.cursor = kWalkStep;
      s.d.counters[kChain] = 0;
      s.d.counters[kEscalation] = 0;
      s.d.counters[kAim] = 0;
      s.d.counters[kSpark] = s.d.element;
      if (s.d.number == kNotRolled) throw InvalidStateError("dice: the chain resolves from a rolled spark");
      const int entry = entry_slot(s);
      s.d.counters[kPos] = static_cast<std::int16_t>(s.d.slots[entry].card == kNoCard ? 0 : entry + 1);
      return false;
    }
    const int pos = s.d.counters[kPos] - 1;
    if (pos >= 0) {
      const int code = s.d.slots[pos].card;
      if (code == kNoCard) throw InvalidStateError("counters.pos: the walk stands on an empty slot");
      const int next = resolve_link(s, pos, true);
      s.d.counters[kPos] = static_cast<std::int16_t>(next + 1);
      // Redirect: a Jal link the chain passes through asks where the rest goes.
      if (next >= 0 && card_element(code) == kJal && !s.is_terminal()) s.d.choice = kAimChoice;
      return false;
    }
    s.d.counters[kChainLast] = s.d.counters[kChain];
    s.d.counters[kChain] = 0;
    s.d.counters[kEscalation] = 0;
    s.d.counters[kAim] = 0;
    s.d.counters[kSpark] = 0;
    s.d.counters[kPos] = 0;
    return true;
  }

  std::string describe(const State& s) const override {
    if (s.d.number == kNotRolled) return "Spark: not rolled";
    std::string out = std::string("Spark enters slot ") + std::to_string(entry_slot(s) + 1) + " carrying " +
                      kElementNames[s.d.element] + ".";
    if (s.d.stage != kStagePlayer) return out;
    // Preview the pending chain on a scratch copy (effects aimed at the enemy).
    State scratch = s;
    scratch.d.counters[kSpark] = s.d.element;
    scratch.d.counters[kEscalation] = 0;
    scratch.d.counters[kAim] = 0;
    int pos = scratch.d.slots[entry_slot(s)].card == kNoCard ? -1 : entry_slot(s);
    out += " Pending chain:";
    if (pos < 0) out += " nothing (empty slot)";
    while (pos >= 0 && !scratch.is_terminal()) {
      out += " " + std::to_string(pos + 1);
      pos = resolve_link(scratch, pos, true);
    }
    return out;
  }

  // The walk (cursor kWalkStep) stops for a Gale's draw or a Jal link's aim;
  // the chain's counters live only while it runs, and it needs the spark.
  int resolution_steps() const override { return kWalkStep + 1; }
  void validate_resolution(const State& s) const override {
    require_cursor_in(s, {kWalkStep}, "the walk");
    require_zero_in_player_turn(s, {kPos, kSpark, kEscalation, kAim, kChain});
    if (s.d.stage != kStageResolve) return;
    require(s.d.number != kNotRolled, "dice", "the chain resolves from a rolled spark");
    const int pos = s.d.counters[kPos] - 1;
    require(pos < 0 || s.d.slots[pos].card != kNoCard, "counters.pos", "the walk stands on a card");
    require(s.d.choice == kNoChoice || pos >= 0, "choice", "a Jal link asks for an aim only while the chain goes on");
  }

  void validate(const State& s) const override {
    for (int i = 0; i < kSlots; ++i)
      if (s.d.slots[i].mark[kStayed] != 0 && s.d.slots[i].mark[kStayed] != 1)
        throw InvalidStateError("slots[" + std::to_string(i) + "].stayed: must be 0 or 1");
    for (int i = 0; i < kSlots; ++i) {
      const int held = s.d.slots[i].mark[kHeld];
      if (held != 0 && held != 1) throw InvalidStateError("slots[" + std::to_string(i) + "].held: must be 0 or 1");
      if (held && (s.d.slots[i].card == kNoCard || card_element(s.d.slots[i].card) != kPrithvi))
        throw InvalidStateError("slots[" + std::to_string(i) + "].held: only a Prithvi card on the line");
    }
    auto range = [&](int c, int lo, int hi) {
      if (s.d.counters[c] < lo || s.d.counters[c] > hi)
        throw InvalidStateError(std::string("counters.") + counter_names()[c] + ": must be " + std::to_string(lo) +
                                ".." + std::to_string(hi));
    };
    range(kPos, 0, kSlots);
    range(kSpark, 0, kDieElements - 1);
    range(kEscalation, 0, kSlots);
    range(kAim, 0, 1);
    range(kChain, 0, kSlots);
    range(kChainLast, 0, kSlots);
    if (s.d.choice != kNoChoice && s.d.choice != kAimChoice) throw InvalidStateError("choice: must be 0 or 1 (aim)");
  }
};

}  // namespace

const Variant& v08_fuse_line() {
  static const FuseLine variant;
  return variant;
}

}  // namespace triptych::combat
