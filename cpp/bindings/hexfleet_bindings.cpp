// Python bindings of Hexfleet: triptych._core.hexfleet.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/interrupt_scope.h"
#include "bindings/action_ids.h"
#include "bindings/batch.h"
#include "bindings/bindings.h"
#include "bindings/dict_reading.h"
#include "bindings/nnue_bindings.h"
#include "bindings/search_bindings.h"
#include "bindings/state_contract.h"
#include "bindings/value_semantics.h"
#include "common/errors.h"
#include "common/players.h"
#include "common/rng.h"
#include "hexfleet/action_ids.h"
#include "hexfleet/nnue_state.h"
#include "hexfleet/search_game.h"
#include "hexfleet/separation.h"
#include "hexfleet/state.h"

namespace py = pybind11;

namespace triptych::bindings {

namespace {
using namespace triptych::hexfleet;

const char* kTypeNames[] = {"move", "spawn", "shipyard", "destroy", "push"};
#define HEXFLEET_UNITS "core", "shipyard", "shield", "frigate", "destroyer", "repulsor"

// --- actions ---------------------------------------------------------------------

// An integer within [lo, hi]; Python ints too big for C++ are out of range,
// not a cast failure, so the documented error is raised with the field.
template <typename Error>
long long int_value(py::handle v, const std::string& field, long long lo, long long hi) {
  long long n = 0;
  try {
    n = DictReader<Error>::as_integer(v, field);
  } catch (const py::cast_error&) {
    DictReader<Error>::fail(field, "out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  }
  if (n < lo || n > hi) DictReader<Error>::fail(field, std::to_string(n) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  return n;
}
template <typename Error>
long long int_field(const DictReader<Error>& r, const char* key, long long lo, long long hi) {
  return int_value<Error>(r.raw(key), r.sub(key), lo, hi);
}
template <typename Error>
long long int_field_or(const DictReader<Error>& r, const char* key, long long lo, long long hi, long long fallback) {
  return r.has(key) ? int_field(r, key, lo, hi) : fallback;
}
constexpr long long kCoordLimit = (1 << 19) - 1;

py::list hex_list(Hex h) {
  py::list l;
  l.append(h.q);
  l.append(h.r);
  return l;
}

py::dict action_to_dict(const Action& a) {
  py::dict d;
  d["type"] = kTypeNames[static_cast<int>(a.type)];
  switch (a.type) {
    case ActionType::kMove:
      d["from"] = hex_list(a.from);
      d["to"] = hex_list(a.to);
      break;
    case ActionType::kSpawn:
      d["at"] = hex_list(a.to);
      d["unit"] = kUnitNames[a.unit];
      d["face_down"] = a.face_down;
      break;
    case ActionType::kShipyard: d["at"] = hex_list(a.to); break;
    case ActionType::kDestroy:
    case ActionType::kPush:
      d["from"] = hex_list(a.from);
      d["target"] = hex_list(a.to);
      break;
  }
  return d;
}

template <typename Error>
Hex read_hex(const DictReader<Error>& r, const char* key) {
  using Reader = DictReader<Error>;
  py::list l = Reader::as_list(r.raw(key), r.sub(key));
  if (l.size() != 2) Reader::fail(r.sub(key), "expected [q, r]");
  Hex h;
  for (int i = 0; i < 2; ++i) {
    const long long v = int_value<Error>(l[i], r.sub(key) + "[" + std::to_string(i) + "]", -kCoordLimit, kCoordLimit);
    (i == 0 ? h.q : h.r) = static_cast<std::int32_t>(v);
  }
  return h;
}

Action action_from_dict(py::handle obj) {
  using Reader = DictReader<IllegalActionError>;
  Reader r(obj, "action");
  Action a;
  a.type = static_cast<ActionType>(
      Reader::choice(r.string("type"), {"move", "spawn", "shipyard", "destroy", "push"}, r.sub("type")));
  switch (a.type) {
    case ActionType::kMove:
      r.only({"type", "from", "to"});
      a.from = read_hex(r, "from");
      a.to = read_hex(r, "to");
      break;
    case ActionType::kSpawn:
      r.only({"type", "at", "unit", "face_down"});
      a.from = a.to = read_hex(r, "at");
      a.unit = static_cast<std::uint8_t>(Reader::choice(r.string("unit"), {HEXFLEET_UNITS}, r.sub("unit")));
      a.face_down = r.has("face_down") ? r.boolean("face_down") : false;
      break;
    case ActionType::kShipyard:
      r.only({"type", "at"});
      a.from = a.to = read_hex(r, "at");
      break;
    case ActionType::kDestroy:
    case ActionType::kPush:
      r.only({"type", "from", "target"});
      a.from = read_hex(r, "from");
      a.to = read_hex(r, "target");
      break;
  }
  return a;
}

// Accepts an Action, its notation or its dict.
Action to_action(py::handle obj) {
  if (py::isinstance<Action>(obj)) return obj.cast<Action>();
  if (py::isinstance<py::str>(obj)) return parse_notation(notation_text(obj));
  if (py::isinstance<py::dict>(obj)) return action_from_dict(obj);
  throw not_an_action(obj, "hexfleet");
}

// --- positions ---------------------------------------------------------------------

Options options_from(py::handle obj, const std::string& field) {
  using Reader = DictReader<InvalidStateError>;
  Options o;
  Reader r(obj, field);
  r.only({"fleet", "max_turns", "first_player", "repetitions", "shield_towers"});
  if (r.has("fleet")) {
    Reader f(r.raw("fleet"), r.sub("fleet"));
    f.only({HEXFLEET_UNITS});
    for (int u = 0; u < kUnitCount; ++u)
      o.fleet[u] = static_cast<std::uint8_t>(int_field_or(f, kUnitNames[u], 0, kFleetSize, u == kCore ? 1 : 0));
  }
  o.max_turns = static_cast<int>(int_field_or(r, "max_turns", 0, 1000000, o.max_turns));
  // first_player is spelled as in every game: the seat (0, 1) or this game's side name (the 3D table's colours).
  if (r.has("first_player") && py::isinstance<py::str>(r.raw("first_player")))
    o.first_player = Reader::choice(r.string("first_player"), {"green", "purple"}, r.sub("first_player"));
  else
    o.first_player = static_cast<int>(int_field_or(r, "first_player", 0, 1, o.first_player));
  o.repetitions = static_cast<int>(int_field_or(r, "repetitions", 0, 1000000, o.repetitions));
  if (r.has("shield_towers")) o.shield_towers = r.boolean("shield_towers");
  validate_options(o);
  return o;
}

py::dict fleet_to_dict(const Fleet& fleet) {
  py::dict d;
  for (int u = 0; u < kUnitCount; ++u) d[kUnitNames[u]] = int(fleet[u]);
  return d;
}

py::dict options_to_dict(const Options& o) {
  py::dict d;
  d["fleet"] = fleet_to_dict(o.fleet);
  d["max_turns"] = o.max_turns;
  d["first_player"] = o.first_player;
  d["repetitions"] = o.repetitions;
  d["shield_towers"] = o.shield_towers;
  return d;
}

py::object optional_int(int v, int none_value) { return v == none_value ? py::object(py::none()) : py::object(py::int_(v)); }

py::dict state_to_dict(const State& s) {
  const Setup setup = s.to_setup();
  py::dict d;
  d["game"] = "hexfleet";
  d["to_move"] = setup.to_move;
  d["actions_left"] = setup.actions_left;
  d["turn"] = setup.turn;
  d["countdown"] = optional_int(setup.countdown, 0);
  if (setup.climbed == 0) {
    d["climbed"] = py::none();
  } else {
    py::dict c;
    c["at"] = hex_list(setup.climber);
    c["levels"] = setup.climbed;
    d["climbed"] = c;
  }
  py::list history;
  for (std::uint64_t h : *setup.history) history.append(py::int_(h));
  d["history"] = history;
  d["over"] = setup.over;
  d["winner"] = optional_int(setup.winner, -1);
  py::list stacks;
  for (const StackSpec& st : setup.stacks) {
    py::dict sd;
    sd["q"] = st.at.q;
    sd["r"] = st.at.r;
    py::list tiles;
    for (const TileSpec& t : st.tiles) {
      py::dict td;
      td["owner"] = t.owner;
      td["unit"] = kUnitNames[t.unit];
      td["face_down"] = t.face_down;
      tiles.append(td);
    }
    sd["tiles"] = tiles;
    stacks.append(sd);
  }
  d["stacks"] = stacks;
  py::list reserves;
  for (int p = 0; p < 2; ++p) {
    py::dict rd;
    for (int u = kShipyard; u < kUnitCount; ++u) rd[kUnitNames[u]] = setup.reserves[p][u];
    reserves.append(rd);
  }
  d["reserves"] = reserves;
  d["options"] = options_to_dict(setup.options);
  return d;
}

State state_from_dict(py::handle obj) {
  using Reader = DictReader<InvalidStateError>;
  Reader r(obj, "");
  // The game first: another game's save is named as such, not as an unknown field of this one's.
  if (r.has("game") && r.string("game") != "hexfleet") Reader::fail("game", "'" + r.string("game") + "' is not 'hexfleet'");
  r.only({"game", "to_move", "actions_left", "turn", "countdown", "climbed", "history", "over", "winner", "stacks",
          "reserves", "options"});
  Setup setup;
  if (r.has("options")) setup.options = options_from(r.raw("options"), "options");
  setup.to_move = static_cast<int>(int_field(r, "to_move", 0, 1));
  setup.actions_left = static_cast<int>(int_field(r, "actions_left", 1, 2));
  setup.turn = static_cast<int>(int_field_or(r, "turn", 0, 1000000000, 0));
  if (r.has("countdown") && !r.raw("countdown").is_none())
    setup.countdown = static_cast<int>(int_field(r, "countdown", 1, kCountdownTurns));
  if (r.has("climbed") && !r.raw("climbed").is_none()) {
    Reader c(r.raw("climbed"), "climbed");
    c.only({"at", "levels"});
    setup.climber = read_hex(c, "at");
    setup.climbed = static_cast<int>(int_field(c, "levels", 1, 2));
  }
  if (r.has("history")) {
    py::list h = Reader::as_list(r.raw("history"), "history");
    std::vector<std::uint64_t> hashes;
    for (std::size_t i = 0; i < h.size(); ++i) {
      const std::string f = "history[" + std::to_string(i) + "]";
      if (!py::isinstance<py::int_>(h[i]) || py::isinstance<py::bool_>(h[i])) Reader::fail(f, "expected a 64-bit hash (int)");
      const py::int_ v = h[i].cast<py::int_>();
      if (v < py::int_(0) || v > py::int_(~std::uint64_t{0})) Reader::fail(f, "out of range 0..2**64-1");
      hashes.push_back(v.cast<std::uint64_t>());
    }
    setup.history = std::move(hashes);
  }
  setup.over = r.has("over") ? r.boolean("over") : false;
  if (r.has("winner") && !r.raw("winner").is_none()) setup.winner = static_cast<int>(int_field(r, "winner", 0, 1));

  py::list stacks = Reader::as_list(r.raw("stacks"), "stacks");
  for (std::size_t i = 0; i < stacks.size(); ++i) {
    Reader st(stacks[i], "stacks[" + std::to_string(i) + "]");
    st.only({"q", "r", "tiles"});
    StackSpec spec;
    spec.at.q = static_cast<std::int32_t>(int_field(st, "q", -kCoordLimit, kCoordLimit));
    spec.at.r = static_cast<std::int32_t>(int_field(st, "r", -kCoordLimit, kCoordLimit));
    py::list tiles = Reader::as_list(st.raw("tiles"), st.sub("tiles"));
    for (std::size_t j = 0; j < tiles.size(); ++j) {
      Reader t(tiles[j], st.sub("tiles[" + std::to_string(j) + "]"));
      t.only({"owner", "unit", "face_down"});
      TileSpec ts;
      ts.owner = static_cast<int>(int_field(t, "owner", 0, 1));
      ts.unit = Reader::choice(t.string("unit"), {HEXFLEET_UNITS}, t.sub("unit"));
      ts.face_down = t.has("face_down") ? t.boolean("face_down") : false;
      spec.tiles.push_back(ts);
    }
    setup.stacks.push_back(std::move(spec));
  }
  py::list reserves = Reader::as_list(r.raw("reserves"), "reserves");
  if (reserves.size() != 2) Reader::fail("reserves", "expected one reserve per player (2)");
  for (int p = 0; p < 2; ++p) {
    Reader rd(reserves[p], "reserves[" + std::to_string(p) + "]");
    rd.only({HEXFLEET_UNITS});
    for (int u = 0; u < kUnitCount; ++u)
      setup.reserves[p][u] = static_cast<int>(int_field_or(rd, kUnitNames[u], 0, kMaxTiles, 0));
  }
  return State::from_setup(setup);
}

State new_game(const py::kwargs& kwargs) {
  py::dict opts;
  for (auto item : kwargs) opts[item.first] = item.second;
  return State(options_from(opts, "options"));
}

py::list to_py_list(const ActionList& actions) {
  py::list out(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) out[i] = py::cast(actions[i]);
  return out;
}

// The list one of State's generators writes, as Python Actions (the bound listing methods).
template <void (State::*generate)(ActionList&) const>
py::list listed(const State& s) {
  ActionList actions;
  (s.*generate)(actions);
  return to_py_list(actions);
}

py::tuple hex_tuple(Hex h) { return py::make_tuple(h.q, h.r); }

// The id fast path; the mask is the compact (38, 17, 17) window of action_ids.h.
struct IdCodec {
  static std::int32_t id(const Action& a) { return action_id(a); }
  static Action from_id(long long id) { return action_from_id(id); }
  static void legal(const State& s, ActionList& out) { s.legal_actions(out); }
  static std::vector<py::ssize_t> mask_shape() { return {kMaskPlanes, kMaskWindow, kMaskWindow}; }
  static int mask_index(const State& s, const Action& a) { return hexfleet::mask_index(a, s.core(s.side_to_act())); }
  static std::int32_t id_of_mask_index(const State& s, long long index) {
    if (index < 0 || index >= kMaskSize)
      throw IllegalActionError("mask index " + std::to_string(index) + " is out of range 0.." + std::to_string(kMaskSize - 1));
    return action_id(action_from_mask_index(static_cast<int>(index), s.core(s.side_to_act())));
  }
};

}  // namespace

void init_hexfleet(py::module_& m) {
  py::class_<Action> action_class(m, "Action", "One Hexfleet action; str() gives its notation.");
  action_class
      .def_static("parse", &parse_notation, py::arg("notation"), "Reads an action from its notation.")
      .def_static("from_dict", &action_from_dict, py::arg("d"), "Reads an action from its dict form.")
      .def_property_readonly("type", [](const Action& a) { return kTypeNames[static_cast<int>(a.type)]; })
      .def_property_readonly("source", [](const Action& a) { return hex_tuple(a.from); },
                             "(q, r) of the acting tile (moves, destroys, pushes); the site for spawns.")
      .def_property_readonly("target", [](const Action& a) { return hex_tuple(a.to); },
                             "(q, r) the action ends at, hits, or spawns on.")
      .def_property_readonly("unit", [](const Action& a) -> py::object {
        return a.type == ActionType::kSpawn ? py::object(py::str(kUnitNames[a.unit])) : py::object(py::none());
      })
      .def_property_readonly("face_down", [](const Action& a) { return a.face_down; })
      .def("to_dict", &action_to_dict)
      .def("__reduce__", reduce_via<Action>(m, "_action_from_pickle",
                                            [](const Action& a) { return py::make_tuple(action_to_dict(a)); }))
      .def("__str__", &to_notation)
      .def("__repr__", [](const Action& a) { return "Action('" + to_notation(a) + "')"; })
      .def("__eq__", [](const Action& a, py::handle other) {
        return py::isinstance<Action>(other) && a == other.cast<Action>();
      })
      .def("__hash__", [](const Action& a) { return py::hash(py::str(to_notation(a))); });

  py::class_<State> state_class(m, "State", "A Hexfleet position with the player to move and actions left.");
  def_state_contract(state_class, &to_action);
  state_class
      .def_property_readonly("to_move", &State::to_move, "0 or 1 to act, or triptych.TERMINAL once the game is over.")
      .def_property_readonly("actions_left", &State::actions_left, "Actions the side to act still has this turn.")
      .def_property_readonly("winner",
                             [](const State& s) -> py::object {
                               return s.winner() < 0 ? py::object(py::none()) : py::object(py::int_(s.winner()));
                             },
                             "0 or 1 once that player has won; None while the game runs or after a draw.")
      .def_property_readonly("hash", &State::hash, "64-bit Zobrist hash, updated incrementally.")
      .def_property_readonly("turn", &State::turn)
      .def_property_readonly("countdown", [](const State& s) { return optional_int(s.countdown(), 0); },
                             "Turns left in a separation countdown, or None.")
      .def_property_readonly("reserves", [](const State& s) {
        py::list out;
        for (int p = 0; p < 2; ++p) {
          py::dict d;
          for (int u = kShipyard; u < kUnitCount; ++u) d[kUnitNames[u]] = s.reserve(p, u);
          out.append(d);
        }
        return out;
      })
      .def("core", [](const State& s, int side) { return hex_tuple(s.core(side & 1)); }, py::arg("side"))
      .def("height", [](const State& s, std::int32_t q, std::int32_t r) { return s.height_at({q, r}); }, py::arg("q"), py::arg("r"),
           "Height of the column at (q, r); 0 for empty ground.")
      .def("networks_in_contact", &State::networks_in_contact,
           "True while one chain of tiles joins the two Cores.")
      .def("separation", [](const State& s) -> py::object {
             SeparationOutlook outlook;
             if (!separation_outlook(s, outlook)) return py::none();
             py::dict d;
             d["gap"] = outlook.gap;
             d["actions"] = py::make_tuple(outlook.actions[0], outlook.actions[1]);
             return d;
           },
           "While the networks are apart (R11): `gap`, the empty hexes on the shortest line between them, and "
           "`actions`, the actions each player (0, 1) takes before the countdown draws; None while they touch "
           "or once the game is over.")
      .def("power_network", [](const State& s) {
        py::list out;
        for (const auto& c : s.power_network()) {
          py::list cores;
          for (int side = 0; side < 2; ++side)
            if (c.cores >> side & 1) cores.append(side);
          py::dict d;
          d["hex"] = hex_tuple(c.at);
          d["component"] = c.component;
          d["cut"] = c.cut;
          d["cores"] = cores;
          out.append(d);
        }
        return out;
      }, "The power network, one dict per occupied column: `hex` (q, r), `component` (its connected piece), "
         "`cut` (lifting the column out would split the piece: a cut vertex) and `cores` (the players whose "
         "Core is in the piece; a tile is powered when its owner is listed).")
      .def("legal_actions", &listed<&State::legal_actions_sorted>,
           "Legal actions in a canonical order (by type, then coordinates).")
      .def("_legal_actions_reference", &listed<&State::legal_actions_reference>,
           "The same list from a slow, literal chain test (for tests).")
      .def("_generated_actions", &listed<&State::legal_actions>,
           "The legal actions in generation order, unsorted (for tests).")
      .def("_tactical_actions", &listed<&State::tactical_actions>,
           "Quiescence search's actions: Destroys, pushes and moves onto the enemy Core, in generation order "
           "(for tests).")
      .def("_compute_hash", &State::compute_hash, "The hash computed from scratch (for tests).")
      .def("_board_indexes_agree", &State::board_indexes_agree,
           "Whether the coordinate table, cached neighbours and occupancy bits agree with the columns "
           "(for tests).")
      .def("to_dict", &state_to_dict, "The complete position as JSON-compatible data.")
      .def("__reduce__", reduce_via<State>(m, "_state_from_pickle",
                                           [](const State& s) { return py::make_tuple(state_to_dict(s)); }))
      .def_static("from_dict", &state_from_dict, py::arg("d"),
                  "Rebuilds a position; raises InvalidStateError naming the bad field.")
      .def("__str__", &State::to_string)
      .def("__repr__", [](const State& s) {
        return "<hexfleet.State turn " + std::to_string(s.turn()) + " hash " + std::to_string(s.hash()) + ">";
      });

  // What pickles call to rebuild an action or a state (see reduce_via).
  m.def("_action_from_pickle", &action_from_dict, py::arg("d"));
  m.def("_state_from_pickle", &state_from_dict, py::arg("d"));
  m.def("new_game", &new_game,
        "A new game; options: fleet (dict unit -> count, default 1 core, 3 shipyard, 4 shield, 6 frigate, "
        "5 destroyer, 5 repulsor), max_turns (default 300, 0: no limit), first_player (0 or 'green' (default), 1 or 'purple'), "
        "repetitions (draw when a turn starts in the same position for that many times, default 3, 0: off; "
        "a house rule, R20), shield_towers (default False; True: a Shipyard spawns a Shield onto its own "
        "neighbouring Shield at any height, a house rule, R4).");
  m.def(
      "perft", [](const State& s, int depth) { return interruptible_perft(s, depth, &perft); }, py::arg("state"),
      py::arg("depth"),
        "Leaves of the action tree `depth` plies deep (each action is one ply).");
  def_sample_actions<State>(
      m, "(most movers' actions kept as bits and the spawns counted, not listed; each draw is the action the "
         "generation order, State._generated_actions(), lists at the index drawn -- not legal_actions(), "
         "which is that list sorted).");
  def_action_ids<IdCodec, ActionList>(state_class, action_class);
  def_observation<State>(state_class, {State::kObservationPlanes, State::kWindow, State::kWindow},
                         [](const State& s, float* out) { s.observation(out); },
                         "float32 array of shape (27, 17, 17) centred on the mover's Core (see docs/rules/hexfleet.md); "
                         "with out=, fills that preallocated array instead and returns it.");
  bind_searches<SearchGame>(m);
  m.def(
      "evaluate_board",
      [](const State& s, const py::dict& weights) { return evaluate_board(s, weights_from<SearchGame>(weights)); },
      py::arg("state"), py::arg("weights") = py::dict(),
      "evaluate() before a running countdown pulls it toward the draw: the share of the classic evaluation "
      "that the NNUE search blends in (the separation outlook then scales the blend).");
  bind_nnue<NnueSearchGame>(m);
  def_batch<SearchGame, IdCodec>(m, {State::kObservationPlanes, State::kWindow, State::kWindow});
  m.attr("ACTION_IDS") = kActionIds;
  m.attr("ACTION_MASK_SHAPE") = py::make_tuple(kMaskPlanes, kMaskWindow, kMaskWindow);
  m.attr("OBSERVATION_SHAPE") = py::make_tuple(State::kObservationPlanes, State::kWindow, State::kWindow);
  m.attr("DEFAULT_FLEET") = fleet_to_dict(kDefaultFleet);
}

}  // namespace triptych::bindings
