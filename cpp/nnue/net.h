// A quantized NNUE net and its file format (docs/nnue.md): sparse features
// -> int16 accumulator (kAccWidth, one per perspective, shared weights) ->
// clipped ReLU -> int8 layer (kHidden) -> clipped ReLU -> int8 output.
// The sizes after the inputs are fixed at compile time so that the dense
// loops (kernels.cpp) have constant trip counts and the compiler vectorises
// them (no intrinsics).
#pragma once

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

// The hybrid evaluation (docs/nnue.md, "The classic share"): `classic_share`
// percent of the classic evaluation's score, the rest the net's (both in
// centi-units for the side to act), truncated toward zero.
inline int blend(int net, int classic, int classic_share) {
  return (net * (100 - classic_share) + classic * classic_share) / 100;
}

// The three kernels of an evaluation (cpp/nnue/kernels.cpp). Integer
// arithmetic throughout, so every instruction set gives the same numbers;
// on x86-64 each is compiled twice, for the portable baseline and for AVX2,
// and the loader picks one for the CPU it runs on.

// One perspective's accumulator from scratch: the bias plus the columns of `features`.
void refresh(const Net& net, Accumulators& acc, int perspective, const int* features, int count);
// Subtracts the columns of `removed` and adds those of `added` (the features
// an action turned off and on).
void update(const Net& net, Accumulators& acc, int perspective, const int* removed, int n_removed,
            const int* added, int n_added);
// The dense layers: centi-units for `side_to_act`. python/triptych/nnue/netfile.py's forward_int does exactly
// the same.
int forward(const Net& net, const Accumulators& acc, int side_to_act);

}  // namespace triptych::nnue
