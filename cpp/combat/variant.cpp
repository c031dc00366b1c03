// The variant registry and the defaults every variant shares.
#include "combat/variant.h"

#include <stdexcept>

namespace triptych::combat {

const std::vector<const Variant*>& all_variants() {
  static const std::vector<const Variant*> variants = {
      &v01_house_rules(), &v02_four_braziers(), &v03_twin_wells(), &v04_painted_ground(), &v05_sangam(),
      // V06-V10
      &v06_tide_price(),
      &v07_one_wick(),
      &v08_fuse_line(),
      &v09_their_dice(),
      &v10_written_die(),
  };
  return variants;
}

const Variant* find_variant(const std::string& id) {
  for (const Variant* v : all_variants())
    if (id == v->info().id) return v;
  return nullptr;
}

int Variant::index() const {
  const auto& all = all_variants();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i] == this) return static_cast<int>(i);
  return -1;
}

int Variant::param_index(const std::string& name) const {
  const auto& specs = param_specs();
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (name == specs[i].name) return static_cast<int>(i);
  return -1;
}

int Variant::verb_index(const std::string& name) const {
  const auto& list = verbs();
  for (std::size_t i = 0; i < list.size(); ++i)
    if (name == list[i].name) return static_cast<int>(i);
  return -1;
}

void Variant::on_gate(State& s) const { ++s.d.piles[kHand][card_code(kShunya)]; }

ParamValues make_params(const Variant& v, const std::vector<std::pair<std::string, int>>& overrides) {
  ParamValues values{};
  const auto& specs = v.param_specs();
  for (std::size_t i = 0; i < specs.size(); ++i) values[i] = specs[i].value;
  for (const auto& [name, value] : overrides) {
    const int i = v.param_index(name);
    if (i < 0) {
      std::string known;
      for (const auto& spec : specs) known += std::string(known.empty() ? "" : ", ") + spec.name;
      throw std::invalid_argument("unknown parameter '" + name + "' for " + v.info().id + " (known: " + known + ")");
    }
    if (value < specs[i].min || value > kMaxParamValue)
      throw std::invalid_argument("parameter '" + name + "' must be in " + std::to_string(specs[i].min) + ".." +
                                  std::to_string(kMaxParamValue) + ", got " + std::to_string(value));
    values[i] = value;
  }
  if (values[kPlayerHp] < 1 || values[kEnemyHp] < 1) throw std::invalid_argument("player_hp and enemy_hp must be >= 1");
  if (values[kTurnCap] < 1) throw std::invalid_argument("turn_cap must be >= 1");
  const int deck = values[kEmberLashCount] + values[kUndertowCount] + values[kGaleCount] + values[kStoneskinCount];
  if (deck > 60) throw std::invalid_argument("the deck may hold at most 60 cards");
  return values;
}

bool can_draw_from(const State& s, int source) {
  if (s.pile_size(source) > 0) return true;
  return source == kDrawPile && s.pile_size(kDiscard) > 0;
}

}  // namespace triptych::combat
