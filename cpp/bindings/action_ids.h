// The integer-id fast path, bound the same way for every game: ids in and out
// as plain ints and numpy arrays, so a Python loop never builds an Action.
//
// A game supplies a Codec with
//   static std::int32_t id(const Action&);
//   static Action from_id(long long);                 // throws IllegalActionError
//   static void legal(const State&, ActionList&);
//   static std::vector<py::ssize_t> mask_shape();
//   static int mask_index(const State&, const Action&);  // -1: not in the mask
//   static std::int32_t id_of_mask_index(const State&, long long);  // throws IllegalActionError
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bindings/last_legal.h"
#include "common/errors.h"

namespace triptych::bindings {

namespace py = pybind11;

// A Python int (or numpy integer) as an id; a bool, a float or anything else is refused by name.
inline long long id_argument(py::handle obj, const char* what) {
  if (PyLong_CheckExact(obj.ptr())) {  // the common case, a plain int: no conversion needed
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
    if (overflow) throw IllegalActionError(std::string(what) + " " + std::string(py::str(obj)) + " is out of range");
    return value;
  }
  const bool integral = !py::isinstance<py::bool_>(obj) && !py::isinstance<py::float_>(obj) &&
                        (py::isinstance<py::int_>(obj) || py::hasattr(obj, "__index__"));
  if (!integral)
    throw IllegalActionError(std::string(what) + " must be an int, got " +
                             std::string(py::str(py::type::handle_of(obj).attr("__name__"))));
  auto index = py::reinterpret_steal<py::object>(PyNumber_Index(obj.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow) throw IllegalActionError(std::string(what) + " " + std::string(py::str(obj)) + " is out of range");
  return value;
}

// Ascending. Move generators list actions nearly in id order (a Hexfleet list of ~30 ids is
// ~70 swaps from sorted), where a plain insertion sort beats std::sort's partitioning.
inline void sort_ids(std::int32_t* ids, std::size_t n) {
  if (n > 96) {
    std::sort(ids, ids + n);
    return;
  }
  for (std::size_t i = 1; i < n; ++i) {
    const std::int32_t id = ids[i];
    std::size_t j = i;
    for (; j > 0 && ids[j - 1] > id; --j) ids[j] = ids[j - 1];
    ids[j] = id;
  }
}

template <class Codec, class ActionList, class State, class Action>
void def_action_ids(py::class_<State>& state_cls, py::class_<Action>& action_cls) {
  action_cls
      .def_static("from_id", [](py::handle id) { return Codec::from_id(id_argument(id, "action id")); }, py::arg("id"),
                  "The action with this stable integer id (the OpenSpiel adapter's); raises IllegalActionError "
                  "for an id that names no action.")
      .def_property_readonly("id", [](const Action& a) { return Codec::id(a); },
                             "The action's stable integer id (the OpenSpiel adapter's).");
  state_cls
      .def("legal_action_ids",
           [](const State& s) {
             // Listed into the game's LastLegal, which the apply_id() that usually follows reads.
             auto& last = LastLegal<State, ActionList>::instance();
             ActionList actions;
             Codec::legal(s, actions);
             py::array_t<std::int32_t> out(static_cast<py::ssize_t>(actions.size()));
             std::int32_t* ids = out.mutable_data();
             for (std::size_t i = 0; i < actions.size(); ++i) ids[i] = Codec::id(actions[i]);
             last.remember(s, actions, ids);
             sort_ids(ids, actions.size());
             return out;
           },
           "The legal actions' ids as a numpy int32 array, ascending (empty once the game is over).")
      .def("apply_id",
           [](State& s, py::handle id) {
             const long long value = id_argument(id, "action id");
             auto& last = LastLegal<State, ActionList>::instance();
             if (const Action* listed = last.find(s, value)) {
               const Action action = *listed;  // legal: generated for this very position
               last.forget();
               s.apply_unchecked(action);
               return;
             }
             s.apply(Codec::from_id(value));
           },
           py::arg("id"),
           "Applies the action with this id; raises IllegalActionError and changes nothing if it is not legal.")
      .def("action_mask",
           [](const State& s) {
             py::array_t<bool> out(Codec::mask_shape());
             bool* mask = out.mutable_data();
             std::fill(mask, mask + out.size(), false);
             ActionList actions;
             Codec::legal(s, actions);
             std::int32_t ids[ActionList::capacity()];
             for (std::size_t k = 0; k < actions.size(); ++k) {
               ids[k] = Codec::id(actions[k]);
               const int i = Codec::mask_index(s, actions[k]);
               if (i >= 0) mask[i] = true;
             }
             // An environment steps by apply_id(one of the masked ids): it applies from this list.
             LastLegal<State, ActionList>::instance().remember(s, actions, ids);
             return out;
           },
           "A bool array over the game's action space, True where legal (see the game's ACTION_MASK_SHAPE).")
      .def("mask_index_to_id", [](const State& s, py::handle index) {
             return Codec::id_of_mask_index(s, id_argument(index, "mask index"));
           }, py::arg("index"), "The action id at a flat index of action_mask() in this position.")
      .def("id_to_mask_index", [](const State& s, py::handle id) {
             return Codec::mask_index(s, Codec::from_id(id_argument(id, "action id")));
           }, py::arg("id"), "The flat index of action_mask() holding this id in this position, or -1 if none.");
}

// observation(out=None): a new float32 array, or `out` filled in place (it
// must be a writeable, C-contiguous float32 array of exactly `shape`).
template <class State>
void def_observation(py::class_<State>& cls, std::vector<py::ssize_t> shape, std::function<void(const State&, float*)> fill,
                     const char* doc) {
  cls.def(
      "observation",
      [shape, fill](const State& s, py::object out) -> py::object {
        if (out.is_none()) {
          py::array_t<float> fresh(shape);
          fill(s, fresh.mutable_data());
          return fresh;
        }
        if (!py::isinstance<py::array>(out)) throw py::type_error("observation(out=...) expects a numpy array");
        auto arr = py::reinterpret_borrow<py::array>(out);
        auto describe = [&] {
          std::string text = "(";
          for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
          return text + (shape.size() == 1 ? ",)" : ")");
        };
        if (!arr.dtype().is(py::dtype::of<float>()))
          throw py::value_error("observation(out=...): dtype " + std::string(py::str(arr.dtype())) + ", expected float32");
        if (arr.ndim() != static_cast<py::ssize_t>(shape.size()) ||
            !std::equal(shape.begin(), shape.end(), arr.shape()))
          throw py::value_error("observation(out=...): shape must be " + describe());
        if (!(arr.flags() & py::array::c_style)) throw py::value_error("observation(out=...): array must be C-contiguous");
        if (!arr.writeable()) throw py::value_error("observation(out=...): array is read-only");
        fill(s, static_cast<float*>(arr.mutable_data()));
        return out;
      },
      py::arg("out") = py::none(), doc);
}

}  // namespace triptych::bindings
