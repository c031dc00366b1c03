// Positions from and to plain data (the engine side of to_dict/from_dict).
// from_setup checks everything a saved game could get wrong and names the
// field: a position that passes can be reached in play or, at the least,
// obeys every standing rule (stacking, power, counts).
#include <algorithm>

#include "common/errors.h"
#include "hexfleet/hashing.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

namespace {
[[noreturn]] void fail(const std::string& field, const std::string& why) { throw InvalidStateError(field + ": " + why); }
std::string stack_field(std::size_t i) { return "stacks[" + std::to_string(i) + "]"; }
std::string tile_field(std::size_t i, std::size_t j) { return stack_field(i) + ".tiles[" + std::to_string(j) + "]"; }
constexpr int kCoordinateLimit = 1 << 19;
}  // namespace

void validate_options(const Options& o) {
  int total = 0;
  for (int u = 0; u < kUnitCount; ++u) {
    if (o.fleet[u] > kFleetSize) fail(std::string("options.fleet.") + kUnitNames[u], "more than 24");
    total += o.fleet[u];
  }
  if (o.fleet[kCore] != 1) fail("options.fleet.core", "a fleet has exactly one Command Core");
  if (total != kFleetSize) fail("options.fleet", std::to_string(total) + " tiles; a fleet has exactly 24");
  if (o.max_turns < 0) fail("options.max_turns", "must be 0 (no limit) or more");
  if (o.first_player != 0 && o.first_player != 1) fail("options.first_player", "must be 0 or 1");
  if (o.repetitions < 0 || o.repetitions == 1) fail("options.repetitions", "must be 0 (off) or 2 or more");
}

State State::from_setup(const Setup& setup) {
  validate_options(setup.options);
  if (setup.to_move != 0 && setup.to_move != 1) fail("to_move", "must be 0 or 1");
  if (setup.actions_left != 1 && setup.actions_left != 2) fail("actions_left", "must be 1 or 2");
  if (setup.turn < 0) fail("turn", "must be 0 or more");
  if (setup.countdown < 0 || setup.countdown > kCountdownTurns) fail("countdown", "must be null or 1..4");
  if (setup.winner < -1 || setup.winner > 1) fail("winner", "must be null, 0 or 1");
  if (setup.winner >= 0 && !setup.over) fail("winner", "set while the game is not over");

  State s(setup.options);
  // Start from an empty board and build it up through the same primitives
  // play uses, so the incremental hash is the one play would have.
  s.table_.fill(kNone);
  s.occupied_.fill(0);
  s.wrapped_ = false;
  s.below_.fill(kNone);
  s.used_ = 0;
  s.columns_ = 0;
  s.hash_ = zobrist::shield_towers(s.options_.shield_towers);
  s.side_ = 0;
  s.actions_left_ = 2;
  s.countdown_ = 0;
  s.over_ = false;
  s.winner_ = -1;
  s.climber_ = {};
  s.climbed_ = 0;
  s.history_.clear();
  s.turn_ = static_cast<std::uint32_t>(setup.turn);
  for (auto& r : s.reserve_) r.fill(0);
  s.shipyards_ = {0, 0};

  std::array<std::array<int, kUnitCount>, 2> on_board{};
  std::array<int, 2> core_stack{-1, -1};
  int tiles_total = 0;
  for (std::size_t i = 0; i < setup.stacks.size(); ++i) {
    const StackSpec& st = setup.stacks[i];
    if (st.at.q <= -kCoordinateLimit || st.at.q >= kCoordinateLimit) fail(stack_field(i) + ".q", "out of range");
    if (st.at.r <= -kCoordinateLimit || st.at.r >= kCoordinateLimit) fail(stack_field(i) + ".r", "out of range");
    if (st.tiles.empty()) fail(stack_field(i) + ".tiles", "a stack has at least one tile");
    if (s.find_column(st.at) >= 0)
      fail(stack_field(i), "a second stack at " + std::to_string(st.at.q) + "," + std::to_string(st.at.r));
    tiles_total += static_cast<int>(st.tiles.size());
    if (tiles_total > kMaxTiles) fail(stack_field(i) + ".tiles", "more tiles than both fleets hold");
    const int col = s.add_column(st.at);
    for (std::size_t j = 0; j < st.tiles.size(); ++j) {
      const TileSpec& t = st.tiles[j];
      const std::string f = tile_field(i, j);
      if (t.owner != 0 && t.owner != 1) fail(f + ".owner", "must be 0 or 1");
      if (t.unit < 0 || t.unit >= kUnitCount) fail(f + ".unit", "unknown unit");
      if (t.face_down && !is_ship_class(t.unit))
        fail(f + ".face_down", std::string("only ships can be played face-down, not a ") + kUnitNames[t.unit]);
      const Tile tile = Tile::make(t.owner, t.unit, t.face_down);
      if (j > 0) {
        const Tile below = Tile::make(st.tiles[j - 1].owner, st.tiles[j - 1].unit, st.tiles[j - 1].face_down);
        if (tile.is_core()) fail(f, "a Core stands on the ground (level 0), never on a tile");
        if (tile.is_shipyard()) fail(f, "a Shipyard stands on the ground (level 0), never on a tile");
        if (tile.is_shield() && !(below.is_shield() && below.owner() == t.owner))
          fail(f, "a Shield stands on the ground or on one of its owner's Shields (nothing else can hold it up)");
        if (tile.is_shield() && j >= 2 && !setup.options.shield_towers)
          fail(f, "a Shield above Level 1 cannot be spawned (R4: a Shipyard reaches one level up; "
                  "options.shield_towers allows Shield towers)");
      }
      if (tile.is_core()) {
        if (core_stack[t.owner] >= 0) fail(f, "player " + std::to_string(t.owner) + " has a second Core");
        core_stack[t.owner] = static_cast<int>(i);
        s.core_[t.owner] = st.at;
      }
      if (tile.is_ship() && j > 0) {
        const TileSpec& base = st.tiles[0];
        if (base.unit == kCore && base.owner == t.owner) fail(f, "a ship may never stand on its own Core");
      }
      ++on_board[t.owner][t.unit];
      s.push_tile(col, tile);
    }
  }
  for (int p = 0; p < 2; ++p)
    if (core_stack[p] < 0) fail("stacks", "player " + std::to_string(p) + " has no Core on the board");
  for (int p = 0; p < 2; ++p) {
    if (on_board[p][kShipyard] > kMaxShipyardsOnBoard)
      fail("stacks", "player " + std::to_string(p) + " has " + std::to_string(on_board[p][kShipyard]) +
                         " Shipyards on the board (at most 3)");
    s.shipyards_[p] = static_cast<std::uint8_t>(on_board[p][kShipyard]);
    for (int u = 0; u < kUnitCount; ++u) {
      const std::string f = "reserves[" + std::to_string(p) + "]." + kUnitNames[u];
      const int r = setup.reserves[p][u];
      if (r < 0) fail(f, "must be 0 or more");
      if (on_board[p][u] + r != setup.options.fleet[u])
        fail(f, std::to_string(on_board[p][u]) + " on the board + " + std::to_string(r) + " in reserve, but the fleet has " +
                    std::to_string(setup.options.fleet[u]));
      s.set_reserve(p, u, r);
    }
  }

  // Power: every tile traces a path to its own Core.
  std::array<std::uint8_t, kMaxColumns> comp;
  s.components(comp);
  const int home[2] = {comp[s.find_column(s.core_[0])], comp[s.find_column(s.core_[1])]};
  s.contact_ = home[0] == home[1];
  for (std::size_t i = 0; i < setup.stacks.size(); ++i) {
    const int c = s.find_column(setup.stacks[i].at);
    for (std::size_t j = 0; j < setup.stacks[i].tiles.size(); ++j)
      if (comp[c] != home[setup.stacks[i].tiles[j].owner])
        fail(tile_field(i, j), "unpowered: no path of tiles to its owner's Core");
  }

  s.set_side_and_actions(setup.to_move, setup.actions_left);
  s.set_countdown(setup.countdown);
  // R19: only a ship of the player to move, after their first action, and
  // never more levels than its Move.
  if (setup.climbed != 0) {
    if (setup.climbed < 0 || setup.climbed > 2) fail("climbed.levels", "must be 1 or 2");
    if (setup.over || setup.actions_left != 1)
      fail("climbed", "a climb is only remembered between the two actions of a turn");
    const int c = s.find_column(setup.climber);
    if (c < 0 || !s.top(c).is_ship() || s.top(c).owner() != setup.to_move)
      fail("climbed.at", "no ship of the player to move on top there");
    if (setup.climbed > (s.top(c).unit() == kFrigate ? 2 : 1))
      fail("climbed.levels", std::string("a ") + kUnitNames[s.top(c).unit()] + " climbs at most " +
                                 (s.top(c).unit() == kFrigate ? "2 levels" : "1 level") + " a turn");
    s.set_climb(setup.climber, setup.climbed);
  }
  // R20: the turn-start history, checked against what play would have recorded.
  std::vector<std::uint64_t> history;
  if (setup.history) {
    history = *setup.history;
  } else if (!setup.over && setup.actions_left == 2 && s.options_.repetitions != 0) {
    history.push_back(s.hash_);  // the turn now starting
  }
  if (s.options_.repetitions == 0 && !history.empty())
    fail("history", "must be empty when options.repetitions is 0 (nothing is recorded)");
  if (history.size() > static_cast<std::size_t>(setup.turn) + 1)
    fail("history", std::to_string(history.size()) + " turn starts, but only " + std::to_string(setup.turn + 1) +
                        " turns have started");
  for (std::uint64_t h : history) s.history_.push(h);
  if (setup.over) {
    s.set_over(setup.winner);
    return s;
  }
  if (s.options_.repetitions != 0) {
    if (setup.actions_left == 2 && (history.empty() || history.back() != s.hash_))
      fail("history", "the last entry must be this position: a turn's start is recorded when the turn starts");
    std::vector<std::uint64_t> sorted = history;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i + s.options_.repetitions <= sorted.size(); ++i)
      if (sorted[i] == sorted[i + s.options_.repetitions - 1])
        fail("history", "a position occurs " + std::to_string(s.options_.repetitions) +
                            " times, so the game would be drawn (options.repetitions)");
  }
  const bool contact = home[0] == home[1];
  if (setup.countdown != 0 && contact) fail("countdown", "the networks are in contact, so no countdown runs");
  if (setup.countdown == 0 && !contact && setup.actions_left == 2)
    fail("countdown", "the networks are apart at the start of a turn, so a countdown (1..4) must be running");
  if (s.options_.max_turns > 0 && setup.turn >= s.options_.max_turns)
    fail("turn", "the game-length limit (options.max_turns) is reached, so the game is over");
  if (setup.actions_left == 2 && s.has_ship_on_enemy_core(setup.to_move))
    fail("over", "player " + std::to_string(setup.to_move) + " starts the turn on the enemy Core and has won");
  if (!s.has_legal_action())
    fail("actions_left", "player " + std::to_string(setup.to_move) +
                             " has no legal action (the turn, or at a turn's start the game, would be over)");
  return s;
}

Setup State::to_setup() const {
  Setup setup;
  setup.to_move = side_;
  setup.actions_left = actions_left_;
  setup.turn = static_cast<int>(turn_);
  setup.countdown = countdown_;
  setup.climber = climber_;
  setup.climbed = climbed_;
  setup.history = history();
  setup.over = over_;
  setup.winner = winner_;
  setup.options = options_;
  for (int c = 0; c < columns_; ++c) {
    StackSpec st;
    st.at = col_at_[c];
    st.tiles.resize(col_height_[c]);
    int slot = col_top_[c];
    for (int level = col_height_[c] - 1; level >= 0; --level, slot = below_[slot])
      st.tiles[level] = {tile_[slot].owner(), tile_[slot].unit(), tile_[slot].face_down()};
    setup.stacks.push_back(std::move(st));
  }
  std::sort(setup.stacks.begin(), setup.stacks.end(),
            [](const StackSpec& a, const StackSpec& b) { return a.at < b.at; });
  for (int p = 0; p < 2; ++p)
    for (int u = 0; u < kUnitCount; ++u) setup.reserves[p][u] = reserve_[p][u];
  return setup;
}

}  // namespace triptych::hexfleet
