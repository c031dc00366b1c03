// Views of a position: validation (for from_dict), the observation tensor
// and the readable text.
#include <algorithm>
#include <cstring>
#include <sstream>

#include "combat/notation.h"
#include "combat/state.h"
#include "combat/variant.h"
#include "common/errors.h"
#include "common/players.h"

namespace triptych::combat {
namespace {

void check(bool ok, const std::string& field, const std::string& why) {
  if (!ok) throw InvalidStateError(field + ": " + why);
}

void check_range(int v, int lo, int hi, const std::string& field) {
  check(v >= lo && v <= hi, field, "must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + std::to_string(v));
}

void check_fighter(const Fighter& f, const std::string& who) {
  check_range(f.max_hp, 1, 999, who + ".max_hp");
  check_range(f.hp, 0, f.max_hp, who + ".hp");
  check_range(f.block, 0, kMaxStock, who + ".block");
  check_range(f.standing_block, 0, kMaxStock, who + ".standing_block");
  check_range(f.status[kWeak], 0, kMaxStatus, who + ".weak");
  check_range(f.status[kVulnerable], 0, kMaxStatus, who + ".vulnerable");
  check_range(f.status[kBurn], 0, kMaxStatus, who + ".burn");
  check_range(f.status[kStrength], -kMaxStatus, kMaxStatus, who + ".strength");
  check_range(f.status[kDexterity], -kMaxStatus, kMaxStatus, who + ".dexterity");
  check_range(f.burn_turns, 0, kMaxStatus, who + ".burn_turns");
}

const char* intent_text(int intent) {
  static const char* names[kIntents] = {"Strike", "Strike", "Cleave", "Guard + Jab"};
  return names[intent];
}

}  // namespace

void State::validate() const {
  check_range(d.turn, 1, param(kTurnCap) + 1, "turn");
  check_range(d.stage, kStagePlayer, kStageOver, "stage");
  check_range(d.phase, kPlacement, kRolled, "phase");
  check_range(d.energy, 0, kMaxStock, "energy");
  check_range(d.intent, 0, kIntents - 1, "intent");
  check_range(d.gated, 0, 1, "gated");
  check_range(d.pending_draws, 0, kMaxPendingDraws, "pending_draws");
  check(d.draw_source == kDrawPile || d.draw_source == kDiscard || d.draw_source == kHand, "draw_source",
        "must be draw, discard or hand (a random pick from the hand)");
  check_range(d.pending_roll, 0, 1, "pending_roll");
  check(!(d.pending_roll && d.pending_draws), "pending_roll", "a roll and a draw cannot both be pending");
  // Play stops at a draw only with a card to draw: the draw pile is refilled
  // from the discard first, and a draw with nothing left is dropped (F-R7).
  check(d.pending_draws == 0 || pile_size(d.draw_source) > 0, "pending_draws",
        std::string("cards are to be drawn but the ") + kPileNames[d.draw_source] + " pile is empty");
  check(d.stage != kStageOver || (!d.pending_draws && !d.pending_roll && !d.choice), "stage",
        "a finished fight has no draw, roll or choice pending");
  check_range(d.number, kNotRolled, 4, "dice.number");
  check_range(d.element, kNotRolled, kDieElements - 1, "dice.element");
  check((d.number == kNotRolled) == (d.element == kNotRolled), "dice", "both dice are rolled or neither");
  check_range(d.rolls, 0, 999, "rolls");
  check_range(d.block_gained, 0, kMaxStock, "block_gained");
  check_range(d.winner, -1, 1, "winner");
  check(d.stage == kStageOver || d.winner == -1, "winner", "set only when the fight is over");
  check(d.stage != kStageOver || (d.player.hp == 0) == (d.winner == kEnemy), "winner", "the Sentinel wins exactly when player HP is 0");
  check(d.stage == kStageOver || (d.player.hp > 0 && d.enemy.hp > 0), "stage", "a fight with a fighter at 0 HP is over");
  const bool waiting = d.pending_draws > 0 || d.pending_roll || d.choice != 0;
  check(!((d.stage == kStageResolve || d.stage == kStageEnemy) && !waiting), "stage",
        "the resolution and the Sentinel's turn only stop for a draw, a roll or a choice");
  for (int i = 0; i < 6; ++i) check_range(d.element_faces[i], 0, kDieElements - 1, "element_faces[" + std::to_string(i) + "]");
  check_fighter(d.player, "player");
  check_fighter(d.enemy, "enemy");
  for (int i = 0; i < kSlots; ++i) {
    const std::string field = "slots[" + std::to_string(i) + "]";
    check(d.slots[i].card == kNoCard || is_valid_card(d.slots[i].card), field + ".card", "unknown card");
    for (int m = static_cast<int>(variant_->mark_names().size()); m < kMarks; ++m)
      check(d.slots[i].mark[m] == 0, field, "unused marker set");
  }
  for (int c = static_cast<int>(variant_->counter_names().size()); c < kCounters; ++c)
    check(d.counters[c] == 0, "counters", "unused counter set");
  for (int p = 0; p < kPiles; ++p)
    for (int code = 0; code < kCardCodes; ++code)
      check_range(d.piles[p][code], 0, 99, std::string("piles.") + kPileNames[p] + "[" + card_display(code) + "]");
  check(cards_conserved(), "piles",
        "the cards in piles and on the board must be exactly the deck (plus Shunya once the gate has opened)");
  check(d.gated || d.enemy.hp * 100 > d.enemy.max_hp * param(kAkashaGatePercent) || d.stage == kStageOver, "gated",
        "the gate must have opened once enemy HP is at or below the gate");
  variant_->validate(*this);
  validate_resolution_state();
}

// The resolution's own state (cursor, choice) against the stage and phase:
// a saved game that play cannot reach is refused here rather than handed to
// resolution code that would index with it.
void State::validate_resolution_state() const {
  check_range(d.cursor, 0, variant_->resolution_steps() - 1, "cursor");
  check(d.choice_arg == 0, "choice_arg", "no variant uses it: must be 0");
  check(d.choice == 0 || d.stage == kStageResolve, "choice", "a choice is asked only during the resolution");
  check(d.stage != kStagePlayer || d.cursor == 0, "cursor", "the resolution has not started in the player's turn: must be 0");
  check((d.phase == kRolled) == (d.rolls > 0), "phase", "'rolled' exactly when a roll was made this turn (rolls > 0)");
  if (d.stage == kStagePlayer) {
    check(d.phase != kRolled || d.number != kNotRolled || d.pending_roll, "phase",
          "'rolled' with the dice neither on the table nor in the air");
    if (variant_->dice_reset_each_turn())
      check(d.phase == kRolled || (d.number == kNotRolled && !d.pending_roll), "dice",
            "no roll before the first roll of the turn (phase is 'placement')");
  }
  if (d.stage != kStageOver) variant_->validate_resolution(*this);
}

void State::observation(float* out) const {
  // The raw position: every 16-bit field of Data in declaration order (see
  // docs/rules/combat.md), zero-padded to kObservationSize.
  static_assert(sizeof(Data) / 2 <= kObservationSize);
  std::int16_t words[sizeof(Data) / 2];
  std::memcpy(words, &d, sizeof(Data));
  std::fill(out, out + kObservationSize, 0.0f);
  for (std::size_t i = 0; i < sizeof(Data) / 2; ++i) out[i] = words[i];
}

std::string State::to_string() const {
  std::ostringstream o;
  const VariantInfo& info = variant_->info();
  o << "Combat " << info.id << " " << info.name << " - turn " << d.turn << ", ";
  if (is_terminal())
    o << (d.winner == kPlayer ? "the player won" : d.winner == kEnemy ? "the Sentinel won" : "drawn (turn cap)");
  else if (to_move() == kChancePlayer)
    o << (d.pending_roll ? "dice rolling" : "drawing a card");
  else
    o << "player to move" << (d.choice ? " (a choice)" : d.phase == kPlacement ? " (placement)" : " (rolled)");
  o << "\n";
  auto fighter = [&](const char* name, const Fighter& f) {
    o << name << " HP " << f.hp << "/" << f.max_hp << "  Block " << f.block;
    if (f.standing_block) o << " (+" << f.standing_block << " standing)";
    for (int s = 0; s < kStatuses; ++s)
      if (f.status[s]) o << "  " << kStatusNames[s] << " " << f.status[s];
    if (f.burn_turns) o << " (" << f.burn_turns << " turns)";
  };
  fighter("Player  ", d.player);
  o << "  Energy " << d.energy << "\n";
  fighter("Sentinel", d.enemy);
  auto intent_numbers = [&](int i) {
    std::ostringstream t;
    t << intent_text(i) << " ";
    if (i == kCleave) t << param(kCleaveDamage);
    else if (i == kGuardJab) t << param(kGuardBlock) << " Block, " << param(kJabDamage);
    else t << param(kStrikeDamage);
    return t.str();
  };
  o << "  Intent: " << intent_numbers(d.intent) << " (then " << intent_numbers((d.intent + 1) % kIntents) << ")\n";
  o << "Dice: ";
  if (d.number == kNotRolled) o << "not rolled";
  else o << "number " << (d.number == kBlankNumber ? std::string("blank") : std::to_string(d.number)) << ", element " << kElementNames[d.element];
  o << "  (rolls this turn " << d.rolls << ")\n";
  const auto& marks = variant_->mark_names();
  for (int i = 0; i < kSlots; ++i) {
    o << "[" << i + 1 << "] " << (d.slots[i].card == kNoCard ? std::string("-") : card_display(d.slots[i].card));
    for (std::size_t m = 0; m < marks.size(); ++m)
      if (d.slots[i].mark[m]) o << " " << marks[m] << "=" << d.slots[i].mark[m];
    o << (i + 1 < kSlots ? "   " : "\n");
  }
  const auto& counters = variant_->counter_names();
  bool any = false;
  for (std::size_t c = 0; c < counters.size(); ++c)
    if (d.counters[c]) o << (any ? ", " : "Board: ") << counters[c] << " " << d.counters[c], any = true;
  if (any) o << "\n";
  o << "Hand:";
  for (int code = 0; code < kCardCodes; ++code)
    for (int k = 0; k < d.piles[kHand][code]; ++k) o << " " << card_display(code) << ",";
  o << "\nDraw " << pile_size(kDrawPile) << " | Discard " << pile_size(kDiscard) << " | Exhaust " << pile_size(kExhaust)
    << (d.gated ? " | Akasha gate open" : "") << "\n";
  const std::string extra = variant_->describe(*this);
  if (!extra.empty()) o << extra << "\n";
  return o.str();
}

}  // namespace triptych::combat
