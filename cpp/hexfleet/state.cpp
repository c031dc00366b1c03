// The initial position (R1: the two Cores side by side, "locked onto each
// other"), the result, and why an action is illegal.
#include <algorithm>

#include "common/errors.h"
#include "common/players.h"
#include "hexfleet/hashing.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

State::State(const Options& options) : options_(options) {
  validate_options(options_);
  hash_ = zobrist::shield_towers(options_.shield_towers);
  table_.fill(kNone);
  below_.fill(kNone);
  for (int s = 0; s < 2; ++s) {
    core_[s] = {s, 0};
    push_tile(add_column(core_[s]), Tile::make(s, kCore));
    for (int u = 0; u < kUnitCount; ++u) set_reserve(s, u, options_.fleet[u] - (u == kCore ? 1 : 0));
  }
  set_side_and_actions(options_.first_player, 2);
  contact_ = networks_in_contact();
  start_turn();
}

std::vector<std::uint64_t> State::history() const {
  std::vector<std::uint64_t> out;
  history_.for_each([&](std::uint64_t h) { out.push_back(h); });
  std::reverse(out.begin(), out.end());
  return out;
}

int State::to_move() const { return over_ ? kTerminalPlayer : side_; }

std::array<double, 2> State::returns() const {
  if (!over_ || winner_ < 0) return {0.0, 0.0};
  return winner_ == 0 ? std::array<double, 2>{1.0, -1.0} : std::array<double, 2>{-1.0, 1.0};
}

namespace {
std::string hex_text(Hex h) { return std::to_string(h.q) + "," + std::to_string(h.r); }
int abs_diff(int a, int b) { return a < b ? b - a : a - b; }
bool adjacent(Hex a, Hex b) { return hex_distance(a, b) == 1; }
}  // namespace

// The first rule the action breaks, for the IllegalActionError message.
std::string State::explain_illegal(const Action& a) const {
  if (over_) return "the game is over";
  if (is_legal(a)) return "";
  const int me = side_;
  const std::string where = hex_text(a.from);
  const int fc = find_column(a.from);
  const int tc = find_column(a.to);
  if (a.type == ActionType::kSpawn || a.type == ActionType::kShipyard) {
    const int unit = a.type == ActionType::kShipyard ? int(kShipyard) : int(a.unit);
    if (a.type == ActionType::kSpawn && (unit == kCore || unit == kShipyard))
      return std::string("a Shipyard spawns ships and Shields, not a ") + kUnitNames[unit];
    if (a.face_down && !is_ship_class(unit)) return std::string("only a ship can be played face-down, not a ") + kUnitNames[unit];
    if (reserve_[me][unit] == 0) return std::string("no ") + kUnitNames[unit] + " left in your reserve";
    if (a.type == ActionType::kShipyard) {
      if (shipyards_[me] >= kMaxShipyardsOnBoard) return "you already have 3 Shipyards on the board";
      if (col_height_[find_column(core_[me])] > 1) return "your Core is covered and cannot act";
      if (!adjacent(a.to, core_[me])) return "a Shipyard must be spawned next to your Core";
      if (tc >= 0) return "a Shipyard must be spawned on empty ground";
      return "a Shipyard must touch only your own tiles";
    }
    bool beside_a_yard = false;  // one of ours, uncovered
    for (int d = 0; d < 6; ++d) {
      const int n = find_column(neighbour(a.to, d));
      beside_a_yard = beside_a_yard || (n >= 0 && top(n).is_shipyard() && top(n).owner() == me);
    }
    if (beside_a_yard && tc >= 0 && !options_.shield_towers && col_height_[tc] > 1 && top(tc).is_shield() &&
        top(tc).owner() == me && (unit == kShield || a.face_down))
      return "a Shield spawned at " + hex_text(a.to) + " would land at Level " + std::to_string(col_height_[tc]) +
             ", more than one level above the Shipyard (R4)";
    return "no uncovered Shipyard of yours can spawn that at " + hex_text(a.to) +
           " (ships need empty ground next to it, Shields empty ground or the top of your own lone Shield)";
  }
  if (fc < 0) return "no tile at " + where;
  const Tile t = top(fc);
  if (t.owner() != me) return "the top tile at " + where + " is not yours";
  if (a.type == ActionType::kMove) {
    if (t.is_shield() || t.is_shipyard()) return "Shields and Shipyards never move";
    if (a.from == a.to) return "a move must end somewhere else";
    const int reach = t.unit() == kFrigate ? 2 : 1;
    if (hex_distance(a.from, a.to) > reach) return std::string("a ") + kUnitNames[t.unit()] + " moves at most " + std::to_string(reach) + " space(s)";
    if (t.is_core() && tc >= 0) return "the Core may only step onto empty ground";
    if (tc >= 0 && own_core_column(tc, me)) return "your ships may never stand on your own Core";
    if (reach == 1 && tc >= 0 && col_height_[tc] > level_of_top(fc) + 1) return "a step climbs at most one level";
    if (reach == 1 && tc >= 0 && col_height_[tc] > level_of_top(fc) && climb_budget(fc) == 0)
      return std::string("this ") + kUnitNames[t.unit()] + " already climbed a level this turn (one level a turn)";
    if (reach == 2 && climb_budget(fc) < 2 && tc >= 0 && col_height_[tc] > level_of_top(fc) + climb_budget(fc))
      return "this Frigate has only " + std::to_string(climb_budget(fc)) + " level(s) left to climb this turn";
    return "that move would break the chain of power (or no path of legal steps reaches it)";
  }
  if (!adjacent(a.from, a.to)) return "the target must share an edge with " + where;
  if (tc < 0) return "no tile at " + hex_text(a.to);
  if (abs_diff(level_of_top(fc), level_of_top(tc)) > 1) return "the target is more than one level above or below";
  if (a.type == ActionType::kDestroy) {
    if (t.unit() != kDestroyer || t.face_down()) return "only a Destroyer destroys";
    return "a Destroyer only destroys an uncovered Shield or Shipyard";
  }
  if (t.unit() != kRepulsor || t.face_down()) return "only a Repulsor pushes";
  return "a Repulsor only pushes an enemy ship on top of its stack";
}

}  // namespace triptych::hexfleet
