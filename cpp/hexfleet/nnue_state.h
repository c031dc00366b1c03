// Hexfleet searched with the NNUE evaluation: the state plus its two
// accumulators (docs/nnue.md, "Where the accumulators are updated"). apply
// notes which tiles the action changed, by listing the few hexes it touches
// before and after (a step's two ends; a push's Repulsor, target and the hex
// beyond), and the accumulators catch up by those tiles' features alone, plus
// the reserves, countdown and turn, compared with a snapshot. A move of a Core
// shifts that Core's frame in both perspectives, and a cascade (tiles cut off
// from their Core going home) changes tiles elsewhere, so both then refresh
// in full. The classic search (SearchGame) is a separate instantiation and
// pays nothing for this.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "hexfleet/nnue_features.h"
#include "hexfleet/search_game.h"
#include "hexfleet/separation.h"
#include "nnue/lazy_accumulators.h"
#include "nnue/net.h"

namespace triptych::hexfleet {

inline nnue::NetSpec nnue_spec() {
  return {nnue::kHexfleetNet, nnue_features::kFeatureSet, nnue_features::kFeatures};
}

// A tile where it stands, packed: q and r modulo 1024 (10 bits each; a board
// of 48 tiles spans far less), level (6 bits) and the tile's code (5 bits).
struct TileKey {
  static std::uint32_t make(Hex at, int level, Tile t) {
    return (std::uint32_t(at.q) & 1023) << 21 | (std::uint32_t(at.r) & 1023) << 11 | std::uint32_t(level) << 5 | t.code;
  }
  static int level_of(std::uint32_t key) { return (key >> 5) & 63; }
  static Tile tile_of(std::uint32_t key) { return Tile{std::uint8_t(key & 31)}; }
  // The key's offset from `core` (exact: every offset on a board is far below 512).
  static int wrapped(std::uint32_t bits, int origin) { return int(((bits - std::uint32_t(origin)) & 1023) ^ 512) - 512; }
  static int dq(std::uint32_t key, Hex core) { return wrapped(key >> 21, core.q); }
  static int dr(std::uint32_t key, Hex core) { return wrapped(key >> 11, core.r); }

  // The features of tile `key`, cores[side] the Cores: features[perspective][frame] (frame 0: the
  // perspective's own Core, 1: the other's), each place found once for both perspectives.
  static void features(std::uint32_t key, const Hex* cores, int (&out)[2][2]) {
    const int places[2] = {nnue_features::place(dq(key, cores[0]), dr(key, cores[0])),
                           nnue_features::place(dq(key, cores[1]), dr(key, cores[1]))};
    nnue_features::tile_features_both(tile_of(key), level_of(key), places, out);
  }
};

// What the accumulators describe besides the tiles (whose changes NnueState
// notes as they happen): the Cores (the frames), reserves, countdown and turn.
struct NnueBoard {
  Hex cores[2];
  std::uint8_t reserves[2][kUnitCount];
  std::int8_t countdown = 0, side = 0, actions_left = 0;

  void take(const State& s) {
    for (int side_ = 0; side_ < 2; ++side_) {
      cores[side_] = s.core(side_);
      for (int unit = 0; unit < kUnitCount; ++unit) reserves[side_][unit] = std::uint8_t(s.reserve(side_, unit));
    }
    countdown = std::int8_t(s.countdown());
    side = std::int8_t(s.side_to_act());
    actions_left = std::int8_t(s.actions_left());
  }
};

// The tiles that left and arrived since the accumulators last caught up, or
// `whole` when they must be recomputed from the full feature lists.
struct TileChanges {
  static constexpr int kMax = 24;  // more (several actions with no catching up between) and it is whole
  std::uint32_t gone[kMax], came[kMax];
  std::uint8_t n_gone = 0, n_came = 0;
  bool whole = false;
  void clear() { n_gone = n_came = 0, whole = false; }  // the lists are not cleared: only [0, n) is read
};

class NnueState : public nnue::LazyAccumulators<NnueState, State, NnueBoard> {
 public:
  NnueState(const State& state, const nnue::Net& net) : LazyAccumulators(state, net) { refresh(); }

  // Applies a legal action, noting the tiles it changed; the accumulators catch up when next read.
  void apply(const Action& action) {
    if (changes_.whole) {
      state_.apply_unchecked(action);
    } else if (action.type == ActionType::kMove || action.type == ActionType::kSpawn ||
               action.type == ActionType::kShipyard) {
      // One tile moves (the top of `from` onto the top of `to`) or arrives on top of `to`, and no other
      // changes (a move keeps every tile powered), so the keys follow from the heights before the action.
      const int tiles_before = state_.tile_count();
      const int to_level = state_.height_at(action.to);
      Tile tile;
      if (action.type == ActionType::kMove) {
        const int from_level = state_.height_at(action.from) - 1;
        tile = state_.tile_at(action.from, from_level);
        note(changes_.gone, changes_.n_gone, TileKey::make(action.from, from_level, tile));
      } else {
        tile = action.type == ActionType::kShipyard ? Tile::make(state_.side_to_act(), kShipyard)
                                                     : Tile::make(state_.side_to_act(), action.unit, action.face_down);
      }
      note(changes_.came, changes_.n_came, TileKey::make(action.to, to_level, tile));
      state_.apply_unchecked(action);
      if (state_.tile_count() - tiles_before != (action.type == ActionType::kMove ? 0 : 1)) changes_.whole = true;
    } else {
      Hex hexes[3];
      const int n_hexes = touched_hexes(action, hexes);
      std::uint32_t before[kListed], after[kListed];
      const int n_before = list_tiles(hexes, n_hexes, before);
      const int tiles_before = state_.tile_count();
      state_.apply_unchecked(action);
      const int n_after = list_tiles(hexes, n_hexes, after);
      // Tiles elsewhere change only in a cascade, which only removes them: the count tells.
      if (state_.tile_count() - tiles_before != n_after - n_before)
        changes_.whole = true;
      else
        note_changes(before, n_before, after, n_after);
    }
    stale_ = true;
  }
  // Both accumulators recomputed from the full feature lists.
  void refresh() {
    board_.take(state_);
    refresh_all();
    changes_.clear();
    stale_ = false;
  }

 private:
  friend LazyAccumulators;
  static constexpr int kListed = 3 * kMaxTiles;

  // The hexes whose stacks a push or a destroy changes (besides a cascade): at most three.
  static int touched_hexes(const Action& a, Hex* out) {
    if (a.type != ActionType::kPush) return out[0] = a.to, 1;  // the destroyed tile's
    out[0] = a.from, out[1] = a.to, out[2] = {2 * a.to.q - a.from.q, 2 * a.to.r - a.from.r};
    return 3;  // the Repulsor's, the target's and the one beyond
  }
  int list_tiles(const Hex* hexes, int n_hexes, std::uint32_t* out) const {
    int n = 0;
    Tile column[kMaxTiles];
    for (int i = 0; i < n_hexes; ++i) {
      const int height = state_.tiles_at(hexes[i], column);
      for (int level = 0; level < height; ++level) out[n++] = TileKey::make(hexes[i], level, column[level]);
    }
    return n;
  }
  // Appends what left and what arrived (the keys in one list only) to changes_.
  void note_changes(std::uint32_t* before, int n_before, std::uint32_t* after, int n_after) {
    sort_keys(before, n_before);
    sort_keys(after, n_after);
    TileChanges& c = changes_;
    for (int i = 0, j = 0; (i < n_before || j < n_after) && !c.whole;) {
      if (j == n_after || (i < n_before && before[i] < after[j]))
        note(c.gone, c.n_gone, before[i++]);
      else if (i == n_before || after[j] < before[i])
        note(c.came, c.n_came, after[j++]);
      else
        ++i, ++j;
    }
  }

  // Appends `key` to one of changes_'s lists, or marks the change whole when the list is full.
  void note(std::uint32_t* list, std::uint8_t& n, std::uint32_t key) {
    if (n == TileChanges::kMax)
      changes_.whole = true;
    else
      list[n++] = key;
  }

  // Insertion sort: a handful of keys.
  static void sort_keys(std::uint32_t* keys, int n) {
    for (int i = 1; i < n; ++i) {
      const std::uint32_t k = keys[i];
      int j = i - 1;
      for (; j >= 0 && keys[j] > k; --j) keys[j + 1] = keys[j];
      keys[j + 1] = k;
    }
  }

  // Brings the accumulators and board_ to the state by the features that changed.
  void update() const {
    NnueBoard now;
    now.take(state_);
    const NnueBoard& was = board_;
    const TileChanges& c = changes_;
    if (c.whole || now.cores[0] != was.cores[0] || now.cores[1] != was.cores[1] ||
        2 * (c.n_gone + c.n_came) > kRefreshAbove) {
      board_ = now;
      refresh_all();
      changes_.clear();
      return;
    }
    // The reserve counts that changed (a spawn spends one, a tile sent home returns one), found once for
    // both perspectives: the thermometer moves only there.
    int changed_reserves[2 * kUnitCount], n_changed = 0;
    if (std::memcmp(was.reserves, now.reserves, sizeof now.reserves) != 0)
      for (int i = 0; i < 2 * kUnitCount; ++i)
        if (was.reserves[i / kUnitCount][i % kUnitCount] != now.reserves[i / kUnitCount][i % kUnitCount])
          changed_reserves[n_changed++] = i;
    int removed[2][kMaxChanged], added[2][kMaxChanged];
    int n_removed = 0, n_added = 0;  // the tiles' features, the same count in both perspectives
    for (int i = 0; i < c.n_gone; ++i, n_removed += 2) {
      int f[2][2];
      TileKey::features(c.gone[i], now.cores, f);
      for (int p = 0; p < 2; ++p) removed[p][n_removed] = f[p][0], removed[p][n_removed + 1] = f[p][1];
    }
    for (int i = 0; i < c.n_came; ++i, n_added += 2) {
      int f[2][2];
      TileKey::features(c.came[i], now.cores, f);
      for (int p = 0; p < 2; ++p) added[p][n_added] = f[p][0], added[p][n_added + 1] = f[p][1];
    }
    for (int p = 0; p < 2; ++p) {
      int r = n_removed, a = n_added;
      for (int k = 0; k < n_changed; ++k) {
        const int s = changed_reserves[k] / kUnitCount, unit = changed_reserves[k] % kUnitCount;
        const int before = std::min<int>(was.reserves[s][unit], nnue_features::kReserveDepth);
        const int after = std::min<int>(now.reserves[s][unit], nnue_features::kReserveDepth);
        for (int t = after + 1; t <= before; ++t) removed[p][r++] = nnue_features::reserve_feature(p, s, unit, t);
        for (int t = before + 1; t <= after; ++t) added[p][a++] = nnue_features::reserve_feature(p, s, unit, t);
      }
      const int countdown_was = nnue_features::countdown_feature(was.countdown);
      const int countdown_now = nnue_features::countdown_feature(now.countdown);
      if (countdown_was != countdown_now) removed[p][r++] = countdown_was, added[p][a++] = countdown_now;
      const int turn_was = nnue_features::turn_feature(p, was.side, was.actions_left);
      const int turn_now = nnue_features::turn_feature(p, now.side, now.actions_left);
      if (turn_was != turn_now) removed[p][r++] = turn_was, added[p][a++] = turn_now;
      nnue::update(*net_, acc_, p, removed[p], r, added[p], a);
    }
    board_ = now;
    changes_.clear();
  }

  void refresh_all() const {
    int features[2][nnue_features::kMaxActive], n[2];
    nnue_features::active_features_both(state_, features[0], n[0], features[1], n[1]);
    for (int p = 0; p < 2; ++p) nnue::refresh(*net_, acc_, p, features[p], n[p]);
  }

  // More changed tile features than this (two frames for each tile that left or arrived, per perspective)
  // and the accumulators are refreshed in full instead: about half a mid-game's active features.
  static constexpr int kRefreshAbove = 48;
  // Tile features (kRefreshAbove), reserve thermometers (a piece returns or is spent), countdown and turn.
  static constexpr int kMaxChanged = kRefreshAbove + 2 * kUnitCount * nnue_features::kReserveDepth + 2;

  mutable TileChanges changes_;  // since the accumulators last caught up
};

// The Game policy of cpp/search/ over NnueState: the classic SearchGame's rules on the inner state.
struct NnueSearchGame {
  using State = NnueState;
  using Action = hexfleet::Action;
  using ActionList = hexfleet::ActionList;
  // The net travels with the state; the search's options say how much of the
  // classic evaluation (its tuned weights) is blended in: 0 the net alone.
  struct Weights {
    int classic_share = 0;  // percent, 0..100
  };
  // What the bindings (bind_nnue) need besides the search: the features and the net's header.
  using BaseState = hexfleet::State;
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
  static void tactical_actions(const State& s, ActionList& out) { s.state().tactical_actions(out); }
  static void apply(State& s, const Action& a) { s.apply(a); }
  static std::uint64_t hash(const State& s) { return s.state().hash(); }
  static int side(const State& s) { return s.state().side_to_act(); }
  static bool is_terminal(const State& s) { return s.state().is_terminal(); }
  static int winner(const State& s) { return s.state().winner(); }
  static bool is_tactical(const State& s, const Action& a) { return SearchGame::is_tactical(s.state(), a); }
  static int tactical_order(const State& s, const Action& a) { return SearchGame::tactical_order(s.state(), a); }
  static std::uint32_t encode(const Action& a) { return SearchGame::encode(a); }
  static Action decode(std::uint32_t code) { return SearchGame::decode(code); }
  // `draw`: the countdown's draw's value for the side to act (the search's contempt, else 0).
  static int evaluate(const State& s, const Weights& w, int draw = 0) {
    // The classic's share is its board evaluation: the separation outlook, not the classic's clock-only
    // pull, then judges a separation for the blend as a whole.
    const int net = s.evaluate();
    const int blended =
        w.classic_share == 0 ? net : nnue::blend(net, hexfleet::evaluate_board(s.state()), w.classic_share);
    return scale_for_separation(s.state(), blended, draw);
  }
  static void game_history(const State& s, std::vector<std::uint64_t>& out) {
    SearchGame::game_history(s.state(), out);
  }
};

}  // namespace triptych::hexfleet
