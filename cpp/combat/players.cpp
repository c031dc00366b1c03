#include "common/interrupt.h"
#include "combat/players.h"

#include "common/players.h"

namespace triptych::combat {
namespace {

// Score of a position for the greedy player: damage dealt counts more than
// HP kept, since fights are won by killing the Sentinel.
double score(const State& s) {
  if (s.is_terminal()) return s.winner() == kPlayer ? 1e6 - s.d.turn : s.winner() == kEnemy ? -1e6 : 0;
  return 2.0 * (s.d.enemy.max_hp - s.d.enemy.hp) + s.d.player.hp + 0.3 * s.d.player.block +
         0.5 * s.d.player.standing_block + 0.5 * s.pile_size(kHand);
}

// Plays to the player's next decision in a later turn with the default
// continuation (end when possible, else roll, else the first decision).
void finish_turn(State& s, Rng& rng) {
  const int turn = s.d.turn;
  for (int guard = 0; guard < 200 && !s.is_terminal(); ++guard) {
    if (s.to_move() == kChancePlayer) {
      s.apply_unchecked(sample_chance(s, rng));
      continue;
    }
    if (s.d.turn != turn) return;
    ActionList actions;
    s.legal_actions(actions);
    s.apply_unchecked(default_action(actions));
  }
}

}  // namespace

Action random_action(const State& s, Rng& rng) {
  ActionList actions;
  s.legal_actions(actions);
  return actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
}

Action sample_chance(const State& s, Rng& rng) { return s.pick_chance(rng.uniform()); }

Action default_action(const ActionList& legal) {
  for (const Action& a : legal)
    if (a.type == ActionType::kEnd) return a;
  for (const Action& a : legal)
    if (a.type == ActionType::kRoll) return a;
  return legal[0];
}

Action greedy_action(const State& s, Rng& rng) {
  static constexpr int kSamples = 4;
  ActionList actions;
  s.legal_actions(actions);
  Action best = actions[0];
  double best_score = -1e18;
  for (const auto& a : actions) {
    double total = 0;
    for (int k = 0; k < kSamples; ++k) {
      State child = s;
      child.apply_unchecked(a);
      finish_turn(child, rng);
      total += score(child);
    }
    if (total > best_score) best_score = total, best = a;
  }
  return best;
}

FightResult play_fight(State s, Policy policy, Rng& rng) {
  while (!s.is_terminal()) {
    if (s.to_move() == kChancePlayer)
      s.apply_unchecked(sample_chance(s, rng));
    else
      s.apply_unchecked(policy == Policy::kRandom ? random_action(s, rng) : greedy_action(s, rng));
  }
  return {s.winner(), s.d.turn};
}

Stats run_fights(const State& start, Policy policy, int games, std::uint64_t seed) {
  Stats st;
  Rng rng(seed);
  double turns = 0;
  for (int g = 0; !interrupt_requested() && g < games; ++g) {
    const FightResult r = play_fight(start, policy, rng);
    ++st.games;
    st.wins += r.winner == kPlayer;
    st.losses += r.winner == kEnemy;
    st.capped += r.winner == -1;
    turns += r.turns;
  }
  st.mean_turns = games ? turns / games : 0;
  return st;
}

}  // namespace triptych::combat
