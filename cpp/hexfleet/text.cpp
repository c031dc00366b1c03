// Views of a position: the text board and the observation tensor.
#include <algorithm>
#include <map>

#include "hexfleet/state.h"

namespace triptych::hexfleet {

namespace {
// Upper case for player 0, lower case for player 1; '~' marks a face-down ship.
std::string tile_text(Tile t) {
  static const char kLetters[kUnitCount] = {'C', 'Y', 'S', 'F', 'D', 'R'};
  char c = kLetters[t.unit()];
  if (t.owner() == 1) c = static_cast<char>(c - 'A' + 'a');
  return t.face_down() ? std::string("~") + c : std::string(1, c);
}
}  // namespace

std::string State::to_string() const {
  std::string out = "Hexfleet turn " + std::to_string(turn_);
  if (over_) {
    out += winner_ < 0 ? ", over: draw" : ", over: player " + std::to_string(winner_) + " wins";
  } else {
    out += ", player " + std::to_string(side_) + " to move, " + std::to_string(actions_left_) + " action(s) left";
    if (countdown_) out += ", separation countdown " + std::to_string(countdown_);
  }
  out += "\n";
  // The map: one cell per hex, rows by r shifted half a cell per row; each
  // cell shows the top tile and the stack height. Upper case: player 0.
  int qmin = 1 << 30, qmax = -(1 << 30), rmin = 1 << 30, rmax = -(1 << 30);
  for (int c = 0; c < columns_; ++c) {
    qmin = std::min(qmin, col_at_[c].q), qmax = std::max(qmax, col_at_[c].q);
    rmin = std::min(rmin, col_at_[c].r), rmax = std::max(rmax, col_at_[c].r);
  }
  int xmin = 1 << 30;
  for (int r = rmin; r <= rmax; ++r) xmin = std::min(xmin, 2 * qmin + r);
  for (int r = rmin; r <= rmax; ++r) {
    std::string line(static_cast<std::size_t>(2 * (2 * qmin + r - xmin)), ' ');
    for (int q = qmin; q <= qmax; ++q) {
      const int c = find_column({q, r});
      std::string cell = c < 0 ? " . " : tile_text(top(c)) + std::to_string(col_height_[c]);
      cell.resize(4, ' ');
      line += cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += "r=" + std::to_string(r) + (r < 0 ? " " : "  ") + line + "\n";
  }
  out += "q from " + std::to_string(qmin) + " (first cell of each row)\nstacks (bottom to top):";
  const Setup s = to_setup();
  for (const StackSpec& st : s.stacks) {
    if (st.tiles.size() < 2) continue;
    out += " " + std::to_string(st.at.q) + "," + std::to_string(st.at.r) + "=";
    for (const TileSpec& t : st.tiles) out += tile_text(Tile::make(t.owner, t.unit, t.face_down));
  }
  out += "\nreserves:";
  for (int p = 0; p < 2; ++p) {
    out += " p" + std::to_string(p);
    for (int u = kShipyard; u < kUnitCount; ++u)
      out += " " + tile_text(Tile::make(p, u)) + std::to_string(reserve_[p][u]);
    out += p == 0 ? ";" : "";
  }
  return out + "\n";
}

// Planes (each kWindow x kWindow, indexed [dq + 8][dr + 8] from the mover's Core):
//   0-5   the mover's top tiles by role: core, shipyard, shield (incl. face-down), frigate, destroyer, repulsor
//   6-11  the opponent's, same order
//   12,13 the mover's / opponent's buried tiles in the column, / 8
//   14    column height / 8
//   15    1 if two actions are left (constant plane)
//   16    separation countdown / 4 (constant)
//   17-21 the mover's reserve of shipyard, shield, frigate, destroyer, repulsor / fleet count (constant)
//   22-26 the opponent's, same order
void State::observation(float* out) const {
  constexpr int kArea = kWindow * kWindow;
  // Planes 0-14 are sparse (cleared, then set where a column is); 15-26 are filled whole below.
  std::fill(out, out + 15 * kArea, 0.0f);
  const int me = side_;
  const Hex centre = core_[me];
  auto fill_plane = [&](int plane, float v) { std::fill(out + plane * kArea, out + (plane + 1) * kArea, v); };
  for (int c = 0; c < columns_; ++c) {
    const int x = col_at_[c].q - centre.q + kWindow / 2, y = col_at_[c].r - centre.r + kWindow / 2;
    if (x < 0 || y < 0 || x >= kWindow || y >= kWindow) continue;
    const int cell = x * kWindow + y;
    const Tile t = top(c);
    const int role = t.is_shield() ? int(kShield) : t.unit();
    out[((t.owner() == me ? 0 : 6) + role) * kArea + cell] = 1.0f;
    for (int slot = below_[col_top_[c]]; slot != kNone; slot = below_[slot])
      out[(tile_[slot].owner() == me ? 12 : 13) * kArea + cell] += 1.0f / 8;
    out[14 * kArea + cell] = col_height_[c] / 8.0f;
  }
  fill_plane(15, actions_left_ == 2 ? 1.0f : 0.0f);
  fill_plane(16, countdown_ / 4.0f);
  for (int u = kShipyard; u < kUnitCount; ++u) {
    const float fleet = options_.fleet[u] ? options_.fleet[u] : 1.0f;
    fill_plane(17 + u - kShipyard, reserve_[me][u] / fleet);
    fill_plane(22 + u - kShipyard, reserve_[opponent(me)][u] / fleet);
  }
}

}  // namespace triptych::hexfleet
