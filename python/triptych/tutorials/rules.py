"""The rule lines of the player pages (F1), and which tutorial step teaches each: the trace.

A *page* is a part of a game's player page (``client3d/help_pages.py`` builds F1 from the same text):

- ``"aquaignis"``, ``"hexfleet"``: the bullets of "The rules in brief" in docs/rules/<game>.md;
- ``"combat:fight"``: the fight every Combat variant shares; ``"combat:v01"`` ... ``"combat:v10"``: each
  variant's own section (``client3d/combat_help.py``).

A *rule line* is one bullet or sentence line of a page (headings such as "The dice" are not rules). A step
names the lines it teaches by their first words (``Step.teaches = ("Spawn", "Side Jump")``), matched
case-insensitively against the start of the line, bullet marks dropped, on its tutorial's pages; a name
must match exactly one line there. ``gaps()`` lists every rule line no step teaches on the pages of every
game that has a tutorial; the tests fail on any gap, on a name that matches no line or several.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class RuleLine:
    page: str       # "aquaignis", "combat:v01" ...
    number: int     # 1-based, in page order
    text: str       # the line as the player reads it (markup dropped)

    @property
    def id(self) -> str:
        return f"{self.page}#{self.number}"


def _normal(text: str) -> str:
    text = re.sub(r"^\s*(?:\u2022|-|\d+\.)\s*", "", text)
    return re.sub(r"\s+", " ", text).strip().lower()


def _is_heading(line: str) -> bool:
    """A section title inside a page ("Your cards", "The dice"): short, no sentence in it."""
    return len(line.split()) <= 4 and not re.search(r"[.:;!?)]$", line) and not line.startswith(("-", "\u2022"))


def game_pages(game: str) -> tuple[str, ...]:
    """Every page key of `game`."""
    if game == "combat":
        from triptych.client3d.combat_help import _sections

        return tuple(f"combat:{k}" for k in _sections())
    return (game,)


def page_lines(page: str) -> list[RuleLine]:
    """The rule lines of `page`."""
    return list(_page_lines(page))


@functools.lru_cache(maxsize=None)   # the pages are read from the installed documents once per process
def _page_lines(page: str) -> tuple[RuleLine, ...]:
    from triptych.client3d import help_pages

    if page.startswith("combat:"):
        from triptych.client3d.combat_help import _sections

        body = _sections()[page.split(":", 1)[1]]
    else:
        from triptych.cli.rules_command import rules_text

        body = help_pages._plain(help_pages._section(rules_text(page), "The rules in brief"))
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    rules = [line for line in lines if not _is_heading(line)]
    return tuple(RuleLine(page, i, text) for i, text in enumerate(rules, start=1))


def resolve(name: str, pages: tuple[str, ...]) -> list[RuleLine]:
    """The rule lines on `pages` whose text starts with `name` (case-insensitive, bullet marks dropped)."""
    want = _normal(name)
    return [line for page in pages for line in page_lines(page) if _normal(line.text).startswith(want)]


@dataclass(frozen=True)
class Reference:
    tutorial: str
    step: int       # 1-based
    name: str
    lines: tuple[RuleLine, ...]


def references(tutorials) -> list[Reference]:
    """Every ``teaches`` name of every step, resolved on its tutorial's pages."""
    out = []
    for t in tutorials:
        for i, step in enumerate(t.steps, start=1):
            for name in step.teaches:
                out.append(Reference(t.id, i, name, tuple(resolve(name, t.page_keys()))))
    return out


def bad_references(tutorials) -> list[str]:
    """Names that match no rule line, or more than one: each a sentence."""
    out = []
    for ref in references(tutorials):
        if len(ref.lines) != 1:
            ids = ", ".join(x.id for x in ref.lines)
            what = f"{len(ref.lines)} rule lines ({ids})" if ref.lines else "no rule line"
            out.append(f"{ref.tutorial} step {ref.step}: {ref.name!r} matches {what}")
    return out


def trace(tutorials) -> list[tuple[RuleLine, list[str]]]:
    """(rule line, ["tutorial step N", ...]) for every rule line of every game that has a tutorial."""
    tutorials = list(tutorials)
    taught: dict[str, list[str]] = {}
    for ref in references(tutorials):
        if len(ref.lines) == 1:
            taught.setdefault(ref.lines[0].id, []).append(f"{ref.tutorial} step {ref.step}")
    games = sorted({t.game for t in tutorials})
    return [(line, taught.get(line.id, [])) for g in games for page in game_pages(g) for line in page_lines(page)]


def gaps(tutorials) -> list[RuleLine]:
    """The rule lines no step teaches."""
    return [line for line, steps in trace(tutorials) if not steps]
