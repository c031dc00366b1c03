"""F1: the player's rules page for the game (and Combat variant) on the table.

Built from the player-facing parts of the rules documents: the rules in brief
(AquaIgnis, Hexfleet), or the shared fight plus the chosen variant's own
section (Combat), without the rulings tables, notation or saved-game
formats that developers need. Markdown markup is dropped; characters the
font lacks are spelled out (``fonts.printable``).
"""

from __future__ import annotations

import re

CONTROLS = ("Controls: left click a piece to see its actions, then a highlighted target or a button. Hover for "
            "what a button would do.\nRight-drag orbit, wheel zoom, middle-drag / WASD pan, V reset view, Ctrl+Z "
            "undo, L expand the log (PgUp/PgDn scroll it), H hint (the AI's best action, lit and explained), F1 this "
            "page, Escape closes.")


def _section(text: str, heading: str) -> str:
    """The body of the '## heading...' section up to the next '## ' heading (subsections excluded)."""
    m = re.search(rf"^## {re.escape(heading)}.*?$", text, flags=re.M)
    if not m:
        return ""
    rest = text[m.end():]
    end = re.search(r"^##+ ", rest, flags=re.M)
    return rest[:end.start()] if end else rest


#: paragraphs about how the rules are checked (tests, documents) are for developers, not players
DEVELOPER_TALK = re.compile(r"tests/|\.md\b|\.toml\b|quoted by a test|\bpytest\b|ValueError|new_game\(", re.I)


def _plain(md: str) -> str:
    md = re.sub(r"\n[ \t]+(?=\S)", " ", md)                     # a bullet's wrapped lines: one line
    md = re.sub(r"(?<=[^\n])\n(?=[^\n\-|#])", " ", md)            # a paragraph's wrapped lines: one line
    md = "\n".join(line for line in md.split("\n") if not DEVELOPER_TALK.search(line))
    md = re.sub(r"^- ", "\u2022 ", md, flags=re.M)
    md = re.sub(r"\*\*|`|__", "", md)
    md = re.sub(r"(?<![\w*])\*([^*]+?)\*(?!\w)", r"\1", md)      # *emphasis*, across a line break too
    md = md.replace("*", "")                                    # no stray markup reaches the player
    md = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", md)           # links -> their text
    md = re.sub(r"\s*\((?:R|V\d+\.)\d+[^)]*\)", "", md)        # ruling references are for developers
    md = re.sub(r",\s*R\d+\)", ")", md)
    md = re.sub(r"^\|.*\|\s*$", "", md, flags=re.M)             # tables (rulings) are for developers
    return re.sub(r"\n{3,}", "\n\n", md).strip()


def help_page(game: str | None, variant: str | None = None) -> str:
    """The page F1 shows: controls, then how to play this game (and variant)."""
    if game is None:
        return CONTROLS
    if game == "combat":  # the player's page of each variant (combat_help), not the developers' rules
        from triptych.client3d.combat_help import combat_page

        return f"How to play Combat{(' - ' + variant.upper()) if variant else ''}\n{CONTROLS}\n\n{combat_page(variant)}"
    from triptych.cli.rules_command import rules_text

    try:
        text = rules_text(game)
    except Exception:  # a missing document must not break the client
        return CONTROLS
    titles = {"aquaignis": "AquaIgnis", "hexfleet": "Hexfleet", "combat": "Combat"}
    if game == "combat":
        body = _section(text, "The fight")
        if variant:
            vid = variant.upper()
            m = re.search(rf"^## {vid} [^\n]*$", text, flags=re.M)
            if m:
                name = m.group(0)[3:].strip()
                body += f"\n\n{name}\n" + _section(text, name)
        title = f"How to play Combat{(' - ' + variant.upper()) if variant else ''}"
    else:
        body = _section(text, "The rules in brief")
        title = f"How to play {titles.get(game, game)}"
    return f"{title}\n{CONTROLS}\n\n{_plain(body)}"
