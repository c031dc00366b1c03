// Binds the exact proof search (search/proof.h) for one game: prove_win,
// prove_only_move and forced_win, used by the solve suites' generator
// (triptych.bench.proof). Each releases the GIL and stops on Ctrl-C.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>

#include "bindings/interrupt_scope.h"
#include "search/proof.h"

namespace triptych::bindings {

namespace py = pybind11;

template <class Game>
void bind_proofs(py::module_& m) {
  using State = typename Game::State;
  using Search = search::ProofSearch<Game>;
  using Proof = typename Search::Proof;

  // What one proof established: depth None when there is no answer within the
  // horizon, "exhausted" when the node budget ran out first (then nothing is known).
  auto to_dict = [](const std::optional<Proof>& proof, const Search& search) {
    py::dict d;
    d["depth"] = proof ? py::cast(proof->depth) : py::none();
    py::list actions;
    if (proof)
      for (const auto& a : proof->actions) actions.append(py::cast(a));
    d["actions"] = actions;
    d["legal"] = proof ? proof->legal : 0;
    d["nodes"] = search.nodes();
    d["exhausted"] = search.aborted();
    return d;
  };

  auto run = [to_dict](const State& s, std::uint64_t max_nodes, std::size_t tt_mb, auto&& body) {
    Search search({max_nodes, tt_mb});
    std::optional<Proof> proof;
    InterruptScope interrupt;
    {
      py::gil_scoped_release release;
      proof = body(search, s);
    }
    interrupt.raise_if_interrupted();
    return to_dict(proof, search);
  };

  m.def(
      "prove_win",
      [run](const State& s, int max_depth, std::uint64_t max_nodes, std::size_t tt_mb) {
        return run(s, max_nodes, tt_mb, [max_depth](Search& search, const State& st) { return search.prove_win(st, max_depth); });
      },
      py::arg("state"), py::arg("max_depth"), py::arg("max_nodes") = 50'000'000, py::arg("tt_mb") = 64,
      "The shortest forced win of the side to move within max_depth plies (one action each) and every first "
      "action that wins in that many, by an exact AND-OR search: {depth (None: no win), actions, legal, nodes, "
      "exhausted (the node budget ran out: nothing is known)}.");
  m.def(
      "prove_only_move",
      [run](const State& s, int max_depth, std::uint64_t max_nodes, std::size_t tt_mb) {
        return run(s, max_nodes, tt_mb,
                   [max_depth](Search& search, const State& st) { return search.prove_only_move(st, max_depth); });
      },
      py::arg("state"), py::arg("max_depth"), py::arg("max_nodes") = 50'000'000, py::arg("tt_mb") = 64,
      "The shallowest horizon N <= max_depth at which exactly one action avoids a forced loss within N plies, "
      "as prove_win's dict (actions: that one action).");
  m.def(
      "forced_win",
      [](const State& s, int plies, int attacker, std::uint64_t max_nodes, std::size_t tt_mb) {
        Search search({max_nodes, tt_mb});
        bool won = false;
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          won = search.wins_within(s, plies, attacker);
        }
        interrupt.raise_if_interrupted();
        if (search.aborted()) throw py::value_error("forced_win: more than max_nodes nodes");
        return won;
      },
      py::arg("state"), py::arg("plies"), py::arg("attacker"), py::arg("max_nodes") = 50'000'000,
      py::arg("tt_mb") = 64,
      "Whether `attacker` forces the game to end in its win within `plies` actions (ValueError past max_nodes).");
}

}  // namespace triptych::bindings
