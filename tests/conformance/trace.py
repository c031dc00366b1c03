"""Traceability from the seeds (the rule texts) to the tests and rulings that pin them.

The seeds in ``shared/seeds/`` are the specification. This script splits each seed into sentences and
finds, for every sentence, what pins it:

- a conformance test (``tests/conformance/test_*.py``) whose docstring quotes it: every run of docstring
  lines starting with ``> `` is one verbatim quote;
- a ruling in ``docs/rules/<game>.md``: a table row whose ``Seed text`` cell quotes it in «guillemets»;
- an entry of ``tests/conformance/not_rules/*.toml`` saying why it states no rule (flavour, design
  history, page furniture).

A sentence is covered when the quotes together cover every letter and digit of it. Quotes are compared
after whitespace is collapsed and U+FE0E (an invisible variation selector) is dropped; anything else must
match the seed exactly, and a quote that matches nothing is an error, so a misquote cannot pass silently.

    python tests/conformance/trace.py                  # rewrite docs/rules/conformance.md
    python tests/conformance/trace.py --check          # exit 1 if it is stale, a quote is wrong or a gap is left
    python tests/conformance/trace.py --gaps hexfleet.txt [--section V01]   # what is still uncovered

The tests in ``test_traceability.py`` run the same checks, and one more (``claim_gaps``): a test whose
quote claims a scope or a repetition must reach it, as far as that can be seen in its code:

- a quote saying "every variant", "all variants" or "each variant" needs a test that names every variant
  of the combat slate (the V01..V10 parts of the seed): as its parameters or in its body, spelled out
  (``"v01"`` ... ``"v10"``) or through a name bound to the full list (``combat.variant_ids()``,
  ``combat.VARIANTS``). Checked exactly.
- a quote saying "the first time", "cumulative(ly)", "each time" or "every time" needs a test that repeats:
  a loop (``for``/``while``) in its body or a parametrisation over a count of occurrences (a parameter
  named ``times``, ``turns``, ``occurrences`` or ``repeat``). This is necessary, not sufficient: a loop
  does not prove the second occurrence is asserted on, and a test can reach it without a loop; such a
  test is listed, with the reason, in test_traceability.py's ``REVIEWED_CLAIMS``.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

# Seed file -> (rules page, short id prefix for sentence numbers).
SEEDS = {
    "aquaignis.txt": ("aquaignis.md", "AQ"),
    "hexfleet.txt": ("hexfleet.md", "HX"),
    "combat-variants.txt": ("combat.md", "CB"),
}

# The combat slate has parts: its front matter, the candidate scoring, the shared conventions, one build
# spec per variant and a changelog. A quote in a variant's test module or ruling is looked for in that
# variant's part only, since every spec repeats sentences such as "Player HP 50.".
_COMBAT_PARTS = [
    ("scoring", re.compile(r"^1\. Scoring pass")),
    ("conventions", re.compile(r"^2\. Conventions")),
    ("V", re.compile(r"^(V\d\d) — .*\((verb|reaction|track|wildcard)\)$")),
    ("changelog", re.compile(r"^Changelog$")),
]

_SPLIT = re.compile(r"(?<=[.!?])[\"”’)]*\s+")
_RULING_ID = re.compile(r"^(?:F-R\d+|V\d\d-R\d+|R\d+)[a-z]?$")
_GUILLEMETS = re.compile(r"«([^»]*)»")
_TEST_NAME = re.compile(r"`(?:[\w/.-]+\.py::)?(test_\w+)(?:\[[^\]]*\])?`")


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\ufe0e", "")).strip()


@dataclass
class Sentence:
    sid: str
    section: str
    start: int
    end: int
    text: str
    pins: dict[str, list[str]] = field(default_factory=lambda: {"test": [], "ruling": [], "not a rule": []})
    uncovered: str = ""

    @property
    def covered(self) -> bool:
        return not self.uncovered


@dataclass
class Seed:
    """A seed as one normalised text (lines joined by spaces) with its sentences and parts."""

    name: str
    text: str
    sentences: list[Sentence]
    sections: dict[str, tuple[int, int]]  # part name -> (start, end) in text

    def span(self, section: str | None) -> tuple[int, int]:
        if section is None:
            return 0, len(self.text)
        if section not in self.sections:
            raise KeyError(f"{self.name} has no section {section!r} (it has {', '.join(self.sections)})")
        return self.sections[section]


def load_seed(path: Path) -> Seed:
    lines = [normalise(line) for line in path.read_text(encoding="utf-8").splitlines()]
    text = ""
    sentences: list[Sentence] = []
    section = "intro"
    starts = {"intro": 0}
    prefix = SEEDS[path.name][1]
    for line in lines:
        if text:
            text += " "
        offset = len(text)
        text += line
        if path.name == "combat-variants.txt":
            for name, pattern in _COMBAT_PARTS:
                m = pattern.match(line)
                if m:
                    section = m.group(1) if name == "V" else name
                    starts.setdefault(section, offset)
        pos = 0
        for piece in _split_sentences(line):
            at = line.index(piece, pos)
            pos = at + len(piece)
            if not re.search(r"\w", piece):
                continue  # table rules and bullets ("|", "◉") carry no words
            sid = f"{prefix}-{len(sentences) + 1:03d}"
            sentences.append(Sentence(sid, section, offset + at, offset + pos, piece))
    ordered = sorted(starts.items(), key=lambda kv: kv[1])
    sections = {
        name: (start, ordered[i + 1][1] if i + 1 < len(ordered) else len(text))
        for i, (name, start) in enumerate(ordered)
    }
    return Seed(path.name, text, sentences, sections)


def _split_sentences(line: str) -> list[str]:
    pieces: list[str] = []
    for part in _SPLIT.split(line):
        # "3. Build specs" is a heading, not the sentence "3." followed by another.
        if pieces and re.fullmatch(r"\d+\.", pieces[-1]):
            pieces[-1] += " " + part
        elif part:
            pieces.append(part)
    return pieces


# --- where quotes come from -------------------------------------------------------------------------


@dataclass
class Quote:
    seed: str
    section: str | None
    text: str
    kind: str  # "test", "ruling" or "not a rule"
    label: str  # what to print in the table
    origin: str  # where the quote is written, for error messages
    until: str | None = None  # a not-a-rule range: from `text` to `until`


def docstring_quotes(doc: str) -> list[str]:
    quotes, current = [], []
    for raw in doc.splitlines():
        line = raw.strip()
        if line.startswith(">"):
            current.append(line[1:].strip())
        elif current:
            quotes.append(" ".join(current))
            current = []
    if current:
        quotes.append(" ".join(current))
    return [normalise(q) for q in quotes if q.strip()]


def test_quotes(root: Path) -> tuple[list[Quote], list[str]]:
    quotes, errors = [], []
    for module in sorted((root / "tests" / "conformance").glob("test_*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        consts = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                    consts[node.targets[0].id] = node.value.value
        seed = consts.get("SEED")
        rel = module.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not node.name.startswith("test"):
                continue
            doc = ast.get_docstring(node) or ""
            found = docstring_quotes(doc)
            if found and seed not in SEEDS:
                errors.append(f"{rel}: quotes the seed but sets no valid SEED (one of {', '.join(SEEDS)})")
                break
            for q in found:
                quotes.append(Quote(seed, consts.get("SECTION"), q, "test", f"{module.stem}::{node.name}",
                                    f"{rel}::{node.name}"))
    return quotes, errors


def _test_names(root: Path) -> set[str]:
    names = set()
    for module in (root / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                names.add(node.name)
    return names


def ruling_quotes(root: Path) -> tuple[list[Quote], list[str], list[dict]]:
    """Rows of the rulings tables: a header with `#`, `Seed text` and `Test` columns."""
    quotes, errors, rulings = [], [], []
    known_tests = _test_names(root)
    for seed, (page, _prefix) in SEEDS.items():
        path = root / "docs" / "rules" / page
        if not path.exists():
            continue
        header: list[str] | None = None
        for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip()
            if not line.startswith("|"):
                header = None
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if header is None:
                header = cells
                continue
            if set("".join(cells)) <= set("-: "):
                continue
            if "Seed text" not in header or "Test" not in header or header[0] != "#":
                continue
            row = dict(zip(header, cells))
            rid = row["#"].strip("* ")
            where = f"docs/rules/{page}:{n}"
            if not _RULING_ID.match(rid):
                errors.append(f"{where}: ruling id {rid!r} is not like R8, F-R3 or V01-R3")
                continue
            section = rid.split("-")[0] if rid.startswith("V") else None
            tests = _TEST_NAME.findall(row["Test"])
            if "withdrawn" not in row.get("Ruling", "").lower():
                if not tests:
                    errors.append(f"{where}: ruling {rid} names no test")
                for t in tests:
                    if t not in known_tests:
                        errors.append(f"{where}: ruling {rid} names test {t}, which does not exist")
            if "Rejected reading" not in header:
                errors.append(f"{where}: the rulings table has no 'Rejected reading' column")
            cited = [normalise(q) for q in _GUILLEMETS.findall(row["Seed text"])]
            if not cited and "withdrawn" not in row.get("Ruling", "").lower():
                errors.append(f"{where}: ruling {rid} quotes no seed text in «»")
            rulings.append({"seed": seed, "id": rid, "tests": tests, "page": page})
            for q in cited:
                quotes.append(Quote(seed, section, q, "ruling", f"{page.removesuffix('.md')} {rid}", where))
    return quotes, errors, rulings


def not_rule_quotes(root: Path) -> tuple[list[Quote], list[str]]:
    quotes, errors = [], []
    for path in sorted((root / "tests" / "conformance" / "not_rules").glob("*.toml")):
        rel = path.relative_to(root).as_posix()
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            errors.append(f"{rel}: {err}")
            continue
        seed = data.get("seed")
        if seed not in SEEDS:
            errors.append(f"{rel}: 'seed' must be one of {', '.join(SEEDS)}")
            continue
        for i, entry in enumerate(data.get("entry", []), 1):
            why = entry.get("why", "").strip()
            if not why:
                errors.append(f"{rel}: entry {i} says no 'why'")
            start = entry.get("quote") or entry.get("from")
            if not start:
                errors.append(f"{rel}: entry {i} has neither 'quote' nor 'from'")
                continue
            if "from" in entry and "to" not in entry:
                errors.append(f"{rel}: entry {i} has 'from' without 'to'")
                continue
            quotes.append(Quote(seed, data.get("section"), normalise(start), "not a rule", f"not a rule: {why}",
                                f"{rel} entry {i}", normalise(entry["to"]) if "from" in entry else None))
    return quotes, errors


# --- matching quotes to sentences -----------------------------------------------------------------------


def _occurrences(seed: Seed, quote: Quote) -> list[tuple[int, int]]:
    lo, hi = seed.span(quote.section)
    spans, at = [], seed.text.find(quote.text, lo)
    while at != -1 and at + len(quote.text) <= hi:
        end = at + len(quote.text)
        if quote.until is not None:
            stop = seed.text.find(quote.until, end)
            if stop == -1 or stop + len(quote.until) > hi:
                return []
            end = stop + len(quote.until)
        spans.append((at, end))
        at = seed.text.find(quote.text, at + 1)
    return spans


@dataclass
class Trace:
    seeds: dict[str, Seed]
    errors: list[str]
    rulings: list[dict]

    def gaps(self, seed: str | None = None, section: str | None = None) -> list[Sentence]:
        return [s for name, sd in self.seeds.items() if seed in (None, name) for s in sd.sentences
                if not s.covered and section in (None, s.section)]


def build(root: Path = REPO, seeds_dir: Path | None = None) -> Trace:
    seeds_dir = seeds_dir or find_seeds(root)
    seeds = {name: load_seed(seeds_dir / name) for name in SEEDS}
    quotes, errors = test_quotes(root)
    rq, rerr, rulings = ruling_quotes(root)
    nq, nerr = not_rule_quotes(root)
    errors += rerr + nerr
    marks: dict[str, list[list[str | None]]] = {n: [None] * len(s.text) for n, s in seeds.items()}
    for quote in quotes + rq + nq:
        seed = seeds[quote.seed]
        try:
            spans = _occurrences(seed, quote)
        except KeyError as err:
            errors.append(f"{quote.origin}: {err.args[0]}")
            continue
        if not spans:
            where = f" (section {quote.section})" if quote.section else ""
            errors.append(f"{quote.origin}: not verbatim in {quote.seed}{where}: {quote.text[:90]!r}")
            continue
        for start, end in spans:
            for s in seed.sentences:
                if s.start < end and start < s.end:
                    if quote.label not in s.pins[quote.kind]:
                        s.pins[quote.kind].append(quote.label)
            mark = marks[quote.seed]
            for i in range(start, end):
                mark[i] = quote.kind
    for name, seed in seeds.items():
        mark = marks[name]
        for s in seed.sentences:
            s.uncovered = "".join(ch if mark[s.start + i] is None and ch.isalnum() else " "
                                  for i, ch in enumerate(s.text)).strip()
            s.uncovered = re.sub(r"\s+", " ", s.uncovered)
    return Trace(seeds, errors, rulings)


def find_seeds(root: Path) -> Path:
    for candidate in (root / "docs" / "rules" / "seeds", REPO / "docs" / "rules" / "seeds"):
        if (candidate / "aquaignis.txt").exists():
            return candidate
    raise FileNotFoundError(f"no seeds in {root / 'docs' / 'rules' / 'seeds'}")


# --- claims a quote makes about how far the test must go ----------------------------------------------

_SCOPE_CLAIM = re.compile(r"\b(every variant|all variants|each variant)\b", re.I)
_REPEAT_CLAIM = re.compile(r"\b(the first time|cumulative(?:ly)?|each time|every time)\b", re.I)
_VARIANT_ID = re.compile(r"^[vV](\d\d)$")
_ALL_VARIANTS = re.compile(r"variant_ids|VARIANTS")
_COUNT_PARAMS = {"times", "turns", "occurrences", "repeat"}


@dataclass
class ClaimGap:
    test: str  # module stem::test name
    claim: str  # the phrase quoted
    why: str


def _all_variants(seed: Seed) -> set[str]:
    return {name.lower() for name in seed.sections if re.fullmatch(r"V\d\d", name)}


def _names_all_variants(func: ast.FunctionDef, module: ast.Module, variants: set[str]) -> bool:
    """Whether the test's decorators or body name every variant, or a name bound to the full list."""
    full_list_names = set()
    for node in module.body:  # module-level names bound to the full list: IDS = combat.variant_ids()
        if isinstance(node, ast.Assign) and _ALL_VARIANTS.search(ast.unparse(node.value)):
            full_list_names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    named: set[str] = set()
    for part in [*func.decorator_list, *func.body]:
        for node in ast.walk(part):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _VARIANT_ID.match(node.value):
                named.add(node.value.lower())
            elif isinstance(node, ast.Name) and node.id in full_list_names:
                return True
            elif isinstance(node, (ast.Name, ast.Attribute)) and _ALL_VARIANTS.fullmatch(
                    node.id if isinstance(node, ast.Name) else node.attr):
                return True
    return variants <= named


def _repeats(func: ast.FunctionDef) -> bool:
    for node in ast.walk(func):
        if isinstance(node, (ast.For, ast.While)):  # a comprehension only collects; it repeats no play
            return True
    return bool({a.arg for a in func.args.args} & _COUNT_PARAMS)


def claim_gaps(root: Path = REPO, seeds_dir: Path | None = None) -> list[ClaimGap]:
    """Conformance tests whose quoted sentence claims every variant, or a repetition, the test's code
    does not reach (see the module docstring for what is checked)."""
    seeds_dir = seeds_dir or find_seeds(root)
    combat_seed = load_seed(seeds_dir / "combat-variants.txt")
    variants = _all_variants(combat_seed)
    gaps = []
    for module_path in sorted((root / "tests" / "conformance").glob("test_*.py")):
        module = ast.parse(module_path.read_text(encoding="utf-8"))
        for func in ast.walk(module):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or not func.name.startswith("test"):
                continue
            label = f"{module_path.stem}::{func.name}"
            quotes = " ".join(docstring_quotes(ast.get_docstring(func) or ""))
            scope = _SCOPE_CLAIM.search(quotes)
            if scope and variants and not _names_all_variants(func, module, variants):
                gaps.append(ClaimGap(label, scope.group(1), f"quotes {scope.group(1)!r} but does not reach all "
                                                            f"{len(variants)} variants"))
            repeat = _REPEAT_CLAIM.search(quotes)
            if repeat and not _repeats(func):
                gaps.append(ClaimGap(label, repeat.group(1), f"quotes {repeat.group(1)!r} but never repeats "
                                                             "(no loop, no count parameter)"))
    return gaps


# --- the table --------------------------------------------------------------------------------------


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render(trace: Trace) -> str:
    out = [
        "# Conformance: every sentence of the seeds and what pins it",
        "",
        "Generated by `python tests/conformance/trace.py` from the conformance tests' docstrings",
        "(`tests/conformance/`), the rulings tables in `docs/rules/` and `tests/conformance/not_rules/`.",
        "Do not edit by hand; `tests/conformance/test_traceability.py` fails when this page is stale or a",
        "rule-bearing sentence has neither a test nor a ruling.",
        "",
        "A quote must also be reached by its test where that can be seen in the code (`trace.claim_gaps`):",
        "a quote saying *every variant* (*all variants*, *each variant*) needs a test that names all ten",
        "variants (parametrised over `combat.variant_ids()`, or each spelled out); a quote saying *the first",
        "time*, *cumulative(ly)*, *each time* or *every time* needs a test that repeats (a loop, or a count",
        "parameter). The first is exact; the second is necessary, not sufficient, so tests that reach the",
        "second occurrence without a loop are read and listed with the reason (`REVIEWED_CLAIMS` in",
        "`test_traceability.py`), as are the known gaps not yet fixed (`KNOWN_CLAIM_GAPS`). Words such as",
        "*again* are not checked: too often they describe, not claim, a repetition.",
        "",
        "| seed | sentences | pinned by a test | read by a ruling | not a rule | gaps |",
        "|---|---|---|---|---|---|",
    ]
    for name, seed in trace.seeds.items():
        n = len(seed.sentences)
        t = sum(1 for s in seed.sentences if s.pins["test"])
        r = sum(1 for s in seed.sentences if s.pins["ruling"])
        x = sum(1 for s in seed.sentences if s.pins["not a rule"] and not s.pins["test"] and not s.pins["ruling"])
        g = sum(1 for s in seed.sentences if not s.covered)
        out.append(f"| `{name}` | {n} | {t} | {r} | {x} | {g} |")
    for name, seed in trace.seeds.items():
        out += ["", f"## `{name}`", ""]
        section = None
        for s in seed.sentences:
            if s.section != section:
                section = s.section
                if name == "combat-variants.txt":
                    out += ["", f"### {section}", ""]
                out += ["| id | sentence | pinned by |", "|---|---|---|"]
            pins = [f"`{p}`" for p in s.pins["test"]] + [f"ruling {p}" for p in s.pins["ruling"]]
            if not pins:
                pins = s.pins["not a rule"][:1]
            if not s.covered:
                pins.append(f"**GAP**: {s.uncovered}")
            out.append(f"| {s.sid} | {_cell(s.text)} | {_cell('; '.join(pins))} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=REPO, help="the repository to read (default: this one)")
    parser.add_argument("--check", action="store_true", help="fail if the page is stale, a quote is wrong or a gap is left")
    parser.add_argument("--gaps", metavar="SEED", help="list the uncovered sentences of one seed file")
    parser.add_argument("--section", help="with --gaps: only this part of the combat slate (V01, conventions, ...)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    trace = build(root)
    for err in trace.errors:
        print("error:", err)
    if args.gaps:
        if args.gaps not in SEEDS:
            parser.error(f"--gaps takes one of {', '.join(SEEDS)}")
        gaps = trace.gaps(args.gaps, args.section)
        for s in gaps:
            print(f"{s.sid} [{s.section}] {s.text}\n    uncovered: {s.uncovered}")
        print(f"{len(gaps)} gap(s)")
        return 1 if gaps or trace.errors else 0
    page = root / "docs" / "rules" / "conformance.md"
    text = render(trace)
    if args.check:
        stale = not page.exists() or page.read_text(encoding="utf-8") != text
        gaps = trace.gaps()
        if stale:
            print(f"{page.relative_to(root)} is stale: run python tests/conformance/trace.py")
        print(f"{len(gaps)} gap(s)")
        return 1 if stale or gaps or trace.errors else 0
    page.write_text(text, encoding="utf-8")
    print(f"wrote {page.relative_to(root)}; {len(trace.gaps())} gap(s), {len(trace.errors)} error(s)")
    return 1 if trace.errors else 0


if __name__ == "__main__":
    sys.exit(main())
