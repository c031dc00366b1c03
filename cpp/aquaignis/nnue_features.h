// AquaIgnis's NNUE input features (feature set 1, "AI-1"; docs/nnue.md):
// one index per unit, breakthrough, link, turn and no-progress fact, seen
// from one side's perspective (rows counted from that side's entry, its own
// units "mine"). The engine and the trainer (through the binding) both read
// them from here.
#pragma once

#include <algorithm>
#include <cstdint>

#include "aquaignis/state.h"

namespace triptych::aquaignis::nnue_features {

inline constexpr std::uint32_t kFeatureSet = 1;
inline constexpr int kUnitFeatures = 2 * 7 * kCells;  // owner x kind/value x flow x row
inline constexpr int kScoreBase = kUnitFeatures;      // 686
inline constexpr int kLinkBase = kScoreBase + 2 * 3;  // 692
inline constexpr int kTurnBase = kLinkBase + 2 * 14;  // 720
inline constexpr int kProgressBase = kTurnBase + 4;   // 724
inline constexpr int kFeatures = kProgressBase + 8;   // 732
// At most 49 units + 6 score + 2 links + turn + no-progress.
inline constexpr int kMaxActive = kCells + 6 + 2 + 1 + 1;

// The feature of a unit `c` at (flow, pos) for `perspective`.
inline int unit_feature(int perspective, int flow, int pos, Cell c) {
  const int mine = c.owner() == perspective ? 0 : 1;
  const int kind = c.kind() == Kind::kPiece ? c.value() - 1 : 4 + c.value() - 1;
  const int row = perspective == kAqua ? pos : kSlots - 1 - pos;
  return ((mine * 7 + kind) * kFlows + flow) * kSlots + row;
}

// What the features that are not units describe, per side where it is a side's:
// breakthroughs (up to 3 count), the link (its centre and turns, -1 when none),
// the turn (side to act and actions left) and the no-progress count in tens.
// NnueState::update compares these facts, not the feature lists they give.
struct ExtraFacts {
  int score[2];
  int link[2];
  int turn;
  int progress;
};
// The no-progress count (R17) as the net reads it: in tens, the last bucket open-ended.
inline int progress_bucket(const State& s) { return std::min(s.no_progress() / 10, 7); }
inline ExtraFacts extra_facts(const State& s) {
  ExtraFacts f;
  for (int side = 0; side < 2; ++side) {
    f.score[side] = std::min(s.score(side), 3);
    const Link& link = s.link(side);
    f.link[side] = link.active() ? link.center * 2 + std::clamp(int(link.turns_left), 1, 2) - 1 : -1;
  }
  f.turn = s.side_to_act() * 2 + std::clamp(s.actions_left(), 1, 2) - 1;
  f.progress = progress_bucket(s);
  return f;
}
// Their features for `perspective` ("who" 0: the perspective's own side).
inline int score_feature(int perspective, int side, int t) {  // t-th breakthrough, 1..3
  return kScoreBase + (side == perspective ? 0 : 3) + t - 1;
}
inline int link_feature(int perspective, int side, int link) { return kLinkBase + (side == perspective ? 0 : 14) + link; }
inline int turn_feature(int perspective, int turn) { return kTurnBase + (turn / 2 == perspective ? 0 : 2) + turn % 2; }
inline int progress_feature(int progress) { return kProgressBase + progress; }

// The features that are not units (score, links, turn, no progress); returns how many were written (<= 10).
inline int extra_features(const State& s, int perspective, int* out) {
  const ExtraFacts f = extra_facts(s);
  int n = 0;
  for (int side = 0; side < 2; ++side) {
    for (int t = 1; t <= f.score[side]; ++t) out[n++] = score_feature(perspective, side, t);
    if (f.link[side] >= 0) out[n++] = link_feature(perspective, side, f.link[side]);
  }
  out[n++] = turn_feature(perspective, f.turn);
  out[n++] = progress_feature(f.progress);
  return n;
}

// Factors, for training only (docs/nnue.md, "Factorized training"): while a net is trained, a unit's
// feature also counts as two coarser ones -- the same unit on the same row of any flow (the ring has
// no privileged flow), and the same unit anywhere -- so what is learnt on one flow carries to the
// others. The export adds a factor's weights into every feature it covers; the engine never sees them.
inline constexpr int kUnitKinds = 2 * 7;                                // owner x kind/value
inline constexpr int kRowFactorBase = 0;                                // (owner, kind, row): 98
inline constexpr int kUnitFactorBase = kUnitKinds * kSlots;             // (owner, kind): 14
inline constexpr int kFactorFeatures = kUnitFactorBase + kUnitKinds;    // 112
inline constexpr int kMaxFactors = 2;
// The factors of `feature`; returns how many were written (<= kMaxFactors).
inline int factors(int feature, int* out) {
  if (feature >= kUnitFeatures) return 0;  // score, links, turn and no progress stand alone
  const int unit = feature / (kFlows * kSlots), row = feature % kSlots;
  out[0] = kRowFactorBase + unit * kSlots + row;
  out[1] = kUnitFactorBase + unit;
  return 2;
}

// Every active feature for `perspective`, units first (by cell index); returns the count.
inline int active_features(const State& s, int perspective, int* out) {
  int n = 0;
  for (std::uint64_t units = s.unit_mask(kAqua) | s.unit_mask(kIgnis); units; units &= units - 1) {
    const int index = __builtin_ctzll(units);
    const int flow = index / kSlots, pos = index % kSlots;
    out[n++] = unit_feature(perspective, flow, pos, s.cell(flow, pos));
  }
  return n + extra_features(s, perspective, out + n);
}

}  // namespace triptych::aquaignis::nnue_features
