// Named parameters. Every number of a variant's spec is a parameter whose
// default is the spec's value, so designers can vary any of them by name.
// The first kCommonParams entries have the same meaning in every variant
// (their defaults differ); a variant appends its own after them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace triptych::combat {

struct ParamSpec {
  const char* name;
  int value;        // the spec's value: the default
  const char* doc;  // one line for the docs and the CLI
  int min = 0;      // the least value that makes sense (a rate the engine divides by is at least 1)
};

enum CommonParam : int {
  kPlayerHp,
  kEnemyHp,
  kHandSize,
  kDrawPerTurn,
  kEmberLashCount,
  kEmberLashDamage,
  kUndertowCount,
  kUndertowDamage,
  kUndertowWeak,
  kGaleCount,
  kGaleDamage,
  kGaleDraw,
  kStoneskinCount,
  kStoneskinBlock,
  kShunyaDamage,
  kShunyaBlock,
  kStrikeDamage,
  kCleaveDamage,
  kGuardBlock,
  kJabDamage,
  kAkashaGatePercent,
  kWeakTurns,
  kWeakPercent,
  kVulnerablePercent,
  kPaidDrawCost,
  kPaidDrawCards,
  kTurnCap,
  kCommonParams
};

// The numbers that differ between variants' specs; everything else in the
// common block is the same on the whole slate.
struct CommonDefaults {
  int enemy_hp;
  int lash, undertow, gale, stoneskin;  // card damage / Block
  int shunya_damage, shunya_block;
  int strike, cleave, guard_block, jab;
};

inline constexpr int kMaxParams = 64;
// Every parameter's value is in 0..kMaxParamValue (make_params).
inline constexpr int kMaxParamValue = 999;
// The most draws play owes at once, so the most a saved game may hold: a draw is for a parameter's
// worth of cards (a paid draw, a Gale, the opening hand) or, at V06's Slack Tide, two (a Gale's draw
// plus the tide's own); draws queued on top of pending ones (V10's Agni firings, each Gale drawing)
// stop here (F-R16), far above the 61 cards there are to draw.
inline constexpr int kMaxPendingDraws = 2 * kMaxParamValue;
using ParamValues = std::array<std::int32_t, kMaxParams>;

// The common block with a variant's defaults filled in.
std::vector<ParamSpec> common_params(const CommonDefaults& d);

}  // namespace triptych::combat
