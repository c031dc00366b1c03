// The balance lab's recorded fights (cpp/combat/fight_record.h), bound into
// triptych._core.combat. The fights run in C++ with the GIL released; the
// records come back as flat dicts, one per fight, ready for a CSV row.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings/interrupt_scope.h"
#include "bindings/bindings.h"
#include "bindings/combat_types.h"
#include "combat/fight_record.h"
#include "combat/notation.h"
#include "combat/variant.h"

namespace py = pybind11;

namespace triptych::bindings {

namespace {
using namespace triptych::combat;

PlayerSpec player_or_raise(const std::string& text) {
  try {
    return parse_player(text);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

py::dict record_dict(const FightRecord& r, const Variant& v) {
  py::dict d;
  d["seed"] = r.seed;
  d["winner"] = r.winner;
  d["turns"] = r.turns;
  d["player_hp"] = r.player_hp;
  d["enemy_hp"] = r.enemy_hp;
  d["enemy_max_hp"] = r.enemy_max_hp;
  d["damage_dealt"] = r.damage_dealt;
  d["gated"] = r.gated;
  for (int k = 0; k < kOpeningKinds; ++k) d[py::str(std::string("open_") + kCardShort[k])] = r.opening[k];
  for (int e = 0; e < kCardElements; ++e) d[py::str(std::string("placed_") + kElementNames[e])] = r.placed[e];
  for (int f = 0; f < kDieElements; ++f) d[py::str(std::string("rolled_") + kElementNames[f])] = r.rolled[f];
  d["akasha_played"] = r.akasha_played;
  const auto& verbs = v.verbs();
  for (std::size_t i = 0; i < verbs.size(); ++i) d[py::str(std::string("verb_") + verbs[i].name)] = r.verbs[i];
  d["rolls"] = r.rolls;
  d["buys"] = r.buys;
  d["decisions"] = r.decisions;
  d["stalls"] = r.stalls;
  return d;
}

}  // namespace

void init_combat_balance(py::module_& m) {
  m.def(
      "play_fights",
      [](const std::string& variant, const std::vector<std::uint64_t>& seeds, const std::string& player,
         py::object params) {
        const Variant& v = variant_or_raise(variant);
        const PlayerSpec spec = player_or_raise(player);
        const State start = start_state(v, params);
        std::vector<FightRecord> records(seeds.size());
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < seeds.size() && !interrupt_requested(); ++i)
            records[i] = play_recorded_fight(start, spec, seeds[i]);
        }
        interrupt.raise_if_interrupted();
        py::list out(records.size());
        for (std::size_t i = 0; i < records.size(); ++i) out[i] = record_dict(records[i], v);
        return out;
      },
      py::arg("variant"), py::arg("seeds"), py::arg("player") = "random", py::arg("params") = py::none(),
      "One recorded fight per seed (the balance lab): a list of flat dicts (winner, turns, HP, damage, usage counts).");
  m.def(
      "play_fight_log",
      [](const std::string& variant, std::uint64_t seed, const std::string& player, py::object params) {
        const Variant& v = variant_or_raise(variant);
        const PlayerSpec spec = player_or_raise(player);
        const State start = start_state(v, params);
        std::vector<Action> log;
        FightRecord record;
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          record = play_recorded_fight(start, spec, seed, &log);
        }
        interrupt.raise_if_interrupted();
        py::list actions(log.size());
        for (std::size_t i = 0; i < log.size(); ++i) actions[i] = to_notation(v, log[i]);
        return py::make_tuple(record_dict(record, v), actions);
      },
      py::arg("variant"), py::arg("seed"), py::arg("player") = "random", py::arg("params") = py::none(),
      "play_fights for one seed, plus every action played (chance included) in notation.");
  m.def(
      "parse_player", [](const std::string& text) { return player_name(player_or_raise(text)); }, py::arg("text"),
      "The canonical name of a balance-lab player spec (random, greedy, mcts:N); ValueError if it is not one.");
}

}  // namespace triptych::bindings
