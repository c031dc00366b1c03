// The triptych._core extension module: shared errors and constants, then one
// submodule per game.
#include <pybind11/pybind11.h>

#include "bindings/bindings.h"
#include "common/errors.h"
#include "common/players.h"
#include "nnue/net.h"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() = "Triptych native core: rules, move generation and search.";
#ifdef TRIPTYCH_VERSION
  m.attr("__version__") = TRIPTYCH_VERSION;
#endif
  // How this module was built: compiler, build type and flags (read by `triptych bench`).
  py::dict build;
#ifdef TRIPTYCH_COMPILER
  build["compiler"] = TRIPTYCH_COMPILER;
  build["build_type"] = TRIPTYCH_BUILD_TYPE;
  build["cxx_flags"] = TRIPTYCH_CXX_FLAGS;
  build["native"] = bool(TRIPTYCH_NATIVE_BUILD);
#endif
  build["cplusplus"] = static_cast<long>(__cplusplus);
  m.attr("BUILD_INFO") = build;
  m.attr("CHANCE") = triptych::kChancePlayer;
  m.attr("TERMINAL") = triptych::kTerminalPlayer;

  // Both are ValueErrors so callers that only know the standard library still catch them.
  py::register_exception<triptych::IllegalActionError>(m, "IllegalActionError", PyExc_ValueError);
  py::register_exception<triptych::InvalidStateError>(m, "InvalidStateError", PyExc_ValueError);
  // A .nnue file that cannot be used (docs/nnue.md); the message names what is wrong.
  py::register_exception<triptych::nnue::NetFileError>(m, "NetFileError", PyExc_ValueError);

  auto aquaignis = m.def_submodule("aquaignis", "AquaIgnis: 7 flows, two actions a turn, first to 4 breakthroughs.");
  triptych::bindings::init_aquaignis(aquaignis);
  auto combat = m.def_submodule("combat", "Combat: dice-and-cards fights against the Betaal Sentinel, variants V01-V10.");
  triptych::bindings::init_combat(combat);
  triptych::bindings::init_combat_search(combat);
  triptych::bindings::init_combat_balance(combat);
  triptych::bindings::init_combat_ids(combat);
  triptych::bindings::init_combat_compact_ids(combat);
  auto hexfleet = m.def_submodule("hexfleet", "Hexfleet: two fleets of hex tiles, stacks, power and combat.");
  triptych::bindings::init_hexfleet(hexfleet);
}
