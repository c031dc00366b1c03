// A fixed AquaIgnis alpha-beta workload, native only, for before/after
// instruction counts of the NNUE search (callgrind's counts do not depend on
// load): the start and three positions 12, 24 and 36 seeded random actions in,
// each searched to a fixed depth on one thread with a fresh 16 MiB table. It
// prints each search's nodes and score, which a change to the evaluation's
// speed must leave exactly as they were.
//
//   g++ -std=c++20 -O3 -DNDEBUG -Icpp -o /tmp/ai_nnue tools/aquaignis_nnue_workload.cpp \
//       cpp/aquaignis/*.cpp cpp/search/tt.cpp cpp/nnue/*.cpp -lpthread
//   valgrind --tool=callgrind /tmp/ai_nnue 9 python/triptych/nnue/nets/aquaignis.nnue          # the NNUE, share 90
//   valgrind --tool=callgrind /tmp/ai_nnue 9 python/triptych/nnue/nets/aquaignis.nnue classic  # the classic
#include <cstdio>
#include <cstdlib>
#include <string>

#include "aquaignis/nnue_state.h"
#include "aquaignis/search_game.h"
#include "common/rng.h"
#include "search/alphabeta.h"

using namespace triptych;
using namespace triptych::aquaignis;

namespace {
template <typename Game, typename Root>
void run_search(const Root& root, int depth, int classic_share, unsigned long long& nodes) {
  typename search::AlphaBeta<Game>::Options o;
  o.threads = 1;
  o.tt_mb = 16;
  if constexpr (requires { o.weights.classic_share; }) o.weights.classic_share = classic_share;
  search::AlphaBeta<Game> ab(o);
  const auto r = ab.search(root, search::SearchLimits{depth, 0, 0});
  std::printf("nodes %llu score %d  %.3f s\n", static_cast<unsigned long long>(r.nodes), r.score, r.seconds);
  nodes += r.nodes;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s DEPTH NET [classic]\n", argv[0]);
    return 2;
  }
  const int depth = std::atoi(argv[1]);
  const bool classic = argc > 3 && std::string(argv[3]) == "classic";
  const nnue::Net net = nnue::load_net(argv[2], nnue_spec());
  unsigned long long nodes = 0;
  for (int p = 0; p < 4; ++p) {
    State s;
    Rng rng(100 + p);
    ActionList actions;
    for (int i = 0; i < 12 * p && !s.is_terminal(); ++i) {
      s.legal_actions(actions);
      s.apply_unchecked(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    }
    if (classic)
      run_search<SearchGame>(s, depth, 0, nodes);
    else
      run_search<NnueSearchGame>(NnueState(s, net), depth, 90, nodes);  // AquaIgnis's shipped share
  }
  std::printf("total nodes %llu\n", nodes);
}
