"""The package is typed: the native core's stubs (python/triptych/_core/*.pyi) cover it, and mypy --strict
accepts a correct user script and reports the mistakes in a wrong one."""

from __future__ import annotations

import ast
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import triptych

pytest.importorskip("mypy", reason="the typing extra (mypy) is not installed")

HERE = Path(__file__).parent / "type_check_scripts"
PACKAGE = Path(triptych.__file__).parent
STUBS = PACKAGE / "_core"


def _stub_names(path: Path) -> tuple[set[str], dict[str, set[str]]]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    classes: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
            classes[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.name for alias in node.names)
    return names, classes


@pytest.mark.parametrize("module", ["triptych._core", "triptych._core.aquaignis", "triptych._core.hexfleet",
                                    "triptych._core.combat"])
def test_the_stubs_declare_every_public_name_of_the_native_core(module: str) -> None:
    native = importlib.import_module(module)
    stub = STUBS / ("__init__.pyi" if module == "triptych._core" else module.rsplit(".", 1)[1] + ".pyi")
    names, classes = _stub_names(stub)
    public = {n for n in dir(native) if not n.startswith("_")}
    assert public <= names, f"missing from {stub.name}: {sorted(public - names)} (run tools/make_stubs.py)"
    for cls_name, members in classes.items():
        runtime = {n for n in vars(getattr(native, cls_name)) if not n.startswith("_")}
        assert runtime <= members, f"{cls_name} in {stub.name} lacks {sorted(runtime - members)}"


def _mypy(*files: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if PACKAGE.parent.name not in ("site-packages", "dist-packages"):  # an editable install: the sources
        env["MYPYPATH"] = str(PACKAGE.parent)
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-incremental",
                           "--cache-dir", os.devnull, *map(str, files)],
                          capture_output=True, text=True, env=env, timeout=600)


def test_mypy_strict_accepts_a_typed_script_and_reports_each_mistake_of_a_wrong_one() -> None:
    good, bad = HERE / "good_script.py", HERE / "bad_script.py"
    result = _mypy(good, bad)
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert not [e for e in errors if "good_script" in e], result.stdout
    flagged = {int(m.group(1)) for e in errors if (m := re.search(r"bad_script\.py:(\d+):", e))}
    expected = {i for i, line in enumerate(bad.read_text().splitlines(), 1) if line.endswith("# E")}
    assert expected and flagged == expected, result.stdout
    assert 'has no attribute "aply"' in result.stdout
