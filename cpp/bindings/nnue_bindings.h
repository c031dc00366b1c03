// Binds a game's NNUE pieces (docs/nnue.md): its feature extraction (what the
// trainer reads), NnueNet (a loaded, checked net file), NnuePosition (a state
// with incrementally updated accumulators, for tests) and
// NnueAlphaBetaSearcher (alpha-beta over the net's evaluation).
//
// Game is a game's NnueSearchGame (cpp/<game>/nnue_state.h): besides the
// search policy it provides BaseState, spec(), kFeatures, kMaxActive and
// active_features(state, perspective, out).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <string>

#include "bindings/interrupt_scope.h"
#include "bindings/search_bindings.h"
#include "nnue/net.h"
#include "search/alphabeta.h"
#include "search/eval_cache.h"

namespace triptych::bindings {

namespace py = pybind11;

template <class Game>
void bind_nnue(py::module_& m) {
  using BaseState = typename Game::BaseState;
  using NnueState = typename Game::State;
  using AB = search::AlphaBeta<Game>;
  // One Python type per game (a local class is a new type per instantiation): each game's
  // NnueNet checks its files against that game.
  struct BoundNet {
    std::shared_ptr<const nnue::Net> net;
  };

  m.attr("NNUE_FEATURES") = Game::kFeatures;
  m.attr("NNUE_MAX_ACTIVE") = Game::kMaxActive;
  m.attr("NNUE_FEATURE_SET") = Game::spec().feature_set;
  m.attr("NNUE_GAME_ID") = Game::spec().game;
  m.attr("NNUE_ACC_WIDTH") = nnue::kAccWidth;
  m.attr("NNUE_HIDDEN") = nnue::kHidden;

  m.def(
      "nnue_features",
      [](const BaseState& s) {
        py::array_t<std::int16_t> out({2, Game::kMaxActive});
        auto view = out.mutable_unchecked<2>();
        for (int row = 0; row < 2; ++row) {
          const int perspective = row == 0 ? s.side_to_act() : 1 - s.side_to_act();
          int features[Game::kMaxActive];
          const int n = Game::active_features(s, perspective, features);
          for (int i = 0; i < Game::kMaxActive; ++i) view(row, i) = std::int16_t(i < n ? features[i] : -1);
        }
        return out;
      },
      py::arg("state"),
      "The NNUE input features active in `state`: int16 array (2, NNUE_MAX_ACTIVE), row 0 from the side to act's "
      "perspective, row 1 from the other side's, padded with -1 (docs/nnue.md).");

  m.attr("NNUE_FACTOR_FEATURES") = Game::kFactorFeatures;
  m.def(
      "nnue_factors",
      [] {
        py::array_t<std::int32_t> out({Game::kFeatures, Game::kMaxFactors});
        auto view = out.mutable_unchecked<2>();
        for (int feature = 0; feature < Game::kFeatures; ++feature) {
          int factors[Game::kMaxFactors];
          const int n = Game::factors(feature, factors);
          for (int i = 0; i < Game::kMaxFactors; ++i) view(feature, i) = i < n ? factors[i] : -1;
        }
        return out;
      },
      "For training: the factors (coarser features, 0..NNUE_FACTOR_FEATURES-1) each feature also counts as, "
      "int32 array (NNUE_FEATURES, factors), padded with -1 (docs/nnue.md, \"Factorized training\").");

  py::class_<BoundNet>(m, "NnueNet", "A quantized NNUE net read from a .nnue file and checked against this game.")
      .def(py::init([](const std::string& path) {
             return BoundNet{std::make_shared<const nnue::Net>(nnue::load_net(path, Game::spec()))};
           }),
           py::arg("path"), "Raises triptych.NetFileError (a ValueError) naming what is wrong with the file.")
      .def_static(
          "from_bytes",
          [](const py::bytes& data) {
            return BoundNet{
                std::make_shared<const nnue::Net>(nnue::parse_net(std::string(data), Game::spec(), "net bytes"))};
          },
          py::arg("data"))
      .def_property_readonly("out_scale", [](const BoundNet& n) { return n.net->out_scale; })
      .def(
          "evaluate", [](const BoundNet& n, const BaseState& s) { return NnueState(s, *n.net).evaluate(); },
          py::arg("state"), "Centi-units for the side to act, from freshly computed accumulators.");

  py::class_<NnueState>(m, "NnuePosition",
                        "A state with its NNUE accumulators, updated incrementally after apply (tests and tools).")
      .def(py::init([](const BoundNet& n, const BaseState& s) { return NnueState(s, *n.net); }), py::arg("net"),
           py::arg("state"), py::keep_alive<1, 2>())
      .def("apply", [](NnueState& p, const typename Game::Action& a) {
             // The generated twin: it carries what the action alone may not say (a Hexfleet move's climb).
             typename Game::ActionList actions;
             Game::legal_actions(p, actions);
             const auto it = std::find(actions.begin(), actions.end(), a);
             if (it == actions.end()) throw py::value_error("illegal action for this position");
             p.apply(*it);
           }, py::arg("action"))
      .def("__copy__", [](const NnueState& p) { return NnueState(p); },
           "A copy, as the search makes one for each child (a stale position catches up first).")
      .def_property_readonly("state", [](const NnueState& p) { return p.state(); })
      .def("evaluate", &NnueState::evaluate)
      .def_property_readonly(
          "evaluation_key", [](const NnueState& p) { return search::evaluation_key<Game>(p); },
          "The key of all the evaluation reads (the alpha-beta searches' evaluation cache): the position's hash, "
          "and for AquaIgnis the no-progress bucket its net reads.")
      .def("accumulators",
           [](const NnueState& p) {
             py::array_t<std::int16_t> out({2, nnue::kAccWidth});
             auto view = out.mutable_unchecked<2>();
             for (int side = 0; side < 2; ++side)
               for (int k = 0; k < nnue::kAccWidth; ++k) view(side, k) = p.accumulators().values[side][k];
             return out;
           },
           "int16 array (2, NNUE_ACC_WIDTH), indexed by side (0, 1), not by who acts.")
      .def("refresh", [](NnueState& p) { p.refresh(); }, "Recomputes both accumulators from the full feature lists.");

  struct Searcher {
    std::shared_ptr<const nnue::Net> net;
    std::unique_ptr<AB> ab;
  };
  py::class_<Searcher>(m, "NnueAlphaBetaSearcher", "Native alpha-beta search with the NNUE evaluation.")
      .def(py::init([](const BoundNet& n, int threads, std::size_t tt_mb, bool quiescence, int classic_share,
                       int contempt, bool eval_cache, int futility_margin, int late_move_pruning, int late_move_reduction,
                       bool partial_iterations) {
             check_range("classic_share is a percentage", classic_share, 0, 100);
             check_search_options(contempt, futility_margin, late_move_pruning, late_move_reduction);
             typename AB::Options o;
             o.threads = threads;
             o.tt_mb = tt_mb;
             o.quiescence = quiescence;
             o.weights.classic_share = classic_share;
             o.contempt = contempt;
             o.eval_cache = eval_cache;
             o.futility_margin = futility_margin;
             o.late_move_pruning = late_move_pruning;
             o.late_move_reduction = late_move_reduction;
             o.partial_iterations = partial_iterations;
             return Searcher{n.net, std::make_unique<AB>(o)};
           }),
           py::arg("net"), py::arg("threads") = 1, py::arg("tt_mb") = 64, py::arg("quiescence") = true,
           py::arg("classic_share") = 0, py::arg("contempt") = 0, py::arg("eval_cache") = true,
           py::arg("futility_margin") = 0, py::arg("late_move_pruning") = 0, py::arg("late_move_reduction") = 0,
           py::arg("partial_iterations") = false,
           "classic_share: the percentage of each evaluation taken from the classic evaluation (its tuned "
           "weights), the rest from the net; 0, the net alone (docs/nnue.md, \"The classic share\"). "
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
          [](Searcher& self, const BaseState& s, int depth, std::int64_t time_ms, std::uint64_t nodes,
             const std::vector<std::uint64_t>& history) {
            return search_to_dict(*self.ab, NnueState(s, *self.net), depth, time_ms, nodes, history);
          },
          py::arg("state"), py::arg("depth") = 0, py::arg("time_ms") = 0, py::arg("nodes") = 0,
          py::arg("history") = std::vector<std::uint64_t>{})
      .def("stop", [](Searcher& self) { self.ab->stop(); })
      .def("clear", [](Searcher& self) { self.ab->clear(); });
}

}  // namespace triptych::bindings
