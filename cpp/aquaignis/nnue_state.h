// AquaIgnis searched with the NNUE evaluation: the game state plus its two
// accumulators, kept up to date by apply (docs/nnue.md). The classic search
// (SearchGame) is a separate instantiation and pays nothing for this.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "aquaignis/nnue_features.h"
#include "aquaignis/search_game.h"
#include "nnue/net.h"

namespace triptych::aquaignis {

inline nnue::NetSpec nnue_spec() {
  return {nnue::kAquaIgnisNet, nnue_features::kFeatureSet, nnue_features::kFeatures};
}

class NnueState {
 public:
  // More changed features than this in one perspective and apply refreshes
  // that accumulator from the full list instead (a pulse striking many units):
  // about half of a typical position's active features.
  static constexpr int kRefreshAbove = 24;

  NnueState(const State& state, const nnue::Net& net) : state_(state), net_(&net) { refresh(); }

  const State& state() const { return state_; }
  const nnue::Accumulators& accumulators() const { return acc_; }
  int evaluate() const { return nnue::forward(*net_, acc_, state_.side_to_act()); }

  // Applies a legal action and brings the accumulators up to date.
  void apply(const Action& action) {
    const std::uint64_t before_units = state_.unit_mask(kAqua) | state_.unit_mask(kIgnis);
    Cell before[kCells];
    for (std::uint64_t u = before_units; u; u &= u - 1) {
      const int i = __builtin_ctzll(u);
      before[i] = state_.cell(i / kSlots, i % kSlots);
    }
    int before_extra[2][10], before_extra_n[2];
    for (int p = 0; p < 2; ++p) before_extra_n[p] = nnue_features::extra_features(state_, p, before_extra[p]);

    state_.apply_unchecked(action);

    // The features that changed, per perspective: removed then added.
    int removed[2][nnue_features::kMaxActive + 10], added[2][nnue_features::kMaxActive + 10];
    int n_removed = 0, n_added = 0;
    const std::uint64_t after_units = state_.unit_mask(kAqua) | state_.unit_mask(kIgnis);
    for (std::uint64_t u = before_units | after_units; u; u &= u - 1) {
      const int i = __builtin_ctzll(u);
      const int flow = i / kSlots, pos = i % kSlots;
      const bool was = (before_units >> i) & 1, is = (after_units >> i) & 1;
      const Cell now = state_.cell(flow, pos);
      if (was && is && before[i] == now) continue;
      if (was) {
        for (int p = 0; p < 2; ++p) removed[p][n_removed] = nnue_features::unit_feature(p, flow, pos, before[i]);
        ++n_removed;
      }
      if (is) {
        for (int p = 0; p < 2; ++p) added[p][n_added] = nnue_features::unit_feature(p, flow, pos, now);
        ++n_added;
      }
    }
    for (int p = 0; p < 2; ++p) {
      int extra[10];
      const int n_extra = nnue_features::extra_features(state_, p, extra);
      int r = n_removed, a = n_added;
      for (int i = 0; i < before_extra_n[p]; ++i)
        if (!contains(extra, n_extra, before_extra[p][i])) removed[p][r++] = before_extra[p][i];
      for (int i = 0; i < n_extra; ++i)
        if (!contains(before_extra[p], before_extra_n[p], extra[i])) added[p][a++] = extra[i];
      if (r + a > kRefreshAbove) {
        refresh(p);
        continue;
      }
      nnue::update(*net_, acc_, p, removed[p], r, added[p], a);
    }
  }

  // Both accumulators recomputed from the full feature lists.
  void refresh() {
    for (int p = 0; p < 2; ++p) refresh(p);
  }

 private:
  static bool contains(const int* list, int n, int value) {
    for (int i = 0; i < n; ++i)
      if (list[i] == value) return true;
    return false;
  }
  void refresh(int p) {
    int features[nnue_features::kMaxActive];
    const int n = nnue_features::active_features(state_, p, features);
    nnue::refresh(*net_, acc_, p, features, n);
  }

  State state_;
  const nnue::Net* net_;
  nnue::Accumulators acc_;
};

// The Game policy of cpp/search/ over NnueState; everything but apply and
// evaluate is the classic SearchGame's, on the inner state.
struct NnueSearchGame {
  using State = NnueState;
  using Action = aquaignis::Action;
  using ActionList = aquaignis::ActionList;
  struct Weights {};  // the net travels with the state

  static void legal_actions(const State& s, ActionList& out) { s.state().legal_actions(out); }
  static void apply(State& s, const Action& a) { s.apply(a); }
  static std::uint64_t hash(const State& s) { return s.state().hash(); }
  static int side(const State& s) { return s.state().side_to_act(); }
  static bool is_terminal(const State& s) { return s.state().is_terminal(); }
  static int winner(const State& s) { return s.state().winner(); }
  static bool is_tactical(const State& s, const Action& a) { return s.state().is_tactical(a); }
  static int tactical_order(const State& s, const Action& a) { return SearchGame::tactical_order(s.state(), a); }
  static std::uint32_t encode(const Action& a) { return aquaignis::encode(a); }
  static Action decode(std::uint32_t code) { return aquaignis::decode(code); }
  static int evaluate(const State& s, const Weights&) { return s.evaluate(); }
};

}  // namespace triptych::aquaignis
