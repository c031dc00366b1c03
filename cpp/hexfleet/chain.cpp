// The chain of power: every tile must trace a path of occupied columns (any
// colour, any level) to its own Core. Movement must keep it whole; combat may
// break it, and then the stranded tiles go back to their reserves.
//
// Move generation asks one question per step: "if this lone tile leaves its
// column, does the graph stay whole?" One Tarjan low-link DFS per position
// marks the cut vertices, so the answer is a lookup; only a tile that leaves a
// cut vertex for new ground (which may rejoin the pieces) checks which pieces
// the new hex touches, again from the DFS. A Frigate's second step is judged
// against the board with the Frigate lifted off (`lift`), without a copy.
#include <algorithm>
#include <bit>

#include "hexfleet/hashing.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

// Tarjan's low-link DFS, iterative: an explicit stack of columns, each with
// the directions it has still to explore as ring bits (so empty ground costs
// nothing). Directions are taken in order, so the DFS is the recursive one's.
void State::chain_info(ChainInfo& info) const {
  std::array<std::uint8_t, kMaxColumns> low, parent, todo, stack;
  int timer = 0, comp = 0;
  for (int c = 0; c < columns_; ++c) info.disc[c] = 0;
  auto enter = [&](int v, int from) {
    info.disc[v] = low[v] = static_cast<std::uint8_t>(++timer);
    info.component[v] = static_cast<std::uint8_t>(comp);
    info.root[v] = from == kNone;
    info.separating_count[v] = 0;
    parent[v] = static_cast<std::uint8_t>(from);
    todo[v] = col_ring_[v];
    ++info.size[comp];
  };
  for (int start = 0; start < columns_; ++start) {
    if (info.disc[start]) continue;
    info.size[comp] = 0;
    int depth = 0;
    enter(start, kNone);
    stack[depth++] = static_cast<std::uint8_t>(start);
    while (depth > 0) {
      const int v = stack[depth - 1];
      if (todo[v]) {
        const int d = std::countr_zero(static_cast<unsigned>(todo[v]));
        todo[v] &= static_cast<std::uint8_t>(todo[v] - 1);
        const int w = col_nbr_[v][d];
        if (w == parent[v]) continue;
        if (info.disc[w]) {
          if (info.disc[w] < low[v]) low[v] = info.disc[w];
          continue;
        }
        enter(w, v);
        stack[depth++] = static_cast<std::uint8_t>(w);
        continue;
      }
      // v is done: its subtree spans disc[v]..timer.
      info.last[v] = static_cast<std::uint8_t>(timer);
      // A root's every child is a piece of its own; it splits when it has two.
      info.cut[v] = info.separating_count[v] > (info.root[v] ? 1 : 0);
      if (--depth == 0) break;
      const int p = stack[depth - 1];
      if (low[v] < low[p]) low[p] = low[v];
      // v's subtree has no edge climbing above p: without p it is a piece of its own.
      if (low[v] >= info.disc[p]) info.separating[p][info.separating_count[p]++] = static_cast<std::uint8_t>(v);
    }
    ++comp;
  }
  info.count = comp;
}

void State::one_component(ChainInfo& info) const {
  for (int c = 0; c < columns_; ++c) {
    info.component[c] = 0;
    info.cut[c] = false;
  }
  info.size[0] = columns_;
  info.count = 1;
}

int State::components(std::array<std::uint8_t, kMaxColumns>& comp) const {
  std::array<std::uint8_t, kMaxColumns> queue;
  for (int c = 0; c < columns_; ++c) comp[c] = kNone;
  int count = 0;
  for (int start = 0; start < columns_; ++start) {
    if (comp[start] != kNone) continue;
    int head = 0, tail = 0;
    queue[tail++] = static_cast<std::uint8_t>(start);
    comp[start] = static_cast<std::uint8_t>(count);
    while (head < tail) {
      const int v = queue[head++];
      for (int d = 0; d < 6; ++d) {
        const int w = col_nbr_[v][d];
        if (w != kNone && comp[w] == kNone) {
          comp[w] = static_cast<std::uint8_t>(count);
          queue[tail++] = static_cast<std::uint8_t>(w);
        }
      }
    }
    ++count;
  }
  return count;
}

bool State::networks_in_contact() const {
  // A search from one Core that stops as soon as it meets the other (asked at every turn's start).
  const int start = find_column(core_[0]), goal = find_column(core_[1]);
  std::array<std::uint8_t, kMaxColumns> queue;
  std::uint64_t seen = std::uint64_t{1} << start;
  int head = 0, tail = 0;
  queue[tail++] = static_cast<std::uint8_t>(start);
  while (head < tail) {
    const int v = queue[head++];
    if (v == goal) return true;
    for (int d = 0; d < 6; ++d) {
      const int w = col_nbr_[v][d];
      if (w == kNone || (seen >> w & 1)) continue;
      seen |= std::uint64_t{1} << w;
      queue[tail++] = static_cast<std::uint8_t>(w);
    }
  }
  return false;
}

bool State::step_to_new_ground_keeps_chain(const ChainInfo& info, int from, int dir) const {
  // New ground: it must touch every piece the lifted column leaves behind
  // (one piece, or none for a lone Core, when `from` is not a cut vertex).
  const int comp = info.component[from];
  const int pieces = info.cut[from] ? info.pieces(from) : info.size[comp] > 1 ? 1 : 0;
  if (pieces == 0) return true;
  const Hex to = neighbour(col_at_[from], dir);
  std::uint32_t touched = 0;
  const std::uint32_t all = (1u << pieces) - 1;
  auto touch = [&](int n) {
    if (n < 0 || n == kNone || n == from || info.component[n] != comp) return false;
    touched |= info.cut[from] ? 1u << info.piece(from, n) : 1u;
    return touched == all;
  };
  // Two of the destination's neighbours are also from's: no lookup needed.
  if (touch(col_nbr_[from][(dir + 1) % 6]) || touch(col_nbr_[from][(dir + 5) % 6])) return true;
  for (int k : {dir, (dir + 1) % 6, (dir + 5) % 6})
    if (touch(find_column(neighbour(to, k)))) return true;
  return false;
}

namespace {
// Fills the per-set answers of a lifted board with `count` components.
void tabulate_lifted(Lifted& l, int count) {
  const int sets = 1 << std::min(count, Lifted::kMaxPieces);
  for (int joined = 0; joined < sets; ++joined) {
    int cores = 0, needs = l.owner_bit;
    for (int k = 0; k < count; ++k)
      if (joined >> k & 1) cores |= l.cores[k], needs |= l.needs[k];
    l.powered[joined] = (l.cut_off & ~std::uint64_t(joined)) == 0 && (needs & ~cores) == 0;
    l.contact[joined] = l.core_comp[0] == l.core_comp[1] || ((joined >> l.core_comp[0] & 1) && (joined >> l.core_comp[1] & 1));
  }
}
}  // namespace

void State::lift(int from, const ChainInfo& info, Lifted& l) const {
  l.from = from;
  l.vanished = col_height_[from] == 1;
  l.owner_bit = 1 << top(from).owner();
  if (!l.vanished || !info.cut[from]) {
    // The graph keeps its components (less `from` when it empties, which
    // splits nothing), and every one of them stays powered.
    l.comp = info.component.data();
    for (int k = 0; k < info.count; ++k) l.cores[k] = 0;
    for (int s = 0; s < 2; ++s) {
      l.core_comp[s] = info.component[find_column(core_[s])];
      l.cores[l.core_comp[s]] |= 1 << s;
    }
    l.needs = l.cores.data();  // every component is powered: it needs no more than it has
    l.cut_off = 0;
    tabulate_lifted(l, info.count);
    return;
  }
  l.comp = l.own_comp.data();
  l.needs = l.own_needs.data();
  std::array<std::uint8_t, kMaxColumns> queue;
  for (int c = 0; c < columns_; ++c) l.own_comp[c] = kNone;
  int count = 0;
  for (int start = 0; start < columns_; ++start) {
    if (l.comp[start] != kNone || (start == from && l.vanished)) continue;
    int head = 0, tail = 0;
    queue[tail++] = static_cast<std::uint8_t>(start);
    l.own_comp[start] = static_cast<std::uint8_t>(count);
    l.cores[count] = l.own_needs[count] = 0;
    while (head < tail) {
      const int v = queue[head++];
      // The lifted tile itself is not on the board.
      for (int slot = v == from ? below_[col_top_[v]] : col_top_[v]; slot != kNone; slot = below_[slot])
        l.own_needs[count] |= 1 << tile_[slot].owner();
      for (int d = 0; d < 6; ++d) {
        const int w = col_nbr_[v][d];
        if (w == kNone || l.own_comp[w] != kNone || (w == from && l.vanished)) continue;
        l.own_comp[w] = static_cast<std::uint8_t>(count);
        queue[tail++] = static_cast<std::uint8_t>(w);
      }
    }
    ++count;
  }
  for (int s = 0; s < 2; ++s) {
    l.core_comp[s] = l.comp[find_column(core_[s])];
    l.cores[l.core_comp[s]] |= 1 << s;
  }
  l.cut_off = 0;
  for (int k = 0; k < count; ++k)
    if (l.needs[k] & ~l.cores[k]) l.cut_off |= std::uint64_t{1} << k;
  tabulate_lifted(l, count);
}

void State::neighbourhood(const Lifted& l, Neighbourhood& near) const {
  near.centre = col_at_[l.from];
  near.cell.fill(kNone);
  near.piece.fill(0);
  for (int c = 0; c < columns_; ++c) {
    const int dq = col_at_[c].q - near.centre.q, dr = col_at_[c].r - near.centre.r;
    if (dq < -Neighbourhood::kRadius || dq > Neighbourhood::kRadius || dr < -Neighbourhood::kRadius ||
        dr > Neighbourhood::kRadius)
      continue;
    const int i = (dq + Neighbourhood::kRadius) * Neighbourhood::kSide + dr + Neighbourhood::kRadius;
    near.cell[i] = static_cast<std::uint8_t>(c);
    near.piece[i] = c == l.from && l.vanished ? 0 : static_cast<std::uint8_t>(1 << l.comp[c]);
  }
}

bool State::all_powered() const {
  std::array<std::uint8_t, kMaxColumns> comp;
  components(comp);
  const int home[2] = {comp[find_column(core_[0])], comp[find_column(core_[1])]};
  for (int c = 0; c < columns_; ++c)
    for (int slot = col_top_[c]; slot != kNone; slot = below_[slot])
      if (comp[c] != home[tile_[slot].owner()]) return false;
  return true;
}

// The definition itself, for checking the fast test: make the step on a
// copy, then every tile must be powered and contact must not be lost.
bool State::step_keeps_chain_slow(int from, Hex to) const {
  State after = *this;
  after.do_step(col_at_[from], to);
  if (!after.all_powered()) return false;
  return !networks_in_contact() || after.networks_in_contact();
}

template <typename Keep>
void State::filter_column(int col, Keep keep) {
  std::array<Tile, kMaxTiles> tiles;  // top first
  int n = 0;
  bool all_kept = true;
  for (int slot = col_top_[col]; slot != kNone; slot = below_[slot]) {
    tiles[n++] = tile_[slot];
    all_kept = all_kept && keep(tile_[slot]);
  }
  if (all_kept) return;
  while (col_height_[col] > 0) {
    const int slot = col_top_[col];
    hash_ ^= zobrist::tile(col_at_[col], --col_height_[col], tile_[slot]);
    col_top_[col] = below_[slot];
    used_ &= ~(std::uint64_t{1} << slot);
  }
  // Rebuild bottom up: the kept tiles drop to close the gaps.
  for (int i = n - 1; i >= 0; --i) {
    if (keep(tiles[i]))
      push_tile(col, tiles[i]);
    else
      return_to_reserve(tiles[i]);
  }
  if (col_height_[col] == 0) remove_column(col);
}

void State::resolve_power() {
  std::array<std::uint8_t, kMaxColumns> comp;
  for (;;) {
    if (components(comp) == 1) return;  // one piece holding both Cores: all powered
    const int home[2] = {comp[find_column(core_[0])], comp[find_column(core_[1])]};
    const int before = columns_;
    // Downwards, so a column moved into a vacated index was already handled.
    for (int c = columns_ - 1; c >= 0; --c) {
      const int here = comp[c];
      filter_column(c, [&](Tile t) { return home[t.owner()] == here; });
    }
    // Removing tiles from a column that survives changes no path; only
    // vanished columns can strand more tiles, so only then ask again.
    if (columns_ == before) return;
  }
}

}  // namespace triptych::hexfleet
