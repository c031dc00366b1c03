// The variant interface. A variant adds only what its spec adds: its
// parameters, its extra position (named marks and counters), its decisions
// (placement rules, spends, mid-resolution choices), what a roll does, how the
// turn resolves, and its energy income. Everything else is the framework's.
//
// To add a variant: write cpp/combat/vNN_name.cpp with a class deriving from
// Variant and a `const Variant& vNN_name()` returning its singleton (see
// v01_house_rules.cpp), declare that function below, list it in
// all_variants() (variant.cpp) and add the file to CMakeLists.txt.
#pragma once

#include <array>
#include <initializer_list>
#include <string>
#include <vector>

#include "combat/params.h"
#include "combat/state.h"
#include "combat/types.h"
#include "common/errors.h"

namespace triptych::combat {

struct VariantInfo {
  const char* id;        // "v01"
  const char* name;      // "House Rules"
  const char* bucket;    // verb / reaction / track / wildcard
  const char* teaching;  // the teaching sentence
  const char* legend;    // the UI legend, one entry per line
};

// Arguments of a variant verb, for notation and dicts.
enum class ArgKind : std::uint8_t { kNone, kSlot, kElement, kInt, kStatus, kSide };

struct VerbSpec {
  const char* name;  // notation word and dict "type"
  const char* doc;
  std::array<ArgKind, 3> kinds{ArgKind::kNone, ArgKind::kNone, ArgKind::kNone};
  std::array<const char*, 3> arg_names{nullptr, nullptr, nullptr};
  int arity() const {
    int n = 0;
    while (n < 3 && kinds[n] != ArgKind::kNone) ++n;
    return n;
  }
};

class Variant {
 public:
  virtual ~Variant() = default;

  virtual const VariantInfo& info() const = 0;
  // Full parameter table: the common block (params.h) then the variant's own.
  virtual const std::vector<ParamSpec>& param_specs() const = 0;
  virtual const std::vector<VerbSpec>& verbs() const = 0;
  // Names of the per-slot marks and board counters the variant uses (in
  // index order); unnamed ones must stay 0.
  virtual const std::vector<const char*>& mark_names() const = 0;
  virtual const std::vector<const char*>& counter_names() const = 0;

  // Turn start, after the turn counter moved and before income and the draw.
  virtual void on_turn_start(State&) const {}
  virtual int income(const State& s) const = 0;
  // Every legal player decision in a fixed order (the framework only asks
  // when the player is to move; s.d.choice says if a choice is pending).
  virtual void legal_actions(const State& s, ActionList& out) const = 0;
  // Applies a decision known to be legal. kEnd may be left to the framework
  // by returning false (it then starts the resolution).
  virtual bool apply(State& s, const Action& a) const = 0;
  // The dice have landed (s.d.number / s.d.element hold them).
  virtual void on_roll(State&) const {}
  // A chance draw landed: `code` came from pile `source` into the hand. With
  // source == kHand (a random card picked from the hand, e.g. V06's Slack
  // Tide discard) the card is still in hand and the variant moves it.
  virtual void on_card_drawn(State&, int /*code*/, int /*source*/) const {}
  // One step of the end-of-turn resolution; returns true when it is complete.
  // May queue draws or set s.d.choice: the framework comes back afterwards.
  virtual bool resolve_step(State& s) const = 0;
  // The Akasha gate opened. Default: one Shunya into the hand.
  virtual void on_gate(State& s) const;
  virtual bool gate_adds_shunya() const { return true; }
  // Whether Shunya is placed like any other card (V02: "PURE in any
  // brazier"). Variants that play it through a verb of its own with its own
  // cost (V01, V03) return false, so add_placements never offers it.
  virtual bool shunya_placed_as_card() const { return true; }
  // Sentinel's attack after the pipeline, before Block (V03's blunting).
  virtual int adjust_enemy_attack(State&, int damage) const { return damage; }
  // The Sentinel's attack of its turn (`damage`: the intent's printed number).
  // Default: through the pipeline onto the player. A variant whose blow lands
  // elsewhere (V09's struck slot) resolves it in its own turn end instead.
  virtual void enemy_attack(State& s, int damage) const { s.hit_player(damage); }
  // Whether the dice are cleared at the start of each turn (V09 keeps the
  // enemy's declaration rolled at the end of the previous turn).
  virtual bool dice_reset_each_turn() const { return true; }
  // Whether the player's ordinary Block decays at the end of the enemy's turn.
  virtual bool block_decays(const State&) const { return true; }
  // Called at the very end of the enemy's turn (after Block decay).
  virtual void on_enemy_turn_end(State&) const {}
  // Extra lines for str(state).
  virtual std::string describe(const State&) const { return {}; }
  // Validation of the variant's own fields (throws InvalidStateError).
  virtual void validate(const State&) const {}
  // The end-of-turn resolution's cursor takes the values 0..resolution_steps()-1
  // (a variant that counts its steps with cursor++ leaves it one past its last
  // step when done; one that resolves in one call keeps it at 0). State::validate checks
  // the range and that the player's turn has cursor 0 and no choice;
  // validate_resolution checks the rest against the stage: where this
  // variant's resolution can stop (cursor, choice, what is pending) and which
  // counters live only while it runs. Throws InvalidStateError naming the field.
  virtual int resolution_steps() const { return 1; }
  virtual void validate_resolution(const State&) const {}

  int index() const;  // position in all_variants()
  int param_index(const std::string& name) const;  // -1 when unknown
  int verb_index(const std::string& name) const;   // -1 when unknown
};

const std::vector<const Variant*>& all_variants();
const Variant* find_variant(const std::string& id);  // nullptr when unknown
// Default values of a variant with `overrides` applied; throws
// std::invalid_argument naming an unknown parameter.
ParamValues make_params(const Variant& v, const std::vector<std::pair<std::string, int>>& overrides);

// Shared helpers for variants' move generation.
// Every distinct (hand card, slot) placement where `slot_ok(slot)`.
template <class SlotOk>
void add_placements(const State& s, ActionList& out, SlotOk slot_ok) {
  const bool shunya_ok = s.variant().shunya_placed_as_card();
  for (int slot = 0; slot < kSlots; ++slot) {
    if (s.d.slots[slot].card != kNoCard || !slot_ok(slot)) continue;
    for (int code = 0; code < kCardCodes; ++code)
      if (s.d.piles[kHand][code] > 0 && (shunya_ok || card_kind(code) != kShunya)) out.push_back(Action::place(code, slot));
  }
}
// Paid draw is worth offering only when there is something to draw.
bool can_draw_from(const State& s, int source);

// Helpers for validate_resolution: `field: why` as InvalidStateError unless ok.
inline void require(bool ok, const std::string& field, const std::string& why) {
  if (!ok) throw InvalidStateError(field + ": " + why);
}
// Counters that only the resolution uses are 0 during the player's turn.
inline void require_zero_in_player_turn(const State& s, std::initializer_list<int> counters) {
  if (s.d.stage != kStagePlayer) return;
  for (int c : counters)
    require(s.d.counters[c] == 0, std::string("counters.") + s.variant().counter_names()[c],
            "lives only while the turn resolves: must be 0 in the player's turn");
}
// Where the resolution stopped: `cursor` is one of `allowed` while it runs.
inline void require_cursor_in(const State& s, std::initializer_list<int> allowed, const char* why) {
  if (s.d.stage != kStageResolve) return;
  for (int c : allowed)
    if (s.d.cursor == c) return;
  require(false, "cursor", std::to_string(s.d.cursor) + " is not a step the resolution stops at (" + why + ")");
}

// A slot in `mask_counter`'s mask fires (and its card leaves) when the resolution's cursor passes it,
// slot i at step first_slot_step + i: the slots still to fire hold their cards, the ones passed are empty.
inline void require_masked_slots_fire_in_order(const State& s, int mask_counter, int first_slot_step) {
  if (s.d.stage != kStageResolve) return;
  for (int i = 0; i < kSlots; ++i) {
    if (!(s.d.counters[mask_counter] >> i & 1)) continue;
    const bool passed = s.d.cursor > first_slot_step + i;
    require((s.d.slots[i].card == kNoCard) == passed, std::string("counters.") + s.variant().counter_names()[mask_counter],
            "slot " + std::to_string(i + 1) + (passed ? " fired already but holds a card" : " is still to fire but is empty"));
  }
}

// Variant singletons, one per file.
const Variant& v01_house_rules();
const Variant& v02_four_braziers();
const Variant& v03_twin_wells();
const Variant& v04_painted_ground();
const Variant& v05_sangam();

// V06-V10 (branch combat2).
const Variant& v06_tide_price();
const Variant& v07_one_wick();
const Variant& v08_fuse_line();
const Variant& v09_their_dice();
const Variant& v10_written_die();

}  // namespace triptych::combat
