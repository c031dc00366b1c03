// Hexfleet as seen by the generic searches (cpp/search/).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "common/rng.h"
#include "hexfleet/evaluate.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

struct SearchGame {
  using State = hexfleet::State;
  using Action = hexfleet::Action;
  using ActionList = hexfleet::ActionList;
  using Weights = hexfleet::EvalWeights;

  static void legal_actions(const State& s, ActionList& out) { s.legal_actions(out); }
  // A uniformly random legal action without listing them (MCTS playouts): the
  // very action legal_actions()[rng.below(size)] would give, so seeded
  // playouts and searches are the same games either way.
  static Action random_action(const State& s, Rng& rng) { return s.random_action(rng); }
  static constexpr bool kRandomActionIsListIndex = true;
  // Quiescence's actions: every legal one that is_tactical accepts, in the same order.
  static void tactical_actions(const State& s, ActionList& out) { s.tactical_actions(out); }
  static void apply(State& s, const Action& a) { s.apply_unchecked(a); }
  static std::uint64_t hash(const State& s) { return s.hash(); }
  static int side(const State& s) { return s.side_to_act(); }
  static bool is_terminal(const State& s) { return s.is_terminal(); }
  static int winner(const State& s) { return s.winner(); }
  // Destroys and pushes change material at once; a move onto the enemy Core wins.
  static bool is_tactical(const State& s, const Action& a) {
    return a.type == ActionType::kDestroy || a.type == ActionType::kPush ||
           (a.type == ActionType::kMove && a.to == s.core(opponent(s.side_to_act())));
  }
  static int tactical_order(const State&, const Action& a) {
    return a.type == ActionType::kMove ? 3 : a.type == ActionType::kPush ? 2 : 1;
  }
  // type 3 | unit 3 | face-down 1 | from q,r 7+7 (wrapped) | to - from 3+3 bits.
  // A collision only misorders moves: codes are compared, never applied.
  static std::uint32_t encode(const Action& a) {
    const auto wrap7 = [](int v) { return static_cast<std::uint32_t>(v + 64) & 127; };
    return static_cast<std::uint32_t>(a.type) | (std::uint32_t(a.unit) << 3) | (std::uint32_t(a.face_down) << 6) |
           (wrap7(a.from.q) << 7) | (wrap7(a.from.r) << 14) | (std::uint32_t(a.to.q - a.from.q + 4) << 21) |
           (std::uint32_t(a.to.r - a.from.r + 4) << 24);
  }
  static Action decode(std::uint32_t code) {
    const auto unwrap7 = [](std::uint32_t v) { return static_cast<int>(v & 127) - 64; };
    Action a;
    a.type = static_cast<ActionType>(code & 7);
    a.unit = static_cast<std::uint8_t>((code >> 3) & 7);
    a.face_down = ((code >> 6) & 1) != 0;
    a.from = Hex{unwrap7(code >> 7), unwrap7(code >> 14)};
    a.to = Hex{a.from.q + static_cast<int>((code >> 21) & 7) - 4, a.from.r + static_cast<int>((code >> 24) & 7) - 4};
    return a;
  }
  static int evaluate(const State& s, const Weights& w) { return hexfleet::evaluate(s, w); }
  // R20: the turn starts played so far (no Hexfleet action is irreversible, so all of them).
  static void game_history(const State& s, std::vector<std::uint64_t>& out) {
    const std::vector<std::uint64_t> starts = s.history();
    out.insert(out.end(), starts.begin(), starts.end());
  }
  static const std::vector<std::pair<const char*, int Weights::*>>& weight_fields() {
    static const std::vector<std::pair<const char*, int Weights::*>> fields = {
        {"frigate", &Weights::frigate},       {"destroyer", &Weights::destroyer},
        {"repulsor", &Weights::repulsor},     {"shipyard", &Weights::shipyard},
        {"shield", &Weights::shield},         {"reserve", &Weights::reserve},
        {"working_shipyard", &Weights::working_shipyard}, {"core_approach", &Weights::core_approach},
        {"core_threat", &Weights::core_threat}, {"core_guard", &Weights::core_guard},
        {"pinned", &Weights::pinned},         {"boarded", &Weights::boarded},
        {"tempo", &Weights::tempo},           {"board_reach", &Weights::board_reach},
        {"board_now", &Weights::board_now},   {"defender", &Weights::defender},
        {"boarded_safe", &Weights::boarded_safe}, {"core_open", &Weights::core_open}};
    return fields;
  }
};

}  // namespace triptych::hexfleet
