// Applying actions and the turn cycle: two actions, then the countdown, the
// turn limit and the start-of-turn checks (win on the enemy Core, separation,
// a disabled fleet).
#include <algorithm>

#include "common/errors.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

void State::apply(const Action& action) {
  // The generated twin carries what the action alone does not say (a move's climb).
  ActionList actions;
  legal_actions(actions);
  const auto it = std::find(actions.begin(), actions.end(), action);
  if (it == actions.end()) throw IllegalActionError(explain_illegal(action));
  apply_unchecked(*it);
}

void State::apply_unchecked(const Action& a) {
  bool cut_emptied = false;  // a cut vertex, by combat: only then can contact be lost
  switch (a.type) {
    case ActionType::kMove: do_step(a.from, a.to); break;  // a Frigate's path leaves no trace
    case ActionType::kSpawn: do_spawn(a); break;
    case ActionType::kShipyard: do_shipyard(a.to); break;
    case ActionType::kDestroy: cut_emptied = do_destroy(a.to); break;
    case ActionType::kPush: cut_emptied = do_push(a.from, a.to); break;
  }
  // R19: a ship that climbed in the first action climbs less in the second.
  if (a.type == ActionType::kMove && a.climb > 0 && actions_left_ == 2) set_climb(a.to, a.climb);
  // Contact survives every move (a move must keep it) and every spawn; only
  // combat that empties a cut vertex can break it, and apart, any action may restore it.
  if (!contact_ || cut_emptied) contact_ = networks_in_contact();
  end_action();
}

void State::do_step(Hex from, Hex to) {
  const Tile t = pop_tile(find_column(from));
  int c = find_column(to);
  if (c < 0) c = add_column(to);
  push_tile(c, t);
  if (t.is_core()) core_[t.owner()] = to;
}

void State::do_spawn(const Action& a) {
  int c = find_column(a.to);
  if (c < 0) c = add_column(a.to);
  push_tile(c, Tile::make(side_, a.unit, a.face_down));
  set_reserve(side_, a.unit, reserve_[side_][a.unit] - 1);
}

void State::do_shipyard(Hex at) {
  push_tile(add_column(at), Tile::make(side_, kShipyard));
  set_reserve(side_, kShipyard, reserve_[side_][kShipyard] - 1);
  ++shipyards_[side_];
}

// Combat may strand tiles, but only by emptying a column that is a cut
// vertex: every tile was powered before, and a board that loses tiles from
// columns that stay, loses a column that splits nothing, or gains columns
// beside occupied ones keeps every path (so no search).
bool State::empties_cut_vertex(int col) const {
  return col_height_[col] == 1 && !ring_is_one_arc(col_ring_[col]) && is_cut_vertex(col);
}

bool State::do_destroy(Hex target) {
  const int c = find_column(target);
  const bool splits = empties_cut_vertex(c);
  return_to_reserve(pop_tile(c));
  if (splits) resolve_power();
  return splits;
}

bool State::do_push(Hex from, Hex target) {
  int dir = 0;
  while (neighbour(from, dir) != target) ++dir;
  const Hex beyond = neighbour(target, dir);
  int tc = find_column(target);
  const int target_level = level_of_top(tc);
  // A Repulsor never stands in its own Core's column (R9): pushing a ship off
  // your own Core, the Repulsor stays where it is.
  const bool advance = !own_core_column(tc, side_);
  // Only the Repulsor's column may empty: the target's keeps the Repulsor, or
  // (not advancing) the pusher's own Core.
  const bool splits = advance && empties_cut_vertex(find_column(from));
  const Tile victim = pop_tile(tc);
  // The Repulsor takes the vacated space before the target falls.
  if (advance) {
    const Tile repulsor = pop_tile(find_column(from));
    tc = find_column(target);
    if (tc < 0) tc = add_column(target);
    push_tile(tc, repulsor);
  }
  // The column beyond decides: at or below the target's level it is a floor
  // (the target lands on it); above, a wall (crushed). A Core refuses its own
  // ships, so it is a wall to them (R8).
  int bc = find_column(beyond);
  const int beyond_height = bc < 0 ? 0 : col_height_[bc];
  const bool crushed = beyond_height > target_level || (bc >= 0 && own_core_column(bc, victim.owner()));
  if (crushed) {
    return_to_reserve(victim);
  } else {
    if (bc < 0) bc = add_column(beyond);
    push_tile(bc, victim);
  }
  if (splits) resolve_power();
  return splits;
}

void State::end_action() {
  // Contact clears a running countdown at any moment.
  if (countdown_ != 0 && contact_) set_countdown(0);
  if (actions_left_ == 2) {
    set_side_and_actions(side_, 1);
    if (has_legal_action()) return;  // otherwise the turn simply ends
  }
  end_turn();
}

void State::end_turn() {
  set_climb({}, 0);
  if (countdown_ != 0) {
    set_countdown(countdown_ - 1);
    if (countdown_ == 0) {  // the fourth turn ended still apart
      ++turn_;
      set_over(-1);
      return;
    }
  }
  ++turn_;
  if (options_.max_turns > 0 && static_cast<int>(turn_) >= options_.max_turns) {
    set_over(-1);
    return;
  }
  set_side_and_actions(opponent(side_), 2);
  start_turn();
}

void State::start_turn() {
  if (has_ship_on_enemy_core(side_)) {
    set_over(side_);
    return;
  }
  if (countdown_ == 0 && !contact_) set_countdown(kCountdownTurns);
  if (record_turn_start()) {  // R20: the same position for the third time
    set_over(-1);
    return;
  }
  if (!has_legal_action()) set_over(opponent(side_));  // disabled
}

bool State::record_turn_start() {
  if (options_.repetitions == 0) return false;
  // Any earlier occurrence may match (no action in Hexfleet is irreversible:
  // every tile can return to its reserve), so the whole list is walked.
  const int seen = 1 + history_.count(hash_);
  history_.push(hash_);
  return seen >= options_.repetitions;
}

bool State::has_ship_on_enemy_core(int side) const {
  const int c = find_column(core_[opponent(side)]);
  if (col_height_[c] < 2) return false;
  int slot = col_top_[c];
  for (int level = col_height_[c] - 1; level > 1; --level) slot = below_[slot];
  return tile_[slot].owner() == side && tile_[slot].is_ship();
}

}  // namespace triptych::hexfleet
