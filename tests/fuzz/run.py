"""Runs one fuzz target under atheris (coverage-guided; on the sanitizer build
it is guided by the C++ core's coverage too, see tests/fuzz/README.md).

    python tests/fuzz/run.py TARGET [libFuzzer flags...]
    python tests/fuzz/run.py dict_combat -runs=20000
    python tests/fuzz/run.py --list
    python tests/fuzz/run.py --write-seeds     # regenerate the saves and tests/fuzz/corpus/
    python tests/fuzz/run.py --write-seeds engine_protocol   # only these targets' corpus

The committed corpus tests/fuzz/corpus/TARGET is read first; new inputs go to
a scratch folder unless you pass your own corpus folder. A crash writes
crash-* in the working folder: copy it into tests/fuzz/regressions/TARGET/.
"""

from __future__ import annotations

import gc
import hashlib
import sys
import tempfile
import types
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))


def write_seeds(names: list[str]) -> None:
    from targets import CORPUS, GAMES, TARGETS, write_saves

    unknown = [name for name in names if name not in TARGETS]
    if unknown:
        sys.exit(f"unknown fuzz target {unknown[0]!r}; targets: {', '.join(TARGETS)}")
    if not names:
        for game in GAMES:
            write_saves(game)
    for name, (_, seeds) in TARGETS.items():
        if names and name not in names:
            continue
        folder = CORPUS / name
        folder.mkdir(parents=True, exist_ok=True)
        for seed in seeds():
            (folder / hashlib.sha1(seed).hexdigest()[:16]).write_bytes(seed)
        print(f"{name}: {len(list(folder.iterdir()))} inputs")


def instrument_triptych(atheris: Any) -> None:
    """triptych's Python code (the engine protocol, the games' wrappers) reports its branches to libFuzzer
    too, beside the C++ core's coverage on the sanitizer build. Function by function: the editable
    install's import hook keeps atheris.instrument_imports from seeing the modules."""
    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType) and (obj.__module__ or "").startswith("triptych"):
            atheris.instrument_func(obj)


def main() -> None:
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return
    if args[0] == "--list":
        from targets import TARGETS

        print("\n".join(TARGETS))
        return
    if args[0] == "--write-seeds":
        write_seeds(args[1:])
        return
    import atheris
    from targets import CORPUS, TARGETS

    instrument_triptych(atheris)
    name, flags = args[0], args[1:]
    if name not in TARGETS:
        sys.exit(f"unknown fuzz target {name!r}; targets: {', '.join(TARGETS)}")
    test_one, _ = TARGETS[name]
    corpora = [a for a in flags if not a.startswith("-")]
    flags = [a for a in flags if a.startswith("-")]
    if not corpora:  # libFuzzer writes new inputs into the first folder: keep the committed one clean
        corpora = [tempfile.mkdtemp(prefix=f"fuzz-{name}-"), str(CORPUS / name)]
    atheris.Setup([sys.argv[0], *flags, *corpora], test_one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
