// Combat positions as dicts: State.to_dict and State.from_dict (which
// validates everything and names the bad field). Split from
// combat_bindings.cpp, which binds the rest.
#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings/combat_types.h"
#include "bindings/dict_reading.h"
#include "combat/notation.h"
#include "combat/state.h"
#include "combat/variant.h"
#include "common/errors.h"

namespace py = pybind11;

namespace triptych::bindings {

using namespace triptych::combat;

namespace {

const char* kStageNames[] = {"player", "resolve", "enemy", "over"};
const char* kPhaseNames[] = {"placement", "rolled"};

py::dict fighter_to_dict(const Fighter& f) {
  py::dict d;
  d["hp"] = f.hp;
  d["max_hp"] = f.max_hp;
  d["block"] = f.block;
  d["standing_block"] = f.standing_block;
  for (int s = 0; s < kStatuses; ++s) d[kStatusNames[s]] = f.status[s];
  d["burn_turns"] = f.burn_turns;
  return d;
}

py::dict pile_to_dict(const State& s, int pile) {
  py::dict d;
  for (int code = 0; code < kCardCodes; ++code)
    if (s.d.piles[pile][code]) d[py::str(card_display(code))] = s.d.piles[pile][code];
  return d;
}

py::dict params_to_dict(const State& s) {
  py::dict d;
  const auto& specs = s.variant().param_specs();
  for (std::size_t i = 0; i < specs.size(); ++i) d[specs[i].name] = s.param(static_cast<int>(i));
  return d;
}

}  // namespace

py::dict state_to_dict(const Game& g) {
  const State& s = g.state;
  const Variant& v = s.variant();
  py::dict d;
  d["game"] = "combat";
  d["variant"] = v.info().id;
  d["params"] = params_to_dict(s);
  d["turn"] = s.d.turn;
  d["stage"] = kStageNames[s.d.stage];
  d["phase"] = kPhaseNames[s.d.phase];
  d["choice"] = s.d.choice;
  d["choice_arg"] = s.d.choice_arg;
  d["cursor"] = s.d.cursor;
  d["winner"] = s.d.winner < 0 ? py::object(py::none()) : py::object(py::int_(int(s.d.winner)));
  d["energy"] = s.d.energy;
  d["intent"] = s.d.intent;
  d["gated"] = bool(s.d.gated);
  d["pending_draws"] = s.d.pending_draws;
  d["draw_source"] = kPileNames[s.d.draw_source];
  d["pending_roll"] = bool(s.d.pending_roll);
  py::dict dice;
  dice["number"] = s.d.number == kNotRolled ? py::object(py::none())
                   : s.d.number == kBlankNumber ? py::object(py::str("blank"))
                                                : py::object(py::int_(int(s.d.number)));
  dice["element"] = s.d.element == kNotRolled ? py::object(py::none()) : py::object(py::str(kElementNames[s.d.element]));
  d["dice"] = dice;
  d["rolls"] = s.d.rolls;
  d["block_gained"] = s.d.block_gained;
  py::list faces;
  for (int f : s.d.element_faces) faces.append(kElementNames[f]);
  d["element_faces"] = faces;
  d["player"] = fighter_to_dict(s.d.player);
  d["enemy"] = fighter_to_dict(s.d.enemy);
  py::list slots;
  const auto& marks = v.mark_names();
  for (const auto& slot : s.d.slots) {
    py::dict sd;
    sd["card"] = slot.card == kNoCard ? py::object(py::none()) : py::object(py::str(card_display(slot.card)));
    for (std::size_t m = 0; m < marks.size(); ++m) sd[marks[m]] = slot.mark[m];
    slots.append(sd);
  }
  d["slots"] = slots;
  py::dict counters;
  const auto& names = v.counter_names();
  for (std::size_t c = 0; c < names.size(); ++c) counters[names[c]] = s.d.counters[c];
  d["counters"] = counters;
  py::dict piles;
  for (int p = 0; p < kPiles; ++p) piles[kPileNames[p]] = pile_to_dict(s, p);
  d["piles"] = piles;
  return d;
}

namespace {

using SReader = DictReader<InvalidStateError>;

std::int16_t small(long long v, const std::string& field) {
  if (v < -999 || v > 9999) SReader::fail(field, std::to_string(v) + " is out of range");
  return static_cast<std::int16_t>(v);
}

void fighter_from(Fighter& f, py::handle obj, const std::string& field) {
  SReader r(obj, field);
  r.only({"hp", "max_hp", "block", "standing_block", "weak", "vulnerable", "burn", "strength", "dexterity", "burn_turns"});
  f.hp = small(r.integer("hp"), r.sub("hp"));
  f.max_hp = small(r.integer("max_hp"), r.sub("max_hp"));
  f.block = small(r.integer_or("block", 0), r.sub("block"));
  f.standing_block = small(r.integer_or("standing_block", 0), r.sub("standing_block"));
  for (int s = 0; s < kStatuses; ++s) f.status[s] = small(r.integer_or(kStatusNames[s], 0), r.sub(kStatusNames[s]));
  f.burn_turns = small(r.integer_or("burn_turns", 0), r.sub("burn_turns"));
}

int choice_index(const std::string& value, const char* const* names, int count, const std::string& field) {
  std::string listed;
  for (int i = 0; i < count; ++i) {
    if (value == names[i]) return i;
    listed += (i ? ", '" : "'") + std::string(names[i]) + "'";
  }
  SReader::fail(field, "'" + value + "' is not one of " + listed);
}

}  // namespace

Game state_from_dict(py::handle obj) {
  SReader r(obj, "");
  // The game first: another game's save is named as such, not as an unknown field of this one's.
  if (r.has("game") && r.string("game") != "combat") SReader::fail("game", "'" + r.string("game") + "' is not 'combat'");
  r.only({"game", "variant", "params", "turn", "stage", "phase", "choice", "choice_arg", "cursor", "winner", "energy",
          "intent", "gated", "pending_draws", "draw_source", "pending_roll", "dice", "rolls", "block_gained",
          "element_faces", "player", "enemy", "slots", "counters", "piles"});
  const Variant* v = find_variant(r.string("variant"));
  if (!v) SReader::fail("variant", "unknown variant '" + r.string("variant") + "'");
  std::vector<std::pair<std::string, int>> overrides;
  if (r.has("params")) {
    SReader p(r.raw("params"), "params");
    for (auto item : py::reinterpret_borrow<py::dict>(r.raw("params"))) {
      const std::string key = py::str(item.first);
      if (v->param_index(key) < 0) SReader::fail("params." + key, "unknown parameter");
      overrides.emplace_back(key, static_cast<int>(SReader::as_integer(item.second, "params." + key)));
    }
  }
  ParamValues params;
  try {
    params = make_params(*v, overrides);
  } catch (const std::invalid_argument& e) {
    SReader::fail("params", e.what());
  }
  State s(*v, params);
  Data& d = s.d;
  d = Data{};
  d.variant = static_cast<std::int16_t>(v->index());
  d.turn = small(r.integer("turn"), "turn");
  d.stage = static_cast<std::int16_t>(choice_index(r.string("stage"), kStageNames, 4, "stage"));
  d.phase = static_cast<std::int16_t>(choice_index(r.string("phase"), kPhaseNames, 2, "phase"));
  d.choice = small(r.integer_or("choice", 0), "choice");
  d.choice_arg = small(r.integer_or("choice_arg", 0), "choice_arg");
  d.cursor = small(r.integer_or("cursor", 0), "cursor");
  if (r.has("winner") && !r.raw("winner").is_none()) d.winner = small(r.integer("winner"), "winner");
  d.energy = small(r.integer("energy"), "energy");
  d.intent = small(r.integer("intent"), "intent");
  d.gated = r.has("gated") && r.boolean("gated");
  d.pending_draws = small(r.integer_or("pending_draws", 0), "pending_draws");
  if (r.has("draw_source")) {
    const int src = choice_index(r.string("draw_source"), kPileNames, kPiles, "draw_source");
    d.draw_source = static_cast<std::int16_t>(src);
  }
  d.pending_roll = r.has("pending_roll") && r.boolean("pending_roll");
  SReader dice(r.raw("dice"), "dice");
  dice.only({"number", "element"});
  py::handle n = dice.raw("number");
  if (n.is_none()) d.number = kNotRolled;
  else if (py::isinstance<py::str>(n)) {
    if (n.cast<std::string>() != "blank") SReader::fail("dice.number", "must be null, 1..4 or 'blank'");
    d.number = kBlankNumber;
  } else d.number = small(SReader::as_integer(n, "dice.number"), "dice.number");
  py::handle e = dice.raw("element");
  d.element = e.is_none() ? kNotRolled
                          : static_cast<std::int16_t>(choice_index(SReader::as_string(e, "dice.element"), kElementNames,
                                                                   kDieElements, "dice.element"));
  d.rolls = small(r.integer_or("rolls", 0), "rolls");
  d.block_gained = small(r.integer_or("block_gained", 0), "block_gained");
  if (r.has("element_faces")) {
    py::list faces = SReader::as_list(r.raw("element_faces"), "element_faces");
    if (faces.size() != 6) SReader::fail("element_faces", "expected 6 faces");
    for (int i = 0; i < 6; ++i) {
      const std::string field = "element_faces[" + std::to_string(i) + "]";
      d.element_faces[i] = static_cast<std::int16_t>(
          choice_index(SReader::as_string(faces[i], field), kElementNames, kDieElements, field));
    }
  }
  fighter_from(d.player, r.raw("player"), "player");
  fighter_from(d.enemy, r.raw("enemy"), "enemy");
  py::list slots = SReader::as_list(r.raw("slots"), "slots");
  if (slots.size() != kSlots) SReader::fail("slots", "expected 4 slots");
  const auto& marks = v->mark_names();
  for (int i = 0; i < kSlots; ++i) {
    const std::string field = "slots[" + std::to_string(i) + "]";
    SReader sr(slots[i], field);
    for (auto item : py::reinterpret_borrow<py::dict>(slots[i])) {
      const std::string key = py::str(item.first);
      bool known = key == "card";
      for (const char* m : marks) known = known || key == m;
      if (!known) SReader::fail(field + "." + key, "unknown field");
    }
    if (sr.has("card") && !sr.raw("card").is_none()) {
      const int code = parse_card(sr.string("card"));
      if (code < 0) SReader::fail(field + ".card", "unknown card '" + sr.string("card") + "'");
      d.slots[i].card = static_cast<std::int16_t>(code);
    }
    for (std::size_t m = 0; m < marks.size(); ++m)
      d.slots[i].mark[m] = small(sr.integer_or(marks[m], 0), field + "." + marks[m]);
  }
  if (r.has("counters")) {
    const auto& names = v->counter_names();
    SReader check_is_dict(r.raw("counters"), "counters");
    for (auto item : py::reinterpret_borrow<py::dict>(r.raw("counters"))) {
      const std::string key = py::str(item.first);
      int index = -1;
      for (std::size_t c = 0; c < names.size(); ++c)
        if (key == names[c]) index = static_cast<int>(c);
      if (index < 0) SReader::fail("counters." + key, "unknown counter");
      d.counters[index] = small(SReader::as_integer(item.second, "counters." + key), "counters." + key);
    }
  }
  SReader piles(r.raw("piles"), "piles");
  piles.only({"draw", "hand", "discard", "exhaust"});
  for (int p = 0; p < kPiles; ++p) {
    if (!piles.has(kPileNames[p])) continue;
    const std::string field = std::string("piles.") + kPileNames[p];
    SReader pr(piles.raw(kPileNames[p]), field);
    for (auto item : py::reinterpret_borrow<py::dict>(piles.raw(kPileNames[p]))) {
      const std::string name = py::str(item.first);
      const int code = parse_card(name);
      if (code < 0) SReader::fail(field + "." + name, "unknown card");
      d.piles[p][code] = small(SReader::as_integer(item.second, field + "." + name), field + "." + name);
    }
  }
  s.validate();
  s.rehash();
  Game g{s, Rng(s.hash())};
  return g;
}

}  // namespace triptych::bindings
