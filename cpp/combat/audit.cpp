#include "common/interrupt.h"
#include "combat/audit.h"

#include <exception>
#include <vector>

#include "combat/notation.h"
#include "combat/players.h"
#include "combat/variant.h"
#include "common/players.h"

namespace triptych::combat {
namespace {

std::string check(const State& s) {
  auto fighter_ok = [](const Fighter& f) {
    return f.hp >= 0 && f.block >= 0 && f.standing_block >= 0 && f.status[kWeak] >= 0 && f.status[kVulnerable] >= 0 &&
           f.status[kBurn] >= 0 && f.burn_turns >= 0;
  };
  if (!fighter_ok(s.d.player)) return "player HP, Block or a status went negative";
  if (!fighter_ok(s.d.enemy)) return "Sentinel HP, Block or a status went negative";
  if (s.d.energy < 0) return "energy went negative";
  for (int c = 0; c < kCounters; ++c)
    if (s.d.counters[c] < 0) return "a counter went negative";
  if (!s.cards_conserved()) return "cards not conserved";
  if (s.hash() != s.compute_hash()) return "hash differs from a rebuild";
  try {
    s.validate();
  } catch (const std::exception& e) {
    return std::string("validate() refused a reachable position: ") + e.what();
  }
  if (!s.is_terminal()) {
    if (s.to_move() == kChancePlayer) {
      ChanceList outcomes;
      s.chance_outcomes(outcomes);
      double total = 0;
      for (const auto& o : outcomes) total += o.probability;
      if (outcomes.size() == 0 || total < 0.999999 || total > 1.000001) return "chance probabilities do not sum to 1";
    } else {
      ActionList actions;
      s.legal_actions(actions);
      if (actions.size() == 0) return "the player is to move with no legal action";
      for (const auto& a : actions)
        if (!s.is_legal(a)) return "listed action " + to_notation(s.variant(), a) + " is refused";
    }
  }
  return {};
}

}  // namespace

AuditReport audit_random_fights(const State& start, int fights, std::uint64_t seed) {
  AuditReport report;
  Rng rng(seed);
  for (int g = 0; !interrupt_requested() && g < fights; ++g) {
    State s = start;
    std::vector<Action> played;
    auto history = [&] {
      std::string h;
      for (const auto& a : played) h += to_notation(start.variant(), a) + " ";
      return h;
    };
    try {
      for (int step = 0; !s.is_terminal(); ++step) {
        if (step > 20000) {
          report.failure = "fight did not end";
          return report;
        }
        const Action a = s.to_move() == kChancePlayer ? sample_chance(s, rng) : random_action(s, rng);
        played.push_back(a);
        s.apply(a);
        ++report.steps;
        if (std::string why = check(s); !why.empty()) {
          report.failure = "fight " + std::to_string(g) + ": " + why + " after: " + history() + "\n" + s.to_string();
          return report;
        }
      }
    } catch (const std::exception& e) {
      report.failure = "fight " + std::to_string(g) + ": exception " + e.what() + " after: " + history();
      return report;
    }
    report.capped += s.winner() == -1;
    ++report.fights;
  }
  return report;
}

}  // namespace triptych::combat
