// The chain of power: every tile must trace a path of occupied columns (any
// colour, any level) to its own Core. Movement must keep it whole; combat may
// break it, and then the stranded tiles go back to their reserves.
//
// Move generation asks one question per step: "if this lone tile leaves its
// column, does the graph stay whole?" A lone tile whose neighbours form one
// arc never splits it (consecutive neighbours touch); for one with two or
// more arcs, a search from one arc over the rest tells, usually in a few
// steps, and maps the pieces when it does split. Only a tile that leaves a
// cut vertex for new ground (which may rejoin the pieces) checks which pieces
// the new hex touches. A Frigate's second step is judged
// against the board with the Frigate lifted off (`lift`), without a copy.
#include <algorithm>
#include <bit>

#include "hexfleet/hashing.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

void State::label_components(ChainInfo& info) const {
  info.cut.fill(false);  // whole arrays: a few wide stores
  if (contact_) {
    info.component.fill(0);
    info.size[0] = columns_;
    info.count = 1;
    return;
  }
  info.count = components(info.component);
  for (int k = 0; k < info.count; ++k) info.size[k] = 0;
  for (int c = 0; c < columns_; ++c) ++info.size[info.component[c]];
}

namespace {
// Breadth-first over the columns from `start`, never entering those in
// `seen` (which gets what it reaches); stops early once `goal` is all seen.
// Returns whether it did. A layer at a time, as column bits: whether a
// neighbour is new is anyone's guess for the branch predictor, so each
// column's neighbours are or-ed in without a branch. Stopping early, `seen`
// holds a part of the piece that depends on the order of the search: callers
// use only the pieces of searches that did not stop early.
constexpr int kNoColumn = 0xFF;
constexpr std::uint64_t kColumnBits = (std::uint64_t{1} << kMaxColumns) - 1;
static_assert(kMaxColumns < 64 && (kNoColumn & 63) >= kMaxColumns);
template <typename Nbr>
bool search_columns(const Nbr& nbr, int start, std::uint64_t& seen, std::uint64_t goal) {
  std::uint64_t layer = std::uint64_t{1} << start;
  seen |= layer;
  while ((seen & goal) != goal) {
    std::uint64_t next = 0;
    for (std::uint64_t us = layer; us != 0; us &= us - 1) {
      const auto& around = nbr[std::countr_zero(us)];
      for (int d = 0; d < 6; ++d)  // kNoColumn shifts a bit past the 48 columns in use (bit 63)
        next |= std::uint64_t{1} << (around[d] & 63);
    }
    layer = next & ~seen & kColumnBits;
    if (layer == 0) return false;
    seen |= layer;
  }
  return true;
}
// One neighbour column per arc of v's ring (the first of each arc), as column bits.
template <typename Nbr>
std::uint64_t arc_heads(const Nbr& nbr, int v, int ring) {
  const int rotated = ((ring << 1) | (ring >> 5)) & 0x3F;
  std::uint64_t heads = 0;
  for (unsigned starts = ring & ~rotated; starts != 0; starts &= starts - 1)
    heads |= std::uint64_t{1} << nbr[v][std::countr_zero(starts)];
  return heads;
}
}  // namespace

namespace {
// The six neighbours of a cell in State::box_occupancy's layout, kDirections' order.
constexpr std::array<int, 6> kBoxStep{8, 7, -1, -8, -7, 1};
constexpr std::uint64_t kBoxBorder = 0x7F41414141417FULL;  // rows 0 and 6, columns 0 and 6
}  // namespace

State::NearCut State::near_cut_test(int v) const {
  if (wrapped_) return {};  // the bits could show a far column
  const std::uint64_t occupied = box_occupancy(col_at_[v]) & ~(std::uint64_t{1} << kBoxCentreBit);  // v lifted out
  const int ring = col_ring_[v];
  const int rotated = ((ring << 1) | (ring >> 5)) & 0x3F;
  const unsigned starts = ring & ~rotated;  // the first direction of each arc
  std::uint64_t heads = 0;                  // one cell per arc
  for (unsigned s = starts; s != 0; s &= s - 1)
    heads |= std::uint64_t{1} << (kBoxCentreBit + kBoxStep[std::countr_zero(s)]);
  // Flood from each arc in turn through the occupied cells of the box: one
  // that holds every arc proves v splits nothing; one that stops growing
  // before the border is a whole piece without the others.
  std::uint64_t flooded = 0;
  for (unsigned s = starts; s != 0; s &= s - 1) {
    const int dir = std::countr_zero(s);
    std::uint64_t reached = std::uint64_t{1} << (kBoxCentreBit + kBoxStep[dir]);
    if (reached & flooded) continue;  // in an earlier arc's region
    for (;;) {
      const std::uint64_t next = spread(reached) & occupied;
      if ((next & heads) == heads) return {NearCut::kNoCut};
      if (next == reached) break;
      reached = next;
    }
    if ((reached & kBoxBorder) == 0) return {NearCut::kCut, col_nbr_[v][dir]};
    flooded |= reached;
  }
  return {};
}

void State::split(int v, ChainInfo& info) const {
  const NearCut near = near_cut_test(v);
  if (near.answer == NearCut::kNoCut) {
    info.cut[v] = false;
    info.piece_count[v] = 1;
    return;
  }
  const std::uint64_t heads = arc_heads(col_nbr_, v, col_ring_[v]);
  const std::uint64_t lifted = std::uint64_t{1} << v;
  std::uint64_t seen = lifted;
  int pieces = 0;
  // Each search either reaches every arc (v splits nothing) or maps one whole
  // piece. A piece known to be small goes first: the last search then stops
  // as soon as it has met the remaining arcs, without walking its whole piece.
  int start = near.answer == NearCut::kCut ? near.enclosed : std::countr_zero(heads);
  for (std::uint64_t left = heads; left != 0; left = heads & ~seen, start = std::countr_zero(left)) {
    const std::uint64_t before = seen;
    const bool all = search_columns(col_nbr_, start, seen, heads);
    if (all && pieces == 0) break;
    info.piece_columns[v][pieces++] = seen & ~before;
  }
  info.cut[v] = pieces > 1;
  info.piece_count[v] = static_cast<std::uint8_t>(pieces > 1 ? pieces : 1);
}

bool State::is_cut_vertex(int v) const {
  const NearCut near = near_cut_test(v);
  if (near.answer != NearCut::kUnknown) return near.answer == NearCut::kCut;
  const std::uint64_t heads = arc_heads(col_nbr_, v, col_ring_[v]);
  std::uint64_t seen = std::uint64_t{1} << v;
  return !search_columns(col_nbr_, std::countr_zero(heads), seen, heads);
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
  const bool cut = info.cut[from];
  const int pieces = cut ? info.pieces(from) : info.size[comp] > 1 ? 1 : 0;
  if (pieces == 0) return true;
  const Hex to = neighbour(col_at_[from], dir);
  if (!cut) {
    // step_keeps_chain found both hexes beside the step empty (and, with one
    // component, the three beyond too): one of those must hold a column of
    // from's component.
    for (int k : {dir, (dir + 1) % 6, (dir + 5) % 6}) {
      const int n = find_column(neighbour(to, k));
      if (n >= 0 && info.component[n] == comp) return true;
    }
    return false;
  }
  std::uint32_t touched = 0;
  const std::uint32_t all = (1u << pieces) - 1;
  auto touch = [&](int n) {
    if (n < 0 || n == kNone || n == from || info.component[n] != comp) return false;
    touched |= 1u << info.piece(from, n);
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
    l.cut_off = 0;
    if (info.count == 1) {  // one component with both Cores: a spot is powered iff it joins it
      l.core_comp = {0, 0};
      l.cores[0] = 3;
      l.needs = l.cores.data();
      l.powered[0] = false;
      l.powered[1] = true;
      l.contact[0] = l.contact[1] = true;
      return;
    }
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
  // A lone cut vertex vanishes: its component falls into the pieces split()
  // mapped (all but the last exactly; the last is the rest of the component),
  // and any other component stays whole, numbered after them.
  const int from_comp = info.component[from];
  const int pieces = info.pieces(from);
  const int count = pieces + info.count - 1;
  std::uint64_t mapped = std::uint64_t{1} << from;
  for (int k = 0; k + 1 < pieces; ++k) {
    mapped |= info.piece_columns[from][k];
    for (std::uint64_t m = info.piece_columns[from][k]; m != 0; m &= m - 1)
      l.own_comp[std::countr_zero(m)] = static_cast<std::uint8_t>(k);
  }
  for (int k = 0; k < count; ++k) l.cores[k] = l.own_needs[k] = 0;
  l.own_comp[from] = kNone;
  for (int c = 0; c < columns_; ++c) {
    if (c == from) continue;
    if (!(mapped >> c & 1)) {
      const int other = info.component[c];
      l.own_comp[c] = static_cast<std::uint8_t>(other == from_comp ? pieces - 1 : pieces + other - (other > from_comp));
    }
    for (int slot = col_top_[c]; slot != kNone; slot = below_[slot])
      l.own_needs[l.own_comp[c]] |= 1 << tile_[slot].owner();
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
    // Unsigned, so one comparison per axis keeps the box.
    const unsigned q = static_cast<unsigned>(col_at_[c].q - near.centre.q + Neighbourhood::kRadius);
    const unsigned r = static_cast<unsigned>(col_at_[c].r - near.centre.r + Neighbourhood::kRadius);
    if (q >= unsigned{Neighbourhood::kSide} || r >= unsigned{Neighbourhood::kSide}) continue;
    const int i = static_cast<int>(q * Neighbourhood::kSide + r);
    near.cell[i] = static_cast<std::uint8_t>(c);
    near.piece[i] = static_cast<std::uint8_t>(1u << (l.comp[c] & 31));  // the & keeps kNone's shift defined
  }
  if (l.vanished) near.piece[near.index(near.centre)] = 0;  // the lifted tile's emptied column
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
