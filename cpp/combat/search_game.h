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
  static bool is_chance(const State& s) { return s.to_move() == kChancePlayer; }
  // Chance from the state's own distribution and the search's generator.
  static Action sample_chance(const State& s, Rng& rng) { return s.pick_chance(rng.uniform()); }
  // The playout policy: what a plain player does once the tree has made its
  // choices -- end the turn when it may, else roll -- with a little randomness
  // so that spends and verbs get tried too.
  static Action rollout_action(const State&, const ActionList& legal, Rng& rng) {
    if (rng.uniform() < 0.1) return legal[static_cast<int>(rng.below(std::uint32_t(legal.size())))];
    for (const Action& a : legal)
      if (a.type == ActionType::kEnd) return a;
    for (const Action& a : legal)
      if (a.type == ActionType::kRoll) return a;
    return legal[static_cast<int>(rng.below(std::uint32_t(legal.size())))];
  }
  // In [0, 1]: damage dealt matters most, HP kept next, a little Block, and a
  // win on top; a playout cut off at its horizon is judged the same way.
  static double reward(const State& s) {
    const double dealt = 1.0 - double(std::max<int>(s.d.enemy.hp, 0)) / std::max<int>(s.d.enemy.max_hp, 1);
    const double kept = double(std::max<int>(s.d.player.hp, 0)) / std::max<int>(s.d.player.max_hp, 1);
    const double guard = std::min(20, s.d.player.block + s.d.player.standing_block) / 20.0;
    return 0.5 * dealt + 0.2 * kept + 0.03 * guard + (s.is_terminal() && s.winner() == kPlayer ? 0.27 : 0.0);
  }
  // Every field, so distinct decisions never share a code.
  static std::uint64_t encode(const Action& a) {
    return static_cast<std::uint64_t>(a.type) | (std::uint64_t(std::uint8_t(a.verb)) << 8) |
           (std::uint64_t(std::uint8_t(a.a)) << 16) | (std::uint64_t(std::uint8_t(a.b)) << 24) |
           (std::uint64_t(std::uint8_t(a.c)) << 32);
  }
};

}  // namespace triptych::combat
