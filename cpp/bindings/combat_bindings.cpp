// Python bindings of Combat: triptych._core.combat.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <chrono>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings/interrupt_scope.h"
#include "bindings/value_semantics.h"
#include "bindings/bindings.h"
#include "bindings/combat_types.h"
#include "bindings/dict_reading.h"
#include "bindings/state_contract.h"
#include "combat/audit.h"
#include "combat/notation.h"
#include "combat/players.h"
#include "combat/state.h"
#include "combat/variant.h"
#include "common/errors.h"
#include "common/players.h"
#include "common/rng.h"

namespace py = pybind11;

namespace triptych::bindings {

namespace {
using namespace triptych::combat;

// --- actions ---------------------------------------------------------------------

py::object arg_to_py(ArgKind kind, int v) {
  switch (kind) {
    case ArgKind::kSlot: return py::int_(v + 1);
    case ArgKind::kElement: return py::str(kElementNames[v]);
    case ArgKind::kStatus: return py::str(kStatusNames[v]);
    case ArgKind::kSide: return py::str(v == kPlayer ? "player" : "enemy");
    default: return py::int_(v);
  }
}

py::dict action_to_dict(const PyAction& pa) {
  const Action& a = pa.action;
  py::dict d;
  switch (a.type) {
    case ActionType::kPlace:
      d["type"] = "place";
      d["card"] = card_display(a.a);
      d["slot"] = a.b + 1;
      break;
    case ActionType::kRoll: d["type"] = "roll_dice"; break;
    case ActionType::kEnd: d["type"] = "end"; break;
    case ActionType::kBuy: d["type"] = "buy"; break;
    case ActionType::kRollOutcome:
      d["type"] = "roll";
      d["number"] = a.a == kBlankNumber ? py::object(py::str("blank")) : py::object(py::int_(int(a.a)));
      d["element"] = kElementNames[a.b];
      break;
    case ActionType::kDrawOutcome:
      d["type"] = "draw";
      d["card"] = card_display(a.a);
      break;
    case ActionType::kVerb: {
      const VerbSpec& spec = pa.variant->verbs()[a.verb];
      d["type"] = spec.name;
      const int args[3] = {a.a, a.b, a.c};
      for (int i = 0; i < spec.arity(); ++i) d[spec.arg_names[i]] = arg_to_py(spec.kinds[i], args[i]);
      break;
    }
  }
  return d;
}

Action action_from_dict(const Variant& v, py::handle obj) {
  using Reader = DictReader<IllegalActionError>;
  Reader r(obj, "action");
  const std::string type = r.string("type");
  auto card = [&](const char* key) {
    const int code = parse_card(r.string(key));
    if (code < 0) Reader::fail(r.sub(key), "unknown card '" + r.string(key) + "'");
    return code;
  };
  if (type == "place") {
    r.only({"type", "card", "slot"});
    const long long slot = r.integer("slot");
    if (slot < 1 || slot > kSlots) Reader::fail(r.sub("slot"), "must be 1..4");
    return Action::place(card("card"), static_cast<int>(slot) - 1);
  }
  if (type == "roll_dice" || type == "end" || type == "buy") {
    r.only({"type"});
    return type == "roll_dice" ? Action::roll() : type == "end" ? Action::end() : Action::buy();
  }
  if (type == "draw") {
    r.only({"type", "card"});
    return Action::draw_outcome(card("card"));
  }
  if (type == "roll") {
    r.only({"type", "number", "element"});
    py::handle n = r.raw("number");
    int number;
    if (py::isinstance<py::str>(n)) {
      if (n.cast<std::string>() != "blank") Reader::fail(r.sub("number"), "must be 1..4 or 'blank'");
      number = kBlankNumber;
    } else {
      const long long x = Reader::as_integer(n, r.sub("number"));
      if (x < 1 || x > 4) Reader::fail(r.sub("number"), "must be 1..4 or 'blank'");
      number = static_cast<int>(x);
    }
    const int element = parse_element(r.string("element"));
    if (element < 0) Reader::fail(r.sub("element"), "unknown element '" + r.string("element") + "'");
    return Action::roll_outcome(number, element);
  }
  const int verb = v.verb_index(type);
  if (verb < 0) Reader::fail(r.sub("type"), "'" + type + "' is not an action of " + v.info().id);
  const VerbSpec& spec = v.verbs()[verb];
  for (auto item : py::reinterpret_borrow<py::dict>(obj)) {
    const std::string key = py::str(item.first);
    bool known = key == "type";
    for (int i = 0; i < spec.arity(); ++i) known = known || key == spec.arg_names[i];
    if (!known) Reader::fail(r.sub(key), "unknown field");
  }
  // Build notation from the dict and read it (one reader for both forms).
  std::string notation = spec.name;
  for (int i = 0; i < spec.arity(); ++i) {
    py::handle value = r.raw(spec.arg_names[i]);
    notation += " " + (py::isinstance<py::str>(value) ? notation_text(value)
                                                       : std::to_string(Reader::as_integer(value, r.sub(spec.arg_names[i]))));
  }
  return parse_notation(v, notation);
}

Action to_action(const Variant& v, py::handle obj) {
  if (py::isinstance<PyAction>(obj)) {
    const PyAction& pa = obj.cast<const PyAction&>();
    if (pa.variant != &v) throw IllegalActionError("that action belongs to another variant");
    return pa.action;
  }
  if (py::isinstance<py::str>(obj)) return parse_notation(v, notation_text(obj));
  if (py::isinstance<py::dict>(obj)) return action_from_dict(v, obj);
  throw not_an_action(obj, "combat");
}

// A seed: an int in 0..2**64-1 (a negative one is a typo, not a seed); ValueError/TypeError saying so.
std::uint64_t seed_argument(py::handle seed) {
  if (!py::isinstance<py::int_>(seed) || py::isinstance<py::bool_>(seed))
    throw py::type_error("seed must be an int or None, got " +
                         std::string(py::str(py::type::handle_of(seed).attr("__name__"))));
  const unsigned long long value = PyLong_AsUnsignedLongLong(seed.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error("seed must be from 0 to 2**64-1, got " + std::string(py::str(seed)));
  }
  return value;
}

Game new_game(const std::string& variant, py::object seed, py::object params) {
  State start = start_state(variant_or_raise(variant), params);
  const std::uint64_t s = seed.is_none() ? std::random_device{}() : seed_argument(seed);
  return Game{std::move(start), Rng(s)};
}

// An rng argument: numpy Generator, random.Random, an int seed, or None (the fight's own).
double uniform_from(Game& g, py::handle rng) {
  if (rng.is_none()) return g.rng.uniform();
  if (py::isinstance<py::int_>(rng)) {
    Rng r(rng.cast<std::uint64_t>());
    return r.uniform();
  }
  if (py::hasattr(rng, "random")) return rng.attr("random")().cast<double>();
  throw py::type_error("rng must be a numpy Generator, a random.Random, an int seed or None");
}

py::list legal_actions(const Game& g) {
  ActionList actions;
  g.state.legal_actions(actions);
  py::list out(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) out[i] = py::cast(PyAction{actions[i], &g.state.variant()});
  return out;
}

py::list chance_outcomes(const Game& g) {
  ChanceList outcomes;
  g.state.chance_outcomes(outcomes);
  py::list out;
  for (const auto& o : outcomes) out.append(py::make_tuple(PyAction{o.action, &g.state.variant()}, o.probability));
  return out;
}

py::dict variant_info(const Variant& v) {
  py::dict d;
  const VariantInfo& info = v.info();
  d["id"] = info.id;
  d["name"] = info.name;
  d["bucket"] = info.bucket;
  d["teaching"] = info.teaching;
  d["legend"] = info.legend;
  py::dict params;
  for (const auto& p : v.param_specs()) params[p.name] = p.value;
  d["params"] = params;
  py::dict docs;
  for (const auto& p : v.param_specs()) docs[p.name] = p.doc;
  d["param_docs"] = docs;
  py::list verbs;
  for (const auto& verb : v.verbs()) {
    py::dict vd;
    vd["name"] = verb.name;
    vd["doc"] = verb.doc;
    verbs.append(vd);
  }
  d["verbs"] = verbs;
  return d;
}

Policy policy_from(const std::string& name) {
  if (name == "random") return Policy::kRandom;
  if (name == "greedy") return Policy::kGreedy;
  throw py::value_error("policy must be 'random' or 'greedy'");
}

}  // namespace

const Variant& variant_or_raise(const std::string& id) {
  const Variant* v = find_variant(id);
  if (v) return *v;
  std::string known;
  for (const Variant* x : all_variants()) known += std::string(known.empty() ? "" : ", ") + x->info().id;
  throw py::value_error("unknown combat variant '" + id + "' (known: " + known + ")");
}

State start_state(const Variant& v, py::object params) {
  std::vector<std::pair<std::string, int>> overrides;
  if (!params.is_none()) {
    if (!py::isinstance<py::dict>(params)) throw py::type_error("params must be a dict of name -> int");
    for (auto item : py::reinterpret_borrow<py::dict>(params)) {
      if (!py::isinstance<py::int_>(item.second) || py::isinstance<py::bool_>(item.second))
        throw py::type_error("parameter '" + std::string(py::str(item.first)) + "' must be an int");
      overrides.emplace_back(py::str(item.first), item.second.cast<int>());
    }
  }
  try {
    return State(v, make_params(v, overrides));
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

py::dict stats_dict(const Stats& st, double seconds) {
  py::dict d;
  d["games"] = st.games;
  d["wins"] = st.wins;
  d["losses"] = st.losses;
  d["capped"] = st.capped;
  d["win_rate"] = st.games ? double(st.wins) / st.games : 0.0;
  d["mean_turns"] = st.mean_turns;
  d["seconds"] = seconds;
  return d;
}

void init_combat(py::module_& m) {
  py::class_<PyAction>(m, "Action", "One Combat action or chance outcome; str() gives its notation.")
      .def_property_readonly("type", [](const PyAction& a) { return py::str(action_to_dict(a)["type"]); })
      .def_property_readonly("is_chance", [](const PyAction& a) { return a.action.is_chance(); })
      .def("to_dict", &action_to_dict)
      // Verbs are read per variant, so the pickle is (variant id, dict).
      .def("__reduce__", reduce_via<PyAction>(m, "_action_from_pickle", [](const PyAction& a) {
             return py::make_tuple(a.variant->info().id, action_to_dict(a));
           }))
      .def("__str__", &PyAction::notation)
      .def("__repr__", [](const PyAction& a) { return "Action('" + a.notation() + "')"; })
      .def("__eq__", [](const PyAction& a, py::handle other) {
        if (!py::isinstance<PyAction>(other)) return false;
        const PyAction& b = other.cast<const PyAction&>();
        return a.variant == b.variant && a.action == b.action;
      })
      .def("__hash__", [](const PyAction& a) { return py::hash(py::str(a.notation())); });

  py::class_<Game>(m, "State", "A Combat fight: the player against the Betaal Sentinel in one variant.")
      .def_property_readonly("to_move", [](const Game& g) { return g.state.to_move(); },
                             "0 (the player), triptych.CHANCE at a roll or draw, triptych.TERMINAL when over.")
      .def_property_readonly("actions_left", [](const Game& g) { return g.state.is_terminal() ? 0 : 1; },
                             "1 while the fight runs (one decision at a time), 0 when over.")
      .def_property_readonly("winner",
                             [](const Game& g) -> py::object {
                               return g.state.winner() < 0 ? py::object(py::none()) : py::object(py::int_(g.state.winner()));
                             },
                             "0 when the player won, 1 when the Sentinel won, None otherwise.")
      .def_property_readonly("hash", [](const Game& g) { return g.state.hash(); }, "64-bit Zobrist hash of the position.")
      .def_property_readonly("variant", [](const Game& g) { return g.state.variant().info().id; })
      .def_property_readonly("turn", [](const Game& g) { return int(g.state.d.turn); })
      .def_property_readonly("player_hp", [](const Game& g) { return int(g.state.d.player.hp); })
      .def_property_readonly("enemy_hp", [](const Game& g) { return int(g.state.d.enemy.hp); })
      .def_property_readonly("energy", [](const Game& g) { return int(g.state.d.energy); })
      .def("legal_actions", &legal_actions, "Legal player decisions in a deterministic order (empty at chance nodes).")
      .def("chance_outcomes", &chance_outcomes, "(outcome Action, probability) pairs at a chance node, else [].")
      .def(
          "apply", [](Game& g, py::handle action) { g.state.apply(to_action(g.state.variant(), action)); },
          py::arg("action"),
          "Applies an Action, notation string or dict; raises IllegalActionError and changes nothing if illegal.")
      .def("is_legal",
           [](const Game& g, py::handle action) {
             try {
               return g.state.is_legal(to_action(g.state.variant(), action));
             } catch (const IllegalActionError&) {
               return false;
             }
           },
           py::arg("action"), "Whether apply(action) would be accepted (an Action, notation or dict); never raises.")
      .def(
          "sample_chance",
          [](Game& g, py::handle rng) {
            if (g.state.to_move() != kChancePlayer) throw IllegalActionError("no chance event is pending");
            return PyAction{g.state.pick_chance(uniform_from(g, rng)), &g.state.variant()};
          },
          py::arg("rng") = py::none(),
          "Picks a chance outcome by probability (does not apply it). rng: a numpy Generator or random.Random "
          "(its .random() is used), an int seed, or None for the fight's own seeded generator.")
      .def(
          "play_chance",
          [](Game& g) {
            py::list applied;
            while (g.state.to_move() == kChancePlayer) {
              const Action a = sample_chance(g.state, g.rng);
              applied.append(PyAction{a, &g.state.variant()});
              g.state.apply_unchecked(a);
            }
            return applied;
          },
          "Resolves pending chance nodes with the fight's seeded generator; returns the outcomes applied.")
      .def("random_action", [](Game& g) { return PyAction{random_action(g.state, g.rng), &g.state.variant()}; },
           "A uniformly random legal decision (the fight's generator).")
      .def("greedy_action", [](Game& g) { return PyAction{greedy_action(g.state, g.rng), &g.state.variant()}; },
           "The reference greedy player's decision (one-turn lookahead, the fight's generator).")
      .def("clone", [](const Game& g) { return Game(g); })
      .def("__copy__", [](const Game& g) { return Game(g); })
      .def("__deepcopy__", [](const Game& g, py::handle) { return Game(g); })
      .def("is_terminal", [](const Game& g) { return g.state.is_terminal(); },
           "True when the fight is over (one side at 0 HP, or the turn cap reached).")
      .def("is_chance_node", [](const Game& g) { return g.state.to_move() == kChancePlayer; },
           "True while a roll or a draw is pending (to_move == triptych.CHANCE): apply a chance outcome.")
      .def("returns", [](const Game& g) {
        const auto r = g.state.returns();
        return std::vector<double>{r[0], r[1]};
      })
      .def("cards_conserved", [](const Game& g) { return g.state.cards_conserved(); })
      .def("to_dict", &state_to_dict, "The complete position as JSON-compatible data.")
      // The pickle is (dict, generator words): an unpickled fight's play_chance() goes on as the original's would.
      .def("__reduce__", reduce_via<Game>(m, "_state_from_pickle", [](const Game& g) {
             return py::make_tuple(state_to_dict(g), g.rng.words());
           }))
      .def_static("from_dict", &state_from_dict, py::arg("d"),
                  "Rebuilds a position; raises InvalidStateError naming the bad field.")
      .def("__str__", [](const Game& g) { return g.state.to_string(); })
      .def("__repr__", [](const Game& g) {
        return "<combat.State " + std::string(g.state.variant().info().id) + " turn " + std::to_string(g.state.d.turn) +
               " hash " + std::to_string(g.state.hash()) + ">";
      });

  auto state_class = py::reinterpret_borrow<py::class_<Game>>(m.attr("State"));
  def_value_semantics(state_class);

  // What pickles call to rebuild an action or a fight (see reduce_via).
  m.def("_action_from_pickle", [](const std::string& variant, py::handle d) {
    const Variant& v = variant_or_raise(variant);
    return PyAction{action_from_dict(v, d), &v};
  });
  m.def("_state_from_pickle", [](py::handle d, const std::array<std::uint64_t, 4>& words) {
    Game g = state_from_dict(d);
    g.rng.set_words(words);
    return g;
  });
  m.def("new_game", &new_game, py::arg("variant") = "v01", py::arg("seed") = py::none(), py::arg("params") = py::none(),
        "A new fight of `variant` (v01..); seed drives play_chance(); params overrides named numbers.");
  m.def(
      "perft", [](const Game& g, int depth) { return interruptible_perft(g.state, depth, &perft); },
      py::arg("state"), py::arg("depth"), "Leaves of the tree `depth` plies deep (chance outcomes are plies).");
  m.def(
      "run_fights",
      [](const std::string& variant, const std::string& policy, int games, std::uint64_t seed, py::object params) {
        Game g = new_game(variant, py::int_(seed), params);
        Stats st;
        double seconds;
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          const auto t0 = std::chrono::steady_clock::now();
          st = run_fights(g.state, policy_from(policy), games, seed);
          seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        }
        interrupt.raise_if_interrupted();
        return stats_dict(st, seconds);
      },
      py::arg("variant"), py::arg("policy") = "random", py::arg("games") = 100, py::arg("seed") = 0,
      py::arg("params") = py::none(), "Plays seeded fights in C++; returns win rate, mean fight length and time.");
  m.def(
      "audit_random_fights",
      [](const std::string& variant, int fights, std::uint64_t seed, py::object params) {
        Game g = new_game(variant, py::int_(seed), params);
        AuditReport rep;
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          rep = audit_random_fights(g.state, fights, seed);
        }
        interrupt.raise_if_interrupted();
        py::dict d;
        d["failure"] = rep.failure;
        d["fights"] = rep.fights;
        d["steps"] = rep.steps;
        d["capped"] = rep.capped;
        return d;
      },
      py::arg("variant"), py::arg("fights"), py::arg("seed") = 0, py::arg("params") = py::none(),
      "Random fights with every invariant checked after every step (see audit.h).");
  py::list variants;
  for (const Variant* v : all_variants()) variants.append(variant_info(*v));
  m.attr("VARIANTS") = variants;
  m.attr("OBSERVATION_SHAPE") = py::make_tuple(State::kObservationSize);
}

}  // namespace triptych::bindings
