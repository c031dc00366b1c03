// Hexfleet searched with the NNUE evaluation: the state plus its two
// accumulators (docs/nnue.md, "Where the accumulators are updated"). The
// accumulators are kept with a snapshot of the board they describe (every
// tile as a packed key, the Cores, reserves, countdown and turn); an update
// lists the board again, takes the difference of the two sorted key lists and
// subtracts and adds only the features that changed. A move of a Core shifts
// that Core's frame in both perspectives, so both are then refreshed in full.
// The classic search (SearchGame) is a separate instantiation and pays nothing
// for this.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "hexfleet/nnue_features.h"
#include "hexfleet/search_game.h"
#include "nnue/lazy_accumulators.h"
#include "nnue/net.h"

namespace triptych::hexfleet {

inline nnue::NetSpec nnue_spec() {
  return {nnue::kHexfleetNet, nnue_features::kFeatureSet, nnue_features::kFeatures};
}

// What the accumulators were computed from: enough to list their features.
struct NnueBoard {
  // One key per tile: q and r modulo 1024 (10 bits each; a board of 48 tiles,
  // and the board one action later, span far less), level (6 bits) and the
  // tile's code (5 bits). Column by column in the state's column order, which
  // an action keeps but for the columns it adds or removes.
  std::uint32_t tiles[kMaxTiles];
  std::uint8_t column_start[kMaxColumns + 1];  // column c's keys: tiles[column_start[c] .. column_start[c + 1])
  int columns = 0;
  Hex cores[2];
  std::uint8_t reserves[2][kUnitCount];
  std::int8_t countdown = 0, side = 0, actions_left = 0;

  static std::uint32_t key(Hex at, int level, Tile t) {
    return (std::uint32_t(at.q) & 1023) << 21 | (std::uint32_t(at.r) & 1023) << 11 | std::uint32_t(level) << 5 | t.code;
  }
  static int level_of(std::uint32_t key) { return (key >> 5) & 63; }
  static Tile tile_of(std::uint32_t key) { return Tile{std::uint8_t(key & 31)}; }
  // The key's offset from `core` (exact: every offset on a board is far below 512).
  static int wrapped(std::uint32_t bits, int origin) { return int(((bits - std::uint32_t(origin)) & 1023) ^ 512) - 512; }
  static int dq(std::uint32_t key, Hex core) { return wrapped(key >> 21, core.q); }
  static int dr(std::uint32_t key, Hex core) { return wrapped(key >> 11, core.r); }

  int tile_count() const { return column_start[columns]; }

  void take(const State& s) {
    columns = s.column_count();
    int n = 0;
    Tile column[kMaxTiles];
    for (int col = 0; col < columns; ++col) {
      column_start[col] = std::uint8_t(n);
      const std::uint32_t at = key(s.column_hex(col), 0, Tile{});  // the column's q and r bits
      const int height = s.column_tiles(col, column);
      for (int level = 0; level < height; ++level) tiles[n++] = at | std::uint32_t(level) << 5 | column[level].code;
    }
    column_start[columns] = std::uint8_t(n);
    for (int side_ = 0; side_ < 2; ++side_) {
      cores[side_] = s.core(side_);
      for (int unit = 0; unit < kUnitCount; ++unit) reserves[side_][unit] = std::uint8_t(s.reserve(side_, unit));
    }
    countdown = std::int8_t(s.countdown());
    side = std::int8_t(s.side_to_act());
    actions_left = std::int8_t(s.actions_left());
  }

  // Whether column `col` holds the same tiles in both boards.
  bool same_column(const NnueBoard& other, int col) const {
    const int n = column_start[col + 1] - column_start[col];
    if (n != other.column_start[col + 1] - other.column_start[col]) return false;
    for (int i = 0; i < n; ++i)
      if (tiles[column_start[col] + i] != other.tiles[other.column_start[col] + i]) return false;
    return true;
  }

  // The feature of tile `key` in `frame` (0: the perspective's Core, 1: the other's).
  int tile_feature(int perspective, int frame, std::uint32_t key) const {
    const Hex core = cores[frame == 0 ? perspective : 1 - perspective];
    const Tile t = tile_of(key);
    const int mine = t.owner() == perspective ? 0 : 1;
    const int kind = t.face_down() ? 6 : t.unit();
    return frame * nnue_features::kFrameFeatures +
           ((mine * 7 + kind) * 3 + std::min(level_of(key), 2)) * nnue_features::kPlaces +
           nnue_features::place(dq(key, core), dr(key, core));
  }

  // Every active feature for `perspective` (the same set as nnue_features::active_features).
  int features(int perspective, int* out) const {
    int n = 0;
    for (int i = 0; i < tile_count(); ++i)
      for (int frame = 0; frame < 2; ++frame) out[n++] = tile_feature(perspective, frame, tiles[i]);
    for (int s = 0; s < 2; ++s)
      for (int unit = 0; unit < kUnitCount; ++unit)
        for (int t = 1; t <= std::min<int>(reserves[s][unit], nnue_features::kReserveDepth); ++t)
          out[n++] = nnue_features::reserve_feature(perspective, s, unit, t);
    out[n++] = nnue_features::countdown_feature(countdown);
    out[n++] = nnue_features::turn_feature(perspective, side, actions_left);
    return n;
  }
};

// The accumulators catch up with the state (nnue::LazyAccumulators) by the
// diff of two NnueBoards above.
class NnueState : public nnue::LazyAccumulators<NnueState, State, NnueBoard> {
 public:
  NnueState(const State& state, const nnue::Net& net) : LazyAccumulators(state, net) { refresh(); }
  // Both accumulators recomputed from the full feature lists.
  void refresh() {
    board_.take(state_);
    refresh_from_board();
    stale_ = false;
  }

 private:
  friend LazyAccumulators;

  // Brings the accumulators from board_ to the state's board by the features that changed.
  void update() const {
    NnueBoard now;
    now.take(state_);
    const NnueBoard& was = board_;
    if (now.cores[0] != was.cores[0] || now.cores[1] != was.cores[1]) {
      board_ = now;
      refresh_from_board();
      return;
    }
    // The tiles that left (or changed) and arrived: the keys of the columns that differ, sorted, less
    // those in both lists (a column the state moved to another index, unchanged).
    std::uint32_t gone[kMaxTiles], came[kMaxTiles];
    int n_gone = 0, n_came = 0;
    for (int col = 0; col < std::max(was.columns, now.columns); ++col) {
      if (col < was.columns && col < now.columns && now.same_column(was, col)) continue;
      if (col < was.columns)
        for (int i = was.column_start[col]; i < was.column_start[col + 1]; ++i) gone[n_gone++] = was.tiles[i];
      if (col < now.columns)
        for (int i = now.column_start[col]; i < now.column_start[col + 1]; ++i) came[n_came++] = now.tiles[i];
    }
    sort_keys(gone, n_gone);
    sort_keys(came, n_came);
    int kept_gone = 0, kept_came = 0;
    for (int i = 0, j = 0; i < n_gone || j < n_came;) {
      if (j == n_came || (i < n_gone && gone[i] < came[j])) {
        gone[kept_gone++] = gone[i++];
      } else if (i == n_gone || came[j] < gone[i]) {
        came[kept_came++] = came[j++];
      } else {
        ++i, ++j;
      }
    }
    n_gone = kept_gone, n_came = kept_came;
    if (2 * (n_gone + n_came) > kRefreshAbove) {
      board_ = now;
      refresh_from_board();
      return;
    }
    const bool reserves_changed = std::memcmp(was.reserves, now.reserves, sizeof now.reserves) != 0;
    for (int p = 0; p < 2; ++p) {
      int removed[kMaxChanged], added[kMaxChanged];
      int r = 0, a = 0;
      for (int i = 0; i < n_gone; ++i)
        for (int frame = 0; frame < 2; ++frame) removed[r++] = was.tile_feature(p, frame, gone[i]);
      for (int i = 0; i < n_came; ++i)
        for (int frame = 0; frame < 2; ++frame) added[a++] = now.tile_feature(p, frame, came[i]);
      for (int s = 0; s < 2 && reserves_changed; ++s)
        for (int unit = 0; unit < kUnitCount; ++unit) {
          const int before = std::min<int>(was.reserves[s][unit], nnue_features::kReserveDepth);
          const int after = std::min<int>(now.reserves[s][unit], nnue_features::kReserveDepth);
          for (int t = after + 1; t <= before; ++t) removed[r++] = nnue_features::reserve_feature(p, s, unit, t);
          for (int t = before + 1; t <= after; ++t) added[a++] = nnue_features::reserve_feature(p, s, unit, t);
        }
      const int countdown_was = nnue_features::countdown_feature(was.countdown);
      const int countdown_now = nnue_features::countdown_feature(now.countdown);
      if (countdown_was != countdown_now) removed[r++] = countdown_was, added[a++] = countdown_now;
      const int turn_was = nnue_features::turn_feature(p, was.side, was.actions_left);
      const int turn_now = nnue_features::turn_feature(p, now.side, now.actions_left);
      if (turn_was != turn_now) removed[r++] = turn_was, added[a++] = turn_now;
      nnue::update(*net_, acc_, p, removed, r, added, a);
    }
    board_ = now;
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

  void refresh_from_board() const {
    int features[nnue_features::kMaxActive];
    for (int p = 0; p < 2; ++p) nnue::refresh(*net_, acc_, p, features, board_.features(p, features));
  }

  // More changed tile features than this (two frames for each tile that left or arrived, per perspective)
  // and the accumulators are refreshed in full instead: about half a mid-game's active features.
  static constexpr int kRefreshAbove = 48;
  // Tile features (kRefreshAbove), reserve thermometers (a piece returns or is spent), countdown and turn.
  static constexpr int kMaxChanged = kRefreshAbove + 2 * kUnitCount * nnue_features::kReserveDepth + 2;
};

// The Game policy of cpp/search/ over NnueState: the classic SearchGame's rules on the inner state.
struct NnueSearchGame {
  using State = NnueState;
  using Action = hexfleet::Action;
  using ActionList = hexfleet::ActionList;
  struct Weights {};  // the net travels with the state
  // What the bindings (bind_nnue) need besides the search: the features and the net's header.
  using BaseState = hexfleet::State;
  static constexpr int kFeatures = nnue_features::kFeatures;
  static constexpr int kMaxActive = nnue_features::kMaxActive;
  static nnue::NetSpec spec() { return nnue_spec(); }
  static int active_features(const BaseState& s, int perspective, int* out) {
    return nnue_features::active_features(s, perspective, out);
  }

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
  static int evaluate(const State& s, const Weights&) { return s.evaluate(); }
  static void game_history(const State& s, std::vector<std::uint64_t>& out) {
    SearchGame::game_history(s.state(), out);
  }
};

}  // namespace triptych::hexfleet
