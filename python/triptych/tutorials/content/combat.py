"""Combat: the V01 tutorial (every line of its player page) and one short lesson per variant V02-V10.

Each step is played, not built: a fight from `new_game(variant, seed=SEED)` whose chance outcomes (the
opening hand, every roll, every card drawn) are written into the script, so the position is one play
reaches and the dice say what the text says. A step asks one move; `then` holds the chance outcomes
that follow it (the dice after a roll, the cards drawn after the turn ends). Where a step would only
repeat a placement the last one taught, it starts from the fight a few moves on (`_at`) instead.

The rule lines a step teaches are named by their first words on the player page (client3d/combat_help.py:
"combat:fight" and "combat:vNN"); tests/test_tutorials.py checks every line is taught somewhere.
"""

from __future__ import annotations

from triptych.tutorials.model import Start, Step, Tutorial

SEED = 1
# The opening hand every script deals (the five draws of turn 1): two Ember Lash, Stoneskin, Undertow, Gale.
OPENING = ("+lash", "+lash", "+stone", "+undertow", "+gale")


def _at(*actions: str) -> Start:
    """A step that starts from the fight after the opening hand and `actions` (notation, chance included)."""
    return Start(actions=OPENING + tuple(actions), seed=SEED)


# -- V01: the tutorial ---------------------------------------------------------------------------------------
# Turn by turn (the Sentinel's HP): 1 Agni 2 - Lash fires, Stoneskin blocks (70 -> 62); 2 Jal 4 - Lash on
# Scorch, Weak (-> 53); 3 buy, Prithvi latch, reroll to Vayu - Gale and Stoneskin fire and come back
# (-> 48); 4 blank/blank - Undertow fires, Lash clogs (-> 42); 5 exhaust, Agni 1 - all four fire, the gate
# opens (-> 28); 6 Shunya's Void (-> 20).
TURN3 = ("lash>3", "stone>4", "roll", "2/agni", "end", "+gale",
         "lash>1", "roll", "4/jal", "end", "+stone",
         "buy", "+lash", "+stone")
TURN4 = TURN3 + ("stone>2", "gale>3", "roll", "2/prithvi", "roll", "2/vayu", "end", "+lash", "+undertow", "+stone")
TURN5 = TURN4 + ("undertow>2", "lash>4", "roll", "blank/blank", "end", "+lash", "exhaust 4")
TURN6 = TURN5 + ("lash>1", "gale>2", "undertow>3", "gale>4", "roll", "1/agni", "end", "+undertow", "+gale", "+lash")

V01 = Tutorial(
    id="combat-v01", game="combat", variant="v01", title="Combat: House Rules (V01)",
    pages=("combat:fight", "combat:v01"),
    intro="One fight against the Betaal Sentinel, a rule a step (the dice are set).",
    steps=(
        Step("Your hand and the slots",
             "You have 50 HP, the Betaal Sentinel 70: bring its HP to 0 before it brings yours to 0. Place Ember Lash"
             " (Agni, fire: 8 damage): click it, then slot 3. Turn 1 dealt you five cards and 4 energy; hover a card "
             "to see it large. Your deck is 10 cards: when the draw pile runs out, the discard pile is shuffled back "
             "in.",
             ask=("lash>3",), start=_at(),
             after="You place Ember Lash in slot 3. Placing is free, one card per slot.",
             expect=("ember lash in slot 3",),
             teaches=("You against the Betaal", "Ember Lash (Agni", "Hover a card", "You gain energy",
                      "Place cards from your hand", "Place cards freely"),
             try_text="Click Ember Lash in your hand, then slot 3"),
        Step("Block",
             "The side panel shows the Sentinel's next move: Strike 8. Stoneskin (Prithvi, earth) gives you 7 Block, "
             "and Block absorbs damage before your HP. Put Stoneskin in slot 4.",
             ask=("stone>4",),
             after="You place Stoneskin in slot 4.", expect=("stoneskin in slot 4",),
             teaches=("Stoneskin (Prithvi", "Block absorbs damage"),
             try_text="Click Stoneskin, then slot 4"),
        Step("The dice",
             "Two dice roll together: the number die (1-4 and two blanks) gives the number, the element die (Agni, "
             "Jal, Vayu, Prithvi and two blanks) decides which slots count. Roll. Your energy each turn equals your "
             "empty slots: 4 now. The first roll costs 1.",
             ask=("roll",), then=("2/agni",),
             after="Energy 4 -> 3. Dice: 2 / Agni. Agni matches every slot from the number up: slots 3 and 4 (and "
                   "the empty 2). The slot below the number gets a Scorch token: slot 1: scorch 1. "
                   "Your cards are locked in now.",
             expect=("energy 4 -> 3", "dice: 2 / agni", "slot 1: scorch 1"),
             teaches=("Two dice are rolled", "The element die decides", "Energy each turn equals", "Agni: every slot"),
             try_text="Press Roll"),
        Step("The end of the turn",
             "When you end the turn the matched cards fire, slot 1 to 4, then the Sentinel acts. End the turn. It "
             "repeats Strike, Strike, Cleave, then Guard with a Jab, always shown one move ahead; its turn plays out "
             "step by step (Space or a click skips ahead).",
             ask=("end",), then=("+gale",),
             after="Ember Lash fires: 8 damage to the Sentinel (HP 70 -> 62). Stoneskin fires: 7 Block, so the "
                   "Strike 8 does 1 damage to you (HP 50 -> 49). Your Block fades at the end of the Sentinel's turn. "
                   "A new turn: you drew Gale.",
             expect=("8 damage to the sentinel", "1 damage to you", "drew gale"),
             teaches=("End turn:", "At the end of the turn the matched", "It repeats four moves",
                      "Your ordinary Block fades"),
             try_text="Press End turn"),
        Step("Scorch",
             "Slot 1 kept its Scorch token: a card that fires there is 1 stronger per token. Put Ember Lash in slot "
             "1.",
             ask=("lash>1",), after="You place Ember Lash in slot 1, on the Scorch.", expect=("ember lash in slot 1",),
             try_text="Click Ember Lash, then slot 1"),
        Step("Jal: the mirror",
             "Jal matches the slot 5 minus the number (1 and 4, 2 and 3 mirror each other), and every card that fires"
             " under Jal also makes the Sentinel Weak. Roll.",
             ask=("roll",), then=("4/jal",),
             after="Dice: 4 / Jal: slot 5 - 4 = 1 matches, your Ember Lash.", expect=("dice: 4 / jal",),
             teaches=("Jal: the slot",), try_text="Press Roll"),
        Step("Weak and the other statuses",
             "Statuses show in the side panel. Weak deals 25% less damage for its turns. You will meet others: "
             "Vulnerable takes 50% more damage, Burn loses HP each turn, Strength adds to every blow and Dexterity to"
             " every Block. End the turn.",
             ask=("end",), then=("+stone",),
             after="Ember Lash on 1 Scorch: 9 damage to the Sentinel (HP 62 -> 53), and the Sentinel is Weak "
                   "(weak 1 turn left after its turn): its Strike 8 does only 6 damage to you (HP 49 -> 43).",
             expect=("9 damage to the sentinel", "weak 1", "6 damage to you"),
             teaches=("Weak:", "Vulnerable:", "Burn:", "Strength adds"), try_text="Press End turn"),
        Step("Buying cards",
             "Your discard pile holds 3 cards. Before you roll, Buy draws 2 of them back for 1 energy. Buy.",
             ask=("buy",), then=("+lash", "+stone"),
             after="Energy 4 -> 3; from the discard you drew Ember Lash and you drew Stoneskin.",
             expect=("energy 4 -> 3", "drew ember lash", "drew stoneskin"), try_text="Press Buy"),
        Step("Prithvi: the latch",
             "Stoneskin is on slot 2, Gale on slot 3. Prithvi matches the number's slot and latches it: it stays "
             "matched through rerolls. Roll.",
             ask=("roll",), then=("2/prithvi",), start=_at(*TURN3, "stone>2", "gale>3"),
             after="Energy 3 -> 2. Dice: 2 / Prithvi: slot 2: latched 1.",
             expect=("energy 3 -> 2", "slot 2: latched 1"),
             teaches=("Prithvi: the slot",), try_text="Press Roll"),
        Step("Reroll into Vayu",
             "Slot 3's Gale does not match yet. A reroll costs 2 and rolls both dice again; the latch on slot 2 "
             "survives it. Roll again.",
             ask=("roll",), then=("2/vayu",),
             after="Energy 2 -> 0. Dice: 2 / Vayu: Vayu matches the slots on either side of the number, 1 and 3, "
                   "and slot 2 stays latched.",
             expect=("energy 2 -> 0", "dice: 2 / vayu"), teaches=("Vayu: the slots",), try_text="Press Roll"),
        Step("Gale and the Vayu return",
             "Gale (Vayu, air) deals damage and draws you a card. Under Vayu the cards that fire come back to your "
             "hand and you draw 1. End the turn.",
             ask=("end",), then=("+lash", "+undertow", "+stone"),
             after="Stoneskin and Gale fire: 5 damage to the Sentinel (HP 53 -> 48), Gale returns to your hand "
                   "and Stoneskin returns to your hand. The Cleave 13, Weak, meets 7 Block: 2 damage to you.",
             expect=("5 damage to the sentinel", "gale returns to your hand", "stoneskin returns to your hand",
                     "2 damage to you"),
             teaches=("Gale (Vayu",), try_text="Press End turn"),
        Step("Blanks",
             "Undertow is on slot 2, Ember Lash on slot 4. A blank element still matches the number's slot; a blank "
             "number counts as your lowest filled slot. Roll.",
             ask=("roll",), then=("blank/blank",), start=_at(*TURN4, "undertow>2", "lash>4"),
             after="Dice: blank / blank: the lowest filled slot is 2, so slot 2 matches, plainly.",
             expect=("dice: blank / blank",), teaches=("A blank element",), try_text="Press Roll"),
        Step("Clogged",
             "Undertow (Jal, water) deals damage and makes the Sentinel Weak. Ember Lash on slot 4 did not match: it "
             "stays on its slot, clogged. End the turn.",
             ask=("end",), then=("+lash",),
             after="Undertow: 6 damage to the Sentinel (HP 48 -> 42), Weak again. Slot 4: clogged 1. The Guard "
                   "raises 10 Block and the Jab does 3 damage to you.",
             expect=("6 damage to the sentinel", "slot 4: clogged 1", "3 damage to you"),
             teaches=("Undertow (Jal",), try_text="Press End turn"),
        Step("Free a clogged slot",
             "A clogged card blocks its slot. Before rolling you may pay 1 to exhaust it (it leaves the fight). "
             "Exhaust the card in slot 4.",
             ask=("exhaust 4",), after="You exhaust the card in slot 4: Energy 3 -> 2.", expect=("energy 3 -> 2",),
             try_text="Press Exhaust"),
        Step("Half the Sentinel's HP",
             "Four cards on the board and the dice show 1 / Agni: every slot matches, and the Sentinel's 10 Block "
             "from its Guard is all that stands in the way. End the turn.",
             ask=("end",), then=("+undertow", "+gale", "+lash"),
             start=_at(*TURN5, "lash>1", "gale>2", "undertow>3", "gale>4", "roll", "1/agni"),
             after="The Sentinel falls from 42 to 28 HP: half its 70 or less, so Shunya joins your hand (once a "
                   "fight).",
             expect=("shunya joins your hand",), teaches=("The first time the Sentinel falls",),
             try_text="Press End turn"),
        Step("Shunya",
             "Ember Lash is on slots 1 and 3, Stoneskin on 4. Shunya costs 2 energy and is played before you roll: it"
             " clears every token and latch, and every filled slot matches this turn at half strength. Play Shunya.",
             ask=("shunya",), start=_at(*TURN6, "lash>1", "lash>3", "stone>4"),
             after="You play Shunya: Energy 4 -> 2. It is exhausted at once.", expect=("energy 4 -> 2",),
             teaches=("Shunya (2 energy",), try_text="Press Shunya"),
        Step("The Void",
             "Roll: whatever the dice say, every filled slot fires at half.",
             ask=("roll",), then=("3/blank",), after="Energy 2 -> 1. Dice: 3 / blank, but the Void matches 1, 3 and 4.",
             expect=("energy 2 -> 1",), try_text="Press Roll"),
        Step("Finish the turn",
             "End the turn: two Ember Lash at half (4 each) and Stoneskin at half (3 Block).",
             ask=("end",), then=("+undertow",),
             after="8 damage to the Sentinel (HP 28 -> 20); the Weak Strike meets 3 Block: 3 damage to you. "
                   "That is the whole of House Rules: start a fight of your own (New) when you like.",
             expect=("8 damage to the sentinel", "3 damage to you"), try_text="Press End turn"),
    ),
)


# -- V02-V10: one short lesson each --------------------------------------------------------------------------
def _lesson(variant: str, name: str, *steps: Step) -> Tutorial:
    return Tutorial(id=f"combat-{variant}", game="combat", variant=variant, title=f"Combat: {name} ({variant.upper()})",
                    pages=(f"combat:{variant}",), steps=steps,
                    intro=f"What {name} changes, in a few moves (the dice are set).")


V02 = _lesson("v02", "Four Braziers",
    Step("Pure",
         "Every slot is a brazier of one element: 1 Agni, 2 Jal, 3 Vayu, 4 Prithvi. Put Ember Lash (Agni) in the Agni"
         " brazier. A card on its own element is pure (double); a card that feeds the brazier charges it (+1 energy "
         "each turn); the brazier feeding the card douses it (half, and the brazier is closed next turn); opposite "
         "elements rupture (triple, the card is lost, 4 damage to you).",
         ask=("lash>1",), start=_at(), after="You place Ember Lash in slot 1: PURE.", expect=("ember lash in slot 1",),
         teaches=("Every slot is a brazier", "Same element as the brazier"), try_text="Click Ember Lash, then slot 1"),
    Step("The dice pick the brazier",
         "The number die picks the brazier that resolves; the element die showing the brazier's element doubles it, "
         "showing the card's element makes the next brazier resolve too. Roll. After rolling, Hold (1 energy) keeps "
         "the named brazier from resolving, and Clear (1) reopens a doused one.",
         ask=("roll",), then=("1/agni",), after="Dice: 1 / Agni: brazier 1 resolves, and Agni is its element: STRONG.",
         expect=("dice: 1 / agni",), teaches=("The number die picks", "Hold (1 energy)"), try_text="Press Roll"),
    Step("Escalate",
         "Each brazier adds its verb when it resolves: Agni makes every brazier 1 stronger for the rest of the fight;"
         " Jal moves a Charge or a status; Vayu swaps two braziers; Prithvi makes its Charge permanent and your Block"
         " lasting. End the turn. Shunya, later, deals 6 and gives 6 Block, is pure anywhere and wipes its brazier "
         "clean.",
         ask=("end",), then=("+stone",),
         after="Ember Lash 7, pure x2, strong x2: 28 damage to the Sentinel (HP 70 -> 42). Slot 1: escalation 1, "
               "and every other brazier too.",
         expect=("28 damage to the sentinel", "slot 1: escalation 1"),
         teaches=("Each brazier adds something", "Shunya deals 6"), try_text="Press End turn"),
)

V03 = _lesson("v03", "Twin Wells",
    Step("No energy",
         "There is no energy: four wells, one per element, pay for everything. Put Ember Lash in slot 1. A card fires"
         " at the end of the turn when its slot is the number and its element is the element; a number-only match is "
         "primed and fires free next turn if its well holds 3.",
         ask=("lash>1",), start=_at(), after="You place Ember Lash in slot 1.", expect=("ember lash in slot 1",),
         teaches=("There is no energy", "A card fires at the end of the turn when"),
         try_text="Click Ember Lash, then slot 1"),
    Step("Rolling fills a well",
         "Each roll pours 2 into the rolled element's well (a blank: 1 into each); each card that fires pours 1 into "
         "its own well. The Vayu well empties every turn and pays for rerolls and cards. Roll.",
         ask=("roll",), then=("1/agni",), after="Dice: 1 / Agni: the Agni well holds 2, and Ember Lash matches.",
         expect=("dice: 1 / agni",), teaches=("Each roll pours 2", "Vayu well:"), try_text="Press Roll"),
    Step("Detonate",
         "Spending from the Agni well empties it all for 2 damage per charge. Detonate. The Jal well (at most 4) "
         "slides a card or blunts the next blow; the Prithvi well is never spent and adds Block, then more. Shunya, "
         "later, deals 6 and opens the Null Well.",
         ask=("detonate",), after="The Agni well's 2 charges: 4 damage to the Sentinel (HP 60 -> 56).",
         expect=("4 damage to the sentinel",),
         teaches=("Agni well:", "Jal well", "Prithvi well:", "Shunya deals 6"), try_text="Press Detonate"),
)

V04 = _lesson("v04", "Painted Ground",
    Step("Anchors",
         "Your rolls paint the four anchors, and each turn every painted anchor plays its card the painted way. "
         "Energy equals the number of colours painted (at least 1). Put Ember Lash on anchor 1.",
         ask=("lash>1",), start=_at(), after="You place Ember Lash in slot 1.", expect=("ember lash in slot 1",),
         teaches=("Your rolls paint", "Energy equals the number"), try_text="Click Ember Lash, then slot 1"),
    Step("Paint",
         "Each roll paints one anchor: the number picks it, the element colours it (a blank scrapes it bare), and "
         "paint stays. Roll.",
         ask=("roll",), then=("1/agni",), after="Dice: 1 / Agni: slot 1: paint 1, scorched.",
         expect=("slot 1: paint 1",), teaches=("Each roll paints",), try_text="Press Roll"),
    Step("Scorched",
         "At the end of the turn every painted anchor with a card plays it, and a card on its own colour is doubled. "
         "End the turn. Agni (scorched) fires and keeps the card there, stronger each turn; Jal (flooded) also fires "
         "the card to its right at half; Vayu (swept) returns it to your hand with a draw; Prithvi (stone) keeps it "
         "and can never be repainted. Shunya, later, strips all four anchors.",
         ask=("end",), then=("+stone",),
         after="Ember Lash on its own colour: 14 damage to the Sentinel (HP 75 -> 61), and it stays on slot 1.",
         expect=("14 damage to the sentinel",),
         teaches=("At the end of the turn, every painted", "Agni (scorched)", "Jal (flooded)", "Vayu (swept)",
                  "Prithvi (stone)", "Shunya (before you roll, free)"),
         try_text="Press End turn"),
)

V05 = _lesson("v05", "Sangam",
    Step("A card to meet",
         "Each roll pours one element onto one of your cards, and the meeting of the two is your turn. Put Stoneskin "
         "(Prithvi) in slot 2.",
         ask=("stone>2",), start=_at(), after="You place Stoneskin in slot 2.", expect=("stoneskin in slot 2",),
         teaches=("Each roll pours one element",), try_text="Click Stoneskin, then slot 2"),
    Step("The pour",
         "The number picks the card, the element die is what flows onto it. After rolling, Brace (2 energy) makes the"
         " meeting count as pure. Roll.",
         ask=("roll",), then=("2/agni",), after="Dice: 2 / Agni: Agni flows onto Stoneskin. Agni feeds Prithvi: FEED.",
         expect=("dice: 2 / agni",), teaches=("The number picks the card", "Brace (2 energy"), try_text="Press Roll"),
    Step("Feed",
         "Agni feeds Prithvi: full Block plus Agni's extra. End the turn. "
         "Same element: double. Feeding: normal effect plus the incoming element's extra. Smothering: "
         "half, and the card takes the element. Opposites clash: the card is destroyed, 3 damage to you, 2 energy. "
         "Agni's extra burns the Sentinel and strengthens every later meeting.",
         ask=("end",), then=("+stone",),
         after="Stoneskin's Block takes the Strike 7: 1 damage to you. The Sentinel takes burn 3 and loses 3 HP at "
               "the end of its turn: 3 damage to the Sentinel. The other extras: Jal swaps weaknesses, Vayu moves "
               "every card "
               "one slot right, Prithvi protects your cards and Block. Shunya, later, fires at once after a roll.",
         expect=("burn 3", "1 damage to you", "3 damage to the sentinel"),
         teaches=("Same element (or a blank)", "Extras:", "Shunya (free, after rolling)"), try_text="Press End turn"),
)

V06 = _lesson("v06", "Tide Price",
    Step("Place first",
         "The element die sets the price of your cards this turn; the number die opens the one slot you may pay for. "
         "Before rolling, place freely (Take back, 1, returns a card). Put Ember Lash in slot 1.",
         ask=("lash>1",), start=_at(), after="You place Ember Lash in slot 1.", expect=("ember lash in slot 1",),
         teaches=("The element die sets the price", "Before rolling, place cards freely"),
         try_text="Click Ember Lash, then slot 1"),
    Step("The tide",
         "Roll: the number opens a slot, the element sets the tide. Energy each turn is 3, plus the cards you fired "
         "last turn (at most 2), plus what a Jal tide carried over. Roll.",
         ask=("roll",), then=("1/agni",), after="Energy 3 -> 2. Dice: 1 / Agni: slot 1 is open, the tide is Agni.",
         expect=("dice: 1 / agni",), teaches=("Roll: the number opens", "Energy each turn is 3"),
         try_text="Press Roll"),
    Step("Fire in an Agni tide",
         "A card costs 1 less when its element is the tide's. Fire slot 1. An Agni tide takes its price in HP and "
         "doubles the damage; Jal refunds, Vayu is free but discards, Prithvi costs more but keeps. Shunya, later, "
         "deals 12 from any slot and ignores the tide.",
         ask=("fire 1",),
         after="Ember Lash, doubled: 18 damage to the Sentinel (HP 70 -> 52), paid with 1 damage to you.",
         expect=("18 damage to the sentinel", "1 damage to you"),
         teaches=("A card costs 1 less", "Agni tide:", "Shunya deals 12"), try_text="Press Fire"),
)

V07 = _lesson("v07", "One Wick",
    Step("The Wick",
         "One Wick, one colour: the die paints the colour, and every card of that colour fires at the end of the "
         "turn. The Wick (the candle) is your only energy and keeps its charge from turn to turn. Roll.",
         ask=("roll",), then=("1/agni",), start=_at(),
         after="Dice: 1 / Agni: 2 Agni charge, and slot 1 is open for a free card.", expect=("dice: 1 / agni",),
         teaches=("One Wick, one colour", "The Wick (the candle"), try_text="Press Roll"),
    Step("Repaint",
         "Rolling adds 2 charge of the rolled colour; a new colour asks Repaint (take it) or Hold (2: keep the old). "
         "Repaint. Each turn the Wick changes by its colour: Agni grows by 1, Vayu halves, Prithvi keeps 3, Jal "
         "stays; empty slots add colourless charge. Spend it: Agni blasts, Jal moves or turns the blow, Prithvi "
         "fortifies, Vayu makes things cheaper.",
         ask=("repaint",), after="You repaint: the Wick burns Agni.", expect=("repaint",),
         teaches=("Rolling adds 2 charge", "Each turn it changes", "Spend the Wick"), try_text="Press Repaint"),
    Step("Agni fires",
         "Ember Lash is on the open slot 1. At the end of the turn every card of the Wick's colour fires, slot 1 to "
         "4, and adds 1 charge. Shunya, later, keeps the colour from changing for a turn. End the turn.",
         ask=("end",), then=("+stone",), start=_at("roll", "1/agni", "repaint", "lash>1"),
         after="Ember Lash (Agni) fires: 5 damage to the Sentinel (HP 75 -> 70).",
         expect=("5 damage to the sentinel",),
         teaches=("End turn: every card of the Wick", "Shunya (free, before you roll)"), try_text="Press End turn"),
)

V08 = _lesson("v08", "Fuse Line",
    Step("The line",
         "Line your cards up so each feeds the next. Put Stoneskin on slot 3. Gale is on slot 1, Ember Lash on 2. "
         "Before rolling you may place, move cards along the line free, or pull back a card left from an earlier turn"
         " (1). Energy is 1 plus the links resolved last turn.",
         ask=("stone>3",), start=_at("gale>1", "lash>2"), after="You place Stoneskin in slot 3.",
         expect=("stoneskin in slot 3",), teaches=("Line your cards up", "Before rolling, place", "Energy is 1 plus"),
         try_text="Click Stoneskin, then slot 3"),
    Step("The spark",
         "The number is where the spark enters, the element is the spark (a blank spark takes the first card's "
         "element). Roll.",
         ask=("roll",), then=("1/vayu",), after="Dice: 1 / Vayu: a Vayu spark enters at slot 1.",
         expect=("dice: 1 / vayu",), teaches=("The number is where the spark",), try_text="Press Roll"),
    Step("The walk",
         "At the end of the turn the spark walks right: same element or feeding, full effect and on; smothered, half "
         "and stop; opposed, Block and stop. End the turn. Agni links strengthen later links, Jal aims them, Prithvi "
         "stays, Vayu pushes. The wheel: Vayu feeds Agni, Agni feeds Prithvi.",
         ask=("end",), then=("+lash", "+stone"),
         after="Gale fires: 4 damage to the Sentinel, and you draw. Vayu feeds Agni: Ember Lash fires in full, 7 "
               "damage to the Sentinel. Agni feeds Prithvi: Stoneskin fires, and as a Prithvi link it stays on the "
               "line (slot 3: stayed 1), its Block lasting.",
         expect=("4 damage to the sentinel", "7 damage to the sentinel", "slot 3: stayed 1"),
         teaches=("At the end of the turn the spark", "Agni links"),
         try_text="Press End turn"),
)

V09 = _lesson("v09", "Their Dice",
    Step("Where it strikes",
         "The Sentinel shows you where and how it will strike. Put Stoneskin on slot 2. The dice are its: 2 / Prithvi"
         " means slot 2, with an earth blow. You never roll: you place (first card free, then 1), pull back (1), buy "
         "(1) or Force (2) a new roll.",
         ask=("stone>2",), start=_at("2/prithvi"), after="You place Stoneskin in slot 2.",
         expect=("stoneskin in slot 2",),
         teaches=("The Sentinel shows you", "The dice are the Sentinel's", "You never roll"),
         try_text="Click Stoneskin, then slot 2"),
    Step("The blow meets your card",
         "At the end of the turn the card on the struck slot fires, then the element adds its twist (Prithvi: the "
         "card stays and wards its slot); then the blow hits you, Block first. End the turn.",
         ask=("end",), then=("3/jal", "+lash"),
         after="Stoneskin's 8 Block takes the Strike 8: no damage this turn, and slot 2: ward 1.",
         expect=("no damage this turn", "slot 2: ward 1"),
         teaches=("At the end of the turn the card on the struck", "Then the blow hits you"),
         try_text="Press End turn"),
    Step("Force",
         "The Sentinel now declares slot 3, a Jal blow, and slot 3 is empty. Force (2 energy, 4 for a second) makes "
         "it roll again: a gamble, the new blow may be worse. Force.",
         ask=("force",), then=("4/vayu",),
         after="You force: Energy 4 -> 2. Dice: 4 / Vayu: the blow now goes for slot 4.",
         expect=("energy 4 -> 2", "dice: 4 / vayu"), try_text="Press Force"),
)

V10 = _lesson("v10", "The Written Die",
    Step("Write a face",
         "Your cards are written on the faces of the die: faces 1 to 4 of the number die are your slots (the first "
         "writing each turn free, then 1). Energy is 2 plus the faces cleared last turn. Write Ember Lash on face 2.",
         ask=("lash>2",), start=_at(), after="You place Ember Lash in slot 2.", expect=("ember lash in slot 2",),
         teaches=("Your cards are written", "The number die's faces", "Energy is 2 plus"),
         try_text="Click Ember Lash, then slot 2"),
    Step("Roll the die",
         "Before rolling, Tilt (1) turns a face of the element die to another element for this turn; Clear (2) rubs "
         "out an engraved face. Roll.",
         ask=("roll",), then=("2/agni",), after="Dice: 2 / Agni: face 2 landed, with Agni.", expect=("dice: 2 / agni",),
         teaches=("Tilt (1)",), try_text="Press Roll"),
    Step("Reignite",
         "The landed face's card fires with the element's extra. End the turn. Agni fires it twice and then"
         " it is lost; Jal fires another face instead; Vayu turns the faces one along; Prithvi engraves. Shunya, "
         "later, adds an Akasha face that wipes.",
         ask=("end",), then=("+stone",),
         after="Ember Lash fires twice: 20 damage to the Sentinel (HP 70 -> 50).",
         expect=("20 damage to the sentinel",), teaches=("End turn: the landed face", "Shunya: while it is written"),
         try_text="Press End turn"),
)

TUTORIALS = [V01, V02, V03, V04, V05, V06, V07, V08, V09, V10]
