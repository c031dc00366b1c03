#include "combat/fight_record.h"

#include <stdexcept>

#include "combat/players.h"
#include "combat/search_players.h"
#include "combat/variant.h"
#include "common/players.h"
#include "common/rng.h"

namespace triptych::combat {
namespace {

// Loop guards. No player is known to stall, but a lab run of hours must not
// hang on one fight: past kTurnGuard decisions in one turn the default
// continuation (end, else roll) is forced and counted in `stalls`; past
// kFightGuard decisions the fight is abandoned as it stands (a draw).
constexpr int kTurnGuard = 400;
constexpr int kFightGuard = 100000;

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a ^ (b * 0xD6E8FEB86659FD93ULL);
  return splitmix64(x);
}

int shunya_in_hand(const State& s) {
  int n = 0;
  for (int e = 0; e < kCardElements; ++e) n += s.d.piles[kHand][card_code(kShunya, e)];
  return n;
}

}  // namespace

PlayerSpec parse_player(const std::string& text) {
  if (text == "random") return {PlayerKind::kRandom, 0};
  if (text == "greedy") return {PlayerKind::kGreedy, 0};
  if (text.rfind("mcts:", 0) == 0) {
    const std::string n = text.substr(5);
    const bool digits = !n.empty() && n.size() <= 8 && n.find_first_not_of("0123456789") == std::string::npos;
    const std::uint64_t iterations = digits ? std::stoull(n) : 0;
    if (iterations < 1 || iterations > 10'000'000)
      throw std::invalid_argument("bad player '" + text + "': mcts:N needs N, the iterations per decision, in 1..10000000");
    return {PlayerKind::kMcts, iterations};
  }
  throw std::invalid_argument("unknown player '" + text + "' (known: random, greedy, mcts:N)");
}

std::string player_name(const PlayerSpec& spec) {
  switch (spec.kind) {
    case PlayerKind::kRandom: return "random";
    case PlayerKind::kGreedy: return "greedy";
    default: return "mcts:" + std::to_string(spec.iterations);
  }
}

double fight_chance_uniform(std::uint64_t seed, int kind, int turn, int index) {
  const std::uint64_t h = mix(mix(mix(seed, 0xC4A7CE + static_cast<std::uint64_t>(kind)), static_cast<std::uint64_t>(turn)),
                              static_cast<std::uint64_t>(index));
  return static_cast<double>(h >> 11) * 0x1.0p-53;
}

FightRecord play_recorded_fight(const State& start, const PlayerSpec& player, std::uint64_t seed,
                                std::vector<Action>* log) {
  if (start.variant().verbs().size() > static_cast<std::size_t>(kMaxRecordedVerbs))
    throw std::logic_error("fight_record: raise kMaxRecordedVerbs for this variant's verb table");
  FightRecord r;
  r.seed = seed;
  State s = start;
  Rng own(mix(seed, 0x5EA4C4));  // the player's own randomness, never the chance stream
  MctsConfig config;
  config.iterations = player.iterations;
  config.threads = 1;
  std::vector<std::uint64_t> seen;  // positions stood in this turn (MCTS's `avoid`)
  seen.reserve(64);
  int chance_turn = -1, draws = 0, rolls = 0;
  int decision_turn = -1, turn_decisions = 0;
  bool opening = false;

  while (!s.is_terminal()) {
    if (s.to_move() == kChancePlayer) {
      if (s.d.turn != chance_turn) chance_turn = s.d.turn, draws = rolls = 0;
      const int kind = s.d.pending_draws > 0 ? 0 : 1;  // draws come first (State::chance_outcomes)
      const Action a = s.pick_chance(fight_chance_uniform(seed, kind, s.d.turn, kind == 0 ? draws++ : rolls++));
      if (a.type == ActionType::kRollOutcome) {
        ++r.rolls;
        ++r.rolled[a.b];
      }
      s.apply_unchecked(a);
      if (log) log->push_back(a);
      continue;
    }
    if (!opening) {
      opening = true;
      for (int kind = 0; kind < kOpeningKinds; ++kind)
        for (int e = 0; e < kCardElements; ++e) r.opening[kind] += s.d.piles[kHand][card_code(kind, e)];
    }
    if (s.d.turn != decision_turn) decision_turn = s.d.turn, turn_decisions = 0, seen.clear();
    seen.push_back(s.hash());
    Action a;
    if (++turn_decisions > kTurnGuard) {
      ActionList legal;
      s.legal_actions(legal);
      a = default_action(legal);
      ++r.stalls;
    } else {
      switch (player.kind) {
        case PlayerKind::kRandom: a = random_action(s, own); break;
        case PlayerKind::kGreedy: a = greedy_action(s, own); break;
        case PlayerKind::kMcts: a = mcts_search(s, config, own.next(), seen).best; break;
      }
    }
    if (a.type == ActionType::kPlace) ++r.placed[card_element(a.a)];
    if (a.type == ActionType::kVerb) ++r.verbs[a.verb];
    if (a.type == ActionType::kBuy) ++r.buys;
    const int shunya_before = shunya_in_hand(s);
    s.apply_unchecked(a);
    if (log) log->push_back(a);
    const int shunya_after = shunya_in_hand(s);
    if (shunya_after < shunya_before) r.akasha_played += shunya_before - shunya_after;
    if (++r.decisions > kFightGuard) break;
  }

  r.winner = s.is_terminal() ? s.winner() : -1;
  r.turns = s.d.turn;
  if (s.is_terminal() && s.winner() == -1 && s.d.turn > s.param(kTurnCap)) r.turns = s.param(kTurnCap);
  r.player_hp = s.d.player.hp;
  r.enemy_hp = s.d.enemy.hp;
  r.enemy_max_hp = s.d.enemy.max_hp;
  r.damage_dealt = r.enemy_max_hp - r.enemy_hp;
  r.gated = s.d.gated;
  return r;
}

}  // namespace triptych::combat
