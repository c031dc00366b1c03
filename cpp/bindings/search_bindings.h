// Binds the generic searches for one two-player game: AlphaBetaSearcher,
// MctsSearcher and greedy(). Each game's binding file calls bind_searches.
// Every search releases the GIL, so other Python threads (the 3D client, a
// second search) keep running.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "bindings/interrupt_scope.h"
#include "common/rng.h"
#include "search/alphabeta.h"
#include "search/greedy.h"
#include "search/mcts.h"

namespace triptych::bindings {

namespace py = pybind11;

template <class Action>
py::dict result_to_dict(const search::SearchResult<Action>& r) {
  py::dict d;
  d["best"] = r.has_move ? py::cast(r.best) : py::none();
  d["score"] = r.score;
  d["depth"] = r.depth;
  d["seldepth"] = r.seldepth;
  py::list pv;
  for (const Action& a : r.pv) pv.append(py::cast(a));
  d["pv"] = pv;
  d["nodes"] = r.nodes;
  d["seconds"] = r.seconds;
  d["threads"] = r.threads;
  return d;
}

template <class Game>
typename Game::Weights weights_from(const py::dict& overrides) {
  typename Game::Weights w;
  for (auto item : overrides) {
    const std::string name = py::str(item.first);
    bool known = false;
    for (const auto& [field, member] : Game::weight_fields())
      if (name == field) {
        w.*member = item.second.template cast<int>();
        known = true;
      }
    if (!known) {
      std::string names;
      for (const auto& entry : Game::weight_fields()) names += (names.empty() ? "" : ", ") + std::string(entry.first);
      throw py::value_error("unknown evaluation weight '" + name + "' (known: " + names + ")");
    }
  }
  return w;
}

template <class Game>
py::dict weights_to_dict(const typename Game::Weights& w) {
  py::dict d;
  for (const auto& [field, member] : Game::weight_fields()) d[field] = w.*member;
  return d;
}

// Refuses an integer option outside low..high, naming it, its unit, the range and the value given:
// "contempt is in centi-units, -1000..1000, not 5000". `low_note` follows the low end ("0 (off)").
inline void check_range(const std::string& what, int value, int low, int high, const std::string& low_note = "") {
  if (value < low || value > high)
    throw py::value_error(what + ", " + std::to_string(low) + low_note + ".." + std::to_string(high) + ", not " +
                          std::to_string(value));
}

// Contempt is a draw's shade of loss, kept well inside the evaluations' range:
// a much larger one would rank a draw below positions that are clearly lost.
constexpr int kMaxContempt = 1000;
// Static futility's margin a ply (docs/ai.md): 0 is off; the bound is contempt's, far above any margin tried.
constexpr int kMaxFutilityMargin = 1000;
// Late-move pruning's quiet actions a ply (docs/ai.md): 0 is off; more than a position has is the same as off.
constexpr int kMaxLateMovePruning = 1000;
// Late-move reductions' divisor, hundredths (docs/ai.md): 0 is the fixed reductions; below 50 would reduce
// nearly every late action to the horizon.
constexpr int kMinLateMoveReduction = 50, kMaxLateMoveReduction = 1000;

// The options both alpha-beta searchers (classic and NNUE) take alike.
inline void check_search_options(int contempt, int futility_margin, int late_move_pruning, int late_move_reduction) {
  check_range("contempt is in centi-units", contempt, -kMaxContempt, kMaxContempt);
  check_range("futility_margin is in centi-units a ply", futility_margin, 0, kMaxFutilityMargin, " (off)");
  check_range("late_move_pruning is a count of quiet actions a ply", late_move_pruning, 0, kMaxLateMovePruning,
              " (off)");
  if (late_move_reduction != 0 &&
      (late_move_reduction < kMinLateMoveReduction || late_move_reduction > kMaxLateMoveReduction))
    throw py::value_error("late_move_reduction is the divisor of ln(depth) ln(i) in hundredths, 0 (the fixed "
                          "reductions) or " + std::to_string(kMinLateMoveReduction) + ".." +
                          std::to_string(kMaxLateMoveReduction) + ", not " + std::to_string(late_move_reduction));
}

// One alpha-beta search from `root`, without the GIL (Ctrl-C stops it and raises KeyboardInterrupt):
// the result as a dict. Shared by the classic and the NNUE searchers.
template <class AB, class RootState>
py::dict search_to_dict(AB& ab, const RootState& root, int depth, std::int64_t time_ms, std::uint64_t nodes,
                        const std::vector<std::uint64_t>& history) {
  search::SearchLimits limits{depth, time_ms, nodes};
  decltype(ab.search(root, limits, history)) r;
  InterruptScope interrupt;
  {
    py::gil_scoped_release release;
    r = ab.search(root, limits, history);
  }
  interrupt.raise_if_interrupted();
  return result_to_dict(r);
}

template <class Game>
void bind_searches(py::module_& m) {
  using State = typename Game::State;
  using AB = search::AlphaBeta<Game>;
  using MC = search::Mcts<Game>;

  py::class_<AB>(m, "AlphaBetaSearcher", "Native alpha-beta search; keeps its transposition table between searches.")
      .def(py::init([](int threads, std::size_t tt_mb, const py::dict& weights, bool quiescence, int contempt,
                       bool eval_cache, int futility_margin, int late_move_pruning, int late_move_reduction,
                       bool partial_iterations) {
             check_search_options(contempt, futility_margin, late_move_pruning, late_move_reduction);
             typename AB::Options o;
             o.threads = threads;
             o.tt_mb = tt_mb;
             o.weights = weights_from<Game>(weights);
             o.quiescence = quiescence;
             o.contempt = contempt;
             o.eval_cache = eval_cache;
             o.futility_margin = futility_margin;
             o.late_move_pruning = late_move_pruning;
             o.late_move_reduction = late_move_reduction;
             o.partial_iterations = partial_iterations;
             return std::make_unique<AB>(o);
           }),
           py::arg("threads") = 1, py::arg("tt_mb") = 64, py::arg("weights") = py::dict(),
           py::arg("quiescence") = true, py::arg("contempt") = 0, py::arg("eval_cache") = true,
           py::arg("futility_margin") = 0, py::arg("late_move_pruning") = 0, py::arg("late_move_reduction") = 0,
           py::arg("partial_iterations") = false,
           "contempt: a draw's value below 0 for the side that searches, in centi-units (docs/ai.md). "
           "eval_cache: remember each thread's evaluations by position; off, the same search, slower. "
           "futility_margin: static futility's margin a ply, centi-units; 0, off (docs/ai.md). "
           "late_move_pruning: quiet actions searched a ply left near the horizon; 0, off (docs/ai.md). "
           "late_move_reduction: 0, late quiet actions reduced by 1 ply (2 from the 13th); N, by "
           "round(ln(depth) ln(i) 100 / N) (docs/ai.md). "
           "partial_iterations: an iteration cut short by time or nodes keeps its best root action where "
           "one was searched to the full depth; off, the iteration is discarded (docs/ai.md).")
      .def(
          "search",
          [](AB& ab, const State& s, int depth, std::int64_t time_ms, std::uint64_t nodes,
             const std::vector<std::uint64_t>& history) {
            return search_to_dict(ab, s, depth, time_ms, nodes, history);
          },
          py::arg("state"), py::arg("depth") = 0, py::arg("time_ms") = 0, py::arg("nodes") = 0,
          py::arg("history") = std::vector<std::uint64_t>{},
          "history: hashes of the positions played before `state` since the last irreversible action (a "
          "repetition of one is scored as a draw); Hexfleet states keep their own (R20).")
      .def("stop", &AB::stop, "Stops a running search (callable from any thread).")
      .def("clear", &AB::clear, "Empties the transposition table.");

  py::class_<MC>(m, "MctsSearcher", "Native UCT Monte Carlo tree search; with reuse=True it keeps its trees between searches.")
      .def(py::init([](int threads, std::uint64_t seed, double exploration, int playout_plies, bool reuse) {
             typename MC::Options o;
             o.threads = threads;
             o.seed = seed;
             o.exploration = exploration;
             o.playout_plies = playout_plies;
             o.reuse = reuse;
             return std::make_unique<MC>(o);
           }),
           py::arg("threads") = 1, py::arg("seed") = 0, py::arg("exploration") = 1.4, py::arg("playout_plies") = 0,
           py::arg("reuse") = false)
      .def(
          "search",
          [](MC& mc, const State& s, std::uint64_t iterations, std::int64_t time_ms, std::optional<std::uint64_t> seed) {
            search::SearchResult<typename Game::Action> r;
            InterruptScope interrupt;
            {
              py::gil_scoped_release release;
              r = seed ? mc.search(s, search::MctsLimits{iterations, time_ms}, *seed)
                       : mc.search(s, search::MctsLimits{iterations, time_ms});
            }
            interrupt.raise_if_interrupted();
            py::dict d = result_to_dict(r);
            d["reused"] = mc.reused_visits();
            return d;
          },
          py::arg("state"), py::arg("iterations") = 0, py::arg("time_ms") = 0, py::arg("seed") = py::none(),
          "seed: this search's random seed (default: the searcher's). The result's 'reused' counts the "
          "iterations kept from the previous search's tree.")
      .def("stop", &MC::stop, "Stops a running search (callable from any thread); it returns its best so far.")
      .def("clear", &MC::clear, "Forgets the kept trees (a new game).");

  m.def(
      "greedy",
      [](const State& s, const py::dict& weights) {
        const auto w = weights_from<Game>(weights);
        search::SearchResult<typename Game::Action> r;
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          r = search::greedy_choice<Game>(s, w);
        }
        interrupt.raise_if_interrupted();
        return result_to_dict(r);
      },
      py::arg("state"), py::arg("weights") = py::dict(), "The one-action greedy choice by the evaluation.");
  m.def(
      "evaluate", [](const State& s, const py::dict& weights) { return Game::evaluate(s, weights_from<Game>(weights)); },
      py::arg("state"), py::arg("weights") = py::dict(), "Static evaluation for the side to act (centi-units).");
  // The bench's native baseline for the Python playout loops (triptych bench):
  // the same uniformly random playouts, with no Python in the loop.
  m.def(
      "random_playouts",
      [](const State& root, int playouts, std::uint64_t seed, int max_plies) {
        std::uint64_t steps = 0;
        double seconds;
        InterruptScope interrupt;
        {
          py::gil_scoped_release release;
          Rng rng(seed);
          typename Game::ActionList actions;
          const auto t0 = std::chrono::steady_clock::now();
          for (int p = 0; p < playouts; ++p) {
            State s = root;
            for (int ply = 0; (max_plies <= 0 || ply < max_plies) && !Game::is_terminal(s); ++ply) {
              // A game whose counted draw is the listed one draws it that way: the same games, faster.
              if constexpr (requires { requires Game::kRandomActionIsListIndex; }) {
                Game::apply(s, Game::random_action(s, rng));
              } else {
                Game::legal_actions(s, actions);
                Game::apply(s, actions[static_cast<int>(rng.below(std::uint32_t(actions.size())))]);
              }
              ++steps;
            }
          }
          seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        }
        interrupt.raise_if_interrupted();
        py::dict d;
        d["playouts"] = playouts;
        d["steps"] = steps;
        d["seconds"] = seconds;
        return d;
      },
      py::arg("state"), py::arg("playouts") = 1, py::arg("seed") = 0, py::arg("max_plies") = 0,
      "Uniformly random playouts in C++ (a benchmark baseline); returns steps, playouts and seconds.");
  m.attr("EVAL_WEIGHTS") = weights_to_dict<Game>(typename Game::Weights{});
}

}  // namespace triptych::bindings
