// The integer-id fast path of Combat (combat/action_ids.h), added to the
// Action and State classes that combat_bindings.cpp defines.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings/action_ids.h"
#include "bindings/bindings.h"
#include "bindings/combat_types.h"
#include "combat/action_ids.h"

namespace py = pybind11;

namespace triptych::bindings {

namespace {
using namespace triptych::combat;

py::array_t<std::int32_t> sorted_ids(std::vector<std::int32_t> ids) {
  std::sort(ids.begin(), ids.end());
  py::array_t<std::int32_t> out(static_cast<py::ssize_t>(ids.size()));
  std::copy(ids.begin(), ids.end(), out.mutable_data());
  return out;
}
}  // namespace

void init_combat_ids(py::module_& m) {
  for (const Variant* v : all_variants())
    if (v->verbs().size() >= static_cast<std::size_t>(kVerbRadix))
      throw std::logic_error(std::string("variant ") + v->info().id + " has more verbs than the action ids hold");

  auto action_class = py::reinterpret_borrow<py::class_<PyAction>>(m.attr("Action"));
  action_class
      .def_property_readonly("id", [](const PyAction& a) { return action_id(a.action); },
                             "The action's stable integer id (docs/rules/combat.md); a verb's depends on its variant.")
      .def_static(
          "from_id",
          [](py::handle id, const std::string& variant) {
            const Variant& v = variant_or_raise(variant);
            return PyAction{action_from_id(id_argument(id, "action id"), v), &v};
          },
          py::arg("id"), py::arg("variant"),
          "The action of `variant` with this id; raises IllegalActionError for an id that names no action.");

  auto state_class = py::reinterpret_borrow<py::class_<Game>>(m.attr("State"));
  state_class
      .def("legal_action_ids",
           [](const Game& g) {
             ActionList actions;
             g.state.legal_actions(actions);
             std::vector<std::int32_t> ids;
             for (const Action& a : actions) ids.push_back(action_id(a));
             return sorted_ids(std::move(ids));
           },
           "The legal decisions' ids as a numpy int32 array, ascending (empty at chance nodes and once over).")
      .def("chance_outcome_ids",
           [](const Game& g) {
             ChanceList outcomes;
             g.state.chance_outcomes(outcomes);
             std::vector<std::pair<std::int32_t, double>> pairs;
             for (const auto& o : outcomes) pairs.emplace_back(action_id(o.action), o.probability);
             std::sort(pairs.begin(), pairs.end());
             py::array_t<std::int32_t> ids(static_cast<py::ssize_t>(pairs.size()));
             py::array_t<double> probabilities(static_cast<py::ssize_t>(pairs.size()));
             for (std::size_t k = 0; k < pairs.size(); ++k) {
               ids.mutable_data()[k] = pairs[k].first;
               probabilities.mutable_data()[k] = pairs[k].second;
             }
             return py::make_tuple(ids, probabilities);
           },
           "(ids int32, probabilities float64) of a chance node's outcomes, ascending by id; empty elsewhere.")
      .def(
          "apply_id",
          [](Game& g, py::handle id) {
            g.state.apply(action_from_id(id_argument(id, "action id"), g.state.variant()));
          },
          py::arg("id"),
          "Applies the decision or chance outcome with this id; raises IllegalActionError and changes nothing "
          "if it is not legal.");
  def_observation<Game>(state_class, {State::kObservationSize},
                        [](const Game& g, float* out) { g.state.observation(out); },
                        "float32 array of shape (512,): the raw position fields (see docs/rules/combat.md); with "
                        "out=, fills that preallocated array instead and returns it.");
  m.attr("ACTION_IDS") = kActionIds;
}

}  // namespace triptych::bindings
