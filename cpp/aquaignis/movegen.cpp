// Legal action generation for AquaIgnis, and the diagnosis of illegal ones.
// Legality is defined in one place (legal_actions); explain_illegal only
// says why an action is missing from that list.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>

#include "aquaignis/state.h"
#include "common/bits.h"
#include "common/rng.h"

namespace triptych::aquaignis {

bool State::eligible_for_boost(int side, int flow, int pos) const {
  return can_boost(side, cell(flow, pos), has_crown(side));
}

bool State::eligible_for_advance(int side, int flow, int pos) const {
  return cell(flow, pos).is_piece_of(side) && step_target(side, flow, pos).kind != StepKind::kFriendly;
}

// R7: when an effect reaches "your piece" in another flow (pulse, Harmonic
// Charge, Parallel Advance), the piece that answers is the eligible one
// nearest to the slot the effect came from; a tie goes to the more advanced.
int State::answering_piece(int side, int flow, int ref_pos, bool (State::*eligible)(int, int, int) const) const {
  int best = -1;
  // Only the side's pieces in that flow can answer: walk their bits, pos ascending.
  for (std::uint64_t m = (units_[side] & ~barriers_) & flow_mask(flow); m; m &= m - 1) {
    const int pos = std::countr_zero(m) - flow * kSlots;
    if (!(this->*eligible)(side, flow, pos)) continue;
    if (best < 0) {
      best = pos;
      continue;
    }
    const int d_best = std::abs(best - ref_pos), d = std::abs(pos - ref_pos);
    const bool more_advanced = direction(side) > 0 ? pos > best : pos < best;
    if (d < d_best || (d == d_best && more_advanced)) best = pos;
  }
  return best;
}

namespace {
// Bitboards over cell_index (bit flow * 7 + pos), 49 bits.
constexpr std::uint64_t kBoard = (std::uint64_t{1} << kCells) - 1;
constexpr std::uint64_t row(int pos) {
  std::uint64_t m = 0;
  for (int f = 0; f < kFlows; ++f) m |= std::uint64_t{1} << cell_index(f, pos);
  return m;
}
constexpr std::uint64_t rows(int from, int to) {
  std::uint64_t m = 0;
  for (int p = from; p <= to; ++p) m |= row(p);
  return m;
}
// Bit b of the result is bit b + dir * k of x: the cell k steps ahead of b for a side moving
// in `dir` (callers mask out the rows whose cell ahead is off the board, which would wrap to
// another flow).
constexpr std::uint64_t ahead(std::uint64_t x, int dir, int k) { return dir > 0 ? x >> k : (x << k) & kBoard; }
// Bit b of the result is bit b of x one flow to the left / right (the flows form a ring).
constexpr std::uint64_t from_left(std::uint64_t x) { return ((x << kSlots) | (x >> (kCells - kSlots))) & kBoard; }
constexpr std::uint64_t from_right(std::uint64_t x) { return ((x >> kSlots) | (x << (kCells - kSlots))) & kBoard; }
}  // namespace

State::MoveMasks State::move_masks() const {
  // The rules of spawn_landing, step_target and the Side Jump test, asked for all cells at once.
  const int side = side_, enemy = opponent(side);
  const int dir = direction(side);
  const std::uint64_t own = units_[side], foe = units_[enemy];
  const std::uint64_t own_pieces = own & ~barriers_, own_barriers = own & barriers_;
  const std::uint64_t foe_barriers = foe & barriers_;
  MoveMasks m;
  m.crown_taken = (crowns_ & own) != 0;
  m.barrier_taken = own_barriers != 0;
  m.enemy_barrier = foe_barriers ? std::countr_zero(foe_barriers) / kSlots : -1;
  // Spawns: the entry, or the slot beyond a barrier standing on it, must be empty or hold an
  // own piece (which is replaced).
  const std::uint64_t entry = row(entry_pos(side));
  const std::uint64_t landable = (~(own | foe) & kBoard) | own_pieces;
  m.spawns = (landable & entry & ~barriers_) | (ahead(landable, dir, 1) & barriers_ & entry);
  // kFriendly: the cell ahead holds an own piece, or an own barrier with an own unit beyond
  // it (beyond your barrier on your edge row is the way off the board, R3).
  const std::uint64_t one_on = dir > 0 ? rows(0, kSlots - 2) : rows(1, kSlots - 1);  // a cell ahead
  const std::uint64_t two_on = dir > 0 ? rows(0, kSlots - 3) : rows(2, kSlots - 1);  // two cells ahead
  m.blocked = own_pieces & one_on &
              (ahead(own_pieces, dir, 1) | (ahead(own_barriers, dir, 1) & two_on & ahead(own, dir, 2)));
  // Side jumps: an enemy piece at the same height in the flow to the left / right, not in the
  // flow of the enemy's Barrier.
  const std::uint64_t targets = foe & ~barriers_ & (m.enemy_barrier >= 0 ? ~flow_mask(m.enemy_barrier) : kBoard);
  m.jump_left = from_left(targets);
  m.jump_right = from_right(targets);
  return m;
}

// Resonant Jumps (R13) of the piece at (flow, pos) between the linked flows.
void State::resonant_jumps(int flow, int pos, int enemy_barrier, ActionList& out) const {
  const int partner = links_[side_].partner(flow);
  if (partner < 0 || partner == enemy_barrier) return;
  for (int to_pos : {pos, pos + direction(side_)}) {
    if (on_board(to_pos) && cell(partner, to_pos).is_piece_of(opponent(side_)))
      out.push_back({ActionType::kJump, std::int8_t(flow), std::int8_t(pos), std::int8_t(partner), std::int8_t(to_pos)});
  }
}

void State::legal_actions(ActionList& out) const {
  // Per-cell legality comes from move_masks(), in the documented order. Actions whose legality
  // varies from cell to cell are appended without a branch (push_back_if): mispredicted branches,
  // not instructions, were this function's cost (a random-playout step went from 178 to 118 ns
  // with slightly more instructions).
  out.clear();
  if (over_) return;
  const MoveMasks m = move_masks();
  for (std::uint64_t s = m.spawns; s; s &= s - 1)
    out.push_back({ActionType::kSpawn, std::int8_t(std::countr_zero(s) / kSlots), 0, 0, 0});
  const bool linked = links_[side_].active();
  for (std::uint64_t units = units_[side_]; units; units &= units - 1) {
    const int index = std::countr_zero(units);
    const std::uint64_t bit = std::uint64_t{1} << index;
    const int flow = index / kSlots, pos = index % kSlots;
    const Cell c = cells_[index];
    const int value = c.value();
    const auto f8 = std::int8_t(flow), p8 = std::int8_t(pos);
    if (c.kind() == Kind::kBarrier) {
      out.push_back_if({ActionType::kCharge, f8, p8, 0, 0}, value < kMaxDurability);
      continue;
    }
    const bool can_step = (m.blocked & bit) == 0;
    out.push_back_if({ActionType::kCharge, f8, p8, 0, 0},
                     value < kMaxPieceCharge || (value == kMaxPieceCharge && !m.crown_taken));
    out.push_back_if({ActionType::kAdvance, f8, p8, 0, 0}, can_step);
    out.push_back_if({ActionType::kSurge, f8, p8, 0, 0}, can_step && value == kMaxPieceCharge);
    out.push_back_if({ActionType::kBarrier, f8, p8, 0, 0}, !m.barrier_taken);
    if (value < 2) continue;
    out.push_back_if({ActionType::kJump, f8, p8, std::int8_t(left_flow(flow)), p8}, (m.jump_left & bit) != 0);
    out.push_back_if({ActionType::kJump, f8, p8, std::int8_t(right_flow(flow)), p8}, (m.jump_right & bit) != 0);
    if (linked) resonant_jumps(flow, pos, m.enemy_barrier, out);
  }
  // R16: a player with nothing legal at all passes (this never happens in
  // practice, but the game must not stall).
  if (out.empty()) out.push_back({ActionType::kPass, 0, 0, 0, 0});
}

Action State::random_action(Rng& rng) const {
  // Count the legal actions by kind with popcounts (the charge bitboards kept by set_cell say
  // which pieces may charge, surge or jump), draw one index, and build only that action.
  if (over_) return Action{};
  const MoveMasks m = move_masks();
  const std::uint64_t own = units_[side_];
  const std::uint64_t pieces = own & ~barriers_;
  const std::uint64_t charged = charged_ & own, three = charge3_ & own;
  const std::uint64_t own_barrier = own & barriers_;
  const bool barrier_chargeable = own_barrier && cells_[std::countr_zero(own_barrier)].value() < kMaxDurability;
  // Resonant Jumps (R13) only exist under a Flow Link: listed, they are few.
  ActionList resonant;
  if (links_[side_].active()) {
    const int center = links_[side_].center;
    for (std::uint64_t p = charged & (flow_mask(left_flow(center)) | flow_mask(right_flow(center))); p; p &= p - 1) {
      const int index = std::countr_zero(p);
      resonant_jumps(index / kSlots, index % kSlots, m.enemy_barrier, resonant);
    }
  }
  // One mask per kind of action; the actions are its set bits.
  const std::uint64_t kinds[7] = {
      m.spawns,
      (pieces & ~three & ~crowns_) | (m.crown_taken ? 0 : three) | (barrier_chargeable ? own_barrier : 0),
      pieces & ~m.blocked,
      three & ~m.blocked,
      m.barrier_taken ? 0 : pieces,
      charged & m.jump_left,
      charged & m.jump_right};
  int counts[7], total = 0;
  for (int k = 0; k < 7; ++k) total += counts[k] = bit_count(kinds[k]);
  total += static_cast<int>(resonant.size());
  if (total == 0) return Action{};  // R16: pass
  int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
  int k = 0;
  while (k < 7 && pick >= counts[k]) pick -= counts[k++];
  if (k == 7) return resonant[pick];
  std::uint64_t bits = kinds[k];
  for (; pick > 0; --pick) bits &= bits - 1;
  const int index = std::countr_zero(bits);
  const auto flow = std::int8_t(index / kSlots), pos = std::int8_t(index % kSlots);
  switch (k) {
    case 0: return {ActionType::kSpawn, flow, 0, 0, 0};
    case 1: return {ActionType::kCharge, flow, pos, 0, 0};
    case 2: return {ActionType::kAdvance, flow, pos, 0, 0};
    case 3: return {ActionType::kSurge, flow, pos, 0, 0};
    case 4: return {ActionType::kBarrier, flow, pos, 0, 0};
    case 5: return {ActionType::kJump, flow, pos, std::int8_t(left_flow(flow)), pos};
    default: return {ActionType::kJump, flow, pos, std::int8_t(right_flow(flow)), pos};
  }
}

bool State::is_tactical(const Action& a) const {
  if (a.type == ActionType::kJump) return true;
  if (a.type != ActionType::kAdvance && a.type != ActionType::kSurge) return false;
  const StepTarget first = step_target(side_, a.flow, a.pos);
  if (first.kind != StepKind::kEmpty || a.type == ActionType::kAdvance) return first.kind != StepKind::kEmpty;
  // A Surge's second step fights, but never scores (R6).
  const StepTarget second = step_target(side_, a.flow, first.pos);
  return second.kind == StepKind::kEnemyPiece || second.kind == StepKind::kEnemyBarrier;
}

bool State::is_legal(const Action& action) const {
  ActionList legal;
  legal_actions(legal);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

namespace {
std::string where(int flow, int pos) {
  return "flow " + std::to_string(flow + 1) + " pos " + std::to_string(pos);
}
}  // namespace

std::string State::blocked_way(int side, int flow, int pos) const {
  const StepTarget t = step_target(side, flow, pos);
  if (t.pos != pos + direction(side)) return "your own piece beyond your barrier blocks the way";
  return "your own piece blocks the way";
}

std::string State::explain_illegal(const Action& a) const {
  if (is_legal(a)) return "";
  if (over_) return "the game is over";
  const int side = side_;
  const auto in_range = [](int flow, int pos) { return flow >= 0 && flow < kFlows && on_board(pos); };
  if (!in_range(a.flow, a.pos)) return "flow must be 1..7 and pos 0..6";
  if (a.type == ActionType::kPass) return "passing is only allowed when no other action is legal";
  if (a.type == ActionType::kSpawn) {
    // Name the unit that blocks: the one on the entry, or the one beyond a barrier there (R1, R2).
    const int entry = entry_pos(side);
    const Cell at_entry = cell(a.flow, entry);
    if (!at_entry.empty() && at_entry.kind() == Kind::kBarrier)
      return "the slot beyond the barrier on your entry, " + where(a.flow, entry + direction(side)) +
             ", is held by the enemy";
    return "your entry, " + where(a.flow, entry) + ", is held by an enemy piece";
  }
  const Cell c = cell(a.flow, a.pos);
  if (c.empty() || c.owner() != side) return "no unit of the side to move at " + where(a.flow, a.pos);
  const bool is_barrier = c.kind() == Kind::kBarrier;
  switch (a.type) {
    case ActionType::kCharge:
      if (is_barrier) return "the barrier is already at the maximum durability 3";
      if (c.value() == kCrownCharge) return "a Crown cannot be charged further";
      return "you already have a Crown, so this piece stays at charge 3";
    case ActionType::kAdvance:
      if (is_barrier) return "a barrier does not move";
      return blocked_way(side, a.flow, a.pos);
    case ActionType::kSurge:
      if (is_barrier) return "a barrier does not move";
      if (c.value() != kMaxPieceCharge)
        return "a Surge needs charge exactly 3 (this piece has " + std::to_string(c.value()) + ")";
      return blocked_way(side, a.flow, a.pos);
    case ActionType::kBarrier:
      if (is_barrier) return "this unit is already a barrier";
      return "you already have a barrier standing";
    case ActionType::kJump: {
      if (is_barrier) return "a barrier does not jump";
      if (c.value() < 2) return "a Side Jump needs charge 2 or more";
      if (!in_range(a.to_flow, a.to_pos)) return "jump target must be flow 1..7 and pos 0..6";
      const bool adjacent = a.to_flow == left_flow(a.flow) || a.to_flow == right_flow(a.flow);
      const bool resonant = links_[side].partner(a.flow) == a.to_flow;
      if (!adjacent && !resonant) return "the target flow is neither adjacent nor linked to this flow";
      if (barrier_flow(opponent(side)) == a.to_flow) return "you cannot jump into a flow with an enemy Barrier";
      if (!cell(a.to_flow, a.to_pos).is_piece_of(opponent(side)))
        return "no enemy piece at " + where(a.to_flow, a.to_pos);
      return adjacent ? "a Side Jump needs the enemy at the same height"
                      : "a Resonant Jump needs the enemy at the same height or one step toward their entry";
    }
    default:
      return "not a legal action here";
  }
}

}  // namespace triptych::aquaignis
