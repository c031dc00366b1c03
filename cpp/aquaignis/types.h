// AquaIgnis basic types: sides, board geometry, the packed cell and the action.
#pragma once

#include <cstdint>

#include "common/fixed_vector.h"

namespace triptych::aquaignis {

inline constexpr int kFlows = 7;
inline constexpr int kSlots = 7;
inline constexpr int kCells = kFlows * kSlots;
inline constexpr int kWinningScore = 4;
inline constexpr int kMaxPieceCharge = 3;  // normal cap; a Crown is the one piece at 4
inline constexpr int kCrownCharge = 4;
inline constexpr int kMaxDurability = 3;

enum Side : int { kAqua = 0, kIgnis = 1 };
inline constexpr int opponent(int side) { return side ^ 1; }
// AQUA enters at pos 0 and moves up; IGNIS enters at pos 6 and moves down.
inline constexpr int direction(int side) { return side == kAqua ? +1 : -1; }
inline constexpr int entry_pos(int side) { return side == kAqua ? 0 : kSlots - 1; }
inline constexpr int edge_pos(int side) { return side == kAqua ? kSlots - 1 : 0; }
// The flows form a ring for every kind of adjacency (1 and 7 touch).
inline constexpr int left_flow(int flow) { return (flow + kFlows - 1) % kFlows; }
inline constexpr int right_flow(int flow) { return (flow + 1) % kFlows; }
inline constexpr int cell_index(int flow, int pos) { return flow * kSlots + pos; }
inline constexpr bool on_board(int pos) { return pos >= 0 && pos < kSlots; }
// The bits of a flow's seven slots in a cell_index bitboard.
inline constexpr std::uint64_t flow_mask(int flow) { return std::uint64_t{0x7F} << (flow * kSlots); }

enum class Kind : std::uint8_t { kPiece = 0, kBarrier = 1 };

// One slot packed into a byte: bit 7 occupied, bit 6 owner, bit 5 kind,
// bits 0-2 charge (a piece) or durability (a barrier).
struct Cell {
  std::uint8_t code = 0;

  static constexpr Cell make(int owner, Kind kind, int value) {
    return Cell{static_cast<std::uint8_t>(0x80 | (owner << 6) | (static_cast<int>(kind) << 5) | value)};
  }
  constexpr bool empty() const { return code == 0; }
  constexpr int owner() const { return (code >> 6) & 1; }
  constexpr Kind kind() const { return static_cast<Kind>((code >> 5) & 1); }
  constexpr int value() const { return code & 7; }
  constexpr bool is_piece_of(int side) const { return !empty() && owner() == side && kind() == Kind::kPiece; }
  constexpr bool is_barrier_of(int side) const { return !empty() && owner() == side && kind() == Kind::kBarrier; }
  constexpr bool is_enemy_of(int side) const { return !empty() && owner() != side; }
  friend constexpr bool operator==(Cell a, Cell b) { return a.code == b.code; }
};

enum class ActionType : std::uint8_t { kSpawn, kCharge, kAdvance, kSurge, kBarrier, kJump, kPass };

// Flows and positions are 0-based inside the engine (the seed's flow 1..7 is
// flow 0..6 here); notation and dicts use the seed's numbering.
struct Action {
  ActionType type = ActionType::kPass;
  std::int8_t flow = 0;
  std::int8_t pos = 0;
  std::int8_t to_flow = 0;  // jumps only
  std::int8_t to_pos = 0;   // jumps only

  friend constexpr bool operator==(const Action& a, const Action& b) {
    return a.type == b.type && a.flow == b.flow && a.pos == b.pos && a.to_flow == b.to_flow &&
           a.to_pos == b.to_pos;
  }
};

// A compact code for tables that store actions (transposition table,
// history): 3 bits type, then flow, pos, to_flow, to_pos, 3 bits each.
inline constexpr std::uint32_t encode(const Action& a) {
  return static_cast<std::uint32_t>(a.type) | (std::uint32_t(a.flow) << 3) | (std::uint32_t(a.pos) << 6) |
         (std::uint32_t(a.to_flow) << 9) | (std::uint32_t(a.to_pos) << 12);
}
inline constexpr Action decode(std::uint32_t code) {
  return Action{static_cast<ActionType>(code & 7), std::int8_t((code >> 3) & 7), std::int8_t((code >> 6) & 7),
                std::int8_t((code >> 9) & 7), std::int8_t((code >> 12) & 7)};
}
inline constexpr int kActionCodes = 1 << 15;

// Generous upper bound: 7 spawns plus, for each of at most 49 own units,
// charge, advance, surge, barrier and up to four jumps.
inline constexpr int kMaxActions = 7 + kCells * 8;
using ActionList = FixedVector<Action, kMaxActions>;

}  // namespace triptych::aquaignis
