// Fixed Hexfleet workloads, native only, for before/after comparisons of the
// engine's speed: the same work on every build, so callgrind's instruction
// counts are repeatable and timings can alternate between two builds in one
// run. Built and driven by tools/hexfleet_workloads.py (not part of the package).
//   workloads playouts N       N random playouts from the start (Rng(p) for playout p);
//                              prints the step count and a hash of the final positions
//   workloads draws N          the same playouts, each action drawn by State::random_action
//                              where the build has it (the same games: same step count and hash)
//   workloads mcts FILE N      UCT MCTS, N iterations, seed 1: the best action and the root visits
//   workloads perft FILE D     perft of a position file (tools/hexfleet_workloads.py
//                              writes them from the bench positions) or "start"
//   workloads ab FILE D        alpha-beta to depth D, one thread, a 16 MiB table
//   workloads gen FILE N       N times legal_actions of one position
//   workloads nnue FILE D NET  alpha-beta with the NNUE evaluation (the net file NET) to depth D,
//                              one thread, a 16 MiB table
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "common/rng.h"
#include "hexfleet/nnue_state.h"
#include "hexfleet/search_game.h"
#include "hexfleet/state.h"
#include "search/alphabeta.h"
#include "search/mcts.h"

using namespace triptych;
using namespace triptych::hexfleet;

static State load(const std::string& path) {
  if (path == "start") return State();
  std::ifstream in(path);
  Setup s;
  in >> s.to_move >> s.actions_left >> s.turn >> s.countdown;
  for (int p = 0; p < 2; ++p)
    for (int u = 0; u < kUnitCount; ++u) in >> s.reserves[p][u];
  std::string turn_starts;  // "-": none given (from_setup records this turn's start)
  in >> turn_starts;
  if (turn_starts != "-") {
    s.history = std::vector<std::uint64_t>(std::stoul(turn_starts));
    for (auto& h : *s.history) in >> h;
  }
  int n;
  in >> n;
  for (int i = 0; i < n; ++i) {
    StackSpec st;
    int k;
    in >> st.at.q >> st.at.r >> k;
    for (int j = 0; j < k; ++j) {
      TileSpec t;
      int fd;
      in >> t.owner >> t.unit >> fd;
      t.face_down = fd;
      st.tiles.push_back(t);
    }
    s.stacks.push_back(st);
  }
  return State::from_setup(s);
}

// Applies State::random_action's draw where the build has one (else false: list and index instead).
template <typename S>
static bool draw_and_apply(S& s, Rng& rng) {
  if constexpr (requires { s.random_action(rng); }) {
    s.apply_unchecked(s.random_action(rng));
    return true;
  }
  return false;
}

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const std::string mode = argv[1];
  if (mode == "playouts" || mode == "draws") {
    const bool draw = mode == "draws";
    const int n = std::atoi(argv[2]);
    const State root;
    ActionList actions;
    std::uint64_t steps = 0, check = 0;
    const double t0 = now();
    for (int p = 0; p < n; ++p) {
      Rng rng(p);
      State s = root;
      while (!s.is_terminal()) {
        if (draw && draw_and_apply(s, rng)) {
          ++steps;
          continue;
        }
        s.legal_actions(actions);
        s.apply_unchecked(actions[static_cast<int>(rng.below(std::uint32_t(actions.size())))]);
        ++steps;
      }
      check ^= s.hash();
    }
    const double t = now() - t0;
    std::printf("steps %llu check %016llx  %.3f s  %.0f steps/s\n", (unsigned long long)steps,
                (unsigned long long)check, t, steps / t);
  } else if (mode == "perft") {
    const State s = load(argv[2]);
    const int d = std::atoi(argv[3]);
    const double t0 = now();
    const auto leaves = perft(s, d);
    const double t = now() - t0;
    std::printf("leaves %llu  %.3f s  %.2f M/s\n", (unsigned long long)leaves, t, leaves / t / 1e6);
  } else if (mode == "ab") {
    const State s = load(argv[2]);
    const int d = std::atoi(argv[3]);
    search::AlphaBeta<SearchGame>::Options o;
    o.threads = 1;
    o.tt_mb = 16;
    search::AlphaBeta<SearchGame> ab(o);
    search::SearchLimits limits{d, 0, 0};
    const auto r = ab.search(s, limits);
    std::printf("nodes %llu score %d  %.4f s  %.2f M nodes/s\n", (unsigned long long)r.nodes, r.score, r.seconds,
                r.nodes / r.seconds / 1e6);
  } else if (mode == "nnue") {
    const State s = load(argv[2]);
    const int d = std::atoi(argv[3]);
    const nnue::Net net = nnue::load_net(argv[4], nnue_spec());
    search::AlphaBeta<NnueSearchGame>::Options o;
    o.threads = 1;
    o.tt_mb = 16;
    search::AlphaBeta<NnueSearchGame> ab(o);
    search::SearchLimits limits{d, 0, 0};
    const auto r = ab.search(NnueState(s, net), limits);
    std::printf("nodes %llu score %d  %.4f s  %.2f M nodes/s\n", (unsigned long long)r.nodes, r.score, r.seconds,
                r.nodes / r.seconds / 1e6);
  } else if (mode == "mcts") {
    const State s = load(argv[2]);
    search::Mcts<SearchGame>::Options o;
    o.seed = 1;
    search::Mcts<SearchGame> mcts(o);
    search::MctsLimits limits;
    limits.iterations = std::strtoull(argv[3], nullptr, 10);
    const auto r = mcts.search(s, limits);
    std::printf("best %s visits %llu score %d  %.4f s  %.0f iterations/s\n", to_notation(r.best).c_str(),
                (unsigned long long)r.nodes, r.score, r.seconds, limits.iterations / r.seconds);
  } else if (mode == "gen") {
    const State s = load(argv[2]);
    const int n = std::atoi(argv[3]);
    ActionList actions;
    std::size_t total = 0;
    const double t0 = now();
    for (int i = 0; i < n; ++i) {
      s.legal_actions(actions);
      total += actions.size();
    }
    const double t = now() - t0;
    std::printf("actions %zu  %.3f s  %.1f ns/gen\n", total, t, t / n * 1e9);
  }
  return 0;
}
