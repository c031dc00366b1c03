// A game state searched with an NNUE evaluation: the state plus its two
// accumulators (one per perspective), brought up to date lazily. Each game's
// NnueState (cpp/<game>/nnue_state.h) derives from this and says what the
// accumulators describe (its Board snapshot) and how they catch up with the
// state (its update and refresh); this holds what both games share.
//
// apply only marks the accumulators stale; they catch up when the position is
// evaluated, read or copied. The search copies a node once for each of its
// children, so a node with children catches up once, at its first copy, and a
// node that is never evaluated (a transposition-table cut-off, a terminal or
// repeated position) pays nothing. Catching up through a const reference
// changes only the mutable accumulators and snapshot, never what the position
// is; like the search's own states, a stale position is not to be copied from
// two threads at once (the search's root is always fresh).
#pragma once

#include "nnue/net.h"

namespace triptych::nnue {

// Derived provides `void update() const` (accumulators and board_ from board_
// to state_, by the features that changed) and `void refresh()` (both from the
// full feature lists; clears stale_), and calls refresh() in its constructor.
template <typename Derived, typename GameState, typename Board>
class LazyAccumulators {
 public:
  LazyAccumulators(const GameState& state, const Net& net) : state_(state), net_(&net) {}
  LazyAccumulators(const LazyAccumulators& other) : state_(other.state_), net_(other.net_) {
    other.catch_up();
    board_ = other.board_;
    acc_ = other.acc_;
  }
  LazyAccumulators& operator=(const LazyAccumulators& other) {
    if (this != &other) {
      other.catch_up();
      state_ = other.state_, net_ = other.net_, board_ = other.board_, acc_ = other.acc_, stale_ = false;
    }
    return *this;
  }

  const GameState& state() const { return state_; }
  const Accumulators& accumulators() const {
    catch_up();
    return acc_;
  }
  int evaluate() const { return forward(*net_, accumulators(), state_.side_to_act()); }

  // Applies a legal action; the accumulators catch up when next read.
  template <typename Action>
  void apply(const Action& action) {
    state_.apply_unchecked(action);
    stale_ = true;
  }

 protected:
  void catch_up() const {
    if (stale_) {
      static_cast<const Derived*>(this)->update();
      stale_ = false;
    }
  }

  GameState state_;
  const Net* net_;
  // What the accumulators describe, and whether the state has moved on since (catch_up).
  mutable Board board_;
  mutable Accumulators acc_;
  mutable bool stale_ = false;
};

}  // namespace triptych::nnue
