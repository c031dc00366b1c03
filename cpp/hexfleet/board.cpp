// Board storage: the coordinate table, columns with cached neighbours, and
// the tile stacks. Every change of a tile goes through push_tile/pop_tile (or
// filter_column), so the Zobrist hash follows the board exactly.
#include <bit>

#include "hexfleet/hashing.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

void State::set_occupancy(Hex h) {
  std::uint32_t& row = occupied_[h.q & kWrapMask];
  const std::uint32_t bit = std::uint32_t{1} << (h.r & kWrapMask);
  if (row & bit) wrapped_ = true;  // a column far away already holds this bit
  row |= bit;
}

void State::clear_occupancy(Hex h) {
  if (!wrapped_) {
    occupied_[h.q & kWrapMask] &= ~(std::uint32_t{1} << (h.r & kWrapMask));
    return;
  }
  // Shared bits: rebuild from the columns left (rare: a board 32 hexes across).
  occupied_.fill(0);
  wrapped_ = false;
  for (int c = 0; c < columns_; ++c)
    if (col_at_[c] != h) set_occupancy(col_at_[c]);
}

int State::add_column(Hex h) {
  set_occupancy(h);
  const int c = columns_++;
  col_at_[c] = h;
  col_height_[c] = 0;
  col_top_[c] = kNone;
  int i = table_index(h);
  while (table_[i] != kNone) i = (i + 1) & (kTableSize - 1);
  table_[i] = static_cast<std::uint8_t>(c);
  col_ring_[c] = 0;
  for (int d = 0; d < 6; ++d) {
    const int n = find_column(neighbour(h, d));
    col_nbr_[c][d] = n < 0 ? kNone : static_cast<std::uint8_t>(n);
    if (n < 0) continue;
    col_nbr_[n][opposite(d)] = static_cast<std::uint8_t>(c);
    col_ring_[c] |= static_cast<std::uint8_t>(1 << d);
    col_ring_[n] |= static_cast<std::uint8_t>(1 << opposite(d));
  }
  return c;
}

void State::remove_column(int col) {
  // Linear-probing delete with backward shift, so lookups never need tombstones.
  int i = table_index(col_at_[col]);
  while (table_[i] != col) i = (i + 1) & (kTableSize - 1);
  for (int j = (i + 1) & (kTableSize - 1); table_[j] != kNone; j = (j + 1) & (kTableSize - 1)) {
    const int home = table_index(col_at_[table_[j]]);
    // Move entry j back into the hole at i unless its home lies cyclically in (i, j].
    const bool home_in_between = i <= j ? (home > i && home <= j) : (home > i || home <= j);
    if (!home_in_between) {
      table_[i] = table_[j];
      i = j;
    }
  }
  table_[i] = kNone;
  clear_occupancy(col_at_[col]);
  for (int d = 0; d < 6; ++d) {
    const int n = col_nbr_[col][d];
    if (n == kNone) continue;
    col_nbr_[n][opposite(d)] = kNone;
    col_ring_[n] &= static_cast<std::uint8_t>(~(1 << opposite(d)));
  }

  const int last = columns_ - 1;
  if (col != last) {
    col_at_[col] = col_at_[last];
    col_height_[col] = col_height_[last];
    col_top_[col] = col_top_[last];
    col_top_code_[col] = col_top_code_[last];
    col_nbr_[col] = col_nbr_[last];
    col_ring_[col] = col_ring_[last];
    int k = table_index(col_at_[col]);
    while (table_[k] != last) k = (k + 1) & (kTableSize - 1);
    table_[k] = static_cast<std::uint8_t>(col);
    for (int d = 0; d < 6; ++d)
      if (col_nbr_[col][d] != kNone) col_nbr_[col_nbr_[col][d]][opposite(d)] = static_cast<std::uint8_t>(col);
  }
  --columns_;
}

void State::push_tile(int col, Tile t) {
  const int slot = std::countr_zero(~used_);
  used_ |= std::uint64_t{1} << slot;
  tile_[slot] = t;
  below_[slot] = col_top_[col];
  col_top_[col] = static_cast<std::uint8_t>(slot);
  col_top_code_[col] = t.code;
  const int level = col_height_[col]++;
  hash_ ^= zobrist::tile(col_at_[col], level, t);
}

Tile State::pop_tile(int col) {
  const int slot = col_top_[col];
  const Tile t = tile_[slot];
  const int level = --col_height_[col];
  hash_ ^= zobrist::tile(col_at_[col], level, t);
  col_top_[col] = below_[slot];
  used_ &= ~(std::uint64_t{1} << slot);
  if (col_height_[col] == 0)
    remove_column(col);
  else
    col_top_code_[col] = tile_[col_top_[col]].code;
  return t;
}

Tile State::bottom(int col) const {
  int slot = col_top_[col];
  while (below_[slot] != kNone) slot = below_[slot];
  return tile_[slot];
}

int State::height_at(Hex h) const {
  const int c = find_column(h);
  return c < 0 ? 0 : col_height_[c];
}

Tile State::tile_at(Hex h, int level) const {
  const int c = find_column(h);
  int slot = col_top_[c];
  for (int l = col_height_[c] - 1; l > level; --l) slot = below_[slot];
  return tile_[slot];
}

void State::set_reserve(int side, int unit, int count) {
  hash_ ^= zobrist::reserve(side, unit, reserve_[side][unit]) ^ zobrist::reserve(side, unit, count);
  reserve_[side][unit] = static_cast<std::uint8_t>(count);
}

void State::return_to_reserve(Tile t) {
  set_reserve(t.owner(), t.unit(), reserve_[t.owner()][t.unit()] + 1);
  if (t.is_shipyard()) --shipyards_[t.owner()];
}

void State::set_side_and_actions(int side, int actions_left) {
  hash_ ^= zobrist::side(side_) ^ zobrist::side(side) ^ zobrist::one_action_left(actions_left_) ^
           zobrist::one_action_left(actions_left);
  side_ = static_cast<std::int8_t>(side);
  actions_left_ = static_cast<std::int8_t>(actions_left);
}

void State::set_countdown(int countdown) {
  hash_ ^= zobrist::countdown(countdown_) ^ zobrist::countdown(countdown);
  countdown_ = static_cast<std::int8_t>(countdown);
}

void State::set_climb(Hex at, int levels) {
  hash_ ^= zobrist::climb(climber_, climbed_) ^ zobrist::climb(at, levels);
  climber_ = levels == 0 ? Hex{} : at;
  climbed_ = static_cast<std::int8_t>(levels);
}

void State::set_over(int winner) {
  hash_ ^= zobrist::over(over_, winner_) ^ zobrist::over(true, winner);
  over_ = true;
  winner_ = static_cast<std::int8_t>(winner);
}

bool State::board_indexes_agree() const {
  std::array<std::uint32_t, kWrap> bits{};
  bool shared = false;
  for (int c = 0; c < columns_; ++c) {
    const Hex h = col_at_[c];
    if (find_column(h) != c || col_height_[c] == 0 || col_top_code_[c] != tile_[col_top_[c]].code) return false;
    std::uint32_t& row = bits[h.q & kWrapMask];
    const std::uint32_t bit = std::uint32_t{1} << (h.r & kWrapMask);
    shared = shared || (row & bit) != 0;
    row |= bit;
    int ring = 0;
    for (int d = 0; d < 6; ++d) {
      const int n = find_column(neighbour(h, d));
      if ((n < 0 ? kNone : n) != col_nbr_[c][d]) return false;
      ring |= n < 0 ? 0 : 1 << d;
    }
    if (ring != col_ring_[c]) return false;
  }
  int in_table = 0;
  for (const std::uint8_t c : table_) in_table += c != kNone;
  return in_table == columns_ && bits == occupied_ && shared == wrapped_;
}

std::uint64_t State::compute_hash() const {
  std::uint64_t h = zobrist::side(side_) ^ zobrist::one_action_left(actions_left_) ^ zobrist::countdown(countdown_) ^
                    zobrist::over(over_, winner_) ^ zobrist::climb(climber_, climbed_) ^
                    zobrist::shield_towers(options_.shield_towers);
  for (int c = 0; c < columns_; ++c) {
    int slot = col_top_[c];
    for (int level = col_height_[c] - 1; level >= 0; --level, slot = below_[slot])
      h ^= zobrist::tile(col_at_[c], level, tile_[slot]);
  }
  for (int s = 0; s < 2; ++s)
    for (int u = 0; u < kUnitCount; ++u) h ^= zobrist::reserve(s, u, reserve_[s][u]);
  return h;
}

}  // namespace triptych::hexfleet
