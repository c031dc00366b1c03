"""Every rule-bearing sentence of the seeds is pinned by a test or read by a ruling (docs/rules/conformance.md).

The tracer itself is tested first on a small made-up repository, so that a gap or a misquote it should
catch is known to be caught.
"""

from __future__ import annotations

import importlib.util
import sys
import textwrap
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

# Loaded by path: a module named "trace" would be shadowed by the standard library's.
_spec = importlib.util.spec_from_file_location("seed_trace", HERE / "trace.py")
seed_trace = importlib.util.module_from_spec(_spec)
sys.modules["seed_trace"] = seed_trace  # dataclasses look their module up there
_spec.loader.exec_module(seed_trace)


@pytest.fixture(scope="module")
def trace():
    return seed_trace.build(REPO)


def _describe(gaps, limit=40):
    lines = [f"{s.sid} [{s.section}] {s.text[:100]}  -- uncovered: {s.uncovered[:80]}" for s in gaps[:limit]]
    more = f"\n... and {len(gaps) - limit} more" if len(gaps) > limit else ""
    return "\n".join(lines) + more


def test_the_committed_seeds_are_the_shared_seeds():
    shared = REPO.parent / "shared" / "seeds"
    if not shared.exists():
        pytest.skip("no shared/seeds beside this checkout")
    for name in seed_trace.SEEDS:
        assert (REPO / "docs" / "rules" / "seeds" / name).read_bytes() == (shared / name).read_bytes(), name


def test_every_quote_is_verbatim_and_every_ruling_names_an_existing_test(trace):
    assert trace.errors == []


@pytest.mark.parametrize("seed", list(seed_trace.SEEDS))
def test_no_rule_bearing_sentence_is_left_without_a_test_or_a_ruling(trace, seed):
    gaps = trace.gaps(seed)
    assert not gaps, f"{len(gaps)} sentence(s) of {seed} are pinned by nothing:\n{_describe(gaps)}"


def test_the_conformance_page_is_up_to_date(trace):
    page = REPO / "docs" / "rules" / "conformance.md"
    assert page.read_text(encoding="utf-8") == seed_trace.render(trace), (
        "docs/rules/conformance.md is stale: run python tests/conformance/trace.py"
    )


# --- the tracer on a made-up repository ---------------------------------------------------------------


def _fake_repo(tmp_path: Path, test_body: str, rulings: str = "", not_rules: str = "") -> Path:
    seeds = tmp_path / "docs" / "rules" / "seeds"
    seeds.mkdir(parents=True)
    (seeds / "aquaignis.txt").write_text("THE GOAL\n\nFirst player to 4 Breakthroughs wins. Good luck.\n")
    (seeds / "hexfleet.txt").write_text("On your turn, you have 2 Actions.\n")
    (seeds / "combat-variants.txt").write_text(
        "Slate\n\n1. Scoring pass — all 19 candidates\n\nFun.\n\n2. Conventions shared by every build spec\n\n"
        "V01 — House Rules (verb)\n\nPlayer HP 50.\n\nV02 — Four Braziers (reaction)\n\nPlayer HP 50.\n"
    )
    conformance = tmp_path / "tests" / "conformance"
    (conformance / "not_rules").mkdir(parents=True)
    (conformance / "test_fake_seed.py").write_text(textwrap.dedent(test_body))
    if not_rules:
        (conformance / "not_rules" / "fake.toml").write_text(textwrap.dedent(not_rules))
    if rulings:
        (tmp_path / "docs" / "rules" / "aquaignis.md").write_text(textwrap.dedent(rulings))
    return tmp_path


def test_tracer_covers_a_sentence_only_when_every_word_is_quoted(tmp_path):
    root = _fake_repo(tmp_path, '''
        SEED = "aquaignis.txt"

        def test_first_to_four():
            """
            > First player to 4
            """
    ''')
    trace = seed_trace.build(root)
    assert trace.errors == []
    gap = {s.text: s.uncovered for s in trace.gaps("aquaignis.txt")}
    assert gap["First player to 4 Breakthroughs wins."] == "Breakthroughs wins"
    assert "THE GOAL" in gap and "Good luck." in gap


def test_tracer_reports_a_misquote_and_a_ruling_without_a_test(tmp_path):
    root = _fake_repo(
        tmp_path,
        '''
        SEED = "aquaignis.txt"

        def test_goal():
            """
            > First player to four Breakthroughs wins.
            """
        ''',
        rulings="""
        | # | Seed text | Ruling | Rejected reading | Reason | Test |
        |---|---|---|---|---|---|
        | R1 | «Good luck.» | A wish. | — | Flavour. | `test_missing` |
        """,
    )
    errors = seed_trace.build(root).errors
    assert any("not verbatim" in e and "four Breakthroughs" in e for e in errors)
    assert any("test_missing, which does not exist" in e for e in errors)


def test_tracer_scopes_combat_quotes_to_their_variant_and_reads_not_rule_ranges(tmp_path):
    root = _fake_repo(
        tmp_path,
        '''
        SEED = "combat-variants.txt"
        SECTION = "V02"

        def test_hp():
            """
            > Player HP 50.
            """
        ''',
        not_rules="""
        seed = "combat-variants.txt"
        [[entry]]
        from = "Slate"
        to = "Fun."
        why = "front matter and scoring"
        """,
    )
    trace = seed_trace.build(root)
    assert trace.errors == []
    gaps = trace.gaps("combat-variants.txt")
    by_section = {(s.section, s.text) for s in gaps}
    assert ("V01", "Player HP 50.") in by_section and ("V02", "Player HP 50.") not in by_section
    assert not any(s.section in ("intro", "scoring") for s in gaps)
    assert any(s.text.startswith("2. Conventions") for s in gaps)
