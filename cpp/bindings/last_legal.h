// The legal actions that legal_action_ids() or action_mask() listed last,
// kept for the apply_id() that follows in a Python loop or an environment's
// step (ids = s.legal_action_ids(); s.apply_id(pick(ids))): apply_id then
// finds the id in that list and applies
// the generated action, instead of generating every legal action again to
// check one (that second generation was a third of a Hexfleet id-loop step).
//
// The memory is one entry per game, read and written only by bound calls,
// which hold the GIL (a thread_local cost more than the lookup it saves:
// __tls_get_addr on every call from a dlopen'ed module). It names the state by its address and
// by what every action changes -- the Zobrist hash, the turn, the actions
// left and whether the game is over -- so any mutation of that state (an
// apply of any kind, a reassignment in place, a new state built where a
// freed one lived) makes it miss; a miss falls back to the checked apply, so
// errors and "an illegal id changes nothing" are exactly as before. Only a
// 64-bit hash collision at the same address, turn and actions left could
// fool it: the same trust the transposition tables place in the hash.
#pragma once

#include <cstddef>
#include <cstdint>

namespace triptych::bindings {

template <class State, class ActionList>
class LastLegal {
 public:
  // The game's memory; only touch it holding the GIL.
  static LastLegal& instance() {
    static LastLegal memory;
    return memory;
  }

  // Remembers `actions` (whose ids are `ids`, in the same order) as the legal actions of `s`.
  void remember(const State& s, const ActionList& actions, const std::int32_t* ids) {
    key_ = Key::of(s);
    state_ = &s;
    actions_ = actions;
    for (std::size_t i = 0; i < actions.size(); ++i) ids_[i] = ids[i];
  }
  void forget() { state_ = nullptr; }

  // The remembered legal action of `s` with this id: nullptr when `s` is not the state remembered
  // (or changed since) or when the id is not among its legal actions -- the caller then checks the
  // long way, which also says why an id is illegal.
  const typename ActionList::value_type* find(const State& s, long long id) const {
    if (state_ != &s || !(key_ == Key::of(s))) return nullptr;
    for (std::size_t i = 0; i < actions_.size(); ++i)
      if (ids_[i] == id) return &actions_[i];
    return nullptr;
  }

 private:
  struct Key {
    std::uint64_t hash = 0;
    std::uint32_t turn = 0;
    int actions_left = 0;
    bool over = false;
    static Key of(const State& s) {
      return Key{s.hash(), static_cast<std::uint32_t>(s.turn()), s.actions_left(), s.is_terminal()};
    }
    bool operator==(const Key& o) const {
      return hash == o.hash && turn == o.turn && actions_left == o.actions_left && over == o.over;
    }
  };

  const State* state_ = nullptr;
  Key key_;
  ActionList actions_;
  std::int32_t ids_[ActionList::capacity()];
};

}  // namespace triptych::bindings
