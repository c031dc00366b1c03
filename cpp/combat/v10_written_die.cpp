// V10 The Written Die (wildcard): the four value faces of the number die are
// the four slots. Inscribe cards onto them, tilt the element die's faces,
// roll: the element verb edits the die, then the landed face fires.
#include <algorithm>
#include <bit>
#include <string>

#include "combat/variant.h"

namespace triptych::combat {
namespace {

enum Mark { kEngraved = 0 };
// kTilt0..kTilt0+5: this turn's tilt of each element-die face (0 none, else element + 1).
enum Counter {
  kInscribed = 0,
  kPaidRerolls = 1,
  kFreeReroll = 2,
  kCleared = 3,
  kClearedLast = 4,
  kTarget = 5,
  kTilt0 = 6,
};
enum Verb { kTiltVerb = 0, kClearVerb = 1, kRedirectVerb = 2 };
enum Choice { kNoChoice = 0, kRedirectChoice = 1 };
enum Param {
  kRerollCost = kCommonParams,
  kLaterRerollCost,
  kExtraInscribeCost,
  kShunyaInscribeCost,
  kTiltCost,
  kClearEngravingCost,
  kBaseIncome,
  kIncomeCap,
  kAgniFirings,
  kAkashaDraw,
  kAkashaFace,
};
enum Cursor { kVerbStep = 0, kFireStep = 1, kCleanupStep = 2 };
inline constexpr int kFaces = 6;
inline constexpr int kPrintedFaces[kFaces] = {kAgni, kJal, kVayu, kPrithvi, kAgni, kPrithvi};

class WrittenDie final : public Variant {
 public:
  const VariantInfo& info() const override {
    static const VariantInfo info{
        "v10", "The Written Die", "wildcard",
        "Your cards are written on the four faces of the die — roll it, and whatever face comes up happens.",
        "YOUR SLOTS ARE THE DIE — inscribing a card into slot 3 writes it onto face 3.\n"
        "AGNI — Reignite: the fired card fires twice, then burns away.\n"
        "JAL — Redirect: fire any other face instead of the one that landed.\n"
        "VAYU — Rotation: every inscription shifts one face along before resolving; the fired card returns to hand.\n"
        "PRITHVI — Engraving: the fired card stays written and its face can never be overwritten.\n"
        "AKASHA — Erasure: wipe the landed face, fire nothing, draw 2, reroll free.\n"
        "TILT — pay 1 to change one face of the element die for this turn."};
    return info;
  }

  const std::vector<ParamSpec>& param_specs() const override {
    static const std::vector<ParamSpec> specs = [] {
      auto p = common_params({70, 10, 8, 7, 9, 0, 0, 7, 12, 8, 4});
      p.insert(p.end(), {
                            {"reroll_cost", 2, "energy for the first reroll of a turn (the first roll is free)"},
                            {"later_reroll_cost", 4, "energy for every further reroll that turn"},
                            {"extra_inscribe_cost", 1, "energy for each inscription after the turn's first (free) one"},
                            {"shunya_inscribe_cost", 0, "energy to inscribe Shunya"},
                            {"tilt_cost", 1, "energy to tilt one element-die face for this turn"},
                            {"clear_engraving_cost", 2, "energy to clear an engraving (its card stays written)"},
                            {"base_income", 2, "energy income before the cleared-faces bonus"},
                            {"income_cap", 6, "most energy income (base + faces cleared last turn)"},
                            {"agni_firings", 2, "times the landed card fires under Agni (Reignite)"},
                            {"akasha_draw", 2, "cards drawn when Akasha is rolled"},
                            {"akasha_face", 6, "the element-die face (1..6) that shows Akasha while Shunya is inscribed"},
                        });
      return p;
    }();
    return specs;
  }

  const std::vector<VerbSpec>& verbs() const override {
    static const std::vector<VerbSpec> verbs = {
        {"tilt", "pay tilt_cost: an element-die face shows another element this turn (before the first roll)",
         {ArgKind::kInt, ArgKind::kElement}, {"face", "element"}},
        {"clear", "pay clear_engraving_cost: clear an engraving; its card stays written, the face can be overwritten again (before the first roll)",
         {ArgKind::kSlot}, {"slot"}},
        {"redirect", "Jal resolved: the card on this face fires instead of the landed one", {ArgKind::kSlot},
         {"slot"}},
    };
    return verbs;
  }
  const std::vector<const char*>& mark_names() const override {
    static const std::vector<const char*> names = {"engraved"};
    return names;
  }
  const std::vector<const char*>& counter_names() const override {
    static const std::vector<const char*> names = {"inscribed", "paid_rerolls", "free_reroll", "cleared",
                                                   "cleared_last", "target", "tilt1", "tilt2",
                                                   "tilt3", "tilt4", "tilt5", "tilt6"};
    return names;
  }

  static bool shunya_inscribed(const State& s) {
    for (const auto& slot : s.d.slots)
      if (slot.card != kNoCard && card_kind(slot.card) == kShunya) return true;
    return false;
  }

  // The element die as it is now: printed faces, Akasha on one face while
  // Shunya is inscribed, then this turn's tilts.
  static int face_element(const State& s, int face) {
    if (s.d.counters[kTilt0 + face]) return s.d.counters[kTilt0 + face] - 1;
    if (face == s.param(kAkashaFace) - 1 && shunya_inscribed(s)) return kAkasha;
    return kPrintedFaces[face];
  }
  static void sync_faces(State& s) {
    for (int f = 0; f < kFaces; ++f) s.d.element_faces[f] = static_cast<std::int16_t>(face_element(s, f));
  }

  // A card leaves its face (to discard, exhaust or hand): the face clears. Income counts faces, not
  // departures ("the number of faces that cleared"), so counter `cleared` is a mask of faces (bit f = face
  // f + 1): a face overwritten and then fired in the same turn is one face.
  static void clear_face(State& s, int face, int pile) {
    s.d.slots[face].mark[kEngraved] = 0;
    s.slot_to_pile(face, pile);
    s.d.counters[kCleared] = static_cast<std::int16_t>(s.d.counters[kCleared] | (1 << face));
  }
  static int faces_cleared(const State& s) { return std::popcount(static_cast<unsigned>(s.d.counters[kCleared])); }

  int income(const State& s) const override {
    return std::min(s.param(kIncomeCap), s.param(kBaseIncome) + s.d.counters[kClearedLast]);
  }

  void on_turn_start(State& s) const override {
    s.d.counters[kInscribed] = s.d.counters[kPaidRerolls] = s.d.counters[kFreeReroll] = 0;
    for (int f = 0; f < kFaces; ++f) s.d.counters[kTilt0 + f] = 0;
    sync_faces(s);
  }

  static int inscribe_cost(const State& s, int code) {
    if (card_kind(code) == kShunya) return s.param(kShunyaInscribeCost);  // V10-R5: does not use up the free one
    return s.d.counters[kInscribed] == 0 ? 0 : s.param(kExtraInscribeCost);
  }

  static int reroll_cost(const State& s) {
    if (s.d.counters[kFreeReroll]) return 0;
    return s.d.counters[kPaidRerolls] == 0 ? s.param(kRerollCost) : s.param(kLaterRerollCost);
  }

  static int landed_face(const State& s) {
    return s.d.number == kNotRolled || s.d.number == kBlankNumber ? -1 : s.d.number - 1;
  }

  void legal_actions(const State& s, ActionList& out) const override {
    if (s.d.choice == kRedirectChoice) {
      for (int f = 0; f < kSlots; ++f)
        if (f != landed_face(s) && s.d.slots[f].card != kNoCard) out.push_back(Action::verb_action(kRedirectVerb, f));
      return;
    }
    const int energy = s.d.energy;
    if (s.d.phase == kPlacement) {
      for (int f = 0; f < kSlots; ++f) {
        // Any unengraved face takes an inscription; a written one is overwritten (V10-R4).
        if (s.d.slots[f].mark[kEngraved]) continue;
        for (int code = 0; code < kCardCodes; ++code)
          if (s.d.piles[kHand][code] > 0 && energy >= inscribe_cost(s, code)) out.push_back(Action::place(code, f));
      }
      if (energy >= s.param(kTiltCost))
        for (int f = 0; f < kFaces; ++f)
          for (int e : {kAgni, kJal, kVayu, kPrithvi})
            if (e != s.d.element_faces[f]) out.push_back(Action::verb_action(kTiltVerb, f + 1, e));
      if (energy >= s.param(kClearEngravingCost))
        for (int f = 0; f < kSlots; ++f)
          if (s.d.slots[f].mark[kEngraved]) out.push_back(Action::verb_action(kClearVerb, f));
      if (energy >= s.param(kPaidDrawCost) && can_draw_from(s, kDrawPile)) out.push_back(Action::buy());
      out.push_back(Action::roll());  // the first roll is free
      return;
    }
    if (energy >= reroll_cost(s)) out.push_back(Action::roll());
    out.push_back(Action::end());
  }

  bool apply(State& s, const Action& a) const override {
    switch (a.type) {
      case ActionType::kPlace:
        s.spend_energy(inscribe_cost(s, a.a));
        if (card_kind(a.a) != kShunya) ++s.d.counters[kInscribed];
        // Overwriting: the old card leaves its face for the discard, so the face clears (V10-R4).
        if (s.d.slots[a.b].card != kNoCard) clear_face(s, a.b, kDiscard);
        s.place_from_hand(a.a, a.b);
        break;
      case ActionType::kBuy:
        s.spend_energy(s.param(kPaidDrawCost));
        s.queue_draws(s.param(kPaidDrawCards));
        break;
      case ActionType::kRoll:
        if (s.d.phase == kRolled) {
          s.spend_energy(reroll_cost(s));
          if (s.d.counters[kFreeReroll]) s.d.counters[kFreeReroll] = 0;  // V10-R6: the free one is off the ladder
          else ++s.d.counters[kPaidRerolls];
        }
        s.request_roll();
        break;
      case ActionType::kVerb:
        if (a.verb == kTiltVerb) {
          s.spend_energy(s.param(kTiltCost));
          s.d.counters[kTilt0 + a.a - 1] = static_cast<std::int16_t>(a.b + 1);
        } else if (a.verb == kClearVerb) {
          // Clearing removes the engraving, not the card: the face is unlocked (V10-R4).
          s.spend_energy(s.param(kClearEngravingCost));
          s.d.slots[a.a].mark[kEngraved] = 0;
        } else {
          s.d.counters[kTarget] = static_cast<std::int16_t>(a.a + 1);
          s.d.choice = kNoChoice;
        }
        break;
      default: return false;  // kEnd: resolution
    }
    sync_faces(s);
    return true;
  }

  void on_roll(State& s) const override {
    if (s.d.element != kAkasha) return;
    // Erasure acts as the dice land: it is what gives the free reroll.
    const int face = landed_face(s);
    if (face >= 0 && s.d.slots[face].card != kNoCard) clear_face(s, face, kDiscard);
    s.queue_draws(s.param(kAkashaDraw));
    s.d.counters[kFreeReroll] = 1;
    sync_faces(s);
  }

  // Vayu: every unengraved inscription moves one face along (1->2->3->4->1);
  // engraved faces stay put and are stepped over (V10-R3).
  static void rotate(State& s) {
    int ring[kSlots], n = 0;
    for (int f = 0; f < kSlots; ++f)
      if (!s.d.slots[f].mark[kEngraved]) ring[n++] = f;
    if (n < 2) return;
    const SlotData last = s.d.slots[ring[n - 1]];
    for (int k = n - 1; k > 0; --k) s.d.slots[ring[k]] = s.d.slots[ring[k - 1]];
    s.d.slots[ring[0]] = last;
  }

  static void fire_face(State& s, int face) {
    const int code = s.d.slots[face].card;
    const int element = s.d.element;
    int firings = 1;
    if (element == kAgni) {
      firings = s.param(kAgniFirings);
      clear_face(s, face, kExhaust);
    } else if (element == kVayu) {
      clear_face(s, face, kHand);
    } else if (element == kPrithvi) {
      s.d.slots[face].mark[kEngraved] = 1;
    } else {
      clear_face(s, face, kDiscard);
    }
    for (int k = 0; k < firings; ++k) s.fire_card(code, [](int base) { return base; });
  }

  bool resolve_step(State& s) const override {
    const int step = s.d.cursor++;
    if (step == kVerbStep) {
      s.d.counters[kTarget] = 0;
      if (s.d.element == kVayu) rotate(s);
      if (s.d.element == kJal) {
        for (int f = 0; f < kSlots; ++f)
          if (f != landed_face(s) && s.d.slots[f].card != kNoCard) s.d.choice = kRedirectChoice;
      } else if (s.d.element != kAkasha && landed_face(s) >= 0) {
        s.d.counters[kTarget] = static_cast<std::int16_t>(landed_face(s) + 1);
      }
      return false;
    }
    if (step == kFireStep) {
      const int face = s.d.counters[kTarget] - 1;
      if (face >= 0 && s.d.slots[face].card != kNoCard) fire_face(s, face);
      sync_faces(s);
      return false;
    }
    s.d.counters[kClearedLast] = static_cast<std::int16_t>(faces_cleared(s));
    s.d.counters[kCleared] = 0;
    s.d.counters[kTarget] = 0;
    return true;
  }

  std::string describe(const State& s) const override {
    std::string out = "Element die faces:";
    for (int f = 0; f < kFaces; ++f) {
      out += std::string(" ") + kElementNames[s.d.element_faces[f]];
      if (s.d.counters[kTilt0 + f]) out += "(tilted)";
    }
    out += "  Next inscription costs " + std::to_string(s.d.counters[kInscribed] ? s.param(kExtraInscribeCost) : 0);
    if (s.d.phase == kRolled) out += ", reroll costs " + std::to_string(reroll_cost(s));
    // "Range 2–6, printed beside the die."
    const int next = std::min(s.param(kIncomeCap), s.param(kBaseIncome) + faces_cleared(s));
    out += "\nIncome next turn: " + std::to_string(s.param(kBaseIncome)) + " + faces cleared this turn (" +
           std::to_string(faces_cleared(s)) + ") = " + std::to_string(next) + " (range " +
           std::to_string(s.param(kBaseIncome)) + "-" + std::to_string(s.param(kIncomeCap)) + ")";
    return out;
  }

  // The resolution stops for the Jal redirect (after the verb step) or a draw
  // (after the fire step); it resolves a rolled die.
  int resolution_steps() const override { return kCleanupStep + 2; }
  void validate_resolution(const State& s) const override {
    require_cursor_in(s, {kFireStep, kCleanupStep}, "the redirect choice or a draw after firing");
    require_zero_in_player_turn(s, {kTarget});
    if (s.d.stage != kStageResolve) return;
    require(s.d.number != kNotRolled, "dice", "the turn resolves from a rolled die");
    require((s.d.choice == kRedirectChoice) == (s.d.cursor == kFireStep), "choice",
            "the Jal redirect is asked exactly at the fire step");
  }

  void validate(const State& s) const override {
    for (int i = 0; i < kSlots; ++i) {
      const int m = s.d.slots[i].mark[kEngraved];
      if (m != 0 && m != 1) throw InvalidStateError("slots[" + std::to_string(i) + "].engraved: must be 0 or 1");
      if (m && s.d.slots[i].card == kNoCard)
        throw InvalidStateError("slots[" + std::to_string(i) + "].engraved: an engraved face holds its card");
    }
    auto range = [&](int c, int lo, int hi) {
      if (s.d.counters[c] < lo || s.d.counters[c] > hi)
        throw InvalidStateError(std::string("counters.") + counter_names()[c] + ": must be " + std::to_string(lo) +
                                ".." + std::to_string(hi));
    };
    range(kInscribed, 0, 99);
    range(kPaidRerolls, 0, 999);
    range(kFreeReroll, 0, 1);
    range(kCleared, 0, (1 << kSlots) - 1);   // a mask of the faces cleared this turn
    range(kClearedLast, 0, kSlots);
    range(kTarget, 0, kSlots);
    for (int f = 0; f < kFaces; ++f) {
      range(kTilt0 + f, 0, kPrithvi + 1);
      if (s.d.element_faces[f] != face_element(s, f))
        throw InvalidStateError("element_faces[" + std::to_string(f) +
                                "]: must be the printed face, Akasha while Shunya is inscribed, or its tilt");
    }
    if (s.d.choice != kNoChoice && s.d.choice != kRedirectChoice)
      throw InvalidStateError("choice: must be 0 or 1 (redirect)");
  }
};

}  // namespace

const Variant& v10_written_die() {
  static const WrittenDie variant;
  return variant;
}

}  // namespace triptych::combat
