// What a search may spend, and what it reports.
#pragma once

#include <cstdint>
#include <vector>

#include "common/interrupt.h"

namespace triptych::search {

// 0 means "no limit" for each field; with none set a search runs to max depth.
struct SearchLimits {
  int depth = 0;
  std::int64_t time_ms = 0;
  std::uint64_t nodes = 0;
};

// Scores are in the evaluation's centi-units from the side to act's point of
// view. A forced win is scored kWin - n, where n is the number of plies
// (actions, both of a turn counting) until the winning action is applied; a
// forced loss -(kWin - n). is_mate_score tells them from evaluations.
inline constexpr int kWin = 100000;
inline constexpr int kInfinity = 200000;
inline constexpr int kMaxPly = 128;
inline constexpr bool is_mate_score(int score) { return score > kWin - 1000 || score < -(kWin - 1000); }
inline constexpr int plies_to_mate(int score) { return score > 0 ? kWin - score : kWin + score; }

template <class Action>
struct SearchResult {
  bool has_move = false;
  Action best{};
  int score = 0;
  int depth = 0;           // deepest iteration completed
  int seldepth = 0;        // deepest ply reached (quiescence included)
  std::vector<Action> pv;  // principal variation, best first
  std::uint64_t nodes = 0;
  double seconds = 0;
  int threads = 1;
};

}  // namespace triptych::search
