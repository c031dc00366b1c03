// The evaluation's kernels: the accumulator's column sums and the dense
// layers (docs/nnue.md, "The net"). They are the NNUE search's hot loops
// (callgrind: a fifth of its instructions in the portable build), and AVX2
// does each vector step on twice the lanes of the x86-64 baseline's SSE2. So
// on x86-64 Linux each kernel is built twice (GCC's target_clones) and the
// dynamic loader picks the AVX2 one where the CPU has it. The arithmetic is
// integer, so both give the same numbers.
#include <algorithm>

#include "nnue/net.h"

// Not under ThreadSanitizer, whose runtime is not yet up when the loader runs the resolvers.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TRIPTYCH_NO_TARGET_CLONES
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define TRIPTYCH_NO_TARGET_CLONES
#endif
#if defined(__x86_64__) && defined(__linux__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(TRIPTYCH_NO_TARGET_CLONES)
#define TRIPTYCH_KERNEL __attribute__((target_clones("avx2", "default")))
#else
#define TRIPTYCH_KERNEL
#endif

namespace triptych::nnue {

// The sums are taken in a local array and stored once: the compiler then
// knows the weight columns cannot alias it. The loop over a column's 64
// entries is unrolled in full, so the compiler packs it into vector adds
// instead of GCC's -O3 "unroll and jam" of two columns at a time into a
// scalar loop (callgrind: 4 times the instructions).
TRIPTYCH_KERNEL void refresh(const Net& net, Accumulators& acc, int perspective, const int* features, int count) {
  alignas(64) std::int16_t sum[kAccWidth];
  std::copy(net.ft_bias.begin(), net.ft_bias.end(), sum);
  for (int i = 0; i < count; ++i) {
    const std::int16_t* w = net.column(features[i]);
#pragma GCC unroll 64
    for (int k = 0; k < kAccWidth; ++k) sum[k] = std::int16_t(sum[k] + w[k]);
  }
  std::copy(sum, sum + kAccWidth, acc.values[perspective]);
}

TRIPTYCH_KERNEL void update(const Net& net, Accumulators& acc, int perspective, const int* removed, int n_removed,
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

TRIPTYCH_KERNEL int forward(const Net& net, const Accumulators& acc, int side_to_act) {
  alignas(64) std::int16_t x[2 * kAccWidth];
  const std::int16_t* mine = acc.values[side_to_act];
  const std::int16_t* theirs = acc.values[side_to_act ^ 1];
  for (int k = 0; k < kAccWidth; ++k) {
    x[k] = std::clamp<std::int16_t>(mine[k], 0, kQA);
    x[kAccWidth + k] = std::clamp<std::int16_t>(theirs[k], 0, kQA);
  }
  // The dot products first, their bias, shift and clamp after as one vector
  // pass: per output only the horizontal sum is left scalar.
  alignas(64) std::int32_t sums[kHidden];
  for (int j = 0; j < kHidden; ++j) {
    std::int32_t sum = 0;
    for (int k = 0; k < 2 * kAccWidth; ++k) sum += std::int32_t(x[k]) * net.l1_weights[j][k];
    sums[j] = sum;
  }
  alignas(64) std::int16_t hidden[kHidden];
  for (int j = 0; j < kHidden; ++j) hidden[j] = std::int16_t(std::clamp((sums[j] + net.l1_bias[j]) >> kQBShift, 0, kQA));
  std::int32_t out = net.l2_bias;
  for (int j = 0; j < kHidden; ++j) out += std::int32_t(hidden[j]) * net.l2_weights[j];
  const std::int64_t scaled = std::int64_t(out) * net.out_scale / (kQA * kQB);  // truncates toward zero
  return int(std::clamp<std::int64_t>(scaled, -kEvalLimit, kEvalLimit));
}

}  // namespace triptych::nnue
