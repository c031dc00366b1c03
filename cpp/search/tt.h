// The transposition table shared by all search threads (Lazy SMP).
//
// Entries are two 64-bit words written without locks; the key word is stored
// XOR-ed with the data word (Hyatt's lockless hashing), so a torn write from
// two threads reads back as a miss instead of a wrong move. Locking would cost
// more thinking time than the rare lost entry.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace triptych::search {

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
  std::uint32_t move = 0;  // the game's action code; kNoMove when none
  std::int32_t score = 0;
  std::int16_t depth = -1;
  Bound bound = Bound::kNone;
  std::uint8_t generation = 0;
};

inline constexpr std::uint32_t kNoMove = 0xFFFFFFFFu;

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 64) { resize(megabytes); }

  void resize(std::size_t megabytes);
  void clear();
  // Ages entries so a new search prefers to overwrite the old one's.
  void new_search() { generation_ = static_cast<std::uint8_t>(generation_ + 1); }

  bool probe(std::uint64_t key, TTEntry& out) const;
  void store(std::uint64_t key, std::uint32_t move, int score, int depth, Bound bound);

  std::size_t entries() const { return buckets_ * kWays; }
  // Per-mille of sampled slots used by the current search (like UCI hashfull).
  int permille_full() const;

 private:
  static constexpr int kWays = 4;  // a bucket of four slots; replace the least useful
  struct Slot {
    std::atomic<std::uint64_t> key_xor_data{0};
    std::atomic<std::uint64_t> data{0};
  };
  static std::uint64_t pack(const TTEntry& e);
  static TTEntry unpack(std::uint64_t data);

  std::unique_ptr<Slot[]> slots_;
  std::size_t buckets_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace triptych::search
