// Combat basic types: elements, cards, dice faces, piles and the action.
#pragma once

#include <cstdint>

#include "common/fixed_vector.h"

namespace triptych::combat {

inline constexpr int kSlots = 4;  // four slots (braziers, anchors, wells...), never more

// Elements as they appear on cards and on the element die. Akasha is never on
// the die at the start of a fight and never in the starting deck; blank is a
// face of the die, not the absence of a die.
enum Element : std::int8_t { kAgni = 0, kJal = 1, kVayu = 2, kPrithvi = 3, kAkasha = 4, kBlankElement = 5 };
inline constexpr int kCardElements = 5;  // agni..akasha (a card is never blank)
inline constexpr int kDieElements = 6;   // agni..blank
inline constexpr int kNotRolled = -1;    // dice value before the first roll of a turn
inline constexpr int kBlankNumber = 0;   // the number die's blank face; 1..4 are the values

inline constexpr const char* kElementNames[kDieElements] = {"agni", "jal", "vayu", "prithvi", "akasha", "blank"};

enum CardKind : std::int8_t { kEmberLash = 0, kUndertow = 1, kGale = 2, kStoneskin = 3, kShunya = 4 };
inline constexpr int kCardKinds = 5;
inline constexpr const char* kCardNames[kCardKinds] = {"Ember Lash", "Undertow", "Gale", "Stoneskin", "Shunya"};
inline constexpr const char* kCardShort[kCardKinds] = {"lash", "undertow", "gale", "stone", "shunya"};
inline constexpr Element kNativeElement[kCardKinds] = {kAgni, kJal, kVayu, kPrithvi, kAkasha};

// A card is its kind plus its current element: the element is usually the
// kind's own, but V05 converts cards in place, so it is part of the card.
inline constexpr int kCardCodes = kCardKinds * kCardElements;
inline constexpr int kNoCard = -1;
constexpr int card_code(int kind, int element) { return kind * kCardElements + element; }
constexpr int card_code(int kind) { return card_code(kind, kNativeElement[kind]); }
constexpr int card_kind(int code) { return code / kCardElements; }
constexpr int card_element(int code) { return code % kCardElements; }
constexpr bool is_valid_card(int code) { return code >= 0 && code < kCardCodes; }

// Cards off the board are counted per code in four piles. The draw pile is a
// set (the shuffle is modelled by drawing uniformly from it), so counts are
// the whole truth and equal piles hash equal.
enum Pile : std::int8_t { kDrawPile = 0, kHand = 1, kDiscard = 2, kExhaust = 3 };
inline constexpr int kPiles = 4;
inline constexpr const char* kPileNames[kPiles] = {"draw", "hand", "discard", "exhaust"};

// Actions. Player decisions are kPlace, kRoll, kEnd, kBuy and kVerb (a
// variant's own spends and choices, named in its verb table); chance
// outcomes are kRollOutcome and kDrawOutcome.
enum class ActionType : std::uint8_t { kPlace, kRoll, kEnd, kBuy, kVerb, kRollOutcome, kDrawOutcome };

struct Action {
  ActionType type = ActionType::kEnd;
  std::int8_t verb = -1;  // kVerb: index into the variant's verb table
  std::int8_t a = -1;     // kPlace: card code; kRollOutcome: number; kDrawOutcome: card; kVerb: arg 0
  std::int8_t b = -1;     // kPlace: slot 0..3; kRollOutcome: element; kVerb: arg 1
  std::int8_t c = -1;     // kVerb: arg 2

  static constexpr Action place(int code, int slot) {
    return Action{ActionType::kPlace, -1, static_cast<std::int8_t>(code), static_cast<std::int8_t>(slot), -1};
  }
  static constexpr Action roll() { return Action{ActionType::kRoll, -1, -1, -1, -1}; }
  static constexpr Action end() { return Action{ActionType::kEnd, -1, -1, -1, -1}; }
  static constexpr Action buy() { return Action{ActionType::kBuy, -1, -1, -1, -1}; }
  static constexpr Action verb_action(int verb, int a = -1, int b = -1, int c = -1) {
    return Action{ActionType::kVerb, static_cast<std::int8_t>(verb), static_cast<std::int8_t>(a),
                  static_cast<std::int8_t>(b), static_cast<std::int8_t>(c)};
  }
  static constexpr Action roll_outcome(int number, int element) {
    return Action{ActionType::kRollOutcome, -1, static_cast<std::int8_t>(number), static_cast<std::int8_t>(element), -1};
  }
  static constexpr Action draw_outcome(int code) {
    return Action{ActionType::kDrawOutcome, -1, static_cast<std::int8_t>(code), -1, -1};
  }
  bool is_chance() const { return type == ActionType::kRollOutcome || type == ActionType::kDrawOutcome; }

  friend constexpr bool operator==(const Action& x, const Action& y) {
    return x.type == y.type && x.verb == y.verb && x.a == y.a && x.b == y.b && x.c == y.c;
  }
};

// Enough for every distinct (card, slot) placement plus a variant's spends and
// choices (the largest: V02's Jal redirect, 4x4 charge moves plus statuses).
// The longest legal list: V03's Null Well conversion lists every amount from Jal and Vayu (wells stop at
// 99, F-R16) into each of three other wells, up to 2 x 3 x 99 + 3 actions, beside the turn's placements
// (at most 25 card codes x 4 slots), slides and verbs. Lists live on the stack; the size costs nothing
// until written.
inline constexpr int kMaxActions = 768;
using ActionList = FixedVector<Action, kMaxActions>;

struct ChanceOutcome {
  Action action;
  double probability;
};
using ChanceList = FixedVector<ChanceOutcome, 40>;

}  // namespace triptych::combat
