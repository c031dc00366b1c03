"""Combat's player-facing help (F1): the chosen variant, then how every fight goes, in plain words.

Written for players from the rules (docs/rules/combat.md): no notation, no code, no saved-game fields;
the exact numbers a player needs are on the cards (hover one) and in the side panel.
"""

from __future__ import annotations

import re

PAGES = """
[fight]
You against the Betaal Sentinel. You have 50 HP; the Sentinel has 60 to 80 depending on the variant. Bring its HP to 0 before it brings yours to 0.

Your cards
- Ember Lash (Agni, fire): deals damage.
- Undertow (Jal, water): deals damage and makes the Sentinel Weak.
- Gale (Vayu, air): deals damage and draws you a card.
- Stoneskin (Prithvi, earth): gives you Block.
Hover a card to see it large with its exact numbers. Your deck is 10 cards; when the draw pile runs out, the discard pile is shuffled back in.

The dice
Two dice are rolled together: the number die (1, 2, 3, 4 and two blanks) and the element die (Agni, Jal, Vayu, Prithvi and two blanks). A blank is a result too. The title and the panels show the roll once the dice have landed.

A turn
1. You gain energy and draw a card.
2. Place cards from your hand on the four slots (click a card, then a lit slot), roll, and use the variant's buttons.
3. End turn: your cards fire the way the variant says, then the Sentinel acts. Its turn plays out step by step; press Space or click to skip ahead.
4. Your ordinary Block fades at the end of the Sentinel's turn.

The Sentinel
It repeats four moves: Strike, Strike, Cleave, then Guard (it raises Block) with a Jab. The panel on the left always shows what it will do next and after that, so you can prepare.

Statuses
- Block absorbs damage before HP. Standing Block stays from turn to turn.
- Weak: deals 25% less damage, for that many turns.
- Vulnerable: takes 50% more damage, for that many turns.
- Burn: loses that much HP each turn while it lasts.
- Strength adds to every blow; Dexterity adds to every Block gained.

Shunya
The first time the Sentinel falls to half its HP, a special card, Shunya, joins your hand. What it does depends on the variant (below).

[v01]
The element die decides which slots count this turn; the number die gives the number.
- Place cards freely on the four slots, one card each. Once you roll, they are locked in.
- Agni: every slot from the number up matches; the slots below it get a Scorch token, and a card firing on a Scorch slot is stronger by 1 per token.
- Jal: the slot 5 minus the number matches, and every card that fires also makes the Sentinel Weak.
- Vayu: the slots on either side of the number match; fired cards come back to your hand and you draw 1.
- Prithvi: the slot of the number matches and stays matched through rerolls.
- A blank element: the slot of the number matches. A blank number: the lowest filled slot counts.
- At the end of the turn the matched cards fire, slot 1 to 4. Cards that did not match are clogged: pay 1 to exhaust one and free its slot.
- Energy each turn equals your empty slots (at least 1). The first roll costs 1, each reroll 2, buying 2 cards from the discard 1.
- Shunya (2 energy, before you roll): clears all tokens, and every filled slot matches this turn at half strength.

[v02]
Every slot is a brazier of one element (Agni, Jal, Vayu, Prithvi), so where you put a card decides what it does.
- Same element as the brazier: pure, double effect. The card's element feeds the brazier's: charged, normal effect, and the brazier pays 1 extra energy each turn. The brazier's element feeds the card's: doused, half effect, and no card may go there next turn. Opposite elements: rupture, triple effect, but the card is lost and you take 4 damage.
- The number die picks which brazier resolves. If the element die shows that brazier's element, the effect is doubled; if it shows the card's element, the next brazier resolves too.
- Each brazier adds something when it resolves: Agni makes every brazier stronger for the rest of the fight, Jal lets you move a Charge or a status, Vayu lets you swap two braziers, Prithvi makes its Charge permanent and your Block lasting.
- Hold (1 energy) keeps a brazier's card from resolving this turn. Clear (1) reopens a doused brazier.
- Shunya deals 6 and gives 6 Block, counts as pure anywhere, and wipes its brazier clean.

[v03]
There is no energy: rolling fills the wells, one per element, and the wells pay for everything.
- Each roll pours 2 into the rolled element's well (a blank pours 1 into every well). Each card that fires pours 1 into its own well.
- A card fires at the end of the turn when its slot is the number and its element is the element. A number-only match is primed: it fires free next turn if its well holds 3 or more.
- Agni well: spending from it empties it all for 2 damage per charge (Detonate).
- Jal well (at most 4): 1 slides a card to an empty slot; 2 makes the Sentinel's next blow 5 weaker (Blunt).
- Vayu well: empties every turn; pays rerolls for 1 and buys 2 cards for 1.
- Prithvi well: never spent; at 3 every card you place also gives 2 Block, at 9 slot 4 fires on a number match alone.
- Shunya deals 6 and opens the Null Well: one exchange of 2 charge from one well into 1 in another.

[v04]
Your rolls paint the four anchors, and each turn every painted anchor plays its card the painted way.
- Each roll paints one anchor: the number picks it, the element colours it (a blank element scrapes it bare). Paint stays.
- At the end of the turn, every painted anchor with a card plays it, 1 to 4. A card on its own colour is doubled.
- Agni (scorched): the card fires and stays, growing stronger each turn it fires there.
- Jal (flooded): the card fires, and the card to its right fires at half.
- Vayu (swept): the card fires, comes back to your hand, and you draw 1.
- Prithvi (stone): the card fires and stays; no roll repaints a stone anchor.
- Energy equals the number of different colours painted (at least 1). Scrape (1) strips an anchor bare.
- Shunya (before you roll, free): deals 6, gives 6 Block, strips all four anchors and returns their cards to your hand.

[v05]
Each roll pours one element onto one of your cards, and the meeting of the two elements is your turn.
- The number picks the card; the element die is what flows onto it.
- Same element (or a blank): pure, double effect. The incoming element feeds the card's: normal effect plus the incoming element's extra. It smothers the card: half effect, and the card takes the incoming element for the rest of the fight. Opposite elements clash: normal effect, the card is destroyed, you take 3 damage and gain 2 energy.
- Extras: Agni burns the Sentinel and strengthens every later meeting; Jal swaps all weaknesses between the two of you; Vayu moves every card one slot right; Prithvi protects your cards and Block next turn.
- Brace (2 energy, after rolling): this turn's meeting counts as pure.
- Shunya (free, after rolling): fires at once at normal strength and cancels this turn's meeting.

[v06]
The element die sets the price of your cards this turn; the number die opens the one slot you may pay for.
- Before rolling, place cards freely; Take back (1) returns one to your hand.
- Roll: the number opens a slot, the element sets the tide. Fire pays the open card's price and fires it at once.
- A card costs 1 less when its element is the tide's.
- Agni tide: prices are paid in HP and damage is doubled. Jal tide: the price is refunded, and unspent energy carries over and weakens the Sentinel. Vayu tide: everything is free, but each firing discards a random card and draws 1. Prithvi tide: prices are 1 higher, fired cards stay, and unspent energy becomes Block. Blank: printed prices.
- Energy each turn is 3, plus the cards you fired last turn (at most 2), plus what the Jal tide carried over.
- Shunya deals 12, fires from any slot at no cost, and ignores the tide.

[v07]
One Wick, one colour: the die paints the colour, and every card of that colour fires at the end of the turn.
- The Wick (the candle on the table) is your only energy. It keeps its charge from turn to turn; its flame shows its colour.
- Each turn it changes by its colour: Agni grows by 1, Vayu halves, Prithvi never falls below 3 once it reaches 3, Jal stays. Every empty slot adds 1 colourless charge.
- Rolling adds 2 charge of the rolled colour. If that colour differs from the Wick's, choose Repaint (take the new colour) or Hold (2: keep the old one). The number is the only slot you may place in, for free, until the next roll.
- Spend the Wick: Agni - Blast empties it for 2 damage per charge. Jal - move a card (2), swap two cards (2), or turn the Sentinel's next blow on itself (3). Prithvi - Fortify turns charge into lasting Block. Vayu makes everything 1 cheaper.
- End turn: every card of the Wick's colour fires, slot 1 to 4, and adds 1 charge. A colourless Wick fires nothing.
- Shunya (free, before you roll): the colour cannot change this turn.

[v08]
Line your cards up so each feeds the next, then roll to see where the spark lands.
- Before rolling, place cards, move them along the line for free, or pull back one left from an earlier turn (1).
- The number is where the spark enters, the element is the spark (a blank spark takes the first card's element).
- At the end of the turn the spark walks right. Same element or feeding: full effect, the spark takes the card's element and moves on. Smothered: half effect, the walk stops. Opposed: half its damage as Block, the walk stops.
- Agni links make every later link stronger; a Jal link lets you aim the rest at the Sentinel or at yourself (then damage heals you at half); Prithvi cards stay on the line and their Block lasts; Vayu links push the next card one slot right.
- Energy is 1 plus the links resolved last turn (at most 6).

[v09]
The Sentinel shows you where and how it will strike; put a card there to turn its blow into your effect.
- The dice are the Sentinel's, rolled at the end of every turn for the next: the number is the slot it strikes (blank: it goes around your cards and hits harder), the element is what the blow is made of.
- You never roll. Place cards (the first each turn free, then 1), pull one back (1), buy 2 cards (1), or Force (2, then 4) to make the Sentinel roll again.
- At the end of the turn the card on the struck slot fires, then the element adds: Agni - its neighbours fire at half and the fired cards are lost; Jal - the blow hops to another card of your choice, which fires too; Vayu - the struck card comes back to your hand; Prithvi - the card stays and its slot gains a Ward that stops the next blow.
- Then the blow hits you, Block first.

[v10]
Your cards are written on the faces of the die: roll it, and whatever face comes up happens.
- The number die's faces 1 to 4 are your four slots. Before rolling, write cards on them (the first each turn free, then 1); writing over a card sends it to the discard.
- Tilt (1) makes one face of the element die show another element this turn; Clear (2) rubs out an engraved face.
- End turn: the landed face's card fires, with the element's extra: Agni - it fires twice, then is lost; Jal - choose another face to fire instead; Vayu - the cards move one face along, and the fired card comes back to your hand; Prithvi - the card stays and its face is engraved.
- Energy is 2 plus the faces cleared last turn (at most 6).
- Shunya: while it is written, the sixth element face shows Akasha, which wipes the landed face and draws you 2.
"""


def _sections() -> dict[str, str]:
    parts = re.split(r"^\[(\w+)\]$", PAGES, flags=re.M)
    return {key: body.strip() for key, body in zip(parts[1::2], parts[2::2])}


def combat_page(variant: str | None) -> str:
    """The variant's own page first (its name as the heading: what differs is what a player looks up), then
    the fight every variant shares."""
    from triptych.games import load

    sections = _sections()
    v = (variant or "").lower()
    if v not in sections:
        return sections["fight"]
    info = next((x for x in load("combat").VARIANTS if x["id"] == v), {})
    return f"{v.upper()} - {info.get('name', '')}\n{sections[v]}\n\nThe fight (every variant)\n{sections['fight']}"
