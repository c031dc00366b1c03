// The evaluations one search thread has made, remembered by position.
//
// Alpha-beta evaluates the same positions again and again: each iteration of
// iterative deepening re-searches the last one's tree a ply deeper, and
// quiescence, which keeps no transposition-table entries, meets the same
// stand-pat positions through different orders of the same actions. An
// evaluation is a function of the position alone (a Game whose evaluation
// reads something its hash leaves out says so through evaluation_key), so a
// remembered one is exactly the one evaluating again would give: the search's
// nodes and scores do not change, only the time it takes. A direct-mapped
// table of full 64-bit keys: a new position takes its slot from the old one.
//
// One per search thread and per search: nothing is shared between threads,
// and nothing outlives the search, whose evaluation (its weights, its net,
// the draw's value under contempt, which depends on the side at the root) a
// later search need not share.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

namespace triptych::search {

// The key of what Game::evaluate reads: the position's hash, or the Game's
// evaluation_key where the hash leaves some of it out.
template <class Game>
std::uint64_t evaluation_key(const typename Game::State& s) {
  if constexpr (requires { Game::evaluation_key(s); })
    return Game::evaluation_key(s);
  else
    return Game::hash(s);
}

class EvalCache {
 public:
  // 2^14 slots of 16 bytes (256 KiB), calloc'd: fresh zero pages are not written until used.
  static constexpr int kBits = 14;

  EvalCache() : slots_(static_cast<Slot*>(std::calloc(std::size_t{1} << kBits, sizeof(Slot)))) {
    if (!slots_) throw std::bad_alloc();
  }

  // The score remembered for `key`, if any. Key 0 is never remembered (0 marks an empty slot).
  bool probe(std::uint64_t key, int& score) const {
    const Slot& slot = slots_[index(key)];
    if (slot.key != key || key == 0) return false;
    score = slot.score;
    return true;
  }
  void store(std::uint64_t key, int score) {
    Slot& slot = slots_[index(key)];
    slot.key = key;
    slot.score = score;
  }

 private:
  struct Slot {
    std::uint64_t key;
    std::int32_t score;
  };
  struct Free {
    void operator()(Slot* p) const { std::free(p); }
  };
  static std::size_t index(std::uint64_t key) {
    // The high bits: the transposition table picks its bucket by the key modulo its size.
    return static_cast<std::size_t>(key >> (64 - kBits));
  }
  std::unique_ptr<Slot[], Free> slots_;
};

}  // namespace triptych::search
