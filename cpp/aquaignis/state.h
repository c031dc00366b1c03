// The AquaIgnis position and its contract: legal actions, apply, hash,
// setup (the engine side of to_dict/from_dict), observation and text.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "aquaignis/types.h"

namespace triptych {
class Rng;
}

namespace triptych::aquaignis {

struct Options {
  // Whole turns (2 actions each) in a row with no breakthrough and no unit
  // destroyed before the game is drawn (R17, a house rule: the seed has no
  // draw); keeps self-play finite. 0: off (nothing is counted).
  int no_progress_limit = 40;
  int first_player = kAqua;
};

// A Flow Link: the two flanks of the flow a Surge went up. It lasts for the
// owner's current turn and the owner's next one (turns_left counts those).
struct Link {
  std::int8_t center = -1;  // the surged flow; the linked flows are its two neighbours
  std::uint8_t turns_left = 0;

  bool active() const { return center >= 0; }
  // The other linked flow, or -1 when `flow` is not one of the two.
  int partner(int flow) const {
    if (!active()) return -1;
    if (flow == left_flow(center)) return right_flow(center);
    if (flow == right_flow(center)) return left_flow(center);
    return -1;
  }
};

// Plain description of a position: what from_dict fills and to_dict reads.
struct UnitSpec {
  int flow = 0, pos = 0, owner = 0;
  Kind kind = Kind::kPiece;
  int value = 1;  // charge of a piece, durability of a barrier
};
struct LinkSpec {
  int owner = 0;
  int flow_a = 0, flow_b = 0;
  int turns_left = 1;
};
struct Setup {
  int to_move = kAqua;
  int actions_left = 2;
  std::array<int, 2> score{0, 0};
  std::vector<UnitSpec> units;
  std::vector<LinkSpec> links;
  int turn = 0;
  int no_progress = 0;  // actions since the last breakthrough or destruction
  Options options;
};

class State {
 public:
  explicit State(const Options& options = {});

  // --- queries -------------------------------------------------------------
  int side_to_act() const { return side_; }  // whose turn it is (or was, once over)
  int to_move() const;                       // side_to_act, or kTerminalPlayer
  int actions_left() const { return actions_left_; }
  bool is_terminal() const { return over_; }
  int winner() const { return winner_; }  // -1: none yet, or a draw
  std::array<double, 2> returns() const;
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;  // from scratch; equals hash()
  Cell cell(int flow, int pos) const { return cells_[cell_index(flow, pos)]; }
  // Bit cell_index(flow, pos) set for every unit (piece or barrier) of `side`.
  std::uint64_t unit_mask(int side) const { return units_[side]; }
  int score(int side) const { return score_[side]; }
  const Link& link(int side) const { return links_[side]; }
  int turn() const { return turn_; }
  int no_progress() const { return no_progress_; }
  const Options& options() const { return options_; }

  // --- the contract ----------------------------------------------------------
  // Legal actions in a fixed order: spawns by flow, then per unit (flow-major,
  // pos ascending): charge, advance, surge, barrier, jumps.
  void legal_actions(ActionList& out) const;
  // A uniformly random legal action, drawn by counting them with bitboards
  // instead of listing them (the random playouts of MCTS): the distribution of
  // picking from legal_actions(), though not the same draw for a given Rng.
  Action random_action(Rng& rng) const;
  bool is_legal(const Action& action) const;
  // Why `action` is not legal here (empty when it is legal).
  std::string explain_illegal(const Action& action) const;
  // Whether a legal action fights or scores: a clash, a barrier attack, a
  // breakthrough or a side jump (searched first and in quiescence).
  bool is_tactical(const Action& action) const;
  // Applies a legal action; throws IllegalActionError (state untouched) otherwise.
  void apply(const Action& action);
  // Applies an action known to be legal (search, perft).
  void apply_unchecked(const Action& action);

  // --- setup -----------------------------------------------------------------
  static State from_setup(const Setup& setup);  // throws InvalidStateError
  Setup to_setup() const;

  // --- views -----------------------------------------------------------------
  static constexpr int kObservationPlanes = 16;
  static constexpr int kObservationSize = kObservationPlanes * kFlows * kSlots;
  void observation(float* out) const;  // kObservationSize floats, [plane][flow][pos]
  std::string to_string() const;

 private:
  enum class StepKind { kOffBoard, kEmpty, kFriendly, kEnemyPiece, kEnemyBarrier };
  struct StepTarget {
    StepKind kind;
    int pos;
  };

  // What move generation asks of every cell at once, as bitboards over
  // cell_index for the side to act (movegen.cpp).
  struct MoveMasks {
    std::uint64_t spawns;      // entry cells of the flows a spawn may enter
    std::uint64_t blocked;     // own pieces whose step_target is kFriendly
    std::uint64_t jump_left;   // cells whose left / right neighbour holds an enemy
    std::uint64_t jump_right;  // piece a Side Jump may hit (not in the enemy Barrier's flow)
    bool crown_taken, barrier_taken;
    int enemy_barrier;  // flow of the enemy's Barrier, -1 when none stands
  };
  MoveMasks move_masks() const;
  void resonant_jumps(int flow, int pos, int enemy_barrier, ActionList& out) const;

  // Where a piece of `side` at (flow, pos) would step next: friendly
  // barriers are passed through without costing the step.
  StepTarget step_target(int side, int flow, int pos) const;
  bool has_crown(int side) const;
  bool has_barrier(int side) const;
  int barrier_flow(int side) const;  // -1 when none stands
  bool can_boost(int side, Cell c, bool crown_taken) const;
  int answering_piece(int side, int flow, int ref_pos, bool (State::*eligible)(int, int, int) const) const;
  bool eligible_for_boost(int side, int flow, int pos) const;
  bool eligible_for_advance(int side, int flow, int pos) const;
  std::string blocked_way(int side, int flow, int pos) const;  // why an Advance/Surge cannot step

  // Mutations; every change of a cell goes through set_cell so the hash follows.
  void set_cell(int flow, int pos, Cell c);
  void add_score(int side);
  void set_link(int side, Link link);
  void set_side_and_actions(int side, int actions_left);

  // Rules, one per action kind, plus their shared parts.
  void do_spawn(int side, int flow);
  void do_charge(int side, int flow, int pos);
  void do_advance(int side, int flow, int pos);
  void do_surge(int side, int flow, int pos);
  void do_barrier(int side, int flow, int pos);
  void do_jump(const Action& a);
  // Moves or fights one step from (flow, pos); returns where the piece now
  // is (-1 if it died or left the board), and whether that step was a fight.
  int resolve_step(int side, int flow, int pos, const StepTarget& target, bool& fought);
  void boost(int side, int flow, int pos);
  int spawn_landing(int side, int flow) const;  // -1 when the entry is blocked
  void pulse(int side, int flow, int ref_pos);
  void end_action();
  void end_turn();

  std::array<Cell, kCells> cells_{};
  // Bitboards over cell_index, kept in step with cells_ by set_cell (and
  // rebuilt by from_setup): move generation walks a side's units instead of
  // all 49 slots, and the one Crown and one Barrier a side may hold are found
  // without a scan (profiled: the scans were a third of a playout step).
  std::array<std::uint64_t, 2> units_{};  // every unit of each side
  std::uint64_t barriers_ = 0;            // barriers, both sides
  std::uint64_t crowns_ = 0;              // Crowns (charge-4 pieces), both sides
  std::uint64_t charged_ = 0;             // pieces of charge 2 or more (Side Jumps), both sides
  std::uint64_t charge3_ = 0;             // pieces of charge exactly 3 (Surges), both sides
  void rebuild_masks();
  std::array<std::uint8_t, 2> score_{0, 0};
  std::array<Link, 2> links_{};
  std::int8_t side_ = kAqua;
  std::int8_t actions_left_ = 2;
  bool over_ = false;
  std::int8_t winner_ = -1;
  bool progress_this_action_ = false;
  std::uint16_t no_progress_ = 0;  // actions since the last breakthrough or destruction
  std::uint32_t turn_ = 0;
  Options options_;
  std::uint64_t hash_ = 0;
};

// The small rules helpers every generated action asks, defined here so that
// move generation and apply inline them (profiled: a call each was a tenth
// of a random-playout step).

inline State::StepTarget State::step_target(int side, int flow, int pos) const {
  const int dir = direction(side);
  int next = pos + dir;
  if (!on_board(next)) return {StepKind::kOffBoard, next};
  Cell c = cell(flow, next);
  if (c.is_barrier_of(side)) {  // R3: friendly barriers are passed through for free
    // Your barrier on your edge row: passing it is leaving the board from the
    // edge row, a breakthrough (R3, R6).
    if (!on_board(next + dir)) return {StepKind::kOffBoard, next + dir};
    next += dir;
    c = cell(flow, next);
  }
  if (c.empty()) return {StepKind::kEmpty, next};
  if (c.owner() == side) return {StepKind::kFriendly, next};
  return {c.kind() == Kind::kPiece ? StepKind::kEnemyPiece : StepKind::kEnemyBarrier, next};
}

inline int State::spawn_landing(int side, int flow) const {
  int pos = entry_pos(side);
  // "Barriers do not block your spawn" (R1, R2): any barrier on the entry,
  // yours or the enemy's, is passed and the piece enters on the slot beyond.
  if (cell(flow, pos).kind() == Kind::kBarrier && !cell(flow, pos).empty()) pos += direction(side);
  const Cell c = cell(flow, pos);
  if (c.empty() || c.is_piece_of(side)) return pos;  // an own piece there is replaced (sacrifice)
  return -1;                                         // R1: an enemy unit holds the slot
}

inline bool State::can_boost(int side, Cell c, bool crown_taken) const {
  if (!c.is_piece_of(side)) return false;
  return c.value() < kMaxPieceCharge || (c.value() == kMaxPieceCharge && !crown_taken);
}

// Leaves of the action tree `depth` plies deep (each action is one ply).
std::uint64_t perft(const State& state, int depth);

// Canonical notation (see docs/rules/aquaignis.md): N3, C3.2, A3.2, S3.2,
// B3.2, J3.2-4.2, pass. Parsing is case-insensitive and also accepts words.
std::string to_notation(const Action& action);
Action parse_notation(const std::string& text);  // throws IllegalActionError

}  // namespace triptych::aquaignis
