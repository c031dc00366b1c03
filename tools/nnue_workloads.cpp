// Fixed alpha-beta workloads of the two games' NNUE searches, native only, for
// before/after instruction counts (callgrind's counts do not depend on load):
// four positions reached by seeded random actions (AquaIgnis's first is the start), each
// searched to a fixed depth on one thread with a fresh 16 MiB table, with the
// game's shipped classic share (AquaIgnis 90, Hexfleet 50) or the classic
// evaluation. It prints each search's nodes and score, which a change to the
// evaluation's speed must leave exactly as they were.
//
//   g++ -std=c++20 -O3 -DNDEBUG -Icpp -o /tmp/nnue_workloads tools/nnue_workloads.cpp
//       cpp/aquaignis/*.cpp cpp/hexfleet/*.cpp cpp/search/tt.cpp cpp/nnue/*.cpp -lpthread
//   valgrind --tool=callgrind /tmp/nnue_workloads aquaignis 9 python/triptych/nnue/nets/aquaignis.nnue
//   valgrind --tool=callgrind /tmp/nnue_workloads hexfleet 6 python/triptych/nnue/nets/hexfleet.nnue
//   ... add `classic` for the classic search of the same positions, `futility=M` for static futility's
//   margin, `latemoves=N` for late-move pruning's count (docs/ai.md; 0, the default, is off)
#include <cstdio>
#include <cstdlib>
#include <string>

#include "aquaignis/nnue_state.h"
#include "aquaignis/search_game.h"
#include "common/rng.h"
#include "hexfleet/nnue_state.h"
#include "hexfleet/search_game.h"
#include "search/alphabeta.h"

using namespace triptych;

namespace {
// The forward pruning every search of the run takes (0: off).
struct Pruning {
  int futility_margin = 0;
  int late_move_pruning = 0;
};

template <typename Game, typename Root>
void run_search(const Root& root, int depth, int classic_share, const Pruning& pruning, unsigned long long& nodes) {
  typename search::AlphaBeta<Game>::Options o;
  o.threads = 1;
  o.tt_mb = 16;
  o.futility_margin = pruning.futility_margin;
  o.late_move_pruning = pruning.late_move_pruning;
  if constexpr (requires { o.weights.classic_share; }) o.weights.classic_share = classic_share;
  search::AlphaBeta<Game> ab(o);
  const auto r = ab.search(root, search::SearchLimits{depth, 0, 0});
  std::printf("nodes %llu score %d  %.3f s\n", static_cast<unsigned long long>(r.nodes), r.score, r.seconds);
  nodes += r.nodes;
}

// A game's types, for run.
template <typename S, typename L, typename C>
struct GameOps {
  using State = S;
  using ActionList = L;
  using Classic = C;
};

// Position p: `opening(p)` random actions from the start, drawn with Rng(seed + p); seeds whose
// game ends within them are passed over (Rng(seed + 4), ...), so all four positions are searched.
template <typename Ns, typename Ops, typename Opening>
unsigned long long run(const nnue::Net& net, int depth, bool classic, int classic_share, const Pruning& pruning, int seed,
                       Ops, Opening opening) {
  using State = typename Ops::State;
  unsigned long long nodes = 0;
  for (int p = 0, next = seed + 4; p < 4; ++p) {
    State s;
    for (int rng_seed = seed + p;; rng_seed = next++) {
      s = State();
      Rng rng(rng_seed);
      typename Ops::ActionList actions;
      for (int i = 0; i < opening(p) && !s.is_terminal(); ++i) {
        s.legal_actions(actions);
        s.apply_unchecked(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
      }
      if (!s.is_terminal()) break;
    }
    if (classic)
      run_search<typename Ops::Classic>(s, depth, 0, pruning, nodes);
    else
      run_search<Ns>(typename Ns::State(s, net), depth, classic_share, pruning, nodes);
  }
  return nodes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s aquaignis|hexfleet DEPTH NET [classic] [futility=M] [latemoves=N]\n", argv[0]);
    return 2;
  }
  const std::string game = argv[1];
  const int depth = std::atoi(argv[2]);
  bool classic = false;
  Pruning pruning;
  for (int i = 4; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "classic")
      classic = true;
    else if (arg.rfind("futility=", 0) == 0)
      pruning.futility_margin = std::atoi(arg.c_str() + 9);
    else if (arg.rfind("latemoves=", 0) == 0)
      pruning.late_move_pruning = std::atoi(arg.c_str() + 10);
    else {
      std::fprintf(stderr, "unknown argument %s\n", arg.c_str());
      return 2;
    }
  }
  unsigned long long nodes = 0;
  if (game == "aquaignis") {
    namespace g = aquaignis;
    const nnue::Net net = nnue::load_net(argv[3], g::nnue_spec());
    nodes = run<g::NnueSearchGame>(net, depth, classic, 90, pruning, 100, GameOps<g::State, g::ActionList, g::SearchGame>{},
                                   [](int p) { return 12 * p; });
  } else if (game == "hexfleet") {
    namespace g = hexfleet;
    const nnue::Net net = nnue::load_net(argv[3], g::nnue_spec());
    nodes = run<g::NnueSearchGame>(net, depth, classic, 50, pruning, 200, GameOps<g::State, g::ActionList, g::SearchGame>{},
                                   [](int p) { return 2 + 6 * p; });
  } else {
    std::fprintf(stderr, "unknown game %s\n", game.c_str());
    return 2;
  }
  std::printf("total nodes %llu\n", nodes);
}
