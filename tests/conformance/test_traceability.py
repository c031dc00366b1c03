"""Every rule-bearing sentence of the seeds is pinned by a test or read by a ruling (docs/rules/conformance.md).

The tracer itself is tested first on a small made-up repository, so that a gap or a misquote it should
catch is known to be caught.
"""

from __future__ import annotations

import ast
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


# --- claims a quote makes: every variant, a repetition (trace.claim_gaps) ------------------------------

# Flagged by claim_gaps and not yet fixed, with why (none now: issue 25's three were rewritten to reach what
# they quote); remove an entry once its test reaches what it quotes.
KNOWN_CLAIM_GAPS: dict[str, str] = {}

# Flagged by the loop heuristic, read, and found to reach the second occurrence without a loop.
REVIEWED_CLAIMS = {
    "test_combat_v01_seed::test_akasha_is_not_on_the_die_and_shunya_enters_at_half":
        "the enemy is at or below half twice (16, then 8) and Shunya stays at one",
    "test_combat_v08_seed::test_agni_escalation_is_cumulative_and_comes_after_the_relation":
        "three Lashes after an Agni link: +50 %, then +100 % (two escalations, cumulative)",
    "test_combat_v02_seed::test_agni_escalates_every_brazier_for_the_fight":
        "two Agni resolutions make +2 on every brazier, and a later Gale gets the whole +2",
}


def test_a_quote_claiming_every_variant_or_a_repetition_is_reached_by_its_test():
    flagged = {gap.test: gap.why for gap in seed_trace.claim_gaps(REPO)}
    new = {t: why for t, why in flagged.items() if t not in KNOWN_CLAIM_GAPS and t not in REVIEWED_CLAIMS}
    assert not new, "tests that quote more than they reach:\n" + "\n".join(f"{t}: {w}" for t, w in new.items())


def test_the_claim_lists_name_existing_tests():
    names = {f"{module.stem}::{node.name}" for module in HERE.glob("test_*.py")
             for node in ast.walk(ast.parse(module.read_text(encoding="utf-8")))
             if isinstance(node, ast.FunctionDef) and node.name.startswith("test")}
    for listed in (*KNOWN_CLAIM_GAPS, *REVIEWED_CLAIMS):
        assert listed in names, f"{listed} is listed but no longer exists: remove it"


def test_claim_check_flags_a_test_that_does_not_reach_every_variant_or_a_repetition(tmp_path):
    root = _fake_repo(tmp_path, '''
        import pytest
        SEED = "combat-variants.txt"
        IDS = combat.variant_ids()

        @pytest.mark.parametrize("variant", ["v01"])
        def test_some(variant):
            """
            > Player HP 50.

            > In every variant the gate opens the first time.
            """

        @pytest.mark.parametrize("variant", IDS)
        def test_all(variant):
            """
            > In every variant the gate opens.
            """

        def test_spelled_out():
            """
            > In every variant the gate opens the first time.
            """
            for variant in ("v01", "v02"):
                pass

        def test_cumulative_with_a_count(times):
            """
            > It grows, cumulatively.
            """
    ''')
    gaps = seed_trace.claim_gaps(root)
    assert {(g.test, g.claim) for g in gaps} == {("test_fake_seed::test_some", "every variant"),
                                                ("test_fake_seed::test_some", "the first time")}
