// The Combat position and its contract. One State type serves every variant:
// the shared framework (deck piles, dice, energy, HP, Block, statuses, the
// damage pipeline, the enemy's cycle, the Akasha gate, turn flow) lives here
// and in state.cpp; each variant is a Variant object (variant.h) that owns
// its decisions, its matching and resolution, and its energy rules, and keeps
// its extra position in the generic per-slot marks and counters below.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "combat/params.h"
#include "combat/types.h"

namespace triptych::combat {

class Variant;

enum Side : int { kPlayer = 0, kEnemy = 1 };  // winner: 0 the player, 1 the Sentinel

// Statuses, in the order the dicts and the observation use.
enum Status : int { kWeak = 0, kVulnerable = 1, kBurn = 2, kStrength = 3, kDexterity = 4 };
inline constexpr int kStatuses = 5;
inline constexpr const char* kStatusNames[kStatuses] = {"weak", "vulnerable", "burn", "strength", "dexterity"};

struct Fighter {
  std::int16_t hp = 0;
  std::int16_t max_hp = 0;
  std::int16_t block = 0;           // decays (player: at the end of the enemy's turn)
  std::int16_t standing_block = 0;  // never decays; absorbs after ordinary Block
  std::int16_t status[kStatuses] = {0, 0, 0, 0, 0};  // weak/vulnerable: turns left; burn: HP per tick
  std::int16_t burn_turns = 0;                       // ticks of Burn left
};

// The position's limits, the ranges from_dict holds a saved fight to: play stops a count at them (F-R16),
// as V07's Wick stops at 999. Reached only with parameters far from the defaults.
inline constexpr int kMaxStatus = 99;  // Weak, Vulnerable, Burn and its turns; Strength and Dexterity -99..99
inline constexpr int kMaxStock = 999;  // Block, standing Block, the turn's Block gained, energy
inline std::int16_t at_most(int value, int cap) { return static_cast<std::int16_t>(value < 0 ? 0 : value > cap ? cap : value); }
inline constexpr int kMarks = 6;      // per-slot markers a variant names (Scorch, Charge, paint...)
inline constexpr int kCounters = 16;  // whole-board counters a variant names (wells, escalation...)

struct SlotData {
  std::int16_t card = kNoCard;
  std::int16_t mark[kMarks] = {0, 0, 0, 0, 0, 0};
};

// Thrown by the bounds guards below: resolution code handed a position play
// cannot reach (from_dict refuses those; the guard is the second line).
[[noreturn]] void throw_out_of_range(const char* array, int index);

// The four slots, indexed with a bounds check: a slot index computed from a
// bad position (a die not rolled, a cursor out of step) raises
// InvalidStateError instead of reading outside the array. Same layout as
// SlotData[kSlots], so Data stays a plain block of 16-bit words.
struct Slots {
  SlotData v[kSlots];
  SlotData& operator[](int i) {
    if (i < 0 || i >= kSlots) throw_out_of_range("slots", i);
    return v[i];
  }
  const SlotData& operator[](int i) const {
    if (i < 0 || i >= kSlots) throw_out_of_range("slots", i);
    return v[i];
  }
  SlotData* begin() { return v; }
  SlotData* end() { return v + kSlots; }
  const SlotData* begin() const { return v; }
  const SlotData* end() const { return v + kSlots; }
};
static_assert(sizeof(Slots) == sizeof(SlotData) * kSlots);

enum Stage : std::int16_t { kStagePlayer = 0, kStageResolve = 1, kStageEnemy = 2, kStageOver = 3 };
enum Phase : std::int16_t { kPlacement = 0, kRolled = 1 };
enum Intent : int { kStrike1 = 0, kStrike2 = 1, kCleave = 2, kGuardJab = 3 };
inline constexpr int kIntents = 4;

// The whole position as plain 16-bit fields (no padding), so copy-make is a
// memcpy and the Zobrist hash runs over its words.
struct Data {
  std::int16_t variant = 0;
  std::int16_t turn = 0;
  std::int16_t stage = kStagePlayer;
  std::int16_t phase = kPlacement;
  std::int16_t choice = 0;      // 0, or a decision a variant asks for mid-resolution
  std::int16_t choice_arg = 0;  // what that decision is about (variant-defined)
  std::int16_t cursor = 0;      // how far the end-of-turn resolution has got (variant-defined)
  std::int16_t winner = -1;     // -1: nobody (yet, or a turn-cap draw)
  std::int16_t energy = 0;
  std::int16_t intent = kStrike1;  // what the Sentinel does at the end of this turn (telegraphed)
  std::int16_t gated = 0;          // the Akasha gate has opened
  std::int16_t pending_draws = 0;  // cards still to draw (each one a chance node)
  std::int16_t draw_source = kDrawPile;
  std::int16_t pending_roll = 0;  // the dice are in the air (a chance node)
  std::int16_t number = kNotRolled;
  std::int16_t element = kNotRolled;
  std::int16_t rolls = 0;         // rolls made this turn, the first one included
  std::int16_t block_gained = 0;  // Block the player gained this turn
  std::int16_t element_faces[6] = {kAgni, kJal, kVayu, kPrithvi, kBlankElement, kBlankElement};
  Fighter player;
  Fighter enemy;
  Slots slots;
  std::int16_t counters[kCounters] = {};
  std::int16_t piles[kPiles][kCardCodes] = {};
};
static_assert(std::is_trivially_copyable_v<Data>);
static_assert(sizeof(Data) % 8 == 0, "hash reads Data as 64-bit words");

// The number die is the same on the whole slate: 1, 2, 3, 4, blank, blank.
inline constexpr int kNumberFaces[6] = {1, 2, 3, 4, kBlankNumber, kBlankNumber};

class State {
 public:
  // A new fight: the opening hand is still to be drawn (chance nodes).
  State(const Variant& variant, const ParamValues& params);

  // --- the contract ----------------------------------------------------------
  int to_move() const;  // 0 the player, kChancePlayer, kTerminalPlayer
  bool is_terminal() const { return d.stage == kStageOver; }
  int winner() const { return d.winner; }
  std::array<double, 2> returns() const;
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;
  void legal_actions(ActionList& out) const;  // player decisions; empty at chance and terminal nodes
  void chance_outcomes(ChanceList& out) const;
  bool is_legal(const Action& action) const;
  std::string explain_illegal(const Action& action) const;  // empty when legal
  void apply(const Action& action);                         // throws IllegalActionError, state untouched
  void apply_unchecked(const Action& action);
  // Samples a chance outcome by its probability from u in [0, 1).
  Action pick_chance(double u) const;

  void validate() const;  // throws InvalidStateError naming the field; used by from_dict
  void validate_resolution_state() const;  // cursor, choice and phase against the stage (part of validate)
  void rehash() { hash_ = compute_hash(); }

  static constexpr int kObservationSize = 512;
  void observation(float* out) const;
  std::string to_string() const;

  const Variant& variant() const { return *variant_; }
  int param(int index) const { return params_[index]; }
  const ParamValues& params() const { return params_; }

  // --- framework rules, used by the variants ---------------------------------
  int pile_size(int pile) const;
  int board_count() const;  // occupied slots
  int lowest_occupied_slot() const;  // -1 on an empty board
  int total_cards() const;  // every pile plus the board
  bool cards_conserved() const;  // the deck (plus Shunya once gated) is all accounted for
  int intent_damage() const;  // damage of the Sentinel's current intent (the Jab after Guard)
  int card_damage(int code) const;  // printed numbers of this variant's cards
  int card_block(int code) const;

  void move_card(int code, int from_pile, int to_pile);
  void place_from_hand(int code, int slot);
  void slot_to_pile(int slot, int pile);  // the slot's card leaves to a pile
  void queue_draws(int count, int source = kDrawPile);
  void request_roll();  // counts the roll, locks placement and puts the dice in the air
  void spend_energy(int amount);

  // The damage pipeline (do not reorder): clamp0, +Strength, x Weak (floor),
  // x Vulnerable (ceil), clamp0. Block absorbs first, standing Block after.
  int pipeline(int base, const Fighter& attacker, const Fighter& defender) const;
  void deal_damage(int base);                  // player -> Sentinel, through the pipeline
  void hit_player(int base);                   // Sentinel -> player, through the pipeline
  void lose_hp(int side, int amount);          // unblockable (recoil, Burn)
  void gain_block(int base);                   // base + Dexterity, floored at 0
  void apply_weak(int side, int stacks);       // each stack is weak_turns turns
  void apply_burn(int side, int per_tick, int turns);  // refreshing
  // One card firing: its printed damage and Block pass through `scaled`
  // (the variant's multipliers and bonuses); its riders (Weak, draws) apply
  // once and unscaled. Nothing happens once the fight is over.
  template <class Scale>
  void fire_card(int code, Scale scaled, bool riders = true) {
    if (is_terminal()) return;
    const int dmg = card_damage(code), blk = card_block(code);
    if (dmg > 0) deal_damage(scaled(dmg));
    if (is_terminal()) return;
    if (blk > 0) gain_block(scaled(blk));
    if (riders) fire_riders(code);
  }
  void fire_riders(int code);
  void finish(int winner);

  Data d;

 private:
  void advance();  // runs the automatic parts of the turn until someone must decide
  void begin_turn();
  void end_player_turn();
  void enemy_turn();
  void tick_statuses(int side);
  void check_gate();
  void apply_chance(const Action& action);

  const Variant* variant_;
  ParamValues params_{};
  std::uint64_t hash_ = 0;
};

// Leaves of the action tree `depth` plies deep; chance outcomes are plies too.
std::uint64_t perft(const State& state, int depth);

}  // namespace triptych::combat
