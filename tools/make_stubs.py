"""Regenerates the type stubs of the native core: python/triptych/_core/*.pyi.

    python tools/make_stubs.py        # needs the `typing` extra (pybind11-stubgen)

pybind11-stubgen reads the bound signatures and docstrings; this script then
sharpens what pybind11 can only call ``Any`` (an argument taken as a Python
handle): actions are ``Action | str | dict``, ``winner`` is ``int | None``,
action lists are ``list[Action]``. Module constants keep their type, not
their value (BUILD_INFO names the compiler, which differs per machine).
tests/test_typing.py checks that the stubs cover every public name.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "python" / "triptych" / "_core"

ACTION_LIKE = "Action | str | dict[str, typing.Any]"
REWRITES = [
    (r"def (apply|is_legal)\(self, action: typing\.Any\)", rf"def \1(self, action: {ACTION_LIKE})"),
    (r"def __eq__\(self, arg0: typing\.Any\) -> typing\.Any:", "def __eq__(self, other: object) -> bool:"),
    (r"def __eq__\(self, arg0: typing\.Any\) -> bool:", "def __eq__(self, other: object) -> bool:"),
    (r"def winner\(self\) -> typing\.Any:", "def winner(self) -> int | None:"),
    (r"def legal_actions\(self\) -> list:", "def legal_actions(self) -> list[Action]:"),
    (r"def chance_outcomes\(self\) -> list:", "def chance_outcomes(self) -> list[tuple[Action, float]]:"),
    (r"def play_chance\(self\) -> list:", "def play_chance(self) -> list[Action]:"),
    (r"-> dict:", "-> dict[str, typing.Any]:"),
    (r"^(\s*)([A-Za-z_]\w*): (dict|list|tuple)(\[[^=]*\])? = .*$", r"\1\2: \3\4"),  # constants: types only
    (r"^(\s*)(BUILD_INFO|EVAL_WEIGHTS|VARIANTS): dict$", r"\1\2: dict[str, typing.Any]"),
    (r"^(\s*)VARIANTS: list$", r"\1VARIANTS: list[dict[str, typing.Any]]"),
    (r"^(\s*)OBSERVATION_SHAPE: tuple$", r"\1OBSERVATION_SHAPE: tuple[int, int, int]"),
]


def sharpen(text: str) -> str:
    for pattern, replacement in REWRITES:
        text = re.sub(pattern, replacement, text, flags=re.MULTILINE)
    if "typing." in text and "import typing" not in text:
        text = text.replace("from __future__ import annotations\n", "from __future__ import annotations\nimport typing\n", 1)
    return text


def main() -> int:
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "-m", "pybind11_stubgen", "triptych._core", "-o", out,
                        "--ignore-invalid-expressions", ".*"], check=True)
        generated = Path(out) / "triptych" / "_core"
        TARGET.mkdir(exist_ok=True)
        for old in TARGET.glob("*.pyi"):
            old.unlink()
        for stub in sorted(generated.glob("*.pyi")):
            (TARGET / stub.name).write_text(sharpen(stub.read_text()))
            print(f"wrote {TARGET / stub.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
