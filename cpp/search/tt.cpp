#include "search/tt.h"

#include <algorithm>

namespace triptych::search {

void TranspositionTable::resize(std::size_t megabytes) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  buckets_ = std::max<std::size_t>(bytes / (sizeof(Slot) * kWays), 1);
  slots_ = std::make_unique<Slot[]>(buckets_ * kWays);
  generation_ = 0;
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < buckets_ * kWays; ++i) {
    slots_[i].key_xor_data.store(0, std::memory_order_relaxed);
    slots_[i].data.store(0, std::memory_order_relaxed);
  }
}

// data layout: move 32 | score 20 (offset) | depth 8 | bound 2 | generation 2... kept simple:
// move (32) | score+2^19 (20) | depth+1 (8) | bound (2) | generation low 2 bits
std::uint64_t TranspositionTable::pack(const TTEntry& e) {
  const std::uint64_t score = static_cast<std::uint64_t>(e.score + (1 << 19)) & 0xFFFFF;
  const std::uint64_t depth = static_cast<std::uint64_t>(e.depth + 1) & 0xFF;
  return std::uint64_t(e.move) | (score << 32) | (depth << 52) | (std::uint64_t(e.bound) << 60) |
         (std::uint64_t(e.generation & 3) << 62);
}

TTEntry TranspositionTable::unpack(std::uint64_t d) {
  TTEntry e;
  e.move = static_cast<std::uint32_t>(d);
  e.score = static_cast<int>((d >> 32) & 0xFFFFF) - (1 << 19);
  e.depth = static_cast<std::int16_t>(static_cast<int>((d >> 52) & 0xFF) - 1);
  e.bound = static_cast<Bound>((d >> 60) & 3);
  e.generation = static_cast<std::uint8_t>((d >> 62) & 3);
  return e;
}

bool TranspositionTable::probe(std::uint64_t key, TTEntry& out) const {
  const Slot* bucket = &slots_[(key % buckets_) * kWays];
  for (int i = 0; i < kWays; ++i) {
    const std::uint64_t data = bucket[i].data.load(std::memory_order_relaxed);
    if ((bucket[i].key_xor_data.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
      out = unpack(data);
      return true;
    }
  }
  return false;
}

void TranspositionTable::store(std::uint64_t key, std::uint32_t move, int score, int depth, Bound bound) {
  Slot* bucket = &slots_[(key % buckets_) * kWays];
  // Same position: overwrite. Otherwise replace the slot that is oldest and shallowest.
  Slot* victim = nullptr;
  int victim_worth = 1 << 30;
  for (int i = 0; i < kWays; ++i) {
    const std::uint64_t data = bucket[i].data.load(std::memory_order_relaxed);
    if (data == 0 || (bucket[i].key_xor_data.load(std::memory_order_relaxed) ^ data) == key) {
      if (data != 0) {
        const TTEntry old = unpack(data);
        // Keep a deeper result of this search unless the new one is exact.
        if (bound != Bound::kExact && old.generation == (generation_ & 3) && old.depth > depth + 2) return;
        if (move == kNoMove) move = old.move;  // keep the best move we knew
      }
      victim = &bucket[i];
      break;
    }
    const TTEntry old = unpack(data);
    const int age = (generation_ - old.generation) & 3;
    const int worth = old.depth - 8 * age;
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &bucket[i];
    }
  }
  TTEntry e{move, score, static_cast<std::int16_t>(depth), bound, static_cast<std::uint8_t>(generation_ & 3)};
  const std::uint64_t data = pack(e);
  victim->data.store(data, std::memory_order_relaxed);
  victim->key_xor_data.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::permille_full() const {
  int used = 0;
  const std::size_t n = std::min<std::size_t>(1000, buckets_ * kWays);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t data = slots_[i].data.load(std::memory_order_relaxed);
    if (data != 0 && unpack(data).generation == (generation_ & 3)) ++used;
  }
  return n ? static_cast<int>(used * 1000 / n) : 0;
}

}  // namespace triptych::search
