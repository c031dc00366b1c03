#include "combat/params.h"

namespace triptych::combat {

std::vector<ParamSpec> common_params(const CommonDefaults& d) {
  // Order must follow enum CommonParam.
  return {
      {"player_hp", 50, "player's starting and maximum HP"},
      {"enemy_hp", d.enemy_hp, "Betaal Sentinel's starting and maximum HP"},
      {"hand_size", 5, "cards in the opening hand"},
      {"draw_per_turn", 1, "cards drawn at the start of every turn after the first"},
      {"ember_lash_count", 3, "Ember Lash (Agni) copies in the deck"},
      {"ember_lash_damage", d.lash, "Ember Lash damage"},
      {"undertow_count", 2, "Undertow (Jal) copies in the deck"},
      {"undertow_damage", d.undertow, "Undertow damage"},
      {"undertow_weak", 1, "Weak stacks Undertow applies"},
      {"gale_count", 2, "Gale (Vayu) copies in the deck"},
      {"gale_damage", d.gale, "Gale damage"},
      {"gale_draw", 1, "cards Gale draws"},
      {"stoneskin_count", 3, "Stoneskin (Prithvi) copies in the deck"},
      {"stoneskin_block", d.stoneskin, "Stoneskin Block"},
      {"shunya_damage", d.shunya_damage, "Shunya (Akasha) damage"},
      {"shunya_block", d.shunya_block, "Shunya (Akasha) Block"},
      {"strike_damage", d.strike, "Sentinel's Strike (cycle steps 1 and 2)"},
      {"cleave_damage", d.cleave, "Sentinel's Cleave (cycle step 3)"},
      {"guard_block", d.guard_block, "Block the Sentinel's Guard gains (cycle step 4)"},
      {"jab_damage", d.jab, "damage of the Jab that follows Guard"},
      {"akasha_gate_percent", 50, "the gate opens the first time enemy HP <= this % of its maximum"},
      {"weak_turns", 2, "turns one stack of Weak lasts (ticks at the end of its holder's turn)"},
      {"weak_percent", 75, "a Weak attacker deals this % (rounded down)"},
      {"vulnerable_percent", 150, "a Vulnerable defender takes this % (rounded up)"},
      {"paid_draw_cost", 1, "energy for one paid draw"},
      {"paid_draw_cards", 2, "cards one paid draw gives"},
      {"turn_cap", 100, "guard: a fight still running after this many turns ends drawn"},
  };
}

}  // namespace triptych::combat
