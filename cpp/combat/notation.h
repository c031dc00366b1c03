// Action notation and the names used by dicts (see docs/rules/combat.md).
#pragma once

#include <string>

#include "combat/types.h"

namespace triptych::combat {

class Variant;

// Card tokens: the short name ("lash", "undertow", "gale", "stone",
// "shunya"), with ":element" when a card has been converted ("stone:agni").
std::string card_token(int code);
std::string card_display(int code);  // "Ember Lash", or "Stoneskin:agni"
int parse_card(const std::string& text);  // short or full name, optional :element; -1 if unknown
int parse_element(const std::string& text);  // agni..blank; -1 if unknown

// lash>2 (place), roll, end, buy, exhaust 2 / shunya / ... (variant verbs),
// 3/agni or blank/blank (a roll outcome), +lash (a draw outcome).
std::string to_notation(const Variant& variant, const Action& action);
Action parse_notation(const Variant& variant, const std::string& text);  // throws IllegalActionError

}  // namespace triptych::combat
