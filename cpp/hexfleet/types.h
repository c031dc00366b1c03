// Hexfleet basic types: hex geometry, tiles, fleets and the action.
#pragma once

#include <array>
#include <cstdint>

#include "common/fixed_vector.h"

namespace triptych::hexfleet {

// Axial coordinates; the six edge-neighbours in the seed's fixed order.
struct Hex {
  std::int32_t q = 0;
  std::int32_t r = 0;
  friend constexpr bool operator==(Hex a, Hex b) { return a.q == b.q && a.r == b.r; }
  friend constexpr bool operator!=(Hex a, Hex b) { return !(a == b); }
  friend constexpr bool operator<(Hex a, Hex b) { return a.q != b.q ? a.q < b.q : a.r < b.r; }
};
inline constexpr std::array<Hex, 6> kDirections{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};
inline constexpr Hex neighbour(Hex h, int dir) { return {h.q + kDirections[dir].q, h.r + kDirections[dir].r}; }
inline constexpr int opposite(int dir) { return (dir + 3) % 6; }
inline constexpr int hex_distance(Hex a, Hex b) {
  const int dq = a.q - b.q, dr = a.r - b.r, ds = -dq - dr;
  const int aq = dq < 0 ? -dq : dq, ar = dr < 0 ? -dr : dr, as = ds < 0 ? -ds : ds;
  return (aq + ar + as) / 2;
}

inline constexpr int opponent(int side) { return side ^ 1; }

// The class printed on a tile's face. A face-down ship keeps its class (it
// returns to the reserve as that class) but acts as a Shield.
enum Unit : std::uint8_t { kCore = 0, kShipyard = 1, kShield = 2, kFrigate = 3, kDestroyer = 4, kRepulsor = 5 };
inline constexpr int kUnitCount = 6;
inline constexpr bool is_ship_class(int unit) { return unit >= kFrigate; }
inline constexpr const char* kUnitNames[kUnitCount] = {"core", "shipyard", "shield", "frigate", "destroyer", "repulsor"};

// One tile packed into a byte: bits 0-2 unit, bit 3 face-down, bit 4 owner.
struct Tile {
  std::uint8_t code = 0;

  static constexpr Tile make(int owner, int unit, bool face_down = false) {
    return Tile{static_cast<std::uint8_t>(unit | (face_down ? 8 : 0) | (owner << 4))};
  }
  constexpr int unit() const { return code & 7; }
  constexpr bool face_down() const { return (code & 8) != 0; }
  constexpr int owner() const { return (code >> 4) & 1; }
  // What the tile does on the board: a face-down ship is a Shield.
  constexpr bool is_shield() const { return unit() == kShield || face_down(); }
  constexpr bool is_ship() const { return is_ship_class(unit()) && !face_down(); }
  constexpr bool is_core() const { return unit() == kCore; }
  constexpr bool is_shipyard() const { return unit() == kShipyard; }
  // Structures a Destroyer may remove.
  constexpr bool is_destroyable() const { return is_shield() || is_shipyard(); }
  friend constexpr bool operator==(Tile a, Tile b) { return a.code == b.code; }
};
inline constexpr int kTileCodes = 32;

inline constexpr int kFleetSize = 24;
inline constexpr int kMaxTiles = 2 * kFleetSize;  // tiles on the board, both sides
inline constexpr int kMaxColumns = kMaxTiles;
inline constexpr int kMaxShipyardsOnBoard = 3;
inline constexpr int kCountdownTurns = 4;

// How many tiles of each class a player owns (the seed fixes only the total).
using Fleet = std::array<std::uint8_t, kUnitCount>;
inline constexpr Fleet kDefaultFleet{1, 3, 4, 6, 5, 5};

enum class ActionType : std::uint8_t { kMove, kSpawn, kShipyard, kDestroy, kPush };

// from/to: move (from > to), destroy and push (from = actor, to = target),
// spawn and shipyard (from = to = where the tile goes).
struct Action {
  ActionType type = ActionType::kMove;
  std::uint8_t unit = 0;    // spawns only: the class of the tile played (0 otherwise)
  bool face_down = false;   // spawns only
  // Moves only, derived (not compared): the fewest levels a legal path of the
  // move climbs, filled in by generation; apply counts it against the ship's
  // climb for the turn (R19).
  std::uint8_t climb = 0;
  Hex from{};
  Hex to{};

  friend constexpr bool operator==(const Action& a, const Action& b) {
    return a.type == b.type && a.unit == b.unit && a.face_down == b.face_down && a.from == b.from && a.to == b.to;
  }
};

// Bound: 23 ships with at most 18 destinations plus 6 targets each, spawns
// from 3 Shipyards onto 6 hexes each in 7 forms, and 6 Shipyard hexes.
inline constexpr int kMaxActions = 23 * 24 + 3 * 6 * 7 + 6 + 8;
using ActionList = FixedVector<Action, kMaxActions>;

}  // namespace triptych::hexfleet
