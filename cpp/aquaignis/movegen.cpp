// Legal action generation for AquaIgnis, and the diagnosis of illegal ones.
// Legality is defined in one place (legal_actions); explain_illegal only
// says why an action is missing from that list.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>

#include "aquaignis/state.h"

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

void State::legal_actions(ActionList& out) const {
  out.clear();
  if (over_) return;
  const int side = side_;
  const int dir = direction(side);
  const bool crown_taken = has_crown(side);
  const bool barrier_taken = has_barrier(side);
  const int enemy_barrier = barrier_flow(opponent(side));
  const Link& link = links_[side];

  for (int flow = 0; flow < kFlows; ++flow)
    if (spawn_landing(side, flow) >= 0) out.push_back({ActionType::kSpawn, std::int8_t(flow), 0, 0, 0});

  // The side's units in cell_index order: flow-major, pos ascending.
  for (std::uint64_t units = units_[side]; units; units &= units - 1) {
    const int index = std::countr_zero(units);
    const int flow = index / kSlots, pos = index % kSlots;
    const Cell c = cells_[index];
    const auto f8 = std::int8_t(flow), p8 = std::int8_t(pos);
    if (c.kind() == Kind::kBarrier) {
      if (c.value() < kMaxDurability) out.push_back({ActionType::kCharge, f8, p8, 0, 0});
      continue;
    }
    const int charge = c.value();
    if (can_boost(side, c, crown_taken)) out.push_back({ActionType::kCharge, f8, p8, 0, 0});
    const bool can_step = step_target(side, flow, pos).kind != StepKind::kFriendly;
    if (can_step) out.push_back({ActionType::kAdvance, f8, p8, 0, 0});
    if (can_step && charge == kMaxPieceCharge) out.push_back({ActionType::kSurge, f8, p8, 0, 0});
    if (!barrier_taken) out.push_back({ActionType::kBarrier, f8, p8, 0, 0});
    if (charge < 2) continue;
    // Side jumps: adjacent flows at the same height...
    for (int to_flow : {left_flow(flow), right_flow(flow)}) {
      if (to_flow == enemy_barrier) continue;
      if (cell(to_flow, pos).is_piece_of(opponent(side)))
        out.push_back({ActionType::kJump, f8, p8, std::int8_t(to_flow), p8});
    }
    // ...and Resonant Jumps between linked flows (R13).
    const int partner = link.partner(flow);
    if (partner < 0 || partner == enemy_barrier) continue;
    for (int to_pos : {pos, pos + dir}) {
      if (on_board(to_pos) && cell(partner, to_pos).is_piece_of(opponent(side)))
        out.push_back({ActionType::kJump, f8, p8, std::int8_t(partner), std::int8_t(to_pos)});
    }
  }
  // R16: a player with nothing legal at all passes (this never happens in
  // practice, but the game must not stall).
  if (out.empty()) out.push_back({ActionType::kPass, 0, 0, 0, 0});
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
  if (cell(flow, t.pos).is_barrier_of(side))
    return "your own barrier on your edge row blocks the way (a breakthrough starts from the edge row itself)";
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
