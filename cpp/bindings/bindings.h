// One init function per game, each in its own file, all called from the one
// PYBIND11_MODULE in module.cpp.
#pragma once

#include <pybind11/pybind11.h>

namespace triptych::bindings {

void init_aquaignis(pybind11::module_& m);
void init_combat(pybind11::module_& m);
void init_combat_search(pybind11::module_& m);  // adds the searching players to the combat module
void init_combat_balance(pybind11::module_& m);
void init_combat_ids(pybind11::module_& m);  // adds the integer-id fast path to its Action and State  // adds the balance lab's recorded fights to it
void init_hexfleet(pybind11::module_& m);

}  // namespace triptych::bindings
