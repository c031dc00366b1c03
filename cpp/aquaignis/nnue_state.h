// AquaIgnis searched with the NNUE evaluation: the game state plus its two
// accumulators, kept up to date after apply (docs/nnue.md). The classic search
// (SearchGame) is a separate instantiation and pays nothing for this.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "aquaignis/nnue_features.h"
#include "aquaignis/search_game.h"
#include "nnue/lazy_accumulators.h"
#include "nnue/net.h"

namespace triptych::aquaignis {

inline nnue::NetSpec nnue_spec() {
  return {nnue::kAquaIgnisNet, nnue_features::kFeatureSet, nnue_features::kFeatures};
}

// What the accumulators describe: every slot's cell (0 when empty, as in the state) and the other features.
struct NnueBoard {
  static constexpr int kWords = (kCells + 7) / 8;
  alignas(8) std::uint8_t cells[kWords * 8] = {};  // the bytes past kCells stay 0
  nnue_features::ExtraFacts facts{};  // what the features that are not units describe

  void take_cells(const State& s) {
    for (int i = 0; i < kCells; ++i) cells[i] = s.cell(i / kSlots, i % kSlots).code;
  }
  static_assert(std::endian::native == std::endian::little, "word() reads slot 8 w + k as byte k");
  std::uint64_t word(int w) const {
    std::uint64_t x;
    std::memcpy(&x, cells + 8 * w, 8);
    return x;
  }
};

// The accumulators catch up with the state (nnue::LazyAccumulators) by
// comparing the board snapshot with the state: for each slot whose unit
// changed, the old unit's feature is subtracted and the new one's added, in
// both perspectives, and likewise the score, link, turn and no-progress features.
class NnueState : public nnue::LazyAccumulators<NnueState, State, NnueBoard> {
 public:
  // More changed features than this in one perspective and the update
  // refreshes that accumulator from the full list instead (a pulse striking
  // many units): about half of a typical position's active features.
  static constexpr int kRefreshAbove = 24;

  NnueState(const State& state, const nnue::Net& net) : LazyAccumulators(state, net) { refresh(); }

  // Both accumulators recomputed from the full feature lists.
  void refresh() {
    board_.take_cells(state_);
    board_.facts = nnue_features::extra_facts(state_);
    for (int p = 0; p < 2; ++p) refresh(p);
    stale_ = false;
  }

 private:
  friend LazyAccumulators;

  // Brings the accumulators and board_ to the state by the features that changed.
  void update() const {
    // The slots whose cell changed: the two boards compared eight slots at a time.
    NnueBoard now;
    now.take_cells(state_);
    int removed[2][nnue_features::kMaxActive + 10], added[2][nnue_features::kMaxActive + 10];
    int n_removed = 0, n_added = 0;
    for (int w = 0; w < NnueBoard::kWords; ++w) {
      std::uint64_t diff = board_.word(w) ^ now.word(w);
      while (diff) {
        const int byte = __builtin_ctzll(diff) / 8;  // little-endian: byte k of the word is slot 8 w + k
        diff &= ~(std::uint64_t{0xFF} << (8 * byte));
        const int i = 8 * w + byte;
        const int flow = i / kSlots, pos = i % kSlots;
        const Cell was{board_.cells[i]}, is{now.cells[i]};
        if (!was.empty()) {
          for (int p = 0; p < 2; ++p) removed[p][n_removed] = nnue_features::unit_feature(p, flow, pos, was);
          ++n_removed;
        }
        if (!is.empty()) {
          for (int p = 0; p < 2; ++p) added[p][n_added] = nnue_features::unit_feature(p, flow, pos, is);
          ++n_added;
        }
      }
    }
    std::memcpy(board_.cells, now.cells, sizeof now.cells);
    // The other features, from the facts that changed (the turn's at every action, the rest seldom).
    using namespace nnue_features;
    const ExtraFacts was = board_.facts, is = extra_facts(state_);
    board_.facts = is;
    for (int p = 0; p < 2; ++p) {
      int r = n_removed, a = n_added;
      for (int side = 0; side < 2; ++side) {
        for (int t = is.score[side] + 1; t <= was.score[side]; ++t) removed[p][r++] = score_feature(p, side, t);
        for (int t = was.score[side] + 1; t <= is.score[side]; ++t) added[p][a++] = score_feature(p, side, t);
        if (was.link[side] != is.link[side]) {
          if (was.link[side] >= 0) removed[p][r++] = link_feature(p, side, was.link[side]);
          if (is.link[side] >= 0) added[p][a++] = link_feature(p, side, is.link[side]);
        }
      }
      if (was.turn != is.turn) {
        removed[p][r++] = turn_feature(p, was.turn);
        added[p][a++] = turn_feature(p, is.turn);
      }
      if (was.progress != is.progress) {
        removed[p][r++] = progress_feature(was.progress);
        added[p][a++] = progress_feature(is.progress);
      }
      if (r + a > kRefreshAbove) {
        refresh(p);
        continue;
      }
      nnue::update(*net_, acc_, p, removed[p], r, added[p], a);
    }
  }

  void refresh(int p) const {
    int features[nnue_features::kMaxActive];
    const int n = nnue_features::active_features(state_, p, features);
    nnue::refresh(*net_, acc_, p, features, n);
  }
};

// The Game policy of cpp/search/ over NnueState; everything but apply and
// evaluate is the classic SearchGame's, on the inner state.
struct NnueSearchGame {
  using State = NnueState;
  using Action = aquaignis::Action;
  using ActionList = aquaignis::ActionList;
  // The net travels with the state; the search's options say how much of the
  // classic evaluation (its tuned weights) is blended in: 0 the net alone.
  struct Weights {
    int classic_share = 0;  // percent, 0..100
  };
  // What the bindings (bind_nnue) need besides the search: the features and the net's header.
  using BaseState = aquaignis::State;
  static constexpr int kFeatures = nnue_features::kFeatures;
  static constexpr int kMaxActive = nnue_features::kMaxActive;
  static nnue::NetSpec spec() { return nnue_spec(); }
  static int active_features(const BaseState& s, int perspective, int* out) {
    return nnue_features::active_features(s, perspective, out);
  }
  static constexpr int kFactorFeatures = nnue_features::kFactorFeatures;
  static constexpr int kMaxFactors = nnue_features::kMaxFactors;
  static int factors(int feature, int* out) { return nnue_features::factors(feature, out); }

  static void legal_actions(const State& s, ActionList& out) { s.state().legal_actions(out); }
  static void apply(State& s, const Action& a) { s.apply(a); }
  static std::uint64_t hash(const State& s) { return s.state().hash(); }
  // The net also reads the no-progress counter (R17, in buckets of ten actions), which the hash leaves out.
  static std::uint64_t evaluation_key(const State& s) {
    const int bucket = nnue_features::progress_bucket(s.state());
    return s.state().hash() ^ kNoProgressMix * static_cast<std::uint64_t>(bucket + 1);
  }
  static int side(const State& s) { return s.state().side_to_act(); }
  static bool is_terminal(const State& s) { return s.state().is_terminal(); }
  static int winner(const State& s) { return s.state().winner(); }
  static bool is_tactical(const State& s, const Action& a) { return s.state().is_tactical(a); }
  static int tactical_order(const State& s, const Action& a) { return SearchGame::tactical_order(s.state(), a); }
  static std::uint32_t encode(const Action& a) { return aquaignis::encode(a); }
  static Action decode(std::uint32_t code) { return aquaignis::decode(code); }
  static int evaluate(const State& s, const Weights& w) {
    const int net = s.evaluate();
    return w.classic_share == 0 ? net : nnue::blend(net, aquaignis::evaluate(s.state()), w.classic_share);
  }
};

}  // namespace triptych::aquaignis
