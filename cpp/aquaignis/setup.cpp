// Building a State from a plain description (from_dict) and back (to_dict).
// Every impossible position is refused with the offending field named.
#include <string>

#include "aquaignis/state.h"
#include "common/errors.h"

namespace triptych::aquaignis {

namespace {
const char* kSideNames[2] = {"aqua", "ignis"};

[[noreturn]] void invalid(const std::string& field, const std::string& why) {
  throw InvalidStateError(field + ": " + why);
}

void check_range(const std::string& field, int value, int lo, int hi) {
  if (value < lo || value > hi)
    invalid(field, std::to_string(value) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
}
}  // namespace

// Setup numbers flows 1..7 as the seed does; the engine uses 0..6.
State State::from_setup(const Setup& setup) {
  check_range("options.no_progress_limit", setup.options.no_progress_limit, 0, 10000);
  check_range("options.first_player", setup.options.first_player, 0, 1);
  State s(setup.options);
  check_range("to_move", setup.to_move, 0, 1);
  check_range("actions_left", setup.actions_left, 1, 2);
  for (int side = 0; side < 2; ++side)
    check_range(std::string("score.") + kSideNames[side], setup.score[side], 0, kWinningScore);
  if (setup.score[0] >= kWinningScore && setup.score[1] >= kWinningScore)
    invalid("score", "both sides cannot have 4 breakthroughs");
  check_range("turn", setup.turn, 0, 1 << 30);
  const bool counting = setup.options.no_progress_limit > 0;  // 0: R17's draw is off, nothing is counted
  if (counting)
    check_range("no_progress", setup.no_progress, 0, 2 * setup.options.no_progress_limit);
  else if (setup.no_progress != 0)
    invalid("no_progress", "must be 0 when options.no_progress_limit is 0 (off: nothing is counted)");

  std::array<int, kCells> placed_by;
  placed_by.fill(-1);
  int crowns[2] = {-1, -1}, barriers[2] = {-1, -1};
  for (std::size_t i = 0; i < setup.units.size(); ++i) {
    const UnitSpec& u = setup.units[i];
    const std::string field = "pieces[" + std::to_string(i) + "]";
    check_range(field + ".flow", u.flow, 1, kFlows);
    check_range(field + ".pos", u.pos, 0, kSlots - 1);
    check_range(field + ".owner", u.owner, 0, 1);
    const int idx = cell_index(u.flow - 1, u.pos);
    if (placed_by[idx] >= 0)
      invalid(field, "flow " + std::to_string(u.flow) + " pos " + std::to_string(u.pos) + " already holds pieces[" +
                         std::to_string(placed_by[idx]) + "]");
    placed_by[idx] = static_cast<int>(i);
    if (u.kind == Kind::kPiece) {
      check_range(field + ".charge", u.value, 1, kCrownCharge);
      if (u.value == kCrownCharge) {
        if (crowns[u.owner] >= 0)
          invalid(field, std::string("a second Crown for ") + kSideNames[u.owner] + " (the first is pieces[" +
                             std::to_string(crowns[u.owner]) + "])");
        crowns[u.owner] = static_cast<int>(i);
      }
    } else {
      check_range(field + ".charge", u.value, 1, kMaxDurability);
      if (barriers[u.owner] >= 0)
        invalid(field, std::string("a second Barrier for ") + kSideNames[u.owner] + " (the first is pieces[" +
                           std::to_string(barriers[u.owner]) + "])");
      barriers[u.owner] = static_cast<int>(i);
    }
    s.cells_[idx] = Cell::make(u.owner, u.kind, u.value);
  }

  bool link_seen[2] = {false, false};
  for (std::size_t i = 0; i < setup.links.size(); ++i) {
    const LinkSpec& l = setup.links[i];
    const std::string field = "links[" + std::to_string(i) + "]";
    check_range(field + ".owner", l.owner, 0, 1);
    if (link_seen[l.owner]) invalid(field, std::string("a second link for ") + kSideNames[l.owner]);
    link_seen[l.owner] = true;
    check_range(field + ".flows[0]", l.flow_a, 1, kFlows);
    check_range(field + ".flows[1]", l.flow_b, 1, kFlows);
    // The linked flows are the two flanks of one flow: two apart on the ring.
    int center = -1;
    for (int c = 0; c < kFlows; ++c) {
      const int a = l.flow_a - 1, b = l.flow_b - 1;
      if ((a == left_flow(c) && b == right_flow(c)) || (b == left_flow(c) && a == right_flow(c))) center = c;
    }
    if (center < 0) invalid(field + ".flows", "linked flows must be the two neighbours of one flow");
    check_range(field + ".turns_left", l.turns_left, 1, 2);
    if (l.turns_left == 2 && l.owner != setup.to_move)
      invalid(field + ".turns_left", "2 is only possible during the owner's own turn");
    // A link made by a turn's first action leaves 1 action; one made by the
    // second ends the turn (turns_left 1). Only a Surge that ended the game
    // (the stall draw, R17) leaves turns_left 2 with both actions left.
    const bool stalled = counting && setup.no_progress >= 2 * setup.options.no_progress_limit;
    if (l.turns_left == 2 && setup.actions_left == 2 && !stalled)
      invalid(field + ".turns_left", "2 with actions_left 2 is impossible in a live game (a link made this turn "
                                     "has used at least one action)");
    s.links_[l.owner] = Link{static_cast<std::int8_t>(center), static_cast<std::uint8_t>(l.turns_left)};
  }

  s.side_ = static_cast<std::int8_t>(setup.to_move);
  s.actions_left_ = static_cast<std::int8_t>(setup.actions_left);
  s.score_ = {static_cast<std::uint8_t>(setup.score[0]), static_cast<std::uint8_t>(setup.score[1])};
  s.turn_ = static_cast<std::uint32_t>(setup.turn);
  s.no_progress_ = static_cast<std::uint16_t>(setup.no_progress);
  for (int side = 0; side < 2; ++side)
    if (s.score_[side] >= kWinningScore) {
      s.over_ = true;
      s.winner_ = static_cast<std::int8_t>(side);
    }
  if (!s.over_ && counting && s.no_progress_ >= 2 * s.options_.no_progress_limit) s.over_ = true;
  s.rebuild_masks();  // before the hash: rebuild_masks goes through set_cell
  s.hash_ = s.compute_hash();
  return s;
}

Setup State::to_setup() const {
  Setup setup;
  setup.to_move = side_;
  setup.actions_left = actions_left_;
  setup.score = {score_[0], score_[1]};
  setup.turn = static_cast<int>(turn_);
  setup.no_progress = no_progress_;
  setup.options = options_;
  for (int flow = 0; flow < kFlows; ++flow)
    for (int pos = 0; pos < kSlots; ++pos) {
      const Cell c = cell(flow, pos);
      if (!c.empty()) setup.units.push_back({flow + 1, pos, c.owner(), c.kind(), c.value()});
    }
  for (int side = 0; side < 2; ++side) {
    const Link& l = links_[side];
    if (l.active()) setup.links.push_back({side, left_flow(l.center) + 1, right_flow(l.center) + 1, l.turns_left});
  }
  return setup;
}

}  // namespace triptych::aquaignis
