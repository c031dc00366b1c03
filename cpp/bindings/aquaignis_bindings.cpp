// Python bindings of AquaIgnis: triptych._core.aquaignis.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/interrupt_scope.h"
#include "aquaignis/action_ids.h"
#include "aquaignis/nnue_state.h"
#include "aquaignis/search_game.h"
#include "aquaignis/state.h"
#include "bindings/action_ids.h"
#include "common/rng.h"
#include "bindings/batch.h"
#include "bindings/bindings.h"
#include "bindings/dict_reading.h"
#include "bindings/nnue_bindings.h"
#include "bindings/proof_bindings.h"
#include "bindings/search_bindings.h"
#include "bindings/state_contract.h"
#include "bindings/value_semantics.h"
#include "common/errors.h"
#include "common/players.h"

namespace py = pybind11;

namespace triptych::bindings {

namespace {
using namespace triptych::aquaignis;

const char* kSideNames[2] = {"aqua", "ignis"};
const char* kTypeNames[] = {"spawn", "charge", "advance", "surge", "barrier", "jump", "pass"};

// --- actions ---------------------------------------------------------------------

py::dict action_to_dict(const Action& a) {
  py::dict d;
  d["type"] = kTypeNames[static_cast<int>(a.type)];
  if (a.type == ActionType::kPass) return d;
  d["flow"] = a.flow + 1;
  if (a.type == ActionType::kSpawn) return d;
  d["pos"] = int(a.pos);
  if (a.type == ActionType::kJump) {
    d["to_flow"] = a.to_flow + 1;
    d["to_pos"] = int(a.to_pos);
  }
  return d;
}

Action action_from_dict(py::handle obj) {
  using Reader = DictReader<IllegalActionError>;
  Reader r(obj, "action");
  const int type = Reader::choice(r.string("type"),
                                  {"spawn", "charge", "advance", "surge", "barrier", "jump", "pass"}, r.sub("type"));
  Action a;
  a.type = static_cast<ActionType>(type);
  auto read = [&](const char* key, int lo, int hi) {
    const long long v = r.integer(key);
    if (v < lo || v > hi)
      Reader::fail(r.sub(key), std::to_string(v) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
    return static_cast<std::int8_t>(v);
  };
  switch (a.type) {
    case ActionType::kPass: r.only({"type"}); break;
    case ActionType::kSpawn:
      r.only({"type", "flow"});
      a.flow = read("flow", 1, kFlows) - 1;
      break;
    case ActionType::kJump:
      r.only({"type", "flow", "pos", "to_flow", "to_pos"});
      a.flow = read("flow", 1, kFlows) - 1;
      a.pos = read("pos", 0, kSlots - 1);
      a.to_flow = read("to_flow", 1, kFlows) - 1;
      a.to_pos = read("to_pos", 0, kSlots - 1);
      break;
    default:
      r.only({"type", "flow", "pos"});
      a.flow = read("flow", 1, kFlows) - 1;
      a.pos = read("pos", 0, kSlots - 1);
  }
  return a;
}

// Accepts an Action, its notation or its dict.
Action to_action(py::handle obj) {
  if (py::isinstance<Action>(obj)) return obj.cast<Action>();
  if (py::isinstance<py::str>(obj)) return parse_notation(notation_text(obj));
  if (py::isinstance<py::dict>(obj)) return action_from_dict(obj);
  throw not_an_action(obj, "aquaignis");
}

// --- positions ---------------------------------------------------------------------

int side_from(const std::string& name, const std::string& field) {
  return DictReader<InvalidStateError>::choice(name, {"aqua", "ignis"}, field);
}

Options options_from(py::handle obj, const std::string& field) {
  using Reader = DictReader<InvalidStateError>;
  Options o;
  Reader r(obj, field);
  r.only({"no_progress_limit", "first_player"});
  const long long limit = r.integer_or("no_progress_limit", o.no_progress_limit);
  if (limit < 0 || limit > 10000)
    Reader::fail(r.sub("no_progress_limit"), std::to_string(limit) + " is out of range 0..10000 (0: off)");
  o.no_progress_limit = static_cast<int>(limit);
  // first_player is spelled as in every game: the seat (0, 1) or this game's side name.
  if (r.has("first_player")) {
    if (py::isinstance<py::str>(r.raw("first_player")))
      o.first_player = side_from(r.string("first_player"), r.sub("first_player"));
    else if (const long long seat = r.integer("first_player"); seat == 0 || seat == 1)
      o.first_player = static_cast<int>(seat);
    else
      Reader::fail(r.sub("first_player"), std::to_string(seat) + " is not a seat: 0 (aqua) or 1 (ignis)");
  }
  return o;
}

py::dict options_to_dict(const Options& o) {
  py::dict d;
  d["no_progress_limit"] = o.no_progress_limit;
  d["first_player"] = kSideNames[o.first_player];
  return d;
}

py::dict state_to_dict(const State& s) {
  const Setup setup = s.to_setup();
  py::dict d;
  d["game"] = "aquaignis";
  d["to_move"] = kSideNames[setup.to_move];
  d["actions_left"] = setup.actions_left;
  py::dict score;
  score["aqua"] = setup.score[0];
  score["ignis"] = setup.score[1];
  d["score"] = score;
  py::list pieces;
  for (const UnitSpec& u : setup.units) {
    py::dict p;
    p["flow"] = u.flow;
    p["pos"] = u.pos;
    p["owner"] = kSideNames[u.owner];
    p["kind"] = u.kind == Kind::kPiece ? "piece" : "barrier";
    p["charge"] = u.value;
    pieces.append(p);
  }
  d["pieces"] = pieces;
  py::list links;
  for (const LinkSpec& l : setup.links) {
    py::dict ld;
    ld["owner"] = kSideNames[l.owner];
    py::list flows;
    flows.append(l.flow_a);
    flows.append(l.flow_b);
    ld["flows"] = flows;
    ld["turns_left"] = l.turns_left;
    links.append(ld);
  }
  d["links"] = links;
  d["turn"] = setup.turn;
  d["no_progress"] = setup.no_progress;
  d["options"] = options_to_dict(setup.options);
  return d;
}

State state_from_dict(py::handle obj) {
  using Reader = DictReader<InvalidStateError>;
  Reader r(obj, "");
  // The game first: another game's save is named as such, not as an unknown field of this one's.
  if (r.has("game") && r.string("game") != "aquaignis")
    Reader::fail("game", "'" + r.string("game") + "' is not 'aquaignis'");
  r.only({"game", "to_move", "actions_left", "score", "pieces", "links", "turn", "no_progress", "options"});
  Setup setup;
  if (r.has("options")) setup.options = options_from(r.raw("options"), "options");
  setup.to_move = side_from(r.string("to_move"), "to_move");
  setup.actions_left = static_cast<int>(r.integer("actions_left"));
  Reader score(r.raw("score"), "score");
  score.only({"aqua", "ignis"});
  setup.score = {static_cast<int>(score.integer("aqua")), static_cast<int>(score.integer("ignis"))};
  setup.turn = static_cast<int>(r.integer_or("turn", 0));
  setup.no_progress = static_cast<int>(r.integer_or("no_progress", 0));

  py::list pieces = Reader::as_list(r.raw("pieces"), "pieces");
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    Reader p(pieces[i], "pieces[" + std::to_string(i) + "]");
    p.only({"flow", "pos", "owner", "kind", "charge"});
    UnitSpec u;
    u.flow = static_cast<int>(p.integer("flow"));
    u.pos = static_cast<int>(p.integer("pos"));
    u.owner = side_from(p.string("owner"), p.sub("owner"));
    u.kind = Reader::choice(p.string("kind"), {"piece", "barrier"}, p.sub("kind")) == 0 ? Kind::kPiece : Kind::kBarrier;
    u.value = static_cast<int>(p.integer("charge"));
    setup.units.push_back(u);
  }
  if (r.has("links")) {
    py::list links = Reader::as_list(r.raw("links"), "links");
    for (std::size_t i = 0; i < links.size(); ++i) {
      Reader l(links[i], "links[" + std::to_string(i) + "]");
      l.only({"owner", "flows", "turns_left"});
      LinkSpec spec;
      spec.owner = side_from(l.string("owner"), l.sub("owner"));
      py::list flows = Reader::as_list(l.raw("flows"), l.sub("flows"));
      if (flows.size() != 2) Reader::fail(l.sub("flows"), "expected two flows");
      spec.flow_a = static_cast<int>(Reader::as_integer(flows[0], l.sub("flows[0]")));
      spec.flow_b = static_cast<int>(Reader::as_integer(flows[1], l.sub("flows[1]")));
      spec.turns_left = static_cast<int>(l.integer("turns_left"));
      setup.links.push_back(spec);
    }
  }
  return State::from_setup(setup);
}

State new_game(const py::kwargs& kwargs) {
  py::dict opts;
  for (auto item : kwargs) opts[item.first] = item.second;
  return State(options_from(opts, "options"));
}

py::list legal_actions(const State& s) {
  ActionList actions;
  s.legal_actions(actions);
  py::list out(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) out[i] = py::cast(actions[i]);
  return out;
}

// The id fast path: ids are the mask's indices (16807 of them).
struct IdCodec {
  static std::int32_t id(const Action& a) { return action_id(a); }
  static Action from_id(long long id) { return action_from_id(id); }
  static void legal(const State& s, ActionList& out) { s.legal_actions(out); }
  static std::vector<py::ssize_t> mask_shape() { return {kActionIds}; }
  static int mask_index(const State&, const Action& a) { return action_id(a); }
  static constexpr bool kMaskIndexIsId = true;  // the Batch writes masks from the ids it has
  static std::int32_t id_of_mask_index(const State&, long long index) {
    if (index < 0 || index >= kActionIds)
      throw IllegalActionError("mask index " + std::to_string(index) + " is out of range 0.." + std::to_string(kActionIds - 1));
    return action_id(action_from_id(index));
  }
};

}  // namespace

void init_aquaignis(py::module_& m) {
  py::class_<Action> action_class(m, "Action", "One AquaIgnis action; str() gives its notation.");
  action_class
      .def_static("parse", &parse_notation, py::arg("notation"), "Reads an action from its notation.")
      .def_static("from_dict", &action_from_dict, py::arg("d"), "Reads an action from its dict form.")
      .def_property_readonly("type", [](const Action& a) { return kTypeNames[static_cast<int>(a.type)]; })
      .def_property_readonly("flow", [](const Action& a) { return a.flow + 1; })
      .def_property_readonly("pos", [](const Action& a) { return int(a.pos); })
      .def_property_readonly("to_flow", [](const Action& a) { return a.to_flow + 1; })
      .def_property_readonly("to_pos", [](const Action& a) { return int(a.to_pos); })
      .def("to_dict", &action_to_dict)
      .def("__reduce__", reduce_via<Action>(m, "_action_from_pickle",
                                            [](const Action& a) { return py::make_tuple(action_to_dict(a)); }))
      .def("__str__", &to_notation)
      .def("__repr__", [](const Action& a) { return "Action('" + to_notation(a) + "')"; })
      .def("__eq__", [](const Action& a, py::handle other) {
        return py::isinstance<Action>(other) && a == other.cast<Action>();
      })
      .def("__hash__", [](const Action& a) { return py::hash(py::str(to_notation(a))); });

  py::class_<State> state_class(m, "State", "An AquaIgnis position with the side to move and actions left.");
  def_state_contract(state_class, &to_action);
  state_class
      .def_property_readonly("to_move", &State::to_move,
                             "0 (AQUA) or 1 (IGNIS) to act, or triptych.TERMINAL once the game is over.")
      .def_property_readonly("actions_left", &State::actions_left, "Actions the side to act still has this turn.")
      .def_property_readonly("winner",
                             [](const State& s) -> py::object {
                               return s.winner() < 0 ? py::object(py::none()) : py::object(py::int_(s.winner()));
                             },
                             "0 or 1 once that player has won; None while the game runs or after a draw.")
      .def_property_readonly("hash", &State::hash, "64-bit Zobrist hash, updated incrementally.")
      .def_property_readonly("score", [](const State& s) { return py::make_tuple(s.score(0), s.score(1)); })
      .def_property_readonly("turn", &State::turn)
      .def_property_readonly("no_progress", &State::no_progress,
                             "Actions since the last breakthrough or destruction (R17 draws at twice the limit).")
      .def("legal_actions", &legal_actions, "Legal actions in a deterministic order.")
      .def("to_dict", &state_to_dict, "The complete position as JSON-compatible data.")
      .def("__reduce__", reduce_via<State>(m, "_state_from_pickle",
                                           [](const State& s) { return py::make_tuple(state_to_dict(s)); }))
      .def_static("from_dict", &state_from_dict, py::arg("d"),
                  "Rebuilds a position; raises InvalidStateError naming the bad field.")
      .def("__str__", &State::to_string)
      .def("__repr__", [](const State& s) {
        return "<aquaignis.State turn " + std::to_string(s.turn()) + " hash " + std::to_string(s.hash()) + ">";
      });

  // What pickles call to rebuild an action or a state (see reduce_via).
  m.def("_action_from_pickle", &action_from_dict, py::arg("d"));
  m.def("_state_from_pickle", &state_from_dict, py::arg("d"));
  m.def("new_game", &new_game, "A new game; options: no_progress_limit (whole turns without a breakthrough or a destroyed unit before "
        "a draw, a house rule, R17; default 40, 0: off), first_player (0 or 'aqua', 1 or 'ignis').");
  m.def(
      "perft", [](const State& s, int depth) { return interruptible_perft(s, depth, &perft); }, py::arg("state"),
      py::arg("depth"),
        "Leaves of the action tree `depth` plies deep (each action is one ply).");
  def_sample_actions<State>(m, "(counted with bitboards, never listed).");
  def_action_ids<IdCodec, ActionList>(state_class, action_class);
  def_observation<State>(state_class, {State::kObservationPlanes, kFlows, kSlots},
                         [](const State& s, float* out) { s.observation(out); },
                         "float32 array of shape (16, 7, 7): planes x flows x positions (see docs/rules/aquaignis.md); "
                         "with out=, fills that preallocated array instead and returns it.");
  bind_searches<SearchGame>(m);
  bind_proofs<SearchGame>(m);
  bind_nnue<NnueSearchGame>(m);
  def_batch<SearchGame, IdCodec>(m, {State::kObservationPlanes, kFlows, kSlots});
  m.attr("ACTION_IDS") = kActionIds;
  m.attr("ACTION_MASK_SHAPE") = py::make_tuple(kActionIds);
  m.attr("OBSERVATION_SHAPE") = py::make_tuple(State::kObservationPlanes, kFlows, kSlots);
}

}  // namespace triptych::bindings
