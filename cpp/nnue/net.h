// A quantized NNUE net and its file format (docs/nnue.md): sparse features
// -> int16 accumulator (kAccWidth, one per perspective, shared weights) ->
// clipped ReLU -> int8 layer (kHidden) -> clipped ReLU -> int8 output.
// The sizes after the inputs are fixed at compile time so that the dense
// loops below have constant trip counts and the compiler vectorises them in
// the portable build (no intrinsics).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace triptych::nnue {

inline constexpr int kAccWidth = 64;
inline constexpr int kHidden = 16;
inline constexpr int kQA = 127;  // activation scale: 127 stands for 1.0
inline constexpr int kQB = 64;   // dense weight scale: 64 stands for 1.0 (shift by 6)
inline constexpr int kQBShift = 6;
inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr char kMagic[8] = {'T', 'R', 'P', 'T', 'N', 'N', 'U', 'E'};
inline constexpr int kHeaderBytes = 44;
// Evaluations stay well inside the searches' mate scores (kWin = 100000).
inline constexpr int kEvalLimit = 50000;

enum GameId : std::uint32_t { kAquaIgnisNet = 1, kHexfleetNet = 2 };
const char* game_name(std::uint32_t game);

// A net file that cannot be used; the message names what is wrong
// (truncated, bad magic, version, game, feature set, sizes, checksum).
class NetFileError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// What an engine expects of a net: checked against the file's header.
struct NetSpec {
  std::uint32_t game;
  std::uint32_t feature_set;
  int inputs;  // features per perspective
};

struct Net {
  NetSpec spec{};
  int out_scale = 1000;                  // centi-units per unit of output
  std::vector<std::int16_t> ft_bias;     // [kAccWidth]
  std::vector<std::int16_t> ft_weights;  // [inputs][kAccWidth]
  // The dense weights are int8 in the file and held widened to int16: SSE2
  // multiplies and pair-adds int16 directly (pmaddwd), where int8 would first
  // be sign-extended on every evaluation (callgrind: a third of the forward pass).
  std::int32_t l1_bias[kHidden]{};
  alignas(64) std::int16_t l1_weights[kHidden][2 * kAccWidth]{};
  std::int32_t l2_bias = 0;
  alignas(64) std::int16_t l2_weights[kHidden]{};

  const std::int16_t* column(int feature) const { return ft_weights.data() + std::size_t(feature) * kAccWidth; }
};

// Reads and checks a net file; throws NetFileError.
Net load_net(const std::string& path, const NetSpec& expected);
// The same from bytes already in memory (`origin` names them in messages).
Net parse_net(const std::string& bytes, const NetSpec& expected, const std::string& origin);
std::uint32_t crc32(const unsigned char* data, std::size_t size);

// The two perspectives' first-layer outputs.
struct Accumulators {
  alignas(64) std::int16_t values[2][kAccWidth];
};

// The accumulator's sums are taken in a local array and stored once: the
// compiler then knows the weight columns cannot alias it. The loop over a
// column's 64 entries is unrolled in full, so the compiler packs it into
// vector adds (8 with SSE2) instead of GCC's -O3 "unroll and jam" of two
// columns at a time into a scalar loop (callgrind: 4 times the instructions).
inline void refresh(const Net& net, Accumulators& acc, int perspective, const int* features, int count) {
  alignas(64) std::int16_t sum[kAccWidth];
  std::copy(net.ft_bias.begin(), net.ft_bias.end(), sum);
  for (int i = 0; i < count; ++i) {
    const std::int16_t* w = net.column(features[i]);
#pragma GCC unroll 64
    for (int k = 0; k < kAccWidth; ++k) sum[k] = std::int16_t(sum[k] + w[k]);
  }
  std::copy(sum, sum + kAccWidth, acc.values[perspective]);
}

// Subtracts the columns of `removed` and adds those of `added` (the features
// an action turned off and on).
inline void update(const Net& net, Accumulators& acc, int perspective, const int* removed, int n_removed,
                   const int* added, int n_added) {
  alignas(64) std::int16_t sum[kAccWidth];
  std::copy(acc.values[perspective], acc.values[perspective] + kAccWidth, sum);
  for (int i = 0; i < n_removed; ++i) {
    const std::int16_t* w = net.column(removed[i]);
#pragma GCC unroll 64
    for (int k = 0; k < kAccWidth; ++k) sum[k] = std::int16_t(sum[k] - w[k]);
  }
  for (int i = 0; i < n_added; ++i) {
    const std::int16_t* w = net.column(added[i]);
#pragma GCC unroll 64
    for (int k = 0; k < kAccWidth; ++k) sum[k] = std::int16_t(sum[k] + w[k]);
  }
  std::copy(sum, sum + kAccWidth, acc.values[perspective]);
}

// The dense layers: centi-units for `side_to_act`. Integer arithmetic
// throughout; python/triptych/nnue/quantize.py does exactly the same.
inline int forward(const Net& net, const Accumulators& acc, int side_to_act) {
  alignas(64) std::int16_t x[2 * kAccWidth];
  const std::int16_t* mine = acc.values[side_to_act];
  const std::int16_t* theirs = acc.values[side_to_act ^ 1];
  for (int k = 0; k < kAccWidth; ++k) {
    x[k] = std::clamp<std::int16_t>(mine[k], 0, kQA);
    x[kAccWidth + k] = std::clamp<std::int16_t>(theirs[k], 0, kQA);
  }
  alignas(64) std::int16_t hidden[kHidden];
  for (int j = 0; j < kHidden; ++j) {
    std::int32_t sum = 0;
    for (int k = 0; k < 2 * kAccWidth; ++k) sum += std::int32_t(x[k]) * net.l1_weights[j][k];
    hidden[j] = std::int16_t(std::clamp((sum + net.l1_bias[j]) >> kQBShift, 0, kQA));
  }
  std::int32_t out = net.l2_bias;
  for (int j = 0; j < kHidden; ++j) out += std::int32_t(hidden[j]) * net.l2_weights[j];
  const std::int64_t scaled = std::int64_t(out) * net.out_scale / (kQA * kQB);  // truncates toward zero
  return int(std::clamp<std::int64_t>(scaled, -kEvalLimit, kEvalLimit));
}

}  // namespace triptych::nnue
