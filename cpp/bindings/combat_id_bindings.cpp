// Combat's compact per-variant ids (combat/compact_ids.h) on triptych._core.combat:
// Action.compact_id / Action.from_compact_id, State.legal_compact_ids /
// compact_action_mask / apply_compact_id / chance_compact_ids, and the sizes.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "bindings/action_ids.h"
#include "bindings/bindings.h"
#include "bindings/combat_types.h"
#include "combat/compact_ids.h"
#include "common/errors.h"

namespace py = pybind11;

namespace triptych::bindings {

namespace {
using namespace triptych::combat;

std::vector<int> sorted_ids(const Variant& v, const ActionList& actions) {
  std::vector<int> ids;
  ids.reserve(actions.size());
  for (const Action& a : actions) ids.push_back(compact_id(v, a));
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace

void init_combat_compact_ids(py::module_& m) {
  auto action_cls = py::reinterpret_borrow<py::class_<PyAction>>(m.attr("Action"));
  action_cls
      .def_property_readonly("compact_id", [](const PyAction& a) { return compact_id(*a.variant, a.action); },
                             "The stable integer id of this action in its variant (see docs/rules/combat.md).")
      .def_static(
          "from_compact_id",
          [](const std::string& variant, py::handle id) {
            const Variant& v = variant_or_raise(variant);
            return PyAction{action_from_compact_id(v, id_argument(id, "action id")), &v};
          },
          py::arg("variant"), py::arg("id"), "The action of `variant` with integer id `id` (IllegalActionError if none).");

  auto state_cls = py::reinterpret_borrow<py::class_<Game>>(m.attr("State"));
  state_cls
      .def(
          "legal_compact_ids",
          [](const Game& g) {
            ActionList actions;
            g.state.legal_actions(actions);
            const auto ids = sorted_ids(g.state.variant(), actions);
            py::array_t<std::int32_t> out(static_cast<py::ssize_t>(ids.size()));
            std::copy(ids.begin(), ids.end(), out.mutable_data());
            return out;
          },
          "Ids of the legal decisions, ascending (numpy int32; empty at chance nodes).")
      .def(
          "compact_action_mask",
          [](const Game& g) {
            const Variant& v = g.state.variant();
            py::array_t<bool> mask(compact_chance_offset(v));
            std::fill(mask.mutable_data(), mask.mutable_data() + mask.size(), false);
            ActionList actions;
            g.state.legal_actions(actions);
            for (const Action& a : actions) mask.mutable_data()[compact_id(v, a)] = true;
            return mask;
          },
          "bool array over the decision ids [0, compact_chance_offset(variant)): True where legal.")
      .def(
          "chance_compact_ids",
          [](const Game& g) {
            ChanceList outcomes;
            g.state.chance_outcomes(outcomes);
            std::vector<std::pair<int, double>> out;
            for (const auto& o : outcomes) out.emplace_back(compact_id(g.state.variant(), o.action), o.probability);
            std::sort(out.begin(), out.end());
            return out;
          },
          "(id, probability) of each chance outcome, ascending by id ([] when no chance event is pending).")
      .def(
          "apply_compact_id",
          [](Game& g, py::handle id) {
            const Action a = action_from_compact_id(g.state.variant(), id_argument(id, "action id"));
            g.state.apply(a);
          },
          py::arg("id"), "Applies the action or chance outcome with this id; IllegalActionError (state untouched) if illegal.");

  m.def("compact_id_count", [](const std::string& variant) { return compact_id_count(variant_or_raise(variant)); },
        py::arg("variant"), "How many action ids `variant` has: decisions, then chance outcomes.");
  m.def("compact_chance_offset", [](const std::string& variant) { return compact_chance_offset(variant_or_raise(variant)); },
        py::arg("variant"), "The first chance-outcome id of `variant` (= the number of decision ids).");
}

}  // namespace triptych::bindings
