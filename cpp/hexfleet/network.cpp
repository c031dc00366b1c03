// The power network for display: the same component labels and cut-vertex
// test move generation uses (chain.cpp), reported per column so a front end
// can draw which tiles trace to which Core and where the chain would break,
// without tracing power itself.
#include "hexfleet/state.h"

namespace triptych::hexfleet {

std::vector<State::NetworkColumn> State::power_network() const {
  ChainInfo info;
  label_components(info);
  std::array<int, kMaxColumns> cores{};
  for (int side = 0; side < 2; ++side) {
    const int col = find_column(core_[side]);
    if (col >= 0) cores[info.component[col]] |= 1 << side;
  }
  std::vector<NetworkColumn> out;
  out.reserve(static_cast<std::size_t>(columns_));
  for (int c = 0; c < columns_; ++c)
    out.push_back({col_at_[c], info.component[c], !ring_is_one_arc(col_ring_[c]) && is_cut_vertex(c),
                   cores[info.component[c]]});
  return out;
}

}  // namespace triptych::hexfleet
