// The Combat players that search, bound into triptych._core.combat: open-loop
// MCTS and the greedy one-turn lookahead. Both release the GIL and never use
// the fight's own generator, so they cannot see the seeded future.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>

#include "bindings/interrupt_scope.h"
#include "bindings/bindings.h"
#include "bindings/combat_types.h"
#include "combat/players.h"
#include "combat/search_players.h"

namespace py = pybind11;

namespace triptych::bindings {

namespace {

py::dict result_dict(const search::SearchResult<combat::Action>& r, const combat::Variant* variant) {
  py::dict d;
  d["best"] = r.has_move ? py::cast(PyAction{r.best, variant}) : py::object(py::none());
  d["score"] = r.score;
  d["depth"] = r.depth;
  d["seldepth"] = r.seldepth;
  py::list pv;
  for (const auto& a : r.pv) pv.append(py::cast(PyAction{a, variant}));
  d["pv"] = pv;
  d["nodes"] = r.nodes;
  d["seconds"] = r.seconds;
  d["threads"] = r.threads;
  return d;
}

void require_decision(const Game& g) {
  if (g.state.is_terminal()) throw py::value_error("the fight is over: there is nothing to choose");
  if (g.state.to_move() != 0) throw py::value_error("the state is at a chance node: resolve the dice or draw first");
}

}  // namespace

void init_combat_search(py::module_& m) {
  m.def(
      "mcts_search",
      [](const Game& g, std::uint64_t iterations, std::int64_t time_ms, std::uint64_t seed, double exploration,
         int threads, int rollout_decisions, int horizon_turns, const std::vector<std::uint64_t>& avoid) {
        require_decision(g);
        combat::MctsConfig config;
        config.iterations = iterations ? iterations : (time_ms ? 0 : 200);
        config.time_ms = time_ms;
        config.exploration = exploration;
        config.threads = threads < 1 ? 1 : threads;
        config.rollout_decisions = rollout_decisions;
        config.horizon_turns = horizon_turns;
        search::SearchResult<combat::Action> r;
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          r = combat::mcts_search(g.state, config, seed, avoid);
        }
        interrupt.raise_if_interrupted();
        return result_dict(r, &g.state.variant());
      },
      py::arg("state"), py::arg("iterations") = 0, py::arg("time_ms") = 0, py::arg("seed") = 0,
      py::arg("exploration") = 0.7, py::arg("threads") = 1, py::arg("rollout_decisions") = 40,
      py::arg("horizon_turns") = 1, py::arg("avoid") = std::vector<std::uint64_t>{},
      "Open-loop MCTS over the player's decisions; chance is sampled from the state's own odds.");
  m.def(
      "greedy",
      [](Game& g) {
        require_decision(g);
        search::SearchResult<combat::Action> r;
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          // Its lookahead samples chance from a generator of its own, seeded by the
          // position and the call count (fresh samples each call, so free decisions
          // that undo each other cannot lock it into a cycle).
          std::uint64_t mix = g.state.hash() + ++g.search_calls * 0x9E3779B97F4A7C15ULL;
          Rng rng(splitmix64(mix));
          const auto t0 = std::chrono::steady_clock::now();
          r.best = combat::greedy_action(g.state, rng);
          r.has_move = true;
          r.pv = {r.best};
          r.depth = 1;
          r.nodes = 1;
          r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        }
        interrupt.raise_if_interrupted();
        return result_dict(r, &g.state.variant());
      },
      py::arg("state"), "The greedy one-turn lookahead choice.");
  m.def(
      "run_fights_mcts",
      [](const Game& start, std::uint64_t iterations, int games, std::uint64_t seed, int threads,
         double exploration, int rollout_decisions, int horizon_turns, bool normalize) {
        combat::MctsConfig config;
        config.iterations = iterations;
        config.threads = threads < 1 ? 1 : threads;
        config.exploration = exploration;
        config.rollout_decisions = rollout_decisions;
        config.horizon_turns = horizon_turns;
        config.normalize = normalize;
        combat::Stats st;
        double seconds;
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          const auto t0 = std::chrono::steady_clock::now();
          st = combat::run_fights_mcts(start.state, config, games, seed);
          seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        }
        interrupt.raise_if_interrupted();
        return stats_dict(st, seconds);
      },
      py::arg("start"), py::arg("iterations") = 200, py::arg("games") = 10, py::arg("seed") = 0,
      py::arg("threads") = 1, py::arg("exploration") = combat::MctsConfig{}.exploration,
      py::arg("rollout_decisions") = combat::MctsConfig{}.rollout_decisions,
      py::arg("horizon_turns") = combat::MctsConfig{}.horizon_turns, py::arg("normalize") = true,
      "Seeded fights from `start` played by MCTS in C++.");
}

}  // namespace triptych::bindings
