// Legal action generation. Per column whose top tile is ours: moves (the
// Core and ships), Destroyer and Repulsor targets; then spawns (the Core's
// Shipyard and the Shipyards' ships and Shields), deduplicated by site.
#include <algorithm>
#include <array>
#include <bit>
#include <tuple>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "common/bits.h"
#include "common/rng.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

namespace {
inline int abs_diff(int a, int b) { return a < b ? b - a : a - b; }

template <std::size_t N>
bool contains(const FixedVector<Hex, N>& list, Hex h) {
  for (Hex x : list)
    if (x == h) return true;
  return false;
}
}  // namespace

namespace {
// Where a Frigate's two steps (first direction, then second) end: its cell in
// the Neighbourhood box and its bit in State::box_occupancy's word.
struct SecondStep {
  std::uint8_t cell, bit;
};
constexpr auto kSecondStep = [] {
  std::array<std::array<SecondStep, 6>, 6> table{};
  for (int a = 0; a < 6; ++a)
    for (int d = 0; d < 6; ++d) {
      const int dq = kDirections[a].q + kDirections[d].q + 3, dr = kDirections[a].r + kDirections[d].r + 3;
      table[a][d] = {static_cast<std::uint8_t>(dq * Neighbourhood::kSide + dr), static_cast<std::uint8_t>(dq * 8 + dr)};
    }
  return table;
}();
// What a column topped by a tile is to the side to act: nothing (an enemy
// tile), a mover (its Core, a ship), a Shipyard, or a Shield of its own (a
// face-down ship too), which its Shipyards may build on.
enum Role : std::uint8_t { kIdle, kMover, kYard, kOwnShield };
constexpr auto kRole = [] {
  std::array<std::array<std::uint8_t, kTileCodes>, 2> table{};
  for (int side = 0; side < 2; ++side)
    for (int code = 0; code < kTileCodes; ++code) {
      const Tile t{static_cast<std::uint8_t>(code)};
      if (t.owner() != side || t.unit() >= kUnitCount) continue;
      table[side][code] = t.is_shield() ? kOwnShield : t.is_shipyard() ? kYard : kMover;
    }
  return table;
}();
// The five directions a second step may take after the first (all but back).
constexpr auto kOnwards = [] {
  std::array<std::array<std::uint8_t, 5>, 6> table{};
  for (int a = 0; a < 6; ++a)
    for (int d = 0, k = 0; d < 6; ++d)
      if (d != opposite(a)) table[a][k++] = static_cast<std::uint8_t>(d);
  return table;
}();
// The same five as direction bits, and their end cells as bits of box_occupancy's word.
constexpr auto kOnwardDirs = [] {
  std::array<std::uint8_t, 6> table{};
  for (int a = 0; a < 6; ++a) table[a] = static_cast<std::uint8_t>(0x3F & ~(1 << opposite(a)));
  return table;
}();
constexpr auto kOnwardBits = [] {
  std::array<std::uint64_t, 6> table{};
  for (int a = 0; a < 6; ++a)
    for (const int d : kOnwards[a]) table[a] |= std::uint64_t{1} << kSecondStep[a][d].bit;
  return table;
}();
// The six neighbours of a cell in State::box_occupancy's layout (bit offsets), kDirections' order.
constexpr std::array<int, 6> kBoxStep{8, 7, -1, -8, -7, 1};
// Which neighbour a cell is, by its bit offset + 18 from another (within two
// hexes: offsets -18..18); -1 for the cells two hexes away.
constexpr auto kBoxBitDir = [] {
  std::array<std::int8_t, 37> table{};
  table.fill(-1);
  for (int d = 0; d < 6; ++d) table[kBoxStep[d] + 18] = static_cast<std::int8_t>(d);
  return table;
}();
// Appends the actions from `from` to its neighbours in the directions `dirs`
// (bits, listed in direction order), climbing where `climbs` says. A sink
// that keeps such runs unlisted (random_action's) takes them whole.
template <typename Out>
void push_steps(Out& out, ActionType type, Hex from, unsigned dirs, unsigned climbs) {
  if constexpr (requires { out.steps(type, from, dirs, climbs); }) {
    out.steps(type, from, dirs, climbs);
  } else {
    for (; dirs != 0; dirs &= dirs - 1) {
      const int d = std::countr_zero(dirs);
      out.push_back({type, 0, false, static_cast<std::uint8_t>(climbs >> d & 1), from, neighbour(from, d)});
    }
  }
}
}  // namespace

template <bool kOrdered>
void State::generate_frigate_steps(int col, const FixedVector<std::uint8_t, 6>& first_dirs,
                                   const FixedVector<std::uint8_t, 6>& first_climb, int budget,
                                   FrigateMoves& moves) const {
  // One component that lifting the Frigate leaves whole: the Cores stay in
  // contact throughout, and a landing spot is powered iff it is a stack or
  // touches one (the emptied start aside): box_occupancy, spread to the
  // neighbours, answers that. Each middle hex's five onward cells are judged
  // together as bits of that word; only their occupied ones are looked at one
  // by one (their heights). Destinations are listed in the order the
  // generic search finds them (first steps, then each middle hex's onward
  // cells in direction order), each with the fewest levels a path climbs.
  const int me = side_;
  const Hex from = col_at_[col];
  std::uint64_t occupied = box_occupancy(from);
  if (col_height_[col] == 1) occupied &= ~(std::uint64_t{1} << kBoxCentreBit);
  const std::uint64_t touching = spread(occupied);
  // Our Core's cell, if in the box: no ship lands in its own Core's column.
  const unsigned core_q = static_cast<unsigned>(core_[me].q - from.q + 3);
  const unsigned core_r = static_cast<unsigned>(core_[me].r - from.r + 3);
  const std::uint64_t own_core = core_q < 7u && core_r < 7u ? std::uint64_t{1} << (core_q * 8 + core_r) : 0;
  moves.from = from;
  moves.firsts = static_cast<int>(first_dirs.size());
  if constexpr (kOrdered) moves.count = moves.firsts;
  auto& climb_at_most = moves.climb_at_most;  // reached by a path climbing at most 0, 1 levels
  climb_at_most = {0, 0};
  std::uint64_t reached = 0;
  auto note = [&](std::uint64_t cells, int climb) {
    if (climb == 0) climb_at_most[0] |= cells;
    if (climb <= 1) climb_at_most[1] |= cells;
  };
  for (std::size_t k = 0; k < first_dirs.size(); ++k) {
    const int bit = kBoxCentreBit + kBoxStep[first_dirs[k]];
    moves.first[k] = first_dirs[k];
    if constexpr (kOrdered) moves.order[k] = static_cast<std::uint8_t>(bit);
    reached |= std::uint64_t{1} << bit;
    note(std::uint64_t{1} << bit, first_climb[k]);
  }
  for (std::size_t k = 0; k < first_dirs.size(); ++k) {
    const int first = first_dirs[k];
    const int fc = first_climb[k];
    const int mid_col = col_nbr_[col][first];
    const int mid_level = mid_col == kNone ? 0 : col_height_[mid_col];
    // The occupied onward cells: too high to climb onto (or our Core's), or a climb.
    std::uint64_t climbs = 0, blocked = own_core;
    for (std::uint64_t stacks = occupied & kOnwardBits[first]; stacks != 0; stacks &= stacks - 1) {
      const int bit = std::countr_zero(stacks);
      // The middle hex's own neighbour, or the Frigate's, or (three hexes around an empty middle) a lookup.
      const int beside_start = kBoxBitDir[bit - kBoxCentreBit + 18];
      const int to_col = mid_col != kNone ? col_nbr_[mid_col][kBoxBitDir[bit - kBoxCentreBit - kBoxStep[first] + 18]]
                         : beside_start >= 0 ? col_nbr_[col][beside_start]
                                             : find_column({from.q + (bit >> 3) - 3, from.r + (bit & 7) - 3});
      climbs |= std::uint64_t{col_height_[to_col] > mid_level} << bit;
      blocked |= std::uint64_t{col_height_[to_col] > mid_level + 1} << bit;
    }
    std::uint64_t ok = kOnwardBits[first] & touching & ~blocked;
    if (fc >= budget) ok &= ~climbs;  // no climb left for the second step
    note(ok & ~climbs, fc);
    note(ok & climbs, fc + 1);
    const std::uint64_t fresh = ok & ~reached;
    reached |= ok;
    if constexpr (kOrdered) {
      for (std::uint64_t left = fresh, i = 0; left != 0; ++i) {  // in direction order
        const int bit = kSecondStep[first][kOnwards[first][i]].bit;
        if (left >> bit & 1) {
          moves.order[moves.count++] = static_cast<std::uint8_t>(bit);
          left &= ~(std::uint64_t{1} << bit);
        }
      }
    } else {
      moves.fresh[k] = fresh;  // put in order only for the move drawn (FrigateMoves::drawn)
    }
  }
  if constexpr (!kOrdered) moves.count = bit_count(reached);
}

namespace {
Action frigate_move(const FrigateMoves& moves, int bit) {
  const int climb = (moves.climb_at_most[0] >> bit & 1) ? 0 : (moves.climb_at_most[1] >> bit & 1) ? 1 : 2;
  const Hex from = moves.from;
  return {ActionType::kMove, 0, false, static_cast<std::uint8_t>(climb), from,
          Hex{from.q + (bit >> 3) - 3, from.r + (bit & 7) - 3}};
}
}  // namespace

Action FrigateMoves::listed(int k) const { return frigate_move(*this, order[k]); }

// The order generate_frigate_steps finds the destinations in: the first
// steps, then each first step's fresh onward cells in direction order.
Action FrigateMoves::drawn(int k) const {
  if (k < firsts) return frigate_move(*this, State::kBoxCentreBit + kBoxStep[first[k]]);
  k -= firsts;
  for (int j = 0;; ++j) {
    const int n = bit_count(fresh[j]);
    if (k >= n) {
      k -= n;
      continue;
    }
    for (const std::uint8_t d : kOnwards[first[j]]) {
      const int bit = kSecondStep[first[j]][d].bit;
      if ((fresh[j] >> bit & 1) && k-- == 0) return frigate_move(*this, bit);
    }
  }
}

template <bool kReference, typename Out>
void State::generate_moves(int col, const ChainInfo& info, Out& out) const {
  const int me = side_;
  const Tile mover = top(col);
  const Hex from = col_at_[col];
  const int level = level_of_top(col);
  auto keeps_chain = [&](const State& s, const ChainInfo& i, int c, int dir) {
    if constexpr (kReference)
      return s.step_keeps_chain_slow(c, neighbour(s.col_at_[c], dir));
    else
      return s.step_keeps_chain(i, c, dir);
  };

  if (mover.is_core()) {  // one step, onto empty ground only
    for (int d = 0; d < 6; ++d) {
      if (col_nbr_[col][d] != kNone) continue;
      const Hex to = neighbour(from, d);
      if (keeps_chain(*this, info, col, d)) out.push_back({ActionType::kMove, 0, false, 0, from, to});
    }
    return;
  }

  // A step climbs at most one level, drops any depth, and never lands a ship
  // in its own Core's column. Climbing is also rationed per turn (R19): the
  // levels this ship may still climb this turn.
  const int budget = climb_budget(col);
  auto step_ok = [&](const State& s, const ChainInfo& i, int c, int lvl, int d, int& climb) {
    const int n = s.col_nbr_[c][d];
    climb = n != kNone && s.col_height_[n] > lvl ? 1 : 0;
    if (n != kNone && (s.col_height_[n] > lvl + 1 || s.own_core_column(n, me))) return false;
    if (climb > budget) return false;
    return keeps_chain(s, i, c, d);
  };

  if (mover.unit() != kFrigate && !kReference) {
    // One step: each direction is its own destination. The rules as six-bit
    // masks over the directions, built without a branch per direction (the
    // predictor cannot guess them); only steps whose chain test needs more
    // than the ring are asked one by one, in step_keeps_chain.
    const unsigned ring = col_ring_[col];
    unsigned climbs = 0, blocked = 0;
    for (unsigned dirs = ring; dirs != 0; dirs &= dirs - 1) {
      const int d = std::countr_zero(dirs);
      const int n = col_nbr_[col][d];
      climbs |= static_cast<unsigned>(col_height_[n] > level) << d;
      blocked |= static_cast<unsigned>((col_height_[n] > level + 1) | own_core_column(n, me)) << d;
    }
    if (budget < 1) blocked |= climbs;
    unsigned ask = 0;  // directions step_keeps_chain must judge
    if (col_height_[col] == 1) {
      const unsigned empty = ~ring & 0x3F;
      if (info.cut[col]) {
        blocked |= ring;  // a cut vertex may only step where it touches every piece
        ask = empty;
      } else if (ring != 0) {
        // New ground beside one of its neighbours keeps it joined; the rest look further.
        const unsigned beside = (ring << 1 | ring >> 5 | ring >> 1 | ring << 5) & 0x3F;
        ask = empty & ~beside;
      }
    }
    unsigned legal = ~blocked & 0x3F;
    for (unsigned asked = legal & ask; asked != 0; asked &= asked - 1) {
      const int d = std::countr_zero(asked);
      if (!step_keeps_chain(info, col, d)) legal &= ~(1u << d);
    }
    push_steps(out, ActionType::kMove, from, legal, climbs);
    return;
  }
  if (mover.unit() != kFrigate) {  // the reference: one step, each direction its own destination
    for (int d = 0; d < 6; ++d) {
      int climb;
      if (step_ok(*this, info, col, level, d, climb))
        out.push_back({ActionType::kMove, 0, false, static_cast<std::uint8_t>(climb), from, neighbour(from, d)});
    }
    return;
  }

  // The first steps: one step each, judged like any ship's.
  FixedVector<std::uint8_t, 6> first_dirs;
  FixedVector<std::uint8_t, 6> first_climb;
  for (int d = 0; d < 6; ++d) {
    int climb;
    if (!step_ok(*this, info, col, level, d, climb)) continue;
    first_dirs.push_back(static_cast<std::uint8_t>(d));
    first_climb.push_back(static_cast<std::uint8_t>(climb));
  }
  if (!kReference && info.count == 1 && !wrapped_ && !(col_height_[col] == 1 && info.cut[col])) {
    if constexpr (requires { out.frigate(); }) {
      generate_frigate_steps<false>(col, first_dirs, first_climb, budget, out.frigate());  // kept unlisted
    } else {
      FrigateMoves moves;
      generate_frigate_steps<true>(col, first_dirs, first_climb, budget, moves);
      for (int k = 0; k < moves.size(); ++k) out.push_back(moves.listed(k));
    }
    return;
  }

  // Each destination once, with the fewest levels any legal path to it climbs.
  // Destinations lie within two hexes, so they are cells of the 7x7 box
  // around `from` (Neighbourhood's layout): `reach_cell` holds 0 for not
  // reached, else climb + 1, and `reached` keeps the order found.
  using Box = Neighbourhood;
  constexpr int kCentre = Box::kRadius * Box::kSide + Box::kRadius;
  FixedVector<std::uint8_t, 18> reached;
  std::array<std::uint8_t, Box::kSide * Box::kSide> reach_cell{};
  auto reach = [&](int cell, int climb) {
    std::uint8_t& slot = reach_cell[cell];
    if (slot == 0) reached.push_back(static_cast<std::uint8_t>(cell));
    if (slot == 0 || climb + 1 < slot) slot = static_cast<std::uint8_t>(climb + 1);
  };
  for (std::size_t k = 0; k < first_dirs.size(); ++k) reach(kCentre + Box::kStep[first_dirs[k]], first_climb[k]);
  if constexpr (kReference) {
    // The literal version: make the first step on a copy and test the second there.
    for (std::size_t k = 0; k < first_dirs.size(); ++k) {
      const Hex mid = neighbour(from, first_dirs[k]);
      State after = *this;
      after.do_step(from, mid);
      const ChainInfo unused{};
      const int mc = after.find_column(mid);
      const int mid_level = after.level_of_top(mc);
      for (int d = 0; d < 6; ++d) {
        int climb;
        if (neighbour(mid, d) == from) continue;
        if (step_ok(after, unused, mc, mid_level, d, climb) && first_climb[k] + climb <= budget)
          reach(kCentre + Box::kStep[first_dirs[k]] + Box::kStep[d], first_climb[k] + climb);
      }
    }
  } else {
    // The second step is judged from the position the first one left: the
    // board without the Frigate, plus the Frigate on the middle hex.
    Lifted lifted;
    lift(col, info, lifted);
    Box near;
    neighbourhood(lifted, near);
    for (std::size_t k = 0; k < first_dirs.size(); ++k) {
      const int back = opposite(first_dirs[k]);
      const int mid_cell = kCentre + Box::kStep[first_dirs[k]];
      const int mid_col = near.column(mid_cell);
      const bool contact_mid = lifted.contact[near.joined(mid_cell)];
      const int mid_level = mid_col < 0 ? 0 : col_height_[mid_col];
      for (int d = 0; d < 6; ++d) {
        if (d == back) continue;
        const int to_cell = mid_cell + Box::kStep[d];
        const int to_col = near.column(to_cell);
        if (to_col >= 0 && (col_height_[to_col] > mid_level + 1 || own_core_column(to_col, me))) continue;
        const int climb = first_climb[k] + (to_col >= 0 && col_height_[to_col] > mid_level ? 1 : 0);
        if (climb > budget) continue;
        const int slot = reach_cell[to_cell];
        if (slot != 0 && slot - 1 <= climb) continue;  // nothing to improve
        const int joined = near.joined(to_cell);
        if (!lifted.powered[joined] || (contact_mid && !lifted.contact[joined])) continue;
        reach(to_cell, climb);
      }
    }
  }
  for (const int cell : reached) {
    const Hex to{from.q + Box::kOffset[cell].q, from.r + Box::kOffset[cell].r};
    out.push_back({ActionType::kMove, 0, false, static_cast<std::uint8_t>(reach_cell[cell] - 1), from, to});
  }
}

int State::climb_budget(int col) const {
  const int move = top(col).unit() == kFrigate ? 2 : 1;
  return climbed_ != 0 && col_at_[col] == climber_ ? move - climbed_ : move;
}

template <typename Shipyard, typename Site>
void State::visit_spawn_sites(const FixedVector<std::uint8_t, kMaxShipyardsOnBoard>& yards, Shipyard&& shipyard,
                              Site&& site) const {
  const int me = side_;
  // The Core builds Shipyards while it is uncovered.
  const int core_col = find_column(core_[me]);
  if (col_height_[core_col] == 1 && reserve_[me][kShipyard] > 0 && shipyards_[me] < kMaxShipyardsOnBoard) {
    for (int d = 0; d < 6; ++d) {
      if (col_nbr_[core_col][d] != kNone) continue;
      if (shipyard_site_ok(core_col, d, me)) shipyard(neighbour(core_[me], d));
    }
  }

  // Shipyards: ships onto empty ground, Shields there or on top of a friendly
  // Shield. R4: the new tile lands within one level of its Shipyard (Level 0),
  // so only onto a lone Shield; the shield_towers option lifts the limit.
  const int tower_limit = options_.shield_towers ? kMaxTiles : 1;
  FixedVector<Hex, kMaxShipyardsOnBoard * 6> sites;
  const auto& stock = reserve_[me];
  if (stock[kShield] + stock[kFrigate] + stock[kDestroyer] + stock[kRepulsor] == 0) return;
  for (const int c : yards) {
    const unsigned ring = col_ring_[c];
    if (ring == 0x3F) continue;  // surrounded: disabled
    // The sites as direction bits (empty ground, and our Shields), without a branch per neighbour.
    unsigned walls = 0;
    for (unsigned dirs = ring; dirs != 0; dirs &= dirs - 1) {
      const int d = std::countr_zero(dirs);
      const int n = col_nbr_[c][d];
      walls |= unsigned{kRole[me][top(n).code] == kOwnShield && col_height_[n] <= tower_limit} << d;
    }
    for (unsigned open = (~ring & 0x3F) | walls; open != 0; open &= open - 1) {
      const int d = std::countr_zero(open);
      const Hex at = neighbour(col_at_[c], d);
      if (yards.size() > 1 && contains(sites, at)) continue;  // two Shipyards may share a site
      sites.push_back(at);
      site(at, !(ring >> d & 1));
    }
  }
}

template <typename Out>
void State::generate_spawns(const FixedVector<std::uint8_t, kMaxShipyardsOnBoard>& yards, Out& out) const {
  const auto& stock = reserve_[side_];
  visit_spawn_sites(
      yards, [&](Hex at) { out.push_back({ActionType::kShipyard, 0, false, 0, at, at}); },
      [&](Hex at, bool ground) {  // on ground the ships face up, then the Shield, then the ships face down
        if (ground)
          for (int u = kFrigate; u <= kRepulsor; ++u)
            if (stock[u]) out.push_back({ActionType::kSpawn, static_cast<std::uint8_t>(u), false, 0, at, at});
        if (stock[kShield]) out.push_back({ActionType::kSpawn, kShield, false, 0, at, at});
        for (int u = kFrigate; u <= kRepulsor; ++u)
          if (stock[u]) out.push_back({ActionType::kSpawn, static_cast<std::uint8_t>(u), true, 0, at, at});
      });
}

namespace {
// The movers' actions as random_action gathers them, in legal_actions'
// order, without writing most of them out: a one-step mover's moves and an
// attacker's targets as direction bits, a Frigate's moves (usual case) as
// FrigateMoves; only the rest (the Core's moves, an unusual Frigate's) are
// listed. At most one action is drawn, so only that one is built.
struct DrawList {
  // Set bits of six direction bits, by table: std::popcount is a libgcc call
  // on the portable x86-64 baseline (no POPCNT), and showed in the profile.
  static constexpr auto kDirectionCount = [] {
    std::array<std::uint8_t, 64> table{};
    for (int m = 1; m < 64; ++m) table[m] = static_cast<std::uint8_t>(table[m & (m - 1)] + 1);
    return table;
  }();
  enum Kind : std::uint8_t { kSteps, kFrigate, kListed };
  struct Run {
    Kind kind;
    ActionType type;      // kSteps
    std::uint8_t dirs;    // kSteps: the directions, as bits
    std::uint8_t climbs;  // kSteps: the directions that climb a level
    std::uint16_t first;  // kFrigate: index in frigates; kListed: in listed
    std::uint16_t count;  // kListed, kSteps
    Hex from;             // kSteps
  };
  FixedVector<Run, 4 * kFleetSize> runs;
  std::array<FrigateMoves, kFleetSize> frigates;  // [0, frigate_count) in use: filled, never cleared
  int frigate_count = 0;
  int unlisted_steps = 0;  // the kSteps runs' actions
  ActionList listed;

  void push_back(const Action& a) {
    if (runs.empty() || runs.back().kind != kListed)
      runs.push_back({kListed, ActionType::kMove, 0, 0, static_cast<std::uint16_t>(listed.size()), 0, Hex{}});
    ++runs.back().count;
    listed.push_back(a);
  }
  void steps(ActionType type, Hex from, unsigned dirs, unsigned climbs) {
    if (dirs != 0) {
      runs.push_back({kSteps, type, static_cast<std::uint8_t>(dirs), static_cast<std::uint8_t>(climbs), 0,
                      kDirectionCount[dirs], from});
      unlisted_steps += kDirectionCount[dirs];
    }
  }
  FrigateMoves& frigate() {  // the next Frigate's record, for generate_frigate_steps to fill
    runs.push_back({kFrigate, ActionType::kMove, 0, 0, static_cast<std::uint16_t>(frigate_count), 0, Hex{}});
    return frigates[frigate_count++];
  }
  int run_size(const Run& r) const {
    return r.kind == kFrigate ? frigates[r.first].size() : r.count;
  }
  int size() const {
    int n = unlisted_steps + static_cast<int>(listed.size());
    for (int i = 0; i < frigate_count; ++i) n += frigates[i].count;
    return n;
  }
  Action operator[](int k) const {  // k < size()
    for (const Run& r : runs) {
      const int n = run_size(r);
      if (k >= n) {
        k -= n;
        continue;
      }
      if (r.kind == kFrigate) return frigates[r.first].drawn(k);
      if (r.kind == kListed) return listed[r.first + k];
      unsigned dirs = r.dirs;
      for (; k > 0; --k) dirs &= dirs - 1;
      const int d = std::countr_zero(dirs);
      return {r.type, 0, false, static_cast<std::uint8_t>(r.climbs >> d & 1), r.from, neighbour(r.from, d)};
    }
    return Action{};
  }
};

// The spawns as generate_spawns lists them, counted without listing: the
// Shipyard sites, then each spawn site's forms (on ground the ships face up,
// then the Shield, then the ships face down).
struct SpawnCount {
  explicit SpawnCount(const std::array<std::uint8_t, kUnitCount>& stock) {
    for (int u = kFrigate; u <= kRepulsor; ++u)
      if (stock[u]) ships[ship_kinds++] = static_cast<std::uint8_t>(u);
    shield = stock[kShield] > 0;
  }
  std::array<std::uint8_t, 3> ships{};  // the ship classes in stock, in class order
  int ship_kinds = 0;
  int shield = 0;  // 1: a Shield in stock
  FixedVector<Hex, 6> shipyards;
  FixedVector<Hex, kMaxShipyardsOnBoard * 6> sites;
  std::uint32_t ground = 0;  // bit i: sites[i] is empty ground (else our Shield)
  int on_ground = 0;
  int count() const {
    return static_cast<int>(shipyards.size()) + static_cast<int>(sites.size()) * (ship_kinds + shield) +
           on_ground * ship_kinds;
  }
  Action action(int k) const {  // the k-th, k < count()
    if (k < static_cast<int>(shipyards.size())) return {ActionType::kShipyard, 0, false, 0, shipyards[k], shipyards[k]};
    k -= static_cast<int>(shipyards.size());
    for (std::size_t i = 0;; ++i) {
      const int up = (ground >> i & 1) ? ship_kinds : 0, forms = up + shield + ship_kinds;
      if (k >= forms) {
        k -= forms;
        continue;
      }
      const Hex h = sites[i];
      if (k < up) return {ActionType::kSpawn, ships[k], false, 0, h, h};
      if (shield && k == up) return {ActionType::kSpawn, kShield, false, 0, h, h};
      return {ActionType::kSpawn, ships[k - up - shield], true, 0, h, h};
    }
  }
};
}  // namespace

bool State::shipyard_site_ok(int core_col, int dir, int side) const {
  auto only_ours = [&](int n) {
    if (n < 0 || n == kNone) return true;
    for (int slot = col_top_[n]; slot != kNone; slot = below_[slot])
      if (tile_[slot].owner() != side) return false;
    return true;
  };
  // The site's neighbours: the Core itself (uncovered, ours), two of the
  // Core's own neighbours (directions dir +- 1 of the Core are dir +- 2 of
  // the site), and three hexes further out, which need a lookup.
  if (!only_ours(col_nbr_[core_col][(dir + 1) % 6]) || !only_ours(col_nbr_[core_col][(dir + 5) % 6])) return false;
  const Hex at = neighbour(col_at_[core_col], dir);
  for (int k : {dir, (dir + 1) % 6, (dir + 5) % 6})
    if (!only_ours(find_column(neighbour(at, k)))) return false;
  return true;
}

State::OurTops State::our_tops() const {
  // A pass without branches, since whose tile tops a column is anyone's guess
  // for the branch predictor.
  std::uint64_t yard_columns = 0, movers = 0;
#ifdef __SSE2__
  // Sixteen columns a step (kMaxColumns is 48: three loads, all inside the array). Ours are the
  // codes m = side << 4 up: m + 1 a Shipyard; m (the Core) and m + 3..5 (face-up ships) movers.
  static_assert(kMaxColumns % 16 == 0);
  const __m128i mine = _mm_set1_epi8(static_cast<char>(side_ << 4));
  for (int base = 0; base < columns_; base += 16) {
    const __m128i codes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(col_top_code_.data() + base));
    const __m128i x = _mm_sub_epi8(codes, mine);
    const __m128i ship = _mm_sub_epi8(x, _mm_set1_epi8(3));  // 0..2 for a face-up ship
    const __m128i is_ship = _mm_cmpeq_epi8(_mm_min_epu8(ship, _mm_set1_epi8(2)), ship);
    const __m128i is_mover = _mm_or_si128(is_ship, _mm_cmpeq_epi8(x, _mm_setzero_si128()));
    const __m128i is_yard = _mm_cmpeq_epi8(x, _mm_set1_epi8(1));
    movers |= std::uint64_t(static_cast<std::uint16_t>(_mm_movemask_epi8(is_mover))) << base;
    yard_columns |= std::uint64_t(static_cast<std::uint16_t>(_mm_movemask_epi8(is_yard))) << base;
  }
  const std::uint64_t in_use = (std::uint64_t{1} << columns_) - 1;  // the bytes past columns_ are stale
  return {yard_columns & in_use, movers & in_use};
#else
  const auto& role = kRole[side_];
  for (int c = 0; c < columns_; ++c) {
    const int r = role[top(c).code];
    yard_columns |= std::uint64_t{r == kYard} << c;
    movers |= std::uint64_t{r == kMover} << c;
  }
  return {yard_columns, movers};
#endif
}

template <bool kReference>
std::uint64_t State::begin_generation(ChainInfo& info, FixedVector<std::uint8_t, kMaxShipyardsOnBoard>& yards) const {
  if constexpr (!kReference) label_components(info);
  const OurTops tops = our_tops();
  for (std::uint64_t y = tops.yards; y != 0; y &= y - 1) yards.push_back(static_cast<std::uint8_t>(std::countr_zero(y)));
  return tops.movers;
}

template <bool kReference, typename Out>
void State::generate_mover(int col, ChainInfo& info, Out& out) const {
  // Only a lone mover with two or more arcs of neighbours may split the chain.
  if (!kReference && col_height_[col] == 1 && !ring_is_one_arc(col_ring_[col])) split(col, info);
  generate_moves<kReference>(col, info, out);
  const int unit = top(col).unit();
  if (unit == kDestroyer || unit == kRepulsor) generate_attacks(col, out);
}

template <bool kReference, typename Out>
void State::generate(Out& out) const {
  out.clear();
  if (over_) return;
  ChainInfo info;
  FixedVector<std::uint8_t, kMaxShipyardsOnBoard> yards;
  for (std::uint64_t movers = begin_generation<kReference>(info, yards); movers != 0; movers &= movers - 1) {
    generate_mover<kReference>(std::countr_zero(movers), info, out);
    if constexpr (requires { out.found; })
      if (out.found) return;  // an existence check has its answer
  }
  generate_spawns(yards, out);
}

namespace {
// Which tiles an attacker may take, by tile code: [0] a Destroyer's (Shields,
// face-down ships and Shipyards, anyone's), [1 + side] a Repulsor's of that
// side (the other side's ships face up).
constexpr auto kTakes = [] {
  std::array<std::array<std::uint8_t, kTileCodes>, 3> table{};
  for (int code = 0; code < kTileCodes; ++code) {
    const Tile t{static_cast<std::uint8_t>(code)};
    if (t.unit() >= kUnitCount) continue;
    table[0][code] = t.is_destroyable();
    for (int side = 0; side < 2; ++side) table[1 + side][code] = t.is_ship() && t.owner() != side;
  }
  return table;
}();
}  // namespace

template <typename Out>
void State::generate_attacks(int col, Out& out) const {
  const bool destroyer = top(col).unit() == kDestroyer;
  const auto& takes = kTakes[destroyer ? 0 : 1 + side_];
  const int level = level_of_top(col);
  // The targets as direction bits, without a branch per neighbour (which ones
  // qualify is anyone's guess for the branch predictor): within one level, and takeable.
  unsigned targets = 0;
  for (unsigned dirs = col_ring_[col]; dirs != 0; dirs &= dirs - 1) {
    const int d = std::countr_zero(dirs);
    const int n = col_nbr_[col][d];
    const unsigned within_reach = static_cast<unsigned>(level_of_top(n) - level + 1) <= 2u;
    targets |= (within_reach & takes[top(n).code]) << d;
  }
  push_steps(out, destroyer ? ActionType::kDestroy : ActionType::kPush, col_at_[col], targets, 0);
}

void State::tactical_actions(ActionList& out) const {
  out.clear();
  if (over_) return;
  const int me = side_;
  // Keeps only the moves that land on the enemy Core.
  struct OntoCore {
    ActionList& out;
    Hex core;
    void push_back(const Action& a) {
      if (a.to == core) out.push_back(a);
    }
  } onto{out, core_[opponent(me)]};
  ChainInfo info;
  bool labelled = false;  // the components are needed only when a ship is in reach of the Core
  for (int c = 0; c < columns_; ++c) {
    const Tile t = top(c);
    // The Core moves onto empty ground only; Shields and Shipyards neither move nor attack.
    if (t.owner() != me || !t.is_ship()) continue;
    if (hex_distance(col_at_[c], onto.core) <= (t.unit() == kFrigate ? 2 : 1)) {
      if (!labelled) label_components(info), labelled = true;
      if (col_height_[c] == 1 && !ring_is_one_arc(col_ring_[c])) split(c, info);
      generate_moves<false>(c, info, onto);
    }
    if (t.unit() == kDestroyer || t.unit() == kRepulsor) generate_attacks(c, out);
  }
}

// Records only whether any action was generated: existence checks need no
// list (a full ActionList is several KB to set up).
struct AnyAction {
  bool found = false;
  void push_back(const Action&) { found = true; }
  void clear() {}
};

void State::legal_actions(ActionList& out) const { generate<false>(out); }
void State::legal_actions_reference(ActionList& out) const {
  generate<true>(out);
  std::sort(out.begin(), out.end(), [](const Action& a, const Action& b) {
    return std::make_tuple(a.type, a.from, a.to, a.unit, a.face_down) <
           std::make_tuple(b.type, b.from, b.to, b.unit, b.face_down);
  });
}

void State::legal_actions_sorted(ActionList& out) const {
  generate<false>(out);
  std::sort(out.begin(), out.end(), [](const Action& a, const Action& b) {
    return std::make_tuple(a.type, a.from, a.to, a.unit, a.face_down) <
           std::make_tuple(b.type, b.from, b.to, b.unit, b.face_down);
  });
}

Action State::random_action(Rng& rng) const {
  // The movers' moves and attacks are listed as legal_actions lists them; the
  // spawns, most of a long list, are only counted (spawn_sites), and the one
  // drawn is built. The index drawn is one of legal_actions' order, so the same
  // seed draws the same action as legal_actions()[rng.below(size)].
  if (over_) return Action{};
  ChainInfo info;
  FixedVector<std::uint8_t, kMaxShipyardsOnBoard> yards;
  DrawList moves;
  for (std::uint64_t movers = begin_generation<false>(info, yards); movers != 0; movers &= movers - 1)
    generate_mover<false>(std::countr_zero(movers), info, moves);
  SpawnCount spawns(reserve_[side_]);
  visit_spawn_sites(
      yards, [&](Hex at) { spawns.shipyards.push_back(at); },
      [&](Hex at, bool ground) {
        spawns.ground |= std::uint32_t{ground} << spawns.sites.size();
        spawns.on_ground += ground;
        spawns.sites.push_back(at);
      });
  const int listed = moves.size(), total = listed + spawns.count();
  if (total == 0) return Action{};  // never while the game runs: start_turn ends a disabled fleet's game
  const int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
  return pick < listed ? moves[pick] : spawns.action(pick - listed);
}

// Asked after every first action and at every turn's start, so it tries the
// cheap certainties first (a Shipyard that can build, a mover that surely
// can move or attack) and only then generates the whole list.
bool State::has_legal_action() const {
  if (over_) return false;
  const int me = side_;
  const auto& stock = reserve_[me];
  const bool can_spawn = stock[kShield] + stock[kFrigate] + stock[kDestroyer] + stock[kRepulsor] > 0;
  const OurTops tops = our_tops();
  // Empty ground beside a Shipyard takes any tile from the reserve.
  if (can_spawn)
    for (std::uint64_t yards = tops.yards; yards != 0; yards &= yards - 1)
      if (col_ring_[std::countr_zero(yards)] != 0x3F) return true;
  for (std::uint64_t movers = tops.movers; movers != 0; movers &= movers - 1) {
    const int c = std::countr_zero(movers);
    const Tile t = top(c);
    if (col_height_[c] == 1) {
      // A lone mover whose neighbours form one arc (so it splits nothing) may
      // slide onto empty ground beside the arc's end and stay joined to it.
      const int r = ring(c);
      const int beside_arc = ((r << 1) | (r >> 5) | (r >> 1) | (r << 5)) & ~r & 0x3F;
      if (r == 0 || (ring_is_one_arc(r) && beside_arc != 0)) return true;
    }
    if (!t.is_ship()) continue;
    const int level = level_of_top(c);
    for (int d = 0; d < 6; ++d) {
      const int n = col_nbr_[c][d];
      // Leaving a stack behind never breaks the chain.
      if (col_height_[c] > 1 &&
          (n == kNone || (col_height_[n] <= level + (climb_budget(c) > 0 ? 1 : 0) && !own_core_column(n, me))))
        return true;
      if (n == kNone || abs_diff(level_of_top(n), level) > 1) continue;
      const Tile target = top(n);
      if (t.unit() == kDestroyer && target.is_destroyable()) return true;
      if (t.unit() == kRepulsor && target.is_ship() && target.owner() != me) return true;
    }
  }
  AnyAction any;
  generate<false>(any);
  return any.found;
}

bool State::is_legal(const Action& action) const {
  if (over_) return false;
  ActionList actions;
  generate<false>(actions);
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

}  // namespace triptych::hexfleet
