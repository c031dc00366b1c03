// The AquaIgnis State: construction, hashing, queries and the text view.
#include "aquaignis/state.h"

#include <bit>
#include <sstream>

#include "aquaignis/hashing.h"
#include "common/players.h"

namespace triptych::aquaignis {

State::State(const Options& options) : side_(static_cast<std::int8_t>(options.first_player)), options_(options) {
  hash_ = compute_hash();
}

int State::to_move() const { return over_ ? kTerminalPlayer : side_; }

std::array<double, 2> State::returns() const {
  if (!over_ || winner_ < 0) return {0.0, 0.0};
  return winner_ == kAqua ? std::array<double, 2>{1.0, -1.0} : std::array<double, 2>{-1.0, 1.0};
}

std::uint64_t State::compute_hash() const {
  std::uint64_t h = zobrist::side(side_) ^ zobrist::one_action_left(actions_left_);
  for (int i = 0; i < kCells; ++i) h ^= zobrist::cell(i, cells_[i]);
  for (int s = 0; s < 2; ++s) {
    h ^= zobrist::score(s, score_[s]);
    h ^= zobrist::link(s, links_[s].center, links_[s].turns_left);
  }
  return h;
}

bool State::has_crown(int side) const { return (crowns_ & units_[side]) != 0; }

bool State::has_barrier(int side) const { return (barriers_ & units_[side]) != 0; }

int State::barrier_flow(int side) const {
  const std::uint64_t mine = barriers_ & units_[side];
  return mine ? std::countr_zero(mine) / kSlots : -1;
}

void State::rebuild_masks() {
  units_ = {0, 0};
  barriers_ = crowns_ = charged_ = charge3_ = 0;
  for (int i = 0; i < kCells; ++i) {
    const Cell c = cells_[i];
    cells_[i] = Cell{};
    set_cell(i / kSlots, i % kSlots, c);
  }
}

// --- mutations (the only places that touch hashed fields) --------------------

void State::set_cell(int flow, int pos, Cell c) {
  const int i = cell_index(flow, pos);
  hash_ ^= zobrist::cell(i, cells_[i]) ^ zobrist::cell(i, c);
  cells_[i] = c;
  const std::uint64_t bit = std::uint64_t{1} << i;
  units_[0] &= ~bit;
  units_[1] &= ~bit;
  barriers_ &= ~bit;
  crowns_ &= ~bit;
  charged_ &= ~bit;
  charge3_ &= ~bit;
  if (c.empty()) return;
  units_[c.owner()] |= bit;
  if (c.kind() == Kind::kBarrier) {
    barriers_ |= bit;
    return;
  }
  if (c.value() >= 2) charged_ |= bit;
  if (c.value() == kMaxPieceCharge) charge3_ |= bit;
  if (c.value() == kCrownCharge) crowns_ |= bit;
}

void State::add_score(int side) {
  hash_ ^= zobrist::score(side, score_[side]) ^ zobrist::score(side, score_[side] + 1);
  ++score_[side];
}

void State::set_link(int side, Link link) {
  hash_ ^= zobrist::link(side, links_[side].center, links_[side].turns_left);
  links_[side] = link;
  hash_ ^= zobrist::link(side, link.center, link.turns_left);
}

void State::set_side_and_actions(int side, int actions_left) {
  hash_ ^= zobrist::side(side_) ^ zobrist::one_action_left(actions_left_);
  side_ = static_cast<std::int8_t>(side);
  actions_left_ = static_cast<std::int8_t>(actions_left);
  hash_ ^= zobrist::side(side_) ^ zobrist::one_action_left(actions_left_);
}

// --- views --------------------------------------------------------------------

void State::observation(float* out) const {
  // Planes, each [flow][pos], absolute sides (not rotated to the mover):
  //  0-3  AQUA piece with charge 1,2,3,4     4  AQUA barrier durability / 3
  //  5-8  IGNIS piece with charge 1,2,3,4    9  IGNIS barrier durability / 3
  // 10    AQUA linked flows (whole flow)    11  IGNIS linked flows
  // 12    1 if IGNIS is to move             13  1 if one action is left
  // 14    AQUA score / 4                    15  IGNIS score / 4
  constexpr int kPlane = kFlows * kSlots;
  // Planes 12-15 are written whole below; the units are found from their bitboards.
  for (int i = 0; i < 12 * kPlane; ++i) out[i] = 0.0f;
  for (std::uint64_t m = units_[kAqua] | units_[kIgnis]; m; m &= m - 1) {
    const int i = std::countr_zero(m);
    const Cell c = cells_[i];
    const int base = c.owner() * 5;
    if (c.kind() == Kind::kPiece)
      out[(base + c.value() - 1) * kPlane + i] = 1.0f;
    else
      out[(base + 4) * kPlane + i] = static_cast<float>(c.value()) / kMaxDurability;
  }
  for (int s = 0; s < 2; ++s) {
    if (!links_[s].active()) continue;
    for (int flow : {left_flow(links_[s].center), right_flow(links_[s].center)})
      for (int pos = 0; pos < kSlots; ++pos) out[(10 + s) * kPlane + cell_index(flow, pos)] = 1.0f;
  }
  const float fill[4] = {side_ == kIgnis ? 1.0f : 0.0f, actions_left_ == 1 ? 1.0f : 0.0f,
                         score_[kAqua] / float(kWinningScore), score_[kIgnis] / float(kWinningScore)};
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < kPlane; ++i) out[(12 + k) * kPlane + i] = fill[k];
}

std::string State::to_string() const {
  static const char* kSideName[2] = {"AQUA", "IGNIS"};
  std::ostringstream out;
  out << "AQUA " << int(score_[kAqua]) << " - " << int(score_[kIgnis]) << " IGNIS   ";
  if (over_)
    out << (winner_ < 0 ? "game over: draw" : std::string("game over: ") + kSideName[winner_] + " wins");
  else
    out << kSideName[side_] << " to move, " << int(actions_left_) << " action" << (actions_left_ == 1 ? "" : "s")
        << " left";
  out << "\n\n     ";
  for (int f = 0; f < kFlows; ++f) out << "  " << f + 1 << "  ";
  out << "\n";
  // IGNIS enters at the top (pos 6), AQUA at the bottom (pos 0), as on the table.
  for (int pos = kSlots - 1; pos >= 0; --pos) {
    out << "  " << pos << "  ";
    for (int f = 0; f < kFlows; ++f) {
      const Cell c = cell(f, pos);
      if (c.empty()) {
        out << "  .  ";
        continue;
      }
      const char owner = c.owner() == kAqua ? 'a' : 'i';
      if (c.kind() == Kind::kBarrier)
        out << " [" << char(owner - 32) << c.value() << "]";
      else if (c.value() == kCrownCharge)
        out << " " << char(owner - 32) << "*4 ";
      else
        out << "  " << owner << c.value() << " ";
    }
    out << "\n";
  }
  // The legend: what the cells mean and which way each side goes.
  out << "\n  a1..a3 / i1..i3  AQUA / IGNIS piece, charge 1-3   A*4 / I*4  Crown (charge 4)\n"
      << "  [A2] / [I3]      AQUA / IGNIS barrier, durability  .  empty\n"
      << "  AQUA enters at pos 0, scores off pos 6; IGNIS enters at pos 6, scores off pos 0\n";
  for (int s = 0; s < 2; ++s)
    if (links_[s].active())
      out << "\n" << kSideName[s] << " link: flows " << left_flow(links_[s].center) + 1 << " and "
          << right_flow(links_[s].center) + 1 << " (" << int(links_[s].turns_left) << " turn"
          << (links_[s].turns_left == 1 ? "" : "s") << ")";
  out << "\nturn " << turn_;
  if (options_.no_progress_limit > 0)
    out << ", " << no_progress_ << "/" << 2 * options_.no_progress_limit << " actions without progress";
  out << "\n";
  return out.str();
}

}  // namespace triptych::aquaignis
