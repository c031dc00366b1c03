// The greedy player: the action whose resulting position evaluates best for
// the side that plays it (a win beats everything). A baseline for matches.
#pragma once

#include "search/limits.h"

namespace triptych::search {

template <class Game>
SearchResult<typename Game::Action> greedy_choice(const typename Game::State& s,
                                                  const typename Game::Weights& weights = {}) {
  SearchResult<typename Game::Action> result;
  typename Game::ActionList actions;
  if (Game::is_terminal(s)) return result;
  Game::legal_actions(s, actions);
  const int side = Game::side(s);
  int best = -kInfinity;
  for (const auto& a : actions) {
    auto child = s;
    Game::apply(child, a);
    int value;
    if (Game::is_terminal(child)) {
      const int winner = Game::winner(child);
      value = winner < 0 ? 0 : winner == side ? kWin : -kWin;
    } else {
      const int eval = Game::evaluate(child, weights);
      value = Game::side(child) == side ? eval : -eval;
    }
    ++result.nodes;
    if (value > best) {
      best = value;
      result.best = a;
      result.has_move = true;
    }
  }
  result.score = best;
  result.depth = 1;
  if (result.has_move) result.pv = {result.best};
  return result;
}

}  // namespace triptych::search
