// Applying AquaIgnis actions: every rule of the seed, with the rulings of
// docs/rules/aquaignis.md cited as R<n> where the seed leaves a choice.
#include "aquaignis/state.h"
#include "common/errors.h"

namespace triptych::aquaignis {

namespace {
// One point of charge (or durability) lost; a unit at 0 is destroyed.
Cell weakened(Cell c) { return c.value() <= 1 ? Cell{} : Cell::make(c.owner(), c.kind(), c.value() - 1); }
}  // namespace

void State::apply(const Action& action) {
  if (!is_legal(action)) throw IllegalActionError(explain_illegal(action));
  apply_unchecked(action);
}

void State::apply_unchecked(const Action& a) {
  const int side = side_;
  switch (a.type) {
    case ActionType::kSpawn: do_spawn(side, a.flow); break;
    case ActionType::kCharge: do_charge(side, a.flow, a.pos); break;
    case ActionType::kAdvance: do_advance(side, a.flow, a.pos); break;
    case ActionType::kSurge: do_surge(side, a.flow, a.pos); break;
    case ActionType::kBarrier: do_barrier(side, a.flow, a.pos); break;
    case ActionType::kJump: do_jump(a); break;
    case ActionType::kPass: break;
  }
  end_action();
}

void State::do_spawn(int side, int flow) {
  // Replacing your own piece there is the seed's "sacrifice".
  set_cell(flow, spawn_landing(side, flow), Cell::make(side, Kind::kPiece, 1));
}

void State::boost(int side, int flow, int pos) {
  set_cell(flow, pos, Cell::make(side, Kind::kPiece, cell(flow, pos).value() + 1));
}

void State::do_charge(int side, int flow, int pos) {
  const Cell c = cell(flow, pos);
  set_cell(flow, pos, Cell::make(side, c.kind(), c.value() + 1));
  // Harmonic Charge (R12): the linked partner flow answers with +1 under the
  // same rules, so it crowns only while you still have no Crown.
  const int partner = links_[side].partner(flow);
  if (partner < 0) return;
  const int answer = answering_piece(side, partner, pos, &State::eligible_for_boost);
  if (answer >= 0) boost(side, partner, answer);
}

int State::resolve_step(int side, int flow, int pos, const StepTarget& target, bool& fought) {
  const Cell me = cell(flow, pos);
  const int charge = me.value();
  switch (target.kind) {
    case StepKind::kOffBoard:  // breakthrough: leaving the board from the edge row
      set_cell(flow, pos, Cell{});
      add_score(side);
      progress_this_action_ = true;
      if (score_[side] >= kWinningScore) {
        over_ = true;
        winner_ = static_cast<std::int8_t>(side);
      }
      return -1;
    case StepKind::kEmpty:
      set_cell(flow, pos, Cell{});
      set_cell(flow, target.pos, me);
      return target.pos;
    case StepKind::kFriendly:
      return pos;
    case StepKind::kEnemyPiece:
    case StepKind::kEnemyBarrier:
      break;
  }
  fought = true;
  const Cell foe = cell(flow, target.pos);
  if (charge > foe.value()) {
    // The stronger attacker destroys the piece or barrier and takes its slot (R4).
    set_cell(flow, target.pos, me);
    set_cell(flow, pos, Cell{});
    progress_this_action_ = true;
    return target.pos;
  }
  if (target.kind == StepKind::kEnemyPiece && charge < foe.value()) {
    set_cell(flow, pos, Cell{});  // the defender wins and keeps its charge
    progress_this_action_ = true;
    return -1;
  }
  // Equal charges, or a barrier that holds: both lose exactly 1; a unit
  // reaching 0 is destroyed, and a surviving attacker stays where it was (R4).
  const Cell foe_after = weakened(foe), me_after = weakened(me);
  set_cell(flow, target.pos, foe_after);
  set_cell(flow, pos, me_after);
  if (foe_after.empty() || me_after.empty()) progress_this_action_ = true;
  return me_after.empty() ? -1 : pos;
}

void State::do_advance(int side, int flow, int pos) {
  bool fought = false;
  resolve_step(side, flow, pos, step_target(side, flow, pos), fought);
  if (over_) return;
  // Parallel Advance (R11): the linked partner flow advances too, if it can.
  const int partner = links_[side].partner(flow);
  if (partner < 0) return;
  const int answer = answering_piece(side, partner, pos, &State::eligible_for_advance);
  if (answer >= 0) resolve_step(side, partner, answer, step_target(side, partner, answer), fought);
}

void State::do_surge(int side, int flow, int pos) {
  // Up to two steps at charge 3; a fight stops the Surge where it happens (R5).
  int at = pos;       // the surging piece's slot, -1 once it is gone
  int pulse_ref = pos;  // the slot the pulse radiates from
  for (int step = 0; step < 2 && at >= 0; ++step) {
    const StepTarget target = step_target(side, flow, at);
    if (target.kind == StepKind::kFriendly) break;  // stops short of its own piece (R5)
    // A breakthrough is a Surge "from position 6" (0 for IGNIS): a Surge that
    // reaches the edge row on its first step stops there (R6).
    if (target.kind == StepKind::kOffBoard && step > 0) break;
    bool fought = false;
    const int landed = resolve_step(side, flow, at, target, fought);
    pulse_ref = landed >= 0 ? landed : at;
    at = landed;
    if (over_) return;
    if (fought) break;
  }
  if (at >= 0) set_cell(flow, at, Cell::make(side, Kind::kPiece, 1));
  pulse(side, flow, pulse_ref);
}

void State::pulse(int side, int flow, int ref_pos) {
  // R7/R8: in each adjacent flow the nearest of your pieces gains 1 charge;
  // a flow with none of your pieces gets a fresh scout at your entry instead.
  const int flanks[2] = {left_flow(flow), right_flow(flow)};
  const std::uint64_t pieces = units_[side] & ~barriers_;
  const bool held[2] = {(pieces & flow_mask(flanks[0])) != 0, (pieces & flow_mask(flanks[1])) != 0};
  bool boosted[2] = {false, false};
  for (int k = 0; k < 2; ++k) {  // the left flank first (it may take the Crown)
    if (held[k]) {
      // A capped piece cannot take +1, so the pulse charges the nearest
      // piece that can (R8); a flank of capped pieces only is not boosted.
      const int answer = answering_piece(side, flanks[k], ref_pos, &State::eligible_for_boost);
      if (answer >= 0) boost(side, flanks[k], answer);
      boosted[k] = answer >= 0;
    } else {
      const int landing = spawn_landing(side, flanks[k]);
      if (landing >= 0) set_cell(flanks[k], landing, Cell::make(side, Kind::kPiece, 1));
    }
  }
  // Flow Link (R9): both flanks already held your pieces (no fresh scouts)
  // "and the pulse boosted them": each flank had a piece gain the +1.
  if (boosted[0] && boosted[1]) set_link(side, Link{static_cast<std::int8_t>(flow), 2});
}

void State::do_barrier(int side, int flow, int pos) {
  // R14: the piece's charge becomes the barrier's durability (a Crown gives 3).
  const int durability = std::min(cell(flow, pos).value(), kMaxDurability);
  set_cell(flow, pos, Cell::make(side, Kind::kBarrier, durability));
}

void State::do_jump(const Action& a) {
  // Skirmish: both lose 1 charge, whoever is stronger.
  const Cell jumper = weakened(cell(a.flow, a.pos));
  const Cell target = weakened(cell(a.to_flow, a.to_pos));
  if (target.empty() && !jumper.empty()) {
    set_cell(a.flow, a.pos, Cell{});
    set_cell(a.to_flow, a.to_pos, jumper);  // the target died: the jumper lands
  } else {
    set_cell(a.to_flow, a.to_pos, target);
    set_cell(a.flow, a.pos, jumper);  // both survive: the jumper bounces home
  }
  if (target.empty() || jumper.empty()) progress_this_action_ = true;
}

void State::end_action() {
  const bool counting = options_.no_progress_limit > 0;  // 0: the house rule is off (R17)
  no_progress_ = progress_this_action_ || !counting ? 0 : no_progress_ + 1;
  progress_this_action_ = false;
  if (over_) return;
  if (counting && no_progress_ >= 2 * options_.no_progress_limit) {
    over_ = true;  // R17: a stalled game is a draw
    winner_ = -1;
    return;
  }
  if (actions_left_ > 1)
    set_side_and_actions(side_, actions_left_ - 1);
  else
    end_turn();
}

void State::end_turn() {
  Link link = links_[side_];
  if (link.active()) {
    // A link covers the turn it was made in and the owner's next turn.
    link = link.turns_left > 1 ? Link{link.center, std::uint8_t(link.turns_left - 1)} : Link{};
    set_link(side_, link);
  }
  ++turn_;
  set_side_and_actions(opponent(side_), 2);
}

}  // namespace triptych::aquaignis
