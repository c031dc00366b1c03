// Combat as seen by the open-loop MCTS (cpp/search/open_loop_mcts.h).
#pragma once

#include <algorithm>
#include <cstdint>

#include "combat/state.h"
#include "common/players.h"
#include "common/rng.h"

namespace triptych::combat {

struct SearchGame {
  using State = combat::State;
  using Action = combat::Action;
  using ActionList = combat::ActionList;

  static void legal_actions(const State& s, ActionList& out) { s.legal_actions(out); }
  static void apply(State& s, const Action& a) { s.apply_unchecked(a); }
  static bool is_terminal(const State& s) { return s.is_terminal(); }
  static int turn(const State& s) { return s.d.turn; }
  static std::uint64_t hash(const State& s) { return s.hash(); }
  static bool is_chance(const State& s) { return s.to_move() == kChancePlayer; }
  // Chance from the state's own distribution and the search's generator.
  static Action sample_chance(const State& s, Rng& rng) { return s.pick_chance(rng.uniform()); }
  // The playout policy: what a plain player does once the tree has made its
  // choices -- put cards into slots (mostly), make the first roll, then end
  // the turn when it may. Measured against the old "end, else roll" default,
  // it plays the turn out the way people do and suits every variant.
  static Action rollout_action(const State& s, const ActionList& legal, Rng& rng) {
    int places = 0;
    for (const Action& a : legal) places += a.type == ActionType::kPlace;
    if (places > 0 && rng.uniform() < kPlaceChance) {
      int pick = static_cast<int>(rng.below(std::uint32_t(places)));
      for (const Action& a : legal)
        if (a.type == ActionType::kPlace && pick-- == 0) return a;
    }
    if (s.d.rolls == 0)
      for (const Action& a : legal)
        if (a.type == ActionType::kRoll) return a;
    for (const Action& a : legal)
      if (a.type == ActionType::kEnd) return a;
    for (const Action& a : legal)
      if (a.type == ActionType::kRoll) return a;
    return legal[static_cast<int>(rng.below(std::uint32_t(legal.size())))];
  }
  static constexpr double kPlaceChance = 0.8;  // per playout decision, while a card can be placed
  static constexpr double kDealtWeight = 2.0;  // HP dealt against HP kept, as the greedy player scores
  // About [0, 1]: the greedy player's score -- damage dealt counts twice as
  // much as HP kept, then Block and cards in hand -- over its range, with a
  // win on top and a loss at the bottom.
  static double reward(const State& s) {
    if (s.is_terminal() && s.winner() == kPlayer) return 1.0 + 0.002 * (60 - s.d.turn);
    if (s.is_terminal() && s.winner() == kEnemy) return 0.0;
    const double dealt = s.d.enemy.max_hp - std::max<int>(s.d.enemy.hp, 0);
    const double kept = std::max<int>(s.d.player.hp, 0);
    const double extras = 0.3 * s.d.player.block + 0.5 * s.d.player.standing_block + 0.5 * s.pile_size(kHand);
    const double range = kDealtWeight * s.d.enemy.max_hp + s.d.player.max_hp + 20.0;
    return 0.1 + 0.6 * (kDealtWeight * dealt + kept + extras) / range;
  }
  // Every field, so distinct decisions never share a code.
  static std::uint64_t encode(const Action& a) {
    return static_cast<std::uint64_t>(a.type) | (std::uint64_t(std::uint8_t(a.verb)) << 8) |
           (std::uint64_t(std::uint8_t(a.a)) << 16) | (std::uint64_t(std::uint8_t(a.b)) << 24) |
           (std::uint64_t(std::uint8_t(a.c)) << 32);
  }
};

}  // namespace triptych::combat
