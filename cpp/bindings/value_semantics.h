// What every game's bound State and Action share beyond the rules:
// value semantics (as python-chess and pyspiel have them) and the error for
// an action of the wrong game.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "common/errors.h"

namespace triptych::bindings {

namespace py = pybind11;

// A State equals another State of its game holding the same position (the
// same to_dict), and hashes by its Zobrist key: a clone equals its original
// and positions can be kept in sets and dicts. (Like a python-chess Board, a
// State changes its hash when play goes on: do not mutate one inside a set.)
template <class Class>
void def_value_semantics(Class& cls) {
  cls.def(
         "__eq__",
         [](py::object self, py::object other) -> py::object {
           if (!py::type::handle_of(self).is(py::type::handle_of(other)))
             return py::reinterpret_borrow<py::object>(Py_NotImplemented);
           return py::bool_(self.attr("to_dict")().equal(other.attr("to_dict")()));
         },
         py::is_operator(), "Same game and same position (to_dict equal).")
      .def(
          "__hash__", [](py::object self) { return py::hash(self.attr("hash")); },
          "The 64-bit Zobrist hash of the position (equal states hash alike).");
}

// "a Hexfleet action was given to an AquaIgnis state", or what was given instead of an action.
inline IllegalActionError not_an_action(py::handle obj, const std::string& this_game) {
  const py::handle type = py::type::handle_of(obj);
  const std::string module = py::str(type.attr("__module__"));
  const std::string name = py::str(type.attr("__name__"));
  const std::string prefix = "triptych._core.";
  auto titled = [](const std::string& game) {
    if (game == "aquaignis") return std::string("an AquaIgnis");
    if (game == "hexfleet") return std::string("a Hexfleet");
    if (game == "combat") return std::string("a Combat");
    return "a " + game;
  };
  if (name == "Action" && module.rfind(prefix, 0) == 0)
    return IllegalActionError(titled(module.substr(prefix.size())) + " action was given to " + titled(this_game) +
                              " state");
  return IllegalActionError("expected an Action, a notation string or an action dict, got " + name);
}

}  // namespace triptych::bindings
