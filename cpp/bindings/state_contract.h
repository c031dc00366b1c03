// The part of the State contract that is bound the same way for every
// two-player game: apply / is_legal over an Action, notation or dict, the
// copies, is_terminal and returns. Each game's binding file adds the rest.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "bindings/value_semantics.h"
#include "common/errors.h"
#include "common/rng.h"

namespace triptych::bindings {

namespace py = pybind11;

// A notation argument as UTF-8. A str that UTF-8 cannot encode (a lone
// surrogate, as a mis-decoded byte of terminal input becomes) is an illegal
// action like any other bad notation, not a failed cast.
inline std::string notation_text(py::handle text) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (data == nullptr) {
    PyErr_Clear();
    throw IllegalActionError("action " + std::string(py::repr(text)) +
                             " is not valid text (it holds a character UTF-8 cannot encode)");
  }
  return std::string(data, static_cast<std::size_t>(size));
}

// `to_action` reads an Action, its notation or its dict (raising IllegalActionError).
template <class State, class Action>
void def_state_contract(py::class_<State>& cls, Action (*to_action)(py::handle)) {
  cls.def(
         "apply", [to_action](State& s, py::handle action) { s.apply(to_action(action)); }, py::arg("action"),
         "Applies an Action, notation string or dict; raises IllegalActionError and changes nothing if illegal.")
      .def("is_legal",
           [to_action](const State& s, py::handle action) {
             try {
               return s.is_legal(to_action(action));
             } catch (const IllegalActionError&) {
               return false;
             }
           },
           py::arg("action"), "Whether apply(action) would be accepted (an Action, notation or dict); never raises.")
      .def("clone", [](const State& s) { return State(s); }, "An independent copy (equal to this state).")
      .def("__copy__", [](const State& s) { return State(s); })
      .def("__deepcopy__", [](const State& s, py::handle) { return State(s); })
      .def("is_terminal", &State::is_terminal, "True when the game is over (a win or a draw).")
      .def("is_chance_node", [](const State&) { return false; },
           "Always False: this game has no dice or draws (the method exists on every game's State).")
      .def(
          "returns",
          [](const State& s) {
            const auto r = s.returns();
            return std::vector<double>{r[0], r[1]};
          },
          "[player 0's return, player 1's]: +1 a win, -1 a loss, 0 a draw or while the game runs.");
  def_value_semantics(cls);
}

// Pickling through the dict form: `__reduce__` names a module-level reader
// (`reader`, a function of module `m`) and the arguments `args(x)` to call it
// with. Every pickle protocol works (pybind11's own py::pickle aborts under
// protocols 0 and 1), and a tampered pickle raises the same named error as a
// bad saved game instead of building a state play cannot reach.
template <class T, class Args>
auto reduce_via(py::module_ m, const char* reader, Args args) {
  return [m, reader, args](const T& x) { return py::make_tuple(m.attr(reader), args(x)); };
}

// `sample_actions(state, count, seed)`: `count` legal actions drawn independently
// by the game's own State::random_action, as its native MCTS playouts draw them
// (`how` says how the game draws without listing, for the docstring).
template <class State>
void def_sample_actions(py::module_& m, const std::string& how) {
  static const std::string doc =
      "`count` uniformly random legal actions drawn independently, as the native MCTS playouts draw them " + how;
  m.def(
      "sample_actions",
      [](const State& s, int count, std::uint64_t seed) {
        if (s.is_terminal()) throw py::value_error("the game is over: there is no legal action to draw");
        if (count < 0) throw py::value_error("count must be >= 0, got " + std::to_string(count));
        Rng rng(seed);
        std::vector<decltype(s.random_action(rng))> out;
        out.reserve(count);
        for (int i = 0; i < count; ++i) out.push_back(s.random_action(rng));
        return out;
      },
      py::arg("state"), py::arg("count"), py::arg("seed") = 0, doc.c_str());
}

}  // namespace triptych::bindings
