// The framework's rules: setup, the turn flow, the Sentinel, the damage
// pipeline, piles and draws, the Akasha gate, chance nodes, legality.
#include "common/interrupt.h"
#include "combat/state.h"

#include <algorithm>
#include <cstring>

#include "combat/variant.h"
#include "common/errors.h"
#include "common/players.h"
#include "common/zobrist.h"

namespace triptych::combat {

void throw_out_of_range(const char* array, int index) {
  throw InvalidStateError(std::string(array) + "[" + std::to_string(index) +
                          "]: index out of range (the position is not one play can reach)");
}

namespace {
int checked_card(int code) {
  if (!is_valid_card(code)) throw_out_of_range("card", code);
  return code;
}
int checked_pile(int pile) {
  if (pile < 0 || pile >= kPiles) throw_out_of_range("piles", pile);
  return pile;
}
}  // namespace

State::State(const Variant& variant, const ParamValues& params) : variant_(&variant), params_(params) {
  d.variant = static_cast<std::int16_t>(variant.index());
  d.player.hp = d.player.max_hp = static_cast<std::int16_t>(param(kPlayerHp));
  d.enemy.hp = d.enemy.max_hp = static_cast<std::int16_t>(param(kEnemyHp));
  d.piles[kDrawPile][card_code(kEmberLash)] = static_cast<std::int16_t>(param(kEmberLashCount));
  d.piles[kDrawPile][card_code(kUndertow)] = static_cast<std::int16_t>(param(kUndertowCount));
  d.piles[kDrawPile][card_code(kGale)] = static_cast<std::int16_t>(param(kGaleCount));
  d.piles[kDrawPile][card_code(kStoneskin)] = static_cast<std::int16_t>(param(kStoneskinCount));
  check_gate();  // a gate at 100% or more of the Sentinel's HP is open from the start (F-R16)
  begin_turn();
  advance();
  rehash();
}

// --- queries -----------------------------------------------------------------

int State::to_move() const {
  if (d.stage == kStageOver) return kTerminalPlayer;
  if (d.pending_draws > 0 || d.pending_roll) return kChancePlayer;
  return kPlayer;
}

std::array<double, 2> State::returns() const {
  if (d.winner == kPlayer) return {1.0, -1.0};
  if (d.winner == kEnemy) return {-1.0, 1.0};
  return {0.0, 0.0};
}

std::uint64_t State::compute_hash() const {
  // Zobrist over 64-bit words of the position: the key of (word index,
  // value) is a strong mix of the two, XOR-ed together over the whole state.
  static constexpr int kWords = sizeof(Data) / 8;
  static constexpr auto kKeys = make_zobrist_keys<kWords>(0xC0BA7C0BA7ULL);
  std::uint64_t words[kWords];
  std::memcpy(words, &d, sizeof(Data));
  std::uint64_t h = 0;
  for (int i = 0; i < kWords; ++i) {
    std::uint64_t x = words[i] ^ kKeys[i];
    h ^= splitmix64(x);
  }
  return h;
}

int State::pile_size(int pile) const {
  int n = 0;
  for (int code = 0; code < kCardCodes; ++code) n += d.piles[pile][code];
  return n;
}

int State::board_count() const {
  int n = 0;
  for (const auto& slot : d.slots) n += slot.card != kNoCard;
  return n;
}

int State::lowest_occupied_slot() const {
  for (int i = 0; i < kSlots; ++i)
    if (d.slots[i].card != kNoCard) return i;
  return -1;
}

int State::total_cards() const {
  int n = board_count();
  for (int p = 0; p < kPiles; ++p) n += pile_size(p);
  return n;
}

bool State::cards_conserved() const {
  int per_kind[kCardKinds] = {};
  for (int p = 0; p < kPiles; ++p)
    for (int code = 0; code < kCardCodes; ++code) per_kind[card_kind(code)] += d.piles[p][code];
  for (const auto& slot : d.slots)
    if (slot.card != kNoCard) ++per_kind[card_kind(slot.card)];
  const int shunya = (d.gated && variant_->gate_adds_shunya()) ? 1 : 0;
  return per_kind[kEmberLash] == param(kEmberLashCount) && per_kind[kUndertow] == param(kUndertowCount) &&
         per_kind[kGale] == param(kGaleCount) && per_kind[kStoneskin] == param(kStoneskinCount) &&
         per_kind[kShunya] == shunya;
}

int State::intent_damage() const {
  switch (d.intent) {
    case kCleave: return param(kCleaveDamage);
    case kGuardJab: return param(kJabDamage);
    default: return param(kStrikeDamage);
  }
}

int State::card_damage(int code) const {
  switch (card_kind(code)) {
    case kEmberLash: return param(kEmberLashDamage);
    case kUndertow: return param(kUndertowDamage);
    case kGale: return param(kGaleDamage);
    case kShunya: return param(kShunyaDamage);
    default: return 0;
  }
}

int State::card_block(int code) const {
  switch (card_kind(code)) {
    case kStoneskin: return param(kStoneskinBlock);
    case kShunya: return param(kShunyaBlock);
    default: return 0;
  }
}

// --- piles and dice ------------------------------------------------------------

// The pile and card indices below come from the position; the checks turn a
// bad one into InvalidStateError instead of a write outside the piles.
void State::move_card(int code, int from_pile, int to_pile) {
  --d.piles[checked_pile(from_pile)][checked_card(code)];
  ++d.piles[checked_pile(to_pile)][code];
}

void State::place_from_hand(int code, int slot) {
  SlotData& target = d.slots[slot];
  --d.piles[kHand][checked_card(code)];
  target.card = static_cast<std::int16_t>(code);
}

void State::slot_to_pile(int slot, int pile) {
  SlotData& from = d.slots[slot];
  ++d.piles[checked_pile(pile)][checked_card(from.card)];
  from.card = kNoCard;
}

void State::queue_draws(int count, int source) {
  if (count <= 0 || is_terminal()) return;  // a finished fight draws nothing (V03: a detonating paid draw)
  d.pending_draws = at_most(d.pending_draws + count, kMaxPendingDraws);
  d.draw_source = static_cast<std::int16_t>(source);
}

void State::request_roll() {
  if (is_terminal()) return;
  ++d.rolls;
  d.phase = kRolled;
  d.pending_roll = 1;
}

void State::spend_energy(int amount) { d.energy = static_cast<std::int16_t>(d.energy - amount); }

// --- damage, Block, statuses -------------------------------------------------

int State::pipeline(int base, const Fighter& attacker, const Fighter& defender) const {
  int x = std::max(0, base);
  x += attacker.status[kStrength];
  if (attacker.status[kWeak] > 0) x = x * param(kWeakPercent) / 100;  // floor (x >= 0 here or clamped below)
  if (x < 0) x = 0;
  if (defender.status[kVulnerable] > 0) x = (x * param(kVulnerablePercent) + 99) / 100;  // ceil
  return std::max(0, x);
}

static void absorb(Fighter& f, int& damage) {
  const int from_block = std::min<int>(f.block, damage);
  f.block = static_cast<std::int16_t>(f.block - from_block);
  damage -= from_block;
  const int from_standing = std::min<int>(f.standing_block, damage);
  f.standing_block = static_cast<std::int16_t>(f.standing_block - from_standing);
  damage -= from_standing;
}

void State::deal_damage(int base) {
  if (is_terminal()) return;
  int damage = pipeline(base, d.player, d.enemy);
  absorb(d.enemy, damage);
  if (damage > 0) lose_hp(kEnemy, damage);
}

void State::hit_player(int base) {
  if (is_terminal()) return;
  int damage = variant_->adjust_enemy_attack(*this, pipeline(base, d.enemy, d.player));
  damage = std::max(0, damage);
  absorb(d.player, damage);
  if (damage > 0) lose_hp(kPlayer, damage);
}

void State::lose_hp(int side, int amount) {
  if (is_terminal() || amount <= 0) return;
  Fighter& f = side == kPlayer ? d.player : d.enemy;
  f.hp = static_cast<std::int16_t>(std::max(0, f.hp - amount));
  if (f.hp == 0) {
    finish(side == kPlayer ? kEnemy : kPlayer);
    return;
  }
  if (side == kEnemy) check_gate();
}

void State::gain_block(int base) {
  const int gained = std::max(0, base + d.player.status[kDexterity]);
  d.player.block = at_most(d.player.block + gained, kMaxStock);
  d.block_gained = at_most(d.block_gained + gained, kMaxStock);
}

void State::apply_weak(int side, int stacks) {
  Fighter& f = side == kPlayer ? d.player : d.enemy;
  f.status[kWeak] = at_most(f.status[kWeak] + stacks * param(kWeakTurns), kMaxStatus);
}

void State::apply_burn(int side, int per_tick, int turns) {
  Fighter& f = side == kPlayer ? d.player : d.enemy;
  f.status[kBurn] = at_most(per_tick, kMaxStatus);
  f.burn_turns = at_most(turns, kMaxStatus);
}

void State::fire_riders(int code) {
  if (card_kind(code) == kUndertow) apply_weak(kEnemy, param(kUndertowWeak));
  if (card_kind(code) == kGale) queue_draws(param(kGaleDraw));
}

void State::finish(int winner) {
  d.stage = kStageOver;
  d.winner = static_cast<std::int16_t>(winner);
  d.pending_draws = 0;
  d.pending_roll = 0;
  d.choice = 0;
}

void State::check_gate() {
  if (d.gated || is_terminal()) return;
  if (d.enemy.hp * 100 > d.enemy.max_hp * param(kAkashaGatePercent)) return;
  d.gated = 1;
  variant_->on_gate(*this);
}

// End-of-turn ticks of a fighter's own statuses: Burn hurts, durations fall.
void State::tick_statuses(int side) {
  Fighter& f = side == kPlayer ? d.player : d.enemy;
  if (f.burn_turns > 0) {
    const int burn = f.status[kBurn];
    if (--f.burn_turns == 0) f.status[kBurn] = 0;
    lose_hp(side, burn);
    if (is_terminal()) return;
  }
  if (f.status[kWeak] > 0) --f.status[kWeak];
  if (f.status[kVulnerable] > 0) --f.status[kVulnerable];
}

// --- the turn ------------------------------------------------------------------

void State::begin_turn() {
  ++d.turn;
  if (d.turn > param(kTurnCap)) {
    finish(-1);
    return;
  }
  d.stage = kStagePlayer;
  d.phase = kPlacement;
  d.rolls = 0;
  if (variant_->dice_reset_each_turn()) d.number = d.element = kNotRolled;
  d.block_gained = 0;
  d.cursor = 0;
  variant_->on_turn_start(*this);
  if (is_terminal()) return;
  d.energy = at_most(variant_->income(*this), kMaxStock);
  // The opening hand is turn 1's draw.
  queue_draws(d.turn == 1 ? param(kHandSize) : param(kDrawPerTurn));
}

void State::end_player_turn() {
  tick_statuses(kPlayer);
  if (is_terminal()) return;
  d.stage = kStageEnemy;
}

void State::enemy_turn() {
  // The Guard's Block lasts until the Sentinel's next turn.
  d.enemy.block = 0;
  if (d.intent == kGuardJab) d.enemy.block = static_cast<std::int16_t>(param(kGuardBlock));
  variant_->enemy_attack(*this, intent_damage());
  if (is_terminal()) return;
  tick_statuses(kEnemy);
  if (is_terminal()) return;
  if (variant_->block_decays(*this)) d.player.block = 0;
  d.intent = static_cast<std::int16_t>((d.intent + 1) % kIntents);
  variant_->on_enemy_turn_end(*this);
}

void State::advance() {
  for (;;) {
    if (d.stage == kStageOver) return;
    if (d.pending_draws > 0) {
      if (d.draw_source == kDrawPile && pile_size(kDrawPile) == 0) {
        // Draw pile empty at a draw: the discard is shuffled in (a set, so just moved).
        for (int code = 0; code < kCardCodes; ++code) {
          d.piles[kDrawPile][code] = static_cast<std::int16_t>(d.piles[kDrawPile][code] + d.piles[kDiscard][code]);
          d.piles[kDiscard][code] = 0;
        }
      }
      if (pile_size(d.draw_source) > 0) return;  // a chance node
      d.pending_draws = 0;                       // nothing left anywhere to draw
    }
    if (d.pending_roll) return;
    if (d.choice) return;
    switch (d.stage) {
      case kStagePlayer: return;
      case kStageResolve:
        if (variant_->resolve_step(*this) && !is_terminal()) end_player_turn();
        break;
      case kStageEnemy:
        enemy_turn();
        if (!is_terminal()) begin_turn();
        break;
      default: return;
    }
  }
}

// --- actions -------------------------------------------------------------------

void State::legal_actions(ActionList& out) const {
  out.clear();
  if (to_move() != kPlayer) return;
  variant_->legal_actions(*this, out);
}

void State::chance_outcomes(ChanceList& out) const {
  out.clear();
  if (is_terminal()) return;
  if (d.pending_draws > 0) {
    const int total = pile_size(d.draw_source);
    for (int code = 0; code < kCardCodes; ++code)
      if (d.piles[d.draw_source][code] > 0)
        out.push_back({Action::draw_outcome(code), static_cast<double>(d.piles[d.draw_source][code]) / total});
    return;
  }
  if (!d.pending_roll) return;
  // Faces of each die are equally likely; equal outcomes are merged.
  for (int number : {1, 2, 3, 4, kBlankNumber}) {
    int number_faces = 0;
    for (int f : kNumberFaces) number_faces += f == number;
    for (int element = 0; element < kDieElements; ++element) {
      int element_faces = 0;
      for (int f : d.element_faces) element_faces += f == element;
      if (number_faces && element_faces)
        out.push_back({Action::roll_outcome(number, element), number_faces * element_faces / 36.0});
    }
  }
}

Action State::pick_chance(double u) const {
  ChanceList outcomes;
  chance_outcomes(outcomes);
  double acc = 0;
  for (const auto& o : outcomes) {
    acc += o.probability;
    if (u < acc) return o.action;
  }
  return outcomes[outcomes.size() - 1].action;
}

bool State::is_legal(const Action& action) const {
  if (action.is_chance()) {
    if (to_move() != kChancePlayer) return false;
    ChanceList outcomes;
    chance_outcomes(outcomes);
    for (const auto& o : outcomes)
      if (o.action == action) return true;
    return false;
  }
  if (to_move() != kPlayer) return false;
  ActionList actions;
  legal_actions(actions);
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

std::string State::explain_illegal(const Action& action) const {
  if (is_legal(action)) return {};
  if (is_terminal()) return "the fight is over";
  if (action.is_chance()) {
    if (to_move() != kChancePlayer) return "no chance event is pending (the player is to move)";
    if (action.type == ActionType::kDrawOutcome)
      return d.pending_draws > 0 ? "that card is not in the pile being drawn from" : "a roll is pending, not a draw";
    return d.pending_roll ? "that face combination cannot come up" : "a draw is pending, not a roll";
  }
  if (to_move() == kChancePlayer)
    return d.pending_roll ? "the dice are rolling: apply a roll outcome first" : "a card is being drawn: apply a draw outcome first";
  if (d.choice) return "a choice is pending: pick one of its options";
  switch (action.type) {
    case ActionType::kPlace:
      if (!is_valid_card(action.a) || d.piles[kHand][action.a] == 0) return "that card is not in hand";
      if (action.b < 0 || action.b >= kSlots) return "no such slot";
      if (d.slots[action.b].card != kNoCard) return "that slot is occupied";
      if (d.phase == kRolled) return "placement is locked once you roll";
      return "that slot cannot take a card now";
    case ActionType::kRoll: return "cannot roll now (energy or phase)";
    case ActionType::kBuy: return "cannot buy a draw now (energy, phase or empty pile)";
    case ActionType::kEnd: return "cannot end the turn now";
    default: return "that spend or choice is not available now (energy, phase or target)";
  }
}

void State::apply_chance(const Action& action) {
  if (action.type == ActionType::kDrawOutcome) {
    const int source = d.draw_source;
    move_card(action.a, source, kHand);
    --d.pending_draws;
    variant_->on_card_drawn(*this, action.a, source);
  } else {
    d.pending_roll = 0;
    d.number = action.a;
    d.element = action.b;
    variant_->on_roll(*this);
  }
}

void State::apply_unchecked(const Action& action) {
  if (action.is_chance()) {
    apply_chance(action);
  } else if (!variant_->apply(*this, action) && action.type == ActionType::kEnd) {
    d.stage = kStageResolve;
    d.cursor = 0;
  }
  advance();
  rehash();
}

void State::apply(const Action& action) {
  const std::string why = explain_illegal(action);
  if (!why.empty()) throw IllegalActionError("illegal action: " + why);
  // A bounds guard tripped by a position play cannot reach (from_dict should
  // have refused it) raises, and the state is put back as it was.
  const Data before = d;
  try {
    apply_unchecked(action);
  } catch (...) {
    d = before;
    rehash();
    throw;
  }
}

// --- perft ----------------------------------------------------------------------

std::uint64_t perft(const State& state, int depth) {
  if (depth <= 0 || state.is_terminal()) return 1;
  if (depth > 1 && interrupt_requested()) return 0;  // Ctrl-C: unwind (the binding raises)
  if (state.to_move() == kChancePlayer) {
    ChanceList outcomes;
    state.chance_outcomes(outcomes);
    if (depth == 1) return outcomes.size();
    std::uint64_t n = 0;
    for (const auto& o : outcomes) {
      State child = state;
      child.apply_unchecked(o.action);
      n += perft(child, depth - 1);
    }
    return n;
  }
  ActionList actions;
  state.legal_actions(actions);
  if (depth == 1) return actions.size();
  std::uint64_t n = 0;
  for (const auto& a : actions) {
    State child = state;
    child.apply_unchecked(a);
    n += perft(child, depth - 1);
  }
  return n;
}

}  // namespace triptych::combat
