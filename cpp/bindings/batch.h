// Batched stepping for learners: n games of one kind stepped by one call,
// action ids in and observations, masks, rewards out as numpy arrays. The
// work runs with the GIL released, split over `threads` worker threads.
//
// Each game keeps its legal actions from the last step, so a step checks
// every id against that list before touching any game (an illegal id raises
// and changes nothing) and then applies the generated twin without checking
// again. Ids are computed only where asked for (the id random_actions() drew,
// a mask, legal_action_ids()): a step decodes the id it is given and finds the
// action in the list instead (a Hexfleet id costs more than the comparison). A finished game starts over at once (autoreset):
// the observation and mask returned for it are the new game's.
//
// A game whose State::random_action draws the very action its list holds at
// the index drawn (Game::kRandomActionIsListIndex: Hexfleet) is not listed at
// all while no mask is asked for: random_actions() draws with random_action,
// which builds only the action drawn, and the list is made only when a step
// gets another id or legal_action_ids() asks. The seeded games are the same
// either way; a step skips the listing and 256 games' lists stay out of the
// cache.
//
// With `reuse`, every call writes into the same arrays. A mask row then only
// changes where the legal actions changed: the entries set last time are
// cleared and the new ones set, instead of rewriting the whole row (16807
// bytes a game for AquaIgnis, a megabyte a step for 64 games). So that the
// row always holds exactly what was written, the reused masks are read-only
// to Python.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <memory>
#include <vector>

#include "common/errors.h"
#include "common/players.h"
#include "bindings/worker_pool.h"
#include "common/rng.h"

namespace triptych::bindings {

namespace py = pybind11;

// Game: the SearchGame traits; Codec: the id codec of action_ids.h.
template <class Game, class Codec>
class Batch {
 public:
  using State = typename Game::State;
  using Action = typename Game::Action;
  using ActionList = typename Game::ActionList;
  // random_action(s, rng) == legal_actions(s)[rng.below(size)], the rng moved alike.
  static constexpr bool kDraws = requires { requires Game::kRandomActionIsListIndex; };

  Batch(const State& initial, int n, std::uint64_t seed, int threads, bool observations, bool masks, bool reuse,
        std::vector<py::ssize_t> observation_shape)
      : initial_(initial),
        n_(n),
        want_observations_(observations),
        want_masks_(masks),
        reuse_(reuse),
        observation_shape_(std::move(observation_shape)) {
    if (n < 1) throw py::value_error("n must be at least 1, got " + std::to_string(n));
    if (threads < 1) throw py::value_error("threads must be at least 1, got " + std::to_string(threads));
    if (initial.is_terminal()) throw py::value_error("the starting position is already over");
    observation_size_ = 1;
    for (auto d : observation_shape_) observation_size_ *= d;
    mask_size_ = 1;
    for (auto d : Codec::mask_shape()) mask_size_ *= d;
    if (threads > 1) pool_ = std::make_unique<WorkerPool>(threads);
    states_.assign(n, initial);
    legal_.resize(n);
    listed_.assign(n, 0);
    chosen_.assign(n, nullptr);
    drawn_.resize(n);
    has_drawn_.assign(n, 0);
    drawn_id_.assign(n, -1);
    mask_set_.resize(n);
    rngs_.reserve(n);
    for (int i = 0; i < n; ++i) {
      std::uint64_t mix = seed ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(i + 1));
      rngs_.emplace_back(splitmix64(mix));
    }
    for (int i = 0; i < n; ++i) refresh(i);
  }

  int size() const { return n_; }

  // Starts every game over; returns the first observations and masks.
  py::tuple reset() {
    Outputs out = outputs();
    {
      py::gil_scoped_release release;
      auto body = [&](int begin, int end) {
        for (int i = begin; i < end; ++i) {
          states_[i] = initial_;
          refresh(i);
          write_row(out, i);
        }
      };
      parallel(body);
    }
    return py::make_tuple(out.observations, out.masks);
  }

  // One action id per game; returns (observations, rewards, terminated, masks, to_move).
  py::tuple step(py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> actions) {
    if (actions.ndim() != 1 || actions.shape(0) != n_)
      throw py::value_error("step() expects one action id per game: an array of shape (" + std::to_string(n_) + ",)");
    const std::int64_t* ids = actions.data();
    for (int i = 0; i < n_; ++i) {
      // The id random_actions() drew for this game needs no search.
      if (has_drawn_[i] && drawn_id_[i] == ids[i]) {
        chosen_[i] = &drawn_[i];
        continue;
      }
      const Action* found = find_legal(i, ids[i]);
      if (!found)
        throw IllegalActionError("game " + std::to_string(i) + ": action id " + std::to_string(ids[i]) +
                                 " is not legal there (nothing was applied)");
      chosen_[i] = found;
    }
    Outputs out = outputs();
    float* reward = out.rewards.mutable_data();
    bool* done = out.terminated.mutable_data();
    {
      py::gil_scoped_release release;
      auto body = [&](int begin, int end) {
        for (int i = begin; i < end; ++i) {
          State& s = states_[i];
          const int actor = Game::side(s);
          Game::apply(s, *chosen_[i]);
          done[i] = Game::is_terminal(s);
          reward[i] = done[i] ? static_cast<float>(s.returns()[actor]) : 0.0f;
          if (done[i]) s = initial_;
          refresh(i);
          write_row(out, i);
        }
      };
      parallel(body);
    }
    return py::make_tuple(out.observations, out.rewards, out.terminated, out.masks, out.to_move);
  }

  // A uniformly random legal id per game, from each game's own seeded stream.
  // Drawn on the pool like a step, so each game's state and list are read on the core that wrote them.
  py::array_t<std::int32_t> random_actions() {
    py::array_t<std::int32_t> out(n_);
    std::int32_t* ids = out.mutable_data();
    {
      py::gil_scoped_release release;
      auto body = [&](int begin, int end) {
        for (int i = begin; i < end; ++i) {
          drawn_[i] = draw(i);
          has_drawn_[i] = 1;
          ids[i] = static_cast<std::int32_t>(drawn_id_[i] = Codec::id(drawn_[i]));
        }
      };
      parallel(body);
    }
    return out;
  }

  // Plays every game `steps` times with random_actions() and step(), all in
  // C++ (the per-step cost of the batch without Python in the loop).
  std::uint64_t random_steps(int steps) {
    std::uint64_t total = 0;
    py::gil_scoped_release release;
    auto body = [&](int begin, int end) {
      for (int k = 0; k < steps; ++k)
        for (int i = begin; i < end; ++i) {
          Game::apply(states_[i], draw(i));
          if (Game::is_terminal(states_[i])) states_[i] = initial_;
          refresh(i);
        }
    };
    parallel(body);
    total = static_cast<std::uint64_t>(steps) * n_;
    return total;
  }

  py::array_t<std::int32_t> legal_action_ids(int i) {
    check_index(i);
    list(i);
    std::vector<std::int32_t> sorted;
    sorted.reserve(legal_[i].size());
    for (const Action& a : legal_[i]) sorted.push_back(Codec::id(a));
    std::sort(sorted.begin(), sorted.end());
    py::array_t<std::int32_t> out(static_cast<py::ssize_t>(sorted.size()));
    std::copy(sorted.begin(), sorted.end(), out.mutable_data());
    return out;
  }

  State state(int i) const {
    check_index(i);
    return states_[i];
  }

  py::object observations() { return current(true); }
  py::object masks() { return current(false); }

  py::array_t<std::int8_t> to_move() const {
    py::array_t<std::int8_t> out(n_);
    for (int i = 0; i < n_; ++i) out.mutable_data()[i] = static_cast<std::int8_t>(Game::side(states_[i]));
    return out;
  }

 private:
  // Runs body(begin, end) over the games, on the pool when there is one. Chunks of a
  // few games: small enough to balance two threads, large enough that the shared
  // counter is not touched per game.
  template <class Body>
  void parallel(Body& body) {
    if (!pool_) {
      body(0, n_);
      return;
    }
    pool_->run(n_, std::max(4, n_ / (pool_->threads() * 8)), body);
  }

  void check_index(int i) const {
    if (i < 0 || i >= n_) throw py::index_error("game " + std::to_string(i) + " is out of range 0.." + std::to_string(n_ - 1));
  }
  // After any change to game i: the drawn action is stale, and the legal
  // actions are listed now where the masks need them (or the game cannot draw
  // without them), else when first asked for.
  void refresh(int i) {
    has_drawn_[i] = 0;
    listed_[i] = 0;
    if (!kDraws || want_masks_) list(i);
  }
  void list(int i) {
    if (listed_[i]) return;
    Game::legal_actions(states_[i], legal_[i]);
    listed_[i] = 1;
  }
  // Game i's next random action from its stream: the listed one at the index
  // drawn, or the same action drawn without the list.
  Action draw(int i) {
    if constexpr (kDraws) {
      if (!listed_[i]) return Game::random_action(states_[i], rngs_[i]);
    }
    return legal_[i][rngs_[i].below(static_cast<std::uint32_t>(legal_[i].size()))];
  }
  // The action in game i's legal list with this id, nullptr when none.
  const Action* find_legal(int i, std::int64_t id) {
    Action wanted;
    try {
      wanted = Codec::from_id(id);
    } catch (const IllegalActionError&) {
      return nullptr;  // names no action at all
    }
    list(i);
    const auto& legal = legal_[i];
    const auto it = std::find(legal.begin(), legal.end(), wanted);  // == as State::apply matches
    return it == legal.end() ? nullptr : &*it;
  }

  // The arrays one call returns: fresh ones, or the same ones every call with `reuse`.
  struct Outputs {
    py::object observations = py::none(), masks = py::none();
    py::array_t<float> rewards;
    py::array_t<bool> terminated;
    py::array_t<std::int8_t> to_move;
    float* observation_data = nullptr;
    bool* mask_data = nullptr;
    bool incremental_masks = false;  // the reused masks: rows hold exactly mask_set_
    std::int8_t* to_move_data = nullptr;
  };
  Outputs make_outputs() const {
    Outputs out;
    if (want_observations_) {
      std::vector<py::ssize_t> shape{n_};
      shape.insert(shape.end(), observation_shape_.begin(), observation_shape_.end());
      py::array_t<float> a(shape);
      out.observation_data = a.mutable_data();
      out.observations = std::move(a);
    }
    if (want_masks_) {
      std::vector<py::ssize_t> shape{n_};
      for (auto d : Codec::mask_shape()) shape.push_back(d);
      py::array_t<bool> a(shape);
      out.mask_data = a.mutable_data();
      out.masks = std::move(a);
    }
    out.rewards = py::array_t<float>(n_);
    out.terminated = py::array_t<bool>(n_);
    out.to_move = py::array_t<std::int8_t>(n_);
    out.to_move_data = out.to_move.mutable_data();
    return out;
  }
  Outputs outputs() {
    if (!reuse_) return make_outputs();
    if (!reused_) {
      reused_ = std::make_unique<Outputs>(make_outputs());
      if (reused_->mask_data) {
        auto masks = py::reinterpret_borrow<py::array>(reused_->masks);
        std::fill(reused_->mask_data, reused_->mask_data + masks.size(), false);
        masks.attr("setflags")(py::arg("write") = false);
        for (auto& set : mask_set_) set.clear();
        reused_->incremental_masks = true;
      }
    }
    return *reused_;
  }
  // Game i's row of every output (called with the GIL released: raw pointers only).
  void write_row(const Outputs& out, int i) {
    const State& s = states_[i];
    if (out.observation_data) s.observation(out.observation_data + static_cast<std::size_t>(i) * observation_size_);
    if (out.mask_data) {
      bool* row = out.mask_data + static_cast<std::size_t>(i) * mask_size_;
      auto& set = mask_set_[i];
      if (out.incremental_masks) {
        for (int k : set) row[k] = false;
        set.clear();
      } else {
        std::fill(row, row + mask_size_, false);
      }
      if constexpr (requires { Codec::kMaskIndexIsId; }) {  // the id is the mask index: one computation
        for (const Action& a : legal_[i]) {
          const std::int32_t k = Codec::id(a);
          row[k] = true;
          if (out.incremental_masks) set.push_back(k);
        }
      } else {
        for (const Action& a : legal_[i]) {
          const int k = Codec::mask_index(s, a);
          if (k < 0) continue;
          row[k] = true;
          if (out.incremental_masks) set.push_back(k);
        }
      }
    }
    out.to_move_data[i] = static_cast<std::int8_t>(Game::side(s));
  }
  // observations() / masks() outside a step: a fresh array of the current rows.
  py::object current(bool observations) {
    if (observations ? !want_observations_ : !want_masks_) return py::none();
    Outputs out = make_outputs();
    if (observations) out.mask_data = nullptr; else out.observation_data = nullptr;
    for (int i = 0; i < n_; ++i) write_row(out, i);
    return observations ? out.observations : out.masks;
  }

  State initial_;
  int n_;
  bool want_observations_, want_masks_, reuse_;
  std::unique_ptr<Outputs> reused_;
  std::vector<py::ssize_t> observation_shape_;
  py::ssize_t observation_size_ = 0, mask_size_ = 0;
  std::vector<State> states_;
  std::vector<ActionList> legal_;
  std::vector<std::uint8_t> listed_;  // per game: legal_ holds the current state's actions (bytes: written by threads)
  std::vector<std::vector<int>> mask_set_;  // per game: the mask entries set in the reused masks
  std::vector<Rng> rngs_;
  std::vector<const Action*> chosen_;  // per game: the action step() applies (in legal_ or drawn_)
  std::vector<Action> drawn_;          // per game: the action random_actions() drew...
  std::vector<std::uint8_t> has_drawn_;  // ...while it is pending (the game unchanged since)
  std::vector<std::int64_t> drawn_id_;   // ...and its id
  std::unique_ptr<WorkerPool> pool_;  // threads - 1 workers; none for one thread
};

template <class Game, class Codec>
void def_batch(py::module_& m, std::vector<py::ssize_t> observation_shape) {
  using B = Batch<Game, Codec>;
  using State = typename Game::State;
  py::class_<B>(m, "Batch", "n games stepped together by action id (see triptych.batch).")
      .def(py::init([observation_shape](const State& initial, int n, std::uint64_t seed, int threads, bool observations,
                                        bool masks, bool reuse) {
             return new B(initial, n, seed, threads, observations, masks, reuse, observation_shape);
           }),
           py::arg("initial"), py::arg("n"), py::arg("seed") = 0, py::arg("threads") = 1, py::arg("observations") = true,
           py::arg("masks") = true, py::arg("reuse") = false)
      .def("__len__", &B::size)
      .def("reset", &B::reset)
      .def("step", &B::step, py::arg("actions"))
      .def("random_actions", &B::random_actions)
      .def("random_steps", &B::random_steps, py::arg("steps"))
      .def("legal_action_ids", &B::legal_action_ids, py::arg("i"))
      .def("state", &B::state, py::arg("i"))
      .def("observations", &B::observations)
      .def("masks", &B::masks)
      .def("to_move", &B::to_move);
}

}  // namespace triptych::bindings
