// One recorded fight for the balance lab (python/triptych/balance): a start
// position, a player and a fight seed go in; the outcome and what came into
// play come out. The lab plays thousands of these per variant, so the loop
// keeps its move lists on the stack and the records are plain structs.
//
// Paired luck. Chance is not one generator consumed in order: the uniform
// behind the k-th draw (or roll) of turn t is a hash of (seed, kind, t, k).
// Two players given the same seed draw the same opening hand and, as long as
// their fights run alongside, see the same first roll of each turn, so cells
// of the lab differ by skill and rules, not by luck. The player's own
// randomness (random picks, greedy samples, MCTS seeds) comes from a second
// generator derived from the seed, and no search ever sees the fight's chance
// stream: MCTS and greedy sample futures from their own generators.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "combat/state.h"

namespace triptych::combat {

enum class PlayerKind : std::uint8_t { kRandom, kGreedy, kMcts };

struct PlayerSpec {
  PlayerKind kind = PlayerKind::kRandom;
  std::uint64_t iterations = 0;  // kMcts: iterations per decision
};

// "random", "greedy" or "mcts:N" (1 <= N <= 10^7); throws std::invalid_argument saying what is wrong.
PlayerSpec parse_player(const std::string& text);
std::string player_name(const PlayerSpec& spec);

inline constexpr int kMaxRecordedVerbs = 12;  // the largest verb table on the slate has 9
inline constexpr int kOpeningKinds = 4;       // the starting deck's kinds: lash, undertow, gale, stone

// What one fight did. "Came into play" (docs/balance.md):
//  - placed[e]: cards of element e the player put onto the board (placement,
//    inscription), by the card's element at that moment (V05 converts cards);
//  - rolled[f]: element-die landings showing face f, every landing counted
//    (first rolls, rerolls, forcings, V09's declarations), blank included;
//  - akasha_played: times the Akasha card (Shunya) left the hand by the
//    player's decision (placed, inscribed or played by a verb);
//  - verbs[i]: decisions of the variant's verb i (its table in the variant);
//  - buys: paid draws (the framework's buy decision; V03's well-paid draw is its "buy" verb).
struct FightRecord {
  std::uint64_t seed = 0;
  int winner = -1;  // 0 the player, 1 the Sentinel, -1 the turn cap (a draw)
  int turns = 0;    // turns played (the cap itself for a capped fight)
  int player_hp = 0;
  int enemy_hp = 0;  // left at the end (0 when beaten)
  int enemy_max_hp = 0;
  int damage_dealt = 0;  // enemy_max_hp - enemy_hp
  int gated = 0;         // the Akasha gate opened
  int opening[kOpeningKinds] = {};
  int placed[kCardElements] = {};
  int rolled[kDieElements] = {};
  int akasha_played = 0;
  int verbs[kMaxRecordedVerbs] = {};
  int rolls = 0;      // dice landings (every roll outcome)
  int buys = 0;       // paid draws
  int decisions = 0;  // player decisions taken
  int stalls = 0;     // decisions the loop guard forced (should stay 0; see fight_record.cpp)
};

// Plays one fight from `start` (a new fight, opening hand not yet drawn) to
// its end. `log`, when given, receives every action played, chance included.
FightRecord play_recorded_fight(const State& start, const PlayerSpec& player, std::uint64_t seed,
                                std::vector<Action>* log = nullptr);

// The uniform in [0, 1) behind the `index`-th chance event of `kind` (0 draw,
// 1 roll) in turn `turn` of the fight seeded `seed`.
double fight_chance_uniform(std::uint64_t seed, int kind, int turn, int index);

}  // namespace triptych::combat
