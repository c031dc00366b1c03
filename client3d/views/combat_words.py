"""Combat in words for players: button labels, what a card does, the variants' counters.

Buttons say what they do ("Exhaust the card in slot 3", "Ember Lash to slot 2"); the engine's notation
(``exhaust 3``, ``lash>2``) is never a label. Every verb of every variant has a sentence here; an unknown
one still reads as words ("Redirect charge: from 1, to 2"), never as notation.
"""

from __future__ import annotations

from typing import Any

CARDS = {  # name -> (notation word, element, damage param, block param, rider)
    "Ember Lash": ("lash", "agni", "ember_lash_damage", None, ""),
    "Undertow": ("undertow", "jal", "undertow_damage", None, "Weak {undertow_weak}"),
    "Gale": ("gale", "vayu", "gale_damage", None, "Draw {gale_draw}"),
    "Stoneskin": ("stone", "prithvi", None, "stoneskin_block", ""),
    "Shunya": ("shunya", "akasha", "shunya_damage", "shunya_block", ""),
}

# Button labels: one sentence per verb, with the action's arguments in words.
VERB_LABELS = {
    "roll_dice": "Roll the dice", "end": "End turn", "buy": "Buy cards",
    "exhaust": "Exhaust the card in slot {slot}", "shunya": "Play Shunya",
    "clear": "Clear slot {slot}", "hold": "Hold brazier {slot}", "skip": "Decline",
    "redirect_charge": "Move a Charge from brazier {from} to {to}",
    "redirect_status": "Move {status} away from {from}",
    "swap": "Swap slots {a} and {b}", "reroll": "Reroll (pay from the {well} well)",
    "detonate": "Detonate the Agni well", "slide": "Slide the card in slot {from} to slot {to}",
    "blunt": "Blunt the Sentinel's next blow", "convert": "Convert {amount} {from} charge to {to}",
    "scrape": "Scrape slot {slot} bare", "brace": "Brace (resolve as pure)",
    "fire": "Fire the card in slot {slot} now", "take_back": "Take back the card in slot {slot}",
    "repaint": "Repaint the Wick", "blast": "Blast: spend the Wick as damage",
    "move": "Move the card in slot {from} to slot {to}",
    "redirect": "Turn the Sentinel's next blow on itself", "fortify": "Fortify: charge into lasting Block",
    "pull": "Pull the card in slot {slot} back to hand", "aim": "Aim the chain at {target}",
    "force": "Make the Sentinel reroll", "hop": "Hop the blow to slot {slot}",
    "tilt": "Make die face {face} show {element}",
}
# Labels that differ by variant or by whether the verb names a slot.
VARIANT_LABELS = {
    ("v03", "buy"): "Buy 2 cards (pay from the {well} well)",
    ("v03", "exhaust"): "Exhaust the card in slot {slot} (pay from the {well} well)",
    ("v07", "hold"): "Hold: keep the Wick's colour",
    ("v07", "swap"): "Swap the cards in slots {a} and {b}",
    ("v02", "swap"): "Swap braziers {a} and {b}",
    ("v10", "redirect"): "Fire the card on face {slot} instead",
    ("v10", "clear"): "Clear the engraving on face {slot}",
    ("v04", "shunya"): "Play Shunya on anchor {slot}",
    ("v07", "shunya"): "Play Shunya in slot {slot}",
}

# V07's counters in words (docs/rules/combat.md, V07).
WICK_COLOURS = {0: "agni", 1: "jal", 2: "vayu", 3: "prithvi", 5: "colourless"}
COUNTER_WORDS = {"colourless": "colourless charge", "repaint": "a rolled colour waits for Repaint or Hold",
                 "floor": "Prithvi floor reached", "frozen": "colour frozen this turn",
                 "redirect": "next attack redirected", "fired": "cards fired", "wild_used": "colourless spend used",
                 "mercy_used": "mercy used", "first": "first", "second": "second", "strong": "strong"}
FLAG_COUNTERS = ("repaint", "floor", "frozen", "redirect", "wild_used", "mercy_used")


def card_parts(name: str) -> tuple[str, str]:
    """"Stoneskin:agni" (a converted card) -> ("Stoneskin", "agni")."""
    base, _, element = name.partition(":")
    return base, element or CARDS.get(base, ("", "akasha"))[1]


def card_lines(name: str, params: dict[str, Any]) -> list[str]:
    """What a card does, a line per effect ("Deal 8", "Weak 1")."""
    base, _ = card_parts(name)
    info = CARDS.get(base)
    if info is None:
        return []
    _, _, dmg, blk, rider = info
    lines = []
    if dmg and params.get(dmg):
        lines.append(f"Deal {params[dmg]}")
    if blk and params.get(blk):
        lines.append(f"Block {params[blk]}")
    if rider:
        lines.append(rider.format(**{k: params.get(k, 1) for k in ("undertow_weak", "gale_draw")}))
    if base == "Shunya":
        lines.append("Exhausts when played")
    return lines


def card_cost(name: str, params: dict[str, Any]) -> str:
    """What placing the card costs, in words."""
    base, _ = card_parts(name)
    cost = params.get(f"{base.lower().replace(' ', '_')}_cost")
    if cost is None:
        return "Free to place"
    return f"Costs {cost} energy" if cost else "Free to play"


def card_effect(name: str, params: dict[str, Any]) -> str:
    """The card's effect and cost on one line each (the tooltip's and the table card's text)."""
    return "\n".join(card_lines(name, params) + [card_cost(name, params)])


def action_label(variant: str, data: dict[str, Any], rolled: bool = False) -> str:
    """A button's label for an action (its to_dict()), in words."""
    kind = data["type"]
    if kind == "place":
        base, element = card_parts(data["card"])
        converted = f" ({element})" if ":" in data["card"] else ""   # a converted card (V05) differs
        return f"{base}{converted} to slot {data['slot']}"
    if kind == "roll_dice":
        return "Roll the dice again" if rolled else "Roll the dice"
    args = {k: _word(k, v) for k, v in data.items() if k != "type"}
    if kind == "shunya" and "slot" not in args and (variant, kind) in VARIANT_LABELS:
        template = VERB_LABELS[kind]
    else:
        template = VARIANT_LABELS.get((variant, kind)) or VERB_LABELS.get(kind)
    if template is not None:
        try:
            return template.format(**args)
        except KeyError:
            pass
    words = kind.replace("_", " ").capitalize()
    return words + (": " + ", ".join(f"{k} {v}" for k, v in args.items()) if args else "")


def _word(key: str, value: Any) -> str:
    if key == "target" and value in ("player", "enemy"):
        return "yourself" if value == "player" else "the Sentinel"
    if key == "from" and value in ("player", "enemy"):
        return "you" if value == "player" else "the Sentinel"
    if isinstance(value, str):
        return value.capitalize() if key in ("element", "well", "status") else value
    return str(value)


def counters_text(counters: dict[str, int]) -> str:
    """The variant's counters as words ("Wick colour: agni, colourless charge 4")."""
    parts = []
    for key, value in counters.items():
        if key == "colour":
            parts.append(f"Wick colour: {WICK_COLOURS.get(value, value)}")
        elif value:
            word = COUNTER_WORDS.get(key, key.replace("_", " "))
            parts.append(word if key in FLAG_COUNTERS else f"{word} {value}")
    return ", ".join(parts)
